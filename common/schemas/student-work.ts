/**
 * A student's work as their teacher reads it (`GET /api/students/:id/work`) and the notes teachers leave a student,
 * as the server sends and takes them.
 */
import { z } from 'zod';
import { QUESTION_TYPES } from '../rules/questions';
import { ATTEMPT_STATUSES } from '../rules/test-taking';
import { NOTE_MAX_LENGTH, STUDENT_WORK_MESSAGES as M } from '../rules/student-work';
import { textRules } from './fields';

/** A note's text: kept as written (lines and all), trimmed, required, at most NOTE_MAX_LENGTH characters. */
const noteText = z
  .string({ error: M.noteRequired })
  .trim()
  .min(1, M.noteRequired)
  .max(NOTE_MAX_LENGTH, M.noteTooLong)
  .superRefine(textRules('Note', 'lines'));

export const noteBody = z.object({
  body: noteText,
  /** Shown to the student's parents too (the student always sees their notes). */
  forParents: z.boolean({ error: 'Choose whether parents see the note' }).default(false),
});
export type NoteBody = z.input<typeof noteBody>;

/** Any string: a malformed id names no student or note, and is answered 404 like an unknown one. */
export const studentParam = z.object({ id: z.string() });
/** A student and one of their exercises. */
export const studentQuestionParams = z.object({ id: z.string(), questionId: z.uuid('Question not found') });
export const newVariantReply = z.object({ message: z.string(), variant: z.number() });
export const noteParams = z.object({ id: z.string(), noteId: z.string() });
export const workQuery = z.object({
  /** The page of sections, from 1. */
  page: z.coerce
    .number({ error: 'Page must be a whole number' })
    .int('Page must be a whole number')
    .min(1)
    .max(10_000)
    .default(1),
});

export const note = z.object({
  id: z.string(),
  body: z.string(),
  forParents: z.boolean(),
  /** The author's name; null once their account is gone. */
  author: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Whether the caller may edit or delete it: its author, or an admin. */
  mine: z.boolean(),
});
export type Note = z.infer<typeof note>;
export const notesReply = z.object({ notes: z.array(note) });
export const noteReply = z.object({ message: z.string(), note });
export const messageReply = z.object({ message: z.string() });

/** A note as its student or their parent reads it: who wrote it and when, nothing of the staff's own flags. */
export const sharedNote = z.object({
  id: z.string(),
  body: z.string(),
  author: z.string().nullable(),
  createdAt: z.string(),
});
export type SharedNote = z.infer<typeof sharedNote>;
export const sharedNotesReply = z.object({ notes: z.array(sharedNote) });

export const workAttempt = z.object({
  /** The answer in its wire form, as the student sent it. */
  answer: z.string(),
  isCorrect: z.boolean(),
  at: z.string(),
  /** The variant answered (its seed), for a question with random numbers; null for one without. */
  variant: z.number().nullable(),
});
export type WorkAttempt = z.infer<typeof workAttempt>;

export const workExercise = z.object({
  questionId: z.string(),
  /** Its place in the section, from 1. */
  number: z.number(),
  questionText: z.string(),
  type: z.enum(QUESTION_TYPES),
  options: z.unknown(),
  /** Every check of this question by the student; `attempts` holds the latest, oldest first. */
  attemptCount: z.number(),
  attempts: z.array(workAttempt),
  /**
   * For a question with random numbers, the variant the student has now (its seed, and its values as LaTeX), which
   * the text and options show; null for one without, or before the student opened it.
   */
  variant: z.object({ seed: z.number(), values: z.string() }).nullable(),
  /** Whether the question has random numbers: a teacher may give the student a new variant. */
  varies: z.boolean(),
  hintOpenedAt: z.string().nullable(),
  solutionOpenedAt: z.string().nullable(),
});
export type WorkExercise = z.infer<typeof workExercise>;

export const workSection = z.object({
  sectionId: z.string(),
  courseId: z.string(),
  courseName: z.string(),
  unitTitle: z.string(),
  unitNumber: z.number(),
  title: z.string(),
  sectionNumber: z.number(),
  exercises: z.array(workExercise),
});
export type WorkSection = z.infer<typeof workSection>;

export const workSitting = z.object({
  attemptId: z.string(),
  testId: z.string(),
  name: z.string(),
  status: z.enum(ATTEMPT_STATUSES),
  /** Marks of the scored sitting (staff see it before its release); null until submitted. */
  score: z.object({ marks: z.number(), maxMarks: z.number(), percentage: z.number() }).nullable(),
  released: z.boolean(),
  submittedAt: z.string().nullable(),
});
export type WorkSitting = z.infer<typeof workSitting>;

export const accuracy = z.object({ name: z.string(), got: z.number(), of: z.number(), percent: z.number() });

export const studentWorkReply = z.object({
  student: z.object({ id: z.string(), name: z.string() }),
  sections: z.array(workSection),
  sectionPage: z.object({ page: z.number(), pageSize: z.number(), total: z.number() }),
  sittings: z.array(workSitting),
  /** The weakest focus areas and categories, weakest first, over the student's checks and scored sittings. */
  weakAreas: z.object({ focus: z.array(accuracy), categories: z.array(accuracy) }),
  notes: z.array(note),
});
export type StudentWork = z.infer<typeof studentWorkReply>;
