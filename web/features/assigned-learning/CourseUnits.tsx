import { CheckCircle2, Lock } from 'lucide-react';
import type { StudentUnit } from '@common/schemas/learning';
import { plural } from '@common/rules';
import { paths } from '../../paths';
import { Badge } from '../../ui/Badge';
import { ButtonLink } from '../../ui/Button';
import { ProgressBar } from '../../ui/ProgressBar';
import { useCourseProgress } from './api';
import { DIFFICULTY_BADGE, openSections, sectionStates, unitDifficulty, unitPercent } from './unitProgress';
import styles from './student.module.css';

/**
 * A course's units as cards: "Unit N", its title and difficulty, its sections, the student's progress once above 0,
 * the topics it covers (its categories), and Start Unit or Continue Learning, which opens the unit's sections. A unit
 * not assigned to the student is shown locked. The progress arrives on its own: the cards draw without it first.
 */
export function CourseUnits({ courseId, units }: { courseId: string; units: StudentUnit[] }) {
  const progress = useCourseProgress(courseId);
  const states = sectionStates(progress.data);
  if (units.length === 0) return <p className={styles.muted}>No units available yet</p>;
  return (
    <ul className={styles.unitGrid} aria-label="Units">
      {units.map((unit) => {
        const difficulty = unitDifficulty(unit.grade);
        const open = openSections(unit);
        const percent = unitPercent(unit, states);
        const done = open.length > 0 && open.every((s) => states.get(s.id)?.done);
        return (
          <li key={unit.id} className={styles.unitCard} aria-label={`Unit ${unit.unitNumber}: ${unit.title}`}>
            <div className={styles.cardTop}>
              <p className={styles.courseCode}>Unit {unit.unitNumber}</p>
              {difficulty ? <Badge tone={DIFFICULTY_BADGE[difficulty.tone]}>{difficulty.label}</Badge> : null}
            </div>
            <h3 className={styles.courseName}>
              {done ? <CheckCircle2 className={styles.doneMark} size={18} aria-label="Completed" /> : null}
              {unit.title}
            </h3>
            <p className={styles.muted}>
              {plural(unit.sections.length, 'section', 'sections')}
              {unit.hasAccess && open.length < unit.sections.length ? ` · ${open.length} open to you` : ''}
            </p>
            {unit.hasAccess && percent > 0 ? (
              <ProgressBar label={`Unit ${unit.unitNumber} progress`} value={percent} text={`${percent}% complete`} />
            ) : null}
            {unit.categories.length > 0 ? (
              <div className={styles.topics}>
                <p className={styles.topicsLabel}>Topics Covered</p>
                <ul className={styles.tags} aria-label={`Topics of unit ${unit.unitNumber}`}>
                  {unit.categories.map((c) => (
                    <li key={c}>{c}</li>
                  ))}
                </ul>
              </div>
            ) : null}
            {unit.hasAccess ? (
              <ButtonLink
                to={paths.studentUnit.href(courseId, unit.id)}
                className={styles.cardAction}
                aria-label={`${percent > 0 ? 'Continue Learning' : 'Start Unit'}: Unit ${unit.unitNumber}`}
              >
                {percent > 0 ? 'Continue Learning' : 'Start Unit'}
              </ButtonLink>
            ) : (
              <p className={styles.lockedNote}>
                <Lock size={14} aria-hidden="true" /> Not assigned to you yet
              </p>
            )}
          </li>
        );
      })}
    </ul>
  );
}
