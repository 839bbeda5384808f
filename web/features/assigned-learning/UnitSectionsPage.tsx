import { CheckCircle2, Lock } from 'lucide-react';
import { useParams } from 'react-router';
import { plural } from '@common/rules';
import { errorMessage } from '../../api/client';
import { paths, type LessonTab } from '../../paths';
import { Badge } from '../../ui/Badge';
import { Breadcrumb } from '../../ui/Breadcrumb';
import { Button, ButtonLink } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { PageState } from '../../ui/PageState';
import { ProgressBar } from '../../ui/ProgressBar';
import { useCourseDetail, useCourseProgress } from './api';
import { DIFFICULTY_BADGE, openSections, sectionStates, unitDifficulty, unitPercent } from './unitProgress';
import styles from './student.module.css';

/** The action of a section card: review a done section, continue one begun, or start it. */
const actionOf = (state: { percent: number; done: boolean } | undefined) =>
  state?.done ? 'Review Section' : (state?.percent ?? 0) > 0 ? 'Continue Learning' : 'Start Section';

/**
 * A unit of a student's course: a breadcrumb, the unit's header with its Overall Progress (the rounded average of its
 * open sections' progress), and a card per section; an open section's button opens its lesson in the course viewer,
 * on the Video tab when it has a video. Sections not assigned to the student are shown locked.
 */
export default function UnitSectionsPage() {
  return (
    <div className={styles.main}>
      <UnitSections />
    </div>
  );
}

function UnitSections() {
  const { courseId = '', unitId = '' } = useParams();
  const detail = useCourseDetail(courseId);
  const progress = useCourseProgress(courseId);

  if (detail.isPending) return <PageState kind="loading" title="Loading unit..." />;
  if (detail.isError) {
    return (
      <PageState
        kind="error"
        title="Error loading unit"
        text={errorMessage(detail.error, 'Failed to load course details')}
        action={<Button onClick={() => void detail.refetch()}>Try Again</Button>}
      />
    );
  }
  const { course } = detail.data;
  const unit = detail.data.units.find((u) => u.id === unitId && u.hasAccess);
  const trail = [
    { label: 'My Courses', to: paths.dashboardSection('courses') },
    { label: course.name, to: paths.studentCourse.href(courseId) },
  ];
  if (!unit) {
    return (
      <div className={styles.stack}>
        <Breadcrumb trail={[...trail, { label: 'Unit' }]} />
        <EmptyState
          title="This unit is not open to you"
          text="It is not in this course or not assigned to you yet."
          action={<ButtonLink to={paths.studentCourse.href(courseId)}>Back to the course</ButtonLink>}
        />
      </div>
    );
  }

  const states = sectionStates(progress.data);
  const open = new Set(openSections(unit).map((s) => s.id));
  const sections = [...unit.sections].sort((a, b) => a.sectionNumber - b.sectionNumber);
  const overall = unitPercent(unit, states);
  const difficulty = unitDifficulty(unit.grade);

  return (
    <div className={styles.stack}>
      <Breadcrumb trail={[...trail, { label: `Unit ${unit.unitNumber}: ${unit.title}` }]} />
      <header className={`${styles.courseHeader} ${styles.unitHeader}`}>
        <div className={styles.cardTop}>
          <p className={styles.courseCode}>Unit {unit.unitNumber}</p>
          {difficulty ? <Badge tone={DIFFICULTY_BADGE[difficulty.tone]}>{difficulty.label}</Badge> : null}
        </div>
        <h1 className={styles.title}>{unit.title}</h1>
        <p className={styles.lead}>
          {course.name} · {plural(unit.sections.length, 'section', 'sections')}
        </p>
        {unit.categories.length > 0 ? (
          <ul className={styles.tags} aria-label="Topics Covered">
            {unit.categories.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
        ) : null}
        <div className={styles.overall}>
          <ProgressBar label="Overall Progress" value={overall} text={`Overall Progress: ${overall}%`} />
        </div>
      </header>
      {progress.isError ? (
        <p className={styles.muted} role="alert">
          {errorMessage(progress.error, 'Failed to load your progress')}
        </p>
      ) : null}
      {sections.length === 0 ? (
        <EmptyState title="No sections yet" text="This unit has no sections yet. Check back soon." />
      ) : open.size === 0 ? (
        <EmptyState title="No accessible sections in this unit" text="Ask your teacher to assign its sections." />
      ) : null}
      {sections.length > 0 ? (
        <ul className={styles.unitGrid} aria-label="Sections">
          {sections.map((section) => {
            const state = states.get(section.id);
            const percent = state?.percent ?? 0;
            const tab: LessonTab = section.video ? 'video' : 'content';
            const label = `Section ${unit.unitNumber}.${section.sectionNumber}`;
            return (
              <li key={section.id} className={styles.unitCard} aria-label={`${label}: ${section.title}`}>
                <div className={styles.cardTop}>
                  <p className={styles.courseCode}>Section {section.sectionNumber}</p>
                  {state?.done ? (
                    <span className={styles.doneTag}>
                      <CheckCircle2 size={16} aria-hidden="true" /> Completed
                    </span>
                  ) : null}
                </div>
                <h2 className={styles.courseName}>{section.title}</h2>
                <p className={styles.muted}>
                  {section.exercises?.length
                    ? plural(section.exercises.length, 'exercise', 'exercises')
                    : open.has(section.id)
                      ? 'Reading only'
                      : ''}
                  {section.video ? ' · Video' : ''}
                </p>
                {open.has(section.id) ? (
                  <>
                    <ProgressBar label={`${label} progress`} value={percent} text={`${percent}% complete`} />
                    <ButtonLink
                      to={paths.studentSection.href(courseId, section.id, tab)}
                      variant={state?.done ? 'secondary' : undefined}
                      className={styles.cardAction}
                      aria-label={`${actionOf(state)}: ${label}`}
                    >
                      {actionOf(state)}
                    </ButtonLink>
                  </>
                ) : (
                  <p className={styles.lockedNote}>
                    <Lock size={14} aria-hidden="true" /> Not assigned to you yet
                  </p>
                )}
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
