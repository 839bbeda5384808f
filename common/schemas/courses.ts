import { z } from 'zod';
import { COURSE_LIMITS } from '../rules';
import { textProblem, hiddenCharacterMessage, unstorableMessage, type TextKind } from '../text';
import { textRules } from './fields';
import { videoRef, videoUrlField } from './video';

/**
 * Courses, units and sections: the request bodies the management forms send
 * and the replies the server gives, shared by the routes and the forms.
 */

function text(label: string, max: number, required: boolean, kind: TextKind = 'line') {
  const base = z.string({ error: required ? `${label} is required` : `${label} must be text` }).trim();
  const bounded = (required ? base.min(1, `${label} is required`) : base).max(
    max,
    `${label} must be at most ${max} characters`,
  );
  return bounded.superRefine(textRules(label, kind));
}

const optional = (label: string, max: number, kind: TextKind = 'line') =>
  text(label, max, false, kind)
    .nullish()
    .transform((v) => v ?? '');

/** Unit and section numbers: optional (empty means "the next free number"), else a whole number of at least 1. */
function positionNumber(label: string) {
  const message = `${label} must be a whole number of at least 1`;
  return z
    .union([z.number({ error: message }), z.string({ error: message }), z.null()], { error: message })
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) return null;
      const n = typeof v === 'number' ? v : Number(v.trim());
      if (!Number.isInteger(n) || n < 1) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      if (n > COURSE_LIMITS.number) {
        ctx.addIssue({ code: 'custom', message: `${label} must be at most ${COURSE_LIMITS.number}` });
        return z.NEVER;
      }
      return n;
    });
}

export const CATEGORY_MESSAGES = {
  empty: 'Category cannot be empty',
  duplicate: (name: string) => `Category "${name}" is already added`,
  tooMany: `A unit can have at most ${COURSE_LIMITS.categories} categories`,
} as const;

/** Category tags: trimmed, never empty, never twice (compared without case). */
export const categoryList = z
  .array(z.string({ error: 'Categories must be a list of text' }), { error: 'Categories must be a list of text' })
  .max(COURSE_LIMITS.categories, CATEGORY_MESSAGES.tooMany)
  .nullish()
  .transform((list, ctx) => {
    const out: string[] = [];
    for (const raw of list ?? []) {
      const name = raw.trim();
      const unfit = textProblem(name, 'line');
      const problem = !name
        ? CATEGORY_MESSAGES.empty
        : name.length > COURSE_LIMITS.category
          ? `Category must be at most ${COURSE_LIMITS.category} characters`
          : unfit === 'unstorable'
            ? unstorableMessage('Category')
            : unfit === 'hidden'
              ? hiddenCharacterMessage('Category')
              : out.some((c) => c.toLowerCase() === name.toLowerCase())
                ? CATEGORY_MESSAGES.duplicate(name)
                : null;
      if (problem) {
        ctx.addIssue({ code: 'custom', message: problem });
        return z.NEVER;
      }
      out.push(name);
    }
    return out;
  });

/** A course code: letters, digits and dashes; typed codes are kept upper-case so SSAT-ELEM and ssat-elem are one code. */
export const COURSE_CODE_PATTERN = /^[A-Z0-9]+(?:-[A-Z0-9]+)*$/;
const courseCode = z
  .string({ error: 'Code must be text' })
  .trim()
  .max(COURSE_LIMITS.code, `Code must be at most ${COURSE_LIMITS.code} characters`)
  .transform((v) => v.toUpperCase())
  .refine((v) => v === '' || COURSE_CODE_PATTERN.test(v), 'Code may use letters, numbers and single dashes only')
  .nullish()
  .transform((v) => v || null);

export const courseBody = z.object({
  title: text('Title', COURSE_LIMITS.title, true),
  description: optional('Description', COURSE_LIMITS.description, 'lines'),
  /** Generated from the title when absent. */
  code: courseCode,
});
export type CourseInput = z.input<typeof courseBody>;

export const unitBody = z.object({
  title: text('Title', COURSE_LIMITS.title, true),
  grade: optional('Grade', COURSE_LIMITS.grade),
  unitNumber: positionNumber('Unit number'),
  categories: categoryList,
  /** Sent by the form; the path decides which course the unit belongs to. */
  courseId: z.unknown().optional(),
});
export type UnitInput = z.input<typeof unitBody>;

export const sectionBody = z.object({
  title: text('Title', COURSE_LIMITS.title, true),
  grade: optional('Grade', COURSE_LIMITS.grade),
  content: z
    .string({ error: 'Content must be text' })
    .max(COURSE_LIMITS.content, `Content must be at most ${COURSE_LIMITS.content} characters`)
    .superRefine(textRules('Content', 'any'))
    .nullish()
    .transform((v) => v ?? ''),
  sectionNumber: positionNumber('Section number'),
  /** The lesson's video link (YouTube or Vimeo), stored as its provider and id; empty removes the video. */
  videoUrl: videoUrlField,
  /** Sent by the form; the path decides which unit the section belongs to. */
  unitId: z.unknown().optional(),
});
export type SectionInput = z.input<typeof sectionBody>;

/*
 * The PUT bodies: any of the fields, each checked as on creation; a field left out keeps its value, one sent
 * empty (or null) is emptied, and an emptied number keeps the record where it is.
 */
export const courseUpdateBody = courseBody.partial();
export const unitUpdateBody = unitBody.partial();
export const sectionUpdateBody = sectionBody.partial();

const timestamps = { createdAt: z.iso.datetime(), updatedAt: z.iso.datetime() };

export const courseReply = z.object({
  id: z.string(),
  title: z.string(),
  /** The student view calls the title `name`. */
  name: z.string(),
  code: z.string(),
  description: z.string(),
  unitCount: z.number(),
  ...timestamps,
});
export type Course = z.infer<typeof courseReply>;

export const unitReply = z.object({
  id: z.string(),
  courseId: z.string(),
  courseTitle: z.string(),
  title: z.string(),
  unitNumber: z.number(),
  /** The same number under the name older screens use. */
  order: z.number(),
  grade: z.string(),
  categories: z.array(z.string()),
  sectionCount: z.number(),
  ...timestamps,
});
export type Unit = z.infer<typeof unitReply>;

export const sectionReply = z.object({
  id: z.string(),
  unitId: z.string(),
  unitTitle: z.string(),
  courseId: z.string(),
  title: z.string(),
  sectionNumber: z.number(),
  order: z.number(),
  grade: z.string(),
  content: z.string(),
  /** Ids of the questions assigned to the section, in their order. */
  exercises: z.array(z.string()),
  /** The lesson's video, or null. */
  video: videoRef.nullable(),
  ...timestamps,
});
export type Section = z.infer<typeof sectionReply>;

/** The admin and teacher section lists feed pickers: everything but the lesson (its content and video). */
export const sectionSummaryReply = sectionReply.omit({ content: true, video: true });
export type SectionSummary = z.infer<typeof sectionSummaryReply>;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Deleting a course (admins only): what it reaches, shown before the delete, and the refusal of a delete not confirmed. */
export const COURSE_DELETE_MESSAGES = {
  adminOnly: 'Only an admin can delete a course.',
  /** The confirmation's words: how many students and saved tests the delete reaches. */
  reach: (students: number, tests: number) =>
    `This course is assigned to ${plural(students, 'student', 'students')}, who will lose it. ${plural(tests, 'saved test uses', 'saved tests use')} questions from its sections; they keep those questions.`,
  confirmNeeded: (students: number) =>
    `This course is assigned to ${plural(students, 'student', 'students')}. Confirm the delete to remove it from them.`,
} as const;

/** `DELETE /api/courses/{id}?confirm=true`: required once the course is assigned to any student. */
export const courseDeleteQuery = z.object({
  confirm: z.enum(['true', 'false'], { error: 'confirm must be true or false' }).optional(),
});

/** `GET /api/courses/{id}/delete-preview`: what deleting the course reaches. */
export const courseDeletePreview = z.object({ students: z.number(), tests: z.number(), message: z.string() });
export type CourseDeletePreview = z.infer<typeof courseDeletePreview>;
