import { useState } from 'react';
import type { LessonTab } from '../../paths';
import { ArrowLeft, ChevronDown, ChevronRight, Lock, X } from 'lucide-react';
import type { StudentSection, StudentUnit } from '@common/schemas/learning';
import { errorMessage } from '../../api/client';
import { MathText } from '../../math/MathText';
import { RichText } from '../../math/RichText';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { PageState } from '../../ui/PageState';
import { Tabs } from '../../ui/Tabs';
import { videoEmbedUrl } from '@common/schemas/video';
import { VideoFrame } from '../../ui/VideoFrame';
import { useCourseDetail } from './api';
import { CourseUnits } from './CourseUnits';
import { Exercises } from './Exercises';
import styles from './student.module.css';
import { plural } from '@common/rules';

const byNumber =
  <T,>(key: (x: T) => number) =>
  (a: T, b: T) =>
    key(a) - key(b);

/** Where the viewer is: a section (or none) and its tab. */
export interface LessonPlace {
  sectionId: string | null;
  tab: LessonTab;
}

/**
 * The course viewer: a collapsible Course Content list of the accessible units (by unitNumber) and their
 * accessible sections (shown as unit.section); a section opens its lesson on the Content tab. The section and tab
 * come from the address and every move goes through `onPlace`, so the page keeps its place on reload and Back.
 */
export function CourseViewer({
  courseId,
  sectionId,
  tab,
  onBack,
  onPlace,
}: {
  courseId: string;
  sectionId: string | null;
  tab: LessonTab;
  onBack(): void;
  onPlace(place: LessonPlace): void;
}) {
  const detail = useCourseDetail(courseId);
  const [navOpen, setNavOpen] = useState(true);
  // The unit toggled open by hand; the unit of the section in the address is open too.
  const [toggled, setToggled] = useState<{ unitId: string | null; forSection: string | null } | null>(null);

  const back = (
    <Button variant="ghost" className={styles.back} onClick={onBack} icon={ArrowLeft}>
      Back to Courses
    </Button>
  );
  if (detail.isPending)
    return (
      <div className={styles.stack}>
        {back}
        <PageState kind="loading" title="Loading course..." />
      </div>
    );
  if (detail.isError) {
    return (
      <div className={styles.stack}>
        {back}
        <PageState
          kind="error"
          title="Error loading course details"
          text={errorMessage(detail.error, 'Failed to load course details')}
          action={<Button onClick={() => void detail.refetch()}>Try Again</Button>}
        />
      </div>
    );
  }

  const { course } = detail.data;
  const listed = [...detail.data.units].sort(byNumber((u) => u.unitNumber));
  const units = listed.filter((u) => u.hasAccess);
  const sectionUnit = units.find((u) => u.sections.some((s) => s.id === sectionId && s.hasAccess)) ?? null;
  const unitId = toggled && toggled.forSection === sectionId ? toggled.unitId : (sectionUnit?.id ?? null);
  const section = sectionUnit?.sections.find((s) => s.id === sectionId) ?? null;
  // Selecting a unit toggles it and clears the chosen section.
  const toggleUnit = (id: string) => {
    setToggled({ unitId: unitId === id ? null : id, forSection: null });
    if (sectionId) onPlace({ sectionId: null, tab: 'content' });
  };
  // A section with a video opens on it: the lesson starts with watching.
  const openSection = (id: string) => {
    setToggled(null);
    const video = units.flatMap((u) => u.sections).find((s) => s.id === id)?.video;
    onPlace({ sectionId: id, tab: video ? 'video' : 'content' });
  };

  return (
    <div className={styles.stack}>
      {back}
      <header className={styles.courseHeader}>
        <p className={styles.courseCode}>{course.code}</p>
        <h1 className={styles.title}>{course.name}</h1>
        <p className={styles.lead}>
          <MathText text={course.description} />
        </p>
      </header>
      <div className={styles.viewer}>
        <nav className={styles.contentNav} aria-label="Course Content">
          <button
            type="button"
            className={styles.navToggle}
            aria-expanded={navOpen}
            onClick={() => setNavOpen((o) => !o)}
          >
            Course Content{' '}
            {navOpen ? <ChevronDown size={18} aria-hidden="true" /> : <ChevronRight size={18} aria-hidden="true" />}
          </button>
          {navOpen ? (
            listed.length === 0 ? (
              <p className={styles.muted}>No units available yet</p>
            ) : (
              <ul className={styles.unitList}>
                {listed.map((unit) =>
                  unit.hasAccess ? (
                    <UnitItem
                      key={unit.id}
                      unit={unit}
                      open={unit.id === unitId}
                      selected={sectionId}
                      onToggle={() => toggleUnit(unit.id)}
                      onSection={openSection}
                    />
                  ) : (
                    // Shown, as a locked section is, so the learner sees the whole course; it opens nothing.
                    <li key={unit.id} className={styles.lockedNote}>
                      <Lock size={14} aria-hidden="true" /> Unit {unit.unitNumber}: {unit.title} is not assigned to you
                      yet
                    </li>
                  ),
                )}
              </ul>
            )
          ) : null}
        </nav>
        <div className={styles.lessonArea}>
          {section && sectionUnit ? (
            <Lesson
              key={section.id}
              unit={sectionUnit}
              section={section}
              tab={tab}
              onTab={(next) => onPlace({ sectionId: section.id, tab: next })}
              onClose={() => onPlace({ sectionId: null, tab: 'content' })}
            />
          ) : sectionId ? (
            <EmptyState
              title="This section is not open to you"
              text="It is not in this course or not assigned to you yet. Choose a section from Course Content."
            />
          ) : (
            <section className={styles.unitsPanel} aria-labelledby="course-units">
              <div className={styles.pickPrompt}>
                <p>Choose a unit, then a section, to open its lesson.</p>
              </div>
              <h2 id="course-units" className={styles.sectionTitle}>
                Units
              </h2>
              <CourseUnits courseId={courseId} units={listed} />
            </section>
          )}
        </div>
      </div>
    </div>
  );
}

function UnitItem({
  unit,
  open,
  selected,
  onToggle,
  onSection,
}: {
  unit: StudentUnit;
  open: boolean;
  selected: string | null;
  onToggle(): void;
  onSection(id: string): void;
}) {
  const sections = unit.sections.filter((s) => s.hasAccess).sort(byNumber((s) => s.sectionNumber));
  const locked = unit.sections.length - sections.length;
  return (
    <li>
      <button type="button" className={styles.unitButton} aria-expanded={open} onClick={onToggle}>
        {open ? <ChevronDown size={16} aria-hidden="true" /> : <ChevronRight size={16} aria-hidden="true" />}
        <span>
          Unit {unit.unitNumber}: {unit.title}
        </span>
      </button>
      {open ? (
        sections.length === 0 ? (
          <p className={styles.emptyNote}>No accessible sections in this unit</p>
        ) : (
          <ul className={styles.sectionList}>
            {sections.map((s) => (
              <li key={s.id}>
                <button
                  type="button"
                  className={styles.sectionButton}
                  aria-current={s.id === selected ? 'true' : undefined}
                  onClick={() => onSection(s.id)}
                >
                  {unit.unitNumber}.{s.sectionNumber} {s.title}
                </button>
              </li>
            ))}
            {locked > 0 ? (
              <li className={styles.lockedNote}>
                <Lock size={14} aria-hidden="true" /> {plural(locked, 'more section is', 'more sections are')} not
                assigned to you yet
              </li>
            ) : null}
          </ul>
        )
      ) : null}
    </li>
  );
}

function Lesson({
  unit,
  section,
  tab: asked,
  onTab,
  onClose,
}: {
  unit: StudentUnit;
  section: StudentSection;
  tab: LessonTab;
  onTab(tab: LessonTab): void;
  onClose(): void;
}) {
  const exercises = section.exercises ?? [];
  const video = section.video ?? null;
  const tab = (asked === 'exercises' && exercises.length === 0) || (asked === 'video' && !video) ? 'content' : asked;
  const content = section.content ?? '';
  return (
    <article className={styles.lesson} aria-label={`Lesson ${section.title}`}>
      <header className={styles.lessonHeader}>
        <div>
          <p className={styles.courseCode}>
            Section {unit.unitNumber}.{section.sectionNumber}
          </p>
          <h2 className={styles.lessonTitle}>{section.title}</h2>
        </div>
        <Button variant="ghost" size="sm" onClick={onClose} aria-label="Close lesson" icon={X}>
          Close
        </Button>
      </header>
      <Tabs
        label={`Parts of ${section.title}`}
        value={tab}
        onChange={onTab}
        panelClassName={styles.tabPanel}
        tabs={[
          ...(video
            ? [
                {
                  value: 'video' as const,
                  label: 'Video',
                  content: <VideoFrame src={videoEmbedUrl(video)} title={`Video: ${section.title}`} />,
                },
              ]
            : []),
          {
            value: 'content',
            label: 'Content',
            content: content.trim() ? (
              <RichText html={content} className={styles.richText} />
            ) : (
              <EmptyState title="No Content Available" text="This content is empty or hasn't been created yet." />
            ),
          },
          ...(exercises.length > 0
            ? [
                {
                  value: 'exercises' as const,
                  label: `Exercises (${exercises.length})`,
                  content: <Exercises sectionId={section.id} questionIds={exercises} />,
                },
              ]
            : []),
        ]}
      />
    </article>
  );
}
