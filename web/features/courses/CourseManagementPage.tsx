import { useState } from 'react';
import { ChevronRight } from 'lucide-react';
import { normalizeUserType } from '@common/rules';
import type { Course, Section, Unit } from '@common/schemas/courses';
import { useAuth } from '../../auth/AuthProvider';
import { Alert, useTransientMessage } from '../../ui/Alert';
import { CoursesView } from './CoursesView';
import { UnitsView } from './UnitsView';
import { SectionsView } from './SectionsView';
import { SectionContentView } from './SectionContentView';
import styles from './courses.module.css';

/** Where the drill-down stands: courses, a course's units, a unit's sections, or one section's content. */
type Level = { at: 'courses' } | { at: 'units'; course: Course } | { at: 'sections'; course: Course; unit: Unit } | { at: 'content'; course: Course; unit: Unit; section: Section };

/** /course-management (staff.md section 2.5): the drill-down of courses, units and sections. */
export default function CourseManagementPage() {
  const { user } = useAuth();
  const admin = normalizeUserType(user?.type ?? '') === 'admin';
  const [level, setLevel] = useState<Level>({ at: 'courses' });
  const messages = useTransientMessage();
  const notify = { success: (text: string) => messages.show('success', text), error: (text: string) => messages.show('error', text) };

  const crumbs: Array<{ label: string; go?: () => void }> = [{ label: 'Courses', go: () => setLevel({ at: 'courses' }) }];
  if (level.at !== 'courses') crumbs.push({ label: level.course.title, go: () => setLevel({ at: 'units', course: level.course }) });
  if (level.at === 'sections' || level.at === 'content') crumbs.push({ label: level.unit.title, go: () => setLevel({ at: 'sections', course: level.course, unit: level.unit }) });
  if (level.at === 'content') crumbs.push({ label: level.section.title });

  return (
    <div className={styles.page}>
      <header className={styles.pageHeader}>
        <div>
          <p className={styles.eyebrow}>Course Management</p>
          <h1 className={styles.pageTitle}>
            {level.at === 'courses' ? 'Courses' : level.at === 'units' ? level.course.title : level.at === 'sections' ? level.unit.title : level.section.title}
          </h1>
        </div>
      </header>
      <nav aria-label="Breadcrumb">
        <ol className={styles.breadcrumb}>
          {crumbs.map((crumb, i) => {
            const last = i === crumbs.length - 1;
            return (
              <li key={i}>
                {last || !crumb.go ? (
                  <span aria-current={last ? 'page' : undefined}>{crumb.label}</span>
                ) : (
                  <button type="button" className={styles.crumb} onClick={crumb.go}>
                    {crumb.label}
                  </button>
                )}
                {last ? null : <ChevronRight size={16} aria-hidden="true" />}
              </li>
            );
          })}
        </ol>
      </nav>
      {messages.message ? <Alert tone={messages.message.tone}>{messages.message.text}</Alert> : null}

      {level.at === 'courses' ? <CoursesView admin={admin} notify={notify} onManageUnits={(course) => setLevel({ at: 'units', course })} /> : null}
      {level.at === 'units' ? (
        <UnitsView course={level.course} notify={notify} onBack={() => setLevel({ at: 'courses' })} onManageSections={(unit) => setLevel({ at: 'sections', course: level.course, unit })} />
      ) : null}
      {level.at === 'sections' ? (
        <SectionsView
          unit={level.unit}
          notify={notify}
          onBack={() => setLevel({ at: 'units', course: level.course })}
          onViewContent={(section) => setLevel({ at: 'content', course: level.course, unit: level.unit, section })}
        />
      ) : null}
      {level.at === 'content' ? <SectionContentView section={level.section} onBack={() => setLevel({ at: 'sections', course: level.course, unit: level.unit })} /> : null}
    </div>
  );
}

export interface Notify {
  success(text: string): void;
  error(text: string): void;
}
