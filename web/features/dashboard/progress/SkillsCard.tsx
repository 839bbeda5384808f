/** A student's skills with their levels: on the student's Progress section and a parent's report of a child. */
import { plural } from '@common/rules';
import { MASTERY_MESSAGES as M } from '@common/rules/mastery';
import { skillGradeBand, skillName } from '@common/rules/skills';
import type { StudentSkill } from '@common/schemas/mastery';
import { useStudentSkills, type SkillsReader } from '../../../api/mastery';
import { QueryStates } from '../../../ui/QueryStates';
import { SkillLevelBadge } from '../../../ui/SkillLevel';
import { reviewText } from './format';
import styles from './progress.module.css';

export function SkillsCard({ studentId, reader }: { studentId: string; reader: SkillsReader }) {
  const skills = useStudentSkills(reader, studentId);
  const titleId = `skill-list-${studentId}`;
  return (
    <section className={styles.panel} aria-labelledby={titleId}>
      <h2 id={titleId}>Skills</h2>
      <QueryStates compact query={skills} loading="Loading the skills..." failed={M.loadFailed}>
        {(data) =>
          data.length === 0 ? (
            <p className={styles.muted}>{M.noSkills}</p>
          ) : (
            <ul className={styles.skills} aria-labelledby={titleId}>
              {data.map((skill) => (
                <SkillRow key={skill.skillId} skill={skill} />
              ))}
            </ul>
          )
        }
      </QueryStates>
    </section>
  );
}

function SkillRow({ skill }: { skill: StudentSkill }) {
  const band = skillGradeBand(skill);
  const review = reviewText(skill.reviewDueAt);
  return (
    <li className={styles.skill}>
      <div className={styles.skillName}>
        <span className={styles.skillTitle}>{skillName(skill.focusArea, skill.category)}</span>
        {band ? <span className={styles.skillBand}>{band}</span> : null}
      </div>
      <SkillLevelBadge level={skill.level} />
      <p className={styles.skillFacts}>
        {skill.firstTries === 0
          ? 'No first tries yet'
          : `${skill.firstTriesRight} of ${plural(skill.firstTries, 'first try', 'first tries')} right`}
        {review ? (
          <>
            {' · '}
            <span className={review.due ? styles.due : undefined}>{review.text}</span>
          </>
        ) : null}
      </p>
    </li>
  );
}
