/**
 * A student's skills with their levels, read by whoever may: the student their own, a parent a child's, staff a
 * student they teach. The list alone; the page around it gives the card and its heading.
 */
import { plural } from '@common/rules';
import { MASTERY_MESSAGES as M } from '@common/rules/mastery';
import { skillGradeBand, skillName } from '@common/rules/skills';
import type { StudentSkill } from '@common/schemas/mastery';
import { useStudentSkills, type SkillsReader } from '../api/mastery';
import { QueryStates } from './QueryStates';
import { SkillLevelBadge } from './SkillLevel';
import styles from './SkillList.module.css';

export function SkillList({
  studentId,
  reader,
  labelledBy,
}: {
  studentId: string;
  reader: SkillsReader;
  labelledBy: string;
}) {
  const skills = useStudentSkills(reader, studentId);
  return (
    <QueryStates
      compact
      query={skills}
      loading="Loading the skills..."
      failed={M.loadFailed}
      empty={{ when: (data) => data.length === 0, title: M.noSkills }}
    >
      {(data) => (
        <ul className={styles.skills} aria-labelledby={labelledBy}>
          {data.map((skill) => (
            <SkillRow key={skill.skillId} skill={skill} />
          ))}
        </ul>
      )}
    </QueryStates>
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

/**
 * When a skill comes up for review: "Review due" once the date has passed, else the date ("Review on Mar 9", with the
 * year when it is not this year's); nothing before the skill's first counted answer.
 */
export function reviewText(reviewDueAt: string | null, now: Date = new Date()): { text: string; due: boolean } | null {
  if (reviewDueAt === null) return null;
  const at = new Date(reviewDueAt);
  if (at.getTime() <= now.getTime()) return { text: 'Review due', due: true };
  const date = at.toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    ...(at.getFullYear() === now.getFullYear() ? {} : { year: 'numeric' }),
  });
  return { text: `Review on ${date}`, due: false };
}
