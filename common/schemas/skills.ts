/** Skills as staff list and edit them in the category manager. */
import { z } from 'zod';
import { SKILL_GRADE_MAX, SKILL_GRADE_MIN, SKILL_MAX_PREREQUISITES, SKILL_MESSAGES as M } from '../rules/skills';

const grade = z
  .number({ error: M.gradeRange })
  .int(M.gradeRange)
  .min(SKILL_GRADE_MIN, M.gradeRange)
  .max(SKILL_GRADE_MAX, M.gradeRange)
  .nullable();

const gradeOrder = (band: { gradeMin?: number | null; gradeMax?: number | null }) =>
  band.gradeMin == null || band.gradeMax == null || band.gradeMin <= band.gradeMax;

export const skillBody = z
  .object({
    focusAreaId: z.uuid({ error: M.focusAreaRequired }),
    categoryId: z.uuid({ error: M.categoryNotFound }).nullable().default(null),
    gradeMin: grade.default(null),
    gradeMax: grade.default(null),
  })
  .refine(gradeOrder, { message: M.gradeOrder, path: ['gradeMax'] });
export type SkillBody = z.input<typeof skillBody>;

/**
 * An edit names only the fields it changes; the band's order is checked here when both ends are sent, and by the
 * server against the stored end when one is.
 */
export const skillUpdateBody = z
  .object({
    focusAreaId: z.uuid({ error: M.focusAreaRequired }),
    categoryId: z.uuid({ error: M.categoryNotFound }).nullable(),
    gradeMin: grade,
    gradeMax: grade,
  })
  .partial()
  .refine(gradeOrder, { message: M.gradeOrder, path: ['gradeMax'] });
export type SkillUpdateBody = z.input<typeof skillUpdateBody>;

export const skillPrerequisitesBody = z.object({
  prerequisiteIds: z
    .array(z.uuid(M.prerequisiteNotFound), { error: M.prerequisitesInvalid })
    .transform((ids) => [...new Set(ids)])
    .refine((ids) => ids.length <= SKILL_MAX_PREREQUISITES, M.tooManyPrerequisites),
});
export type SkillPrerequisitesBody = z.input<typeof skillPrerequisitesBody>;

export const skillParams = z.object({ id: z.uuid(M.notFound) });

export const skillReply = z.object({
  id: z.string(),
  name: z.string(),
  focusArea: z.object({ id: z.string(), name: z.string() }),
  category: z.object({ id: z.string(), name: z.string() }).nullable(),
  gradeMin: z.number().nullable(),
  gradeMax: z.number().nullable(),
  prerequisiteIds: z.array(z.string()),
  /** Questions that carry the skill's focus area and, when it names one, its category. */
  questionCount: z.number(),
});
export type Skill = z.infer<typeof skillReply>;

export const skillListReply = z.array(skillReply);
