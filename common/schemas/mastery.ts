/** A student's skills and a class's heat map of levels, as the server sends them (common/rules/mastery.ts). */
import { z } from 'zod';

/** Any string: a malformed id names no student or class, and is answered 404 like an unknown one. */
export const skillsParam = z.object({ id: z.string() });

const level = z.number().int().min(0).max(4);

/** A skill as it is named: its focus area, narrowed to a category when it names one, and its grade band. */
export const skillName = z.object({
  skillId: z.string(),
  focusArea: z.string(),
  category: z.string().nullable(),
  gradeMin: z.number().int().nullable(),
  gradeMax: z.number().int().nullable(),
});
export type SkillName = z.infer<typeof skillName>;

export const studentSkill = skillName.extend({
  level,
  /** SKILL_LEVELS' label of the level. */
  label: z.string(),
  /** Every answer the rule counted (first tries and mixed-assessment answers), and those right. */
  firstTries: z.number().int(),
  firstTriesRight: z.number().int(),
  /** When the skill is due for review (ISO time); null before its first counted answer. */
  reviewDueAt: z.string().nullable(),
});
export type StudentSkill = z.infer<typeof studentSkill>;

/** A student's skills, by focus area and category name. */
export const studentSkillsReply = z.object({ skills: z.array(studentSkill) });
export type StudentSkillsReply = z.infer<typeof studentSkillsReply>;

/** A class's heat map: its skills across, its students down, `levels[i]` the student's level in `skills[i]`. */
export const classSkillsReply = z.object({
  skills: z.array(skillName),
  students: z.array(z.object({ id: z.string(), name: z.string(), levels: z.array(level) })),
});
export type ClassSkillsReply = z.infer<typeof classSkillsReply>;
