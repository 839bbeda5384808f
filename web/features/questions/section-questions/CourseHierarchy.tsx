import { useState, type ReactNode } from 'react';
import { ChevronDown, ChevronRight, RefreshCw } from 'lucide-react';
import type { Course, SectionSummary, Unit } from '@common/schemas/courses';
import { Button } from '../../../ui/Button';
import { PageState } from '../../../ui/PageState';
import { SearchBox } from '../../../ui/SearchBox';
import { useCourseUnits, useHierarchyCourses, useRefreshHierarchy, useUnitSections, type StaffRole } from './api';
import { SECTION_QUESTIONS_MESSAGES } from './messages';
import styles from './section-questions.module.css';

/** The chosen section with the names the screen shows around it. */
export interface ChosenSection {
  id: string;
  title: string;
  sectionNumber: number;
  grade: string;
  unitTitle: string;
  courseTitle: string;
}

export const sectionLabel = (section: { sectionNumber: number; title: string }) =>
  `Section ${section.sectionNumber}: ${section.title}`;

interface HierarchyProps {
  role: StaffRole;
  chosen: ChosenSection | null;
  onChoose(section: ChosenSection): void;
}

/** Courses whose title, name or code holds the search text, ignoring case. */
function matching(courses: Course[], search: string): Course[] {
  const text = search.trim().toLowerCase();
  if (!text) return courses;
  return courses.filter((c) => [c.title, c.name, c.code].some((field) => field.toLowerCase().includes(text)));
}

/**
 * The course hierarchy sidebar: courses open to their units and units to their sections,
 * each level loaded when it is opened. A level that fails to load reads as empty.
 */
export function CourseHierarchy({ role, chosen, onChoose }: HierarchyProps) {
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const courses = useHierarchyCourses(role);
  const refresh = useRefreshHierarchy();
  const toggle = (id: string) =>
    setOpen((was) => {
      const next = new Set(was);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  let body;
  if (courses.isPending) {
    body = <PageState kind="loading" title="Loading courses..." />;
  } else if (courses.isError) {
    body = (
      <PageState
        kind="error"
        title={SECTION_QUESTIONS_MESSAGES.hierarchyFailed}
        action={<Button onClick={() => void courses.refetch()}>Retry</Button>}
      />
    );
  } else {
    const shown = matching(courses.data, search);
    body =
      shown.length === 0 ? (
        <p className={styles.empty}>
          {courses.data.length === 0 ? SECTION_QUESTIONS_MESSAGES.noCourses : 'No course matches this search.'}
        </p>
      ) : (
        <ul className={styles.tree} aria-label="Courses">
          {shown.map((course) => (
            <li key={course.id}>
              <Disclosure open={open.has(course.id)} onToggle={() => toggle(course.id)} className={styles.courseButton}>
                <span className={styles.nodeTitle}>
                  {course.title} <span className={styles.code}>{course.code}</span>
                </span>
              </Disclosure>
              {open.has(course.id) ? (
                <CourseUnits
                  role={role}
                  course={course}
                  open={open}
                  onToggle={toggle}
                  chosen={chosen}
                  onChoose={onChoose}
                />
              ) : null}
            </li>
          ))}
        </ul>
      );
  }

  return (
    <nav className={styles.hierarchy} aria-labelledby="hierarchy-title">
      <div className={styles.hierarchyHead}>
        <h2 id="hierarchy-title" className={styles.panelTitle}>
          Courses
        </h2>
        <Button size="sm" variant="ghost" onClick={() => void refresh()} disabled={courses.isFetching} icon={RefreshCw}>
          Refresh
        </Button>
      </div>
      <SearchBox
        label="Search courses"
        placeholder="Title, name or code"
        value={search}
        onChange={setSearch}
        className={styles.courseSearch}
      />
      {body}
    </nav>
  );
}

function Disclosure({
  open,
  onToggle,
  className,
  children,
}: {
  open: boolean;
  onToggle(): void;
  className: string;
  children: ReactNode;
}) {
  return (
    <button type="button" className={className} aria-expanded={open} onClick={onToggle}>
      {open ? <ChevronDown size={16} aria-hidden="true" /> : <ChevronRight size={16} aria-hidden="true" />}
      {children}
    </button>
  );
}

interface LevelProps {
  role: StaffRole;
  open: ReadonlySet<string>;
  onToggle(id: string): void;
  chosen: ChosenSection | null;
  onChoose(section: ChosenSection): void;
}

function CourseUnits({ role, course, ...level }: LevelProps & { course: Course }) {
  const units = useCourseUnits(role, course.id);
  if (units.isPending) return <p className={styles.loadingNote}>Loading units...</p>;
  // A course whose units cannot be read shows as having none: the rest of the tree stays usable.
  const list = units.data ?? [];
  if (list.length === 0) return <p className={styles.empty}>{SECTION_QUESTIONS_MESSAGES.noUnits}</p>;
  return (
    <ul className={styles.units}>
      {list.map((unit) => (
        <li key={unit.id}>
          <Disclosure
            open={level.open.has(unit.id)}
            onToggle={() => level.onToggle(unit.id)}
            className={styles.unitButton}
          >
            <span className={styles.nodeTitle}>
              Unit {unit.unitNumber}: {unit.title}
            </span>
          </Disclosure>
          {level.open.has(unit.id) ? <UnitSections role={role} course={course} unit={unit} {...level} /> : null}
        </li>
      ))}
    </ul>
  );
}

function UnitSections({ role, course, unit, chosen, onChoose }: LevelProps & { course: Course; unit: Unit }) {
  const sections = useUnitSections(role, unit.id);
  if (sections.isPending) return <p className={styles.loadingNote}>Loading sections...</p>;
  const list = sections.data ?? [];
  if (list.length === 0) return <p className={styles.empty}>{SECTION_QUESTIONS_MESSAGES.noSections}</p>;
  const choose = (s: SectionSummary) =>
    onChoose({
      id: s.id,
      title: s.title,
      sectionNumber: s.sectionNumber,
      grade: s.grade,
      unitTitle: unit.title,
      courseTitle: course.title,
    });
  return (
    <ul className={styles.sections}>
      {list.map((section) => {
        const isChosen = chosen?.id === section.id;
        return (
          <li key={section.id}>
            <button
              type="button"
              className={`${styles.sectionButton} ${isChosen ? styles.chosenSection : ''}`}
              aria-pressed={isChosen}
              onClick={() => choose(section)}
            >
              <span className={styles.nodeTitle}>{sectionLabel(section)}</span>
              <span className={styles.grade}>Grade: {section.grade || '—'}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
