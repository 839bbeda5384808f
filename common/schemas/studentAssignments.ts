/**
 * The student manager's calls: the paged, filtered student list and the batch change
 * of one course, unit or section for many students at once.
 */
import { z } from 'zod';
import { ASSIGNMENT_MESSAGES, STUDENT_GROUP_KEYS, STUDENT_LIMITS, STUDENT_PAGE_SIZE } from '../rules/students';
import { textRules } from './fields';
import { assignedStudent, LEARNING_MESSAGES } from './learning';

const wholeNumber = (label: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max}`);

/** Which students: a search over name, e-mail, school and grade, and one stat card's group. */
export const studentFilter = z.object({
  q: z
    .string({ error: 'The search must be text' })
    .trim()
    .max(STUDENT_LIMITS.search, `Search for at most ${STUDENT_LIMITS.search} characters`)
    .superRefine(textRules('The search', 'any'))
    .optional(),
  group: z.enum(STUDENT_GROUP_KEYS, { error: 'Unknown student filter' }).default('all'),
});
export type StudentFilter = z.output<typeof studentFilter>;

/** `GET /api/{admin|teacher}/students`: without a query, the first 20 students of the caller. */
export const studentListQuery = studentFilter.extend({
  page: wholeNumber('Page', 1, 1_000_000).default(1),
  pageSize: wholeNumber('Page size', 1, 100).default(STUDENT_PAGE_SIZE),
});
export type StudentListQuery = z.input<typeof studentListQuery>;

/** The stat cards' figures: the caller's students in each group, whatever the search. */
export const studentStats = z.object({
  all: z.number(),
  grades1to5: z.number(),
  grades6to8: z.number(),
  grades9to12: z.number(),
  recent: z.number(),
});
export type StudentStats = z.infer<typeof studentStats>;

/** A page of students; `total` counts every student of the filter and search (the "filtered" card). */
export const studentPageReply = z.object({
  students: z.array(assignedStudent),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  stats: studentStats,
});
export type StudentPage = z.infer<typeof studentPageReply>;

/**
 * `POST /api/{admin|teacher}/batch-assignments`: one course, unit or section assigned to or removed from many
 * students, named one by one (`studentIds`) or as a whole filter (`filter`, "all in this filter").
 */
export const batchAssignmentBody = z
  .object({
    action: z.enum(['assign', 'remove'], { error: 'Choose assign or remove' }),
    kind: z.enum(['course', 'unit', 'section'], { error: 'Choose a course, unit or section' }),
    itemId: z.uuid('Choose a course, unit or section'),
    withSections: z.boolean({ error: 'withSections must be true or false' }).optional(),
    studentIds: z
      .array(z.uuid(LEARNING_MESSAGES.studentNotFound), { error: ASSIGNMENT_MESSAGES.noStudentsChosen })
      .min(1, ASSIGNMENT_MESSAGES.noStudentsChosen)
      .max(STUDENT_LIMITS.batchStudents, `Choose at most ${STUDENT_LIMITS.batchStudents} students, or the whole filter`)
      .optional(),
    filter: studentFilter.optional(),
  })
  .superRefine((body, ctx) => {
    if (!body.studentIds && !body.filter)
      ctx.addIssue({ code: 'custom', message: ASSIGNMENT_MESSAGES.noStudentsChosen, path: ['studentIds'] });
    if (body.studentIds && body.filter)
      ctx.addIssue({ code: 'custom', message: ASSIGNMENT_MESSAGES.eitherIdsOrFilter, path: ['filter'] });
    if (body.withSections && !(body.action === 'assign' && body.kind === 'unit'))
      ctx.addIssue({ code: 'custom', message: ASSIGNMENT_MESSAGES.withSectionsOnlyForUnits, path: ['withSections'] });
  });
export type BatchAssignmentBody = z.input<typeof batchAssignmentBody>;

export const batchAssignmentReply = z.object({
  message: z.string(),
  /** Students the call was about. */
  students: z.number(),
  /** Students whose assignments changed. */
  changed: z.number(),
  /** Students who already had it (assign) or did not have it (remove). */
  unchanged: z.number(),
  /** Students left as they were because a rule refused them, with the rule's message. */
  refused: z.number(),
  refusedReason: z.string().nullable(),
  /** The first refused students by name (STUDENT_LIMITS.namedRefusals). */
  refusedStudents: z.array(z.object({ id: z.string(), fullName: z.string() })),
});
export type BatchAssignmentReply = z.infer<typeof batchAssignmentReply>;
