/** A class's heat map of skill levels: its students down, the skills its courses practice across. */
import { MASTERY_MESSAGES as M } from '@common/rules/mastery';
import { skillGradeBand, skillName } from '@common/rules/skills';
import type { SkillName } from '@common/schemas/mastery';
import { useClassSkills } from '../../api/mastery';
import { HeatMap } from '../../ui/HeatMap';
import { PageCard } from '../../ui/PageFrame';
import { PageState } from '../../ui/PageState';
import { QueryStates } from '../../ui/QueryStates';
import { SKILL_LEVEL_STEPS } from '../../ui/SkillLevel';
import styles from './classes.module.css';

function SkillHeader({ skill }: { skill: SkillName }) {
  const band = skillGradeBand(skill);
  return (
    <>
      {skillName(skill.focusArea, skill.category)}
      {band ? <span className={styles.skillBand}>{band}</span> : null}
    </>
  );
}

export function SkillsTab({ classId, name }: { classId: string; name: string }) {
  const map = useClassSkills(classId);
  return (
    <div className={styles.panel}>
      <PageCard aria-labelledby="class-skills">
        <h2 id="class-skills" className={styles.cardTitle}>
          Skills
        </h2>
        <p className={styles.muted}>
          Each student's level in each skill the class's courses practice, counted from their first tries and tests.
        </p>
        <QueryStates
          compact
          query={map}
          loading="Loading the skills..."
          failed={M.loadFailed}
          empty={{ when: (data) => data.skills.length === 0, title: M.noClassSkills }}
        >
          {(data) =>
            data.students.length === 0 ? (
              <PageState compact kind="empty" title={M.noClassStudents} />
            ) : (
              <HeatMap
                label={`Skill levels of ${name}`}
                leadHeader="Student"
                columns={data.skills.map((skill) => ({ key: skill.skillId, header: <SkillHeader skill={skill} /> }))}
                rows={data.students.map((student) => ({ key: student.id, name: student.name, values: student.levels }))}
                steps={SKILL_LEVEL_STEPS}
              />
            )
          }
        </QueryStates>
      </PageCard>
    </div>
  );
}
