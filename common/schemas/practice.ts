/** Practice sessions as the server sends them (common/rules/practice.ts): never an answer or a solution. */
import { z } from 'zod';
import { PRACTICE_REASONS } from '../rules/practice';
import { studentQuestion } from './learning';

/** Any string: a malformed id names no session, and is answered 404 like an unknown one. */
export const practiceSessionParam = z.object({ id: z.string() });

export const practiceItem = z.object({
  question: studentQuestion,
  reason: z.enum(PRACTICE_REASONS),
  /** The skill the question practices, by name; null for a weak spot of a focus area without a skill. */
  skill: z.string().nullable(),
  /** Whether the student has checked the question since the session began. */
  answered: z.boolean(),
});
export type PracticeItem = z.infer<typeof practiceItem>;

export const practiceSession = z.object({
  id: z.string(),
  createdAt: z.string(),
  items: z.array(practiceItem),
  /** How many items are answered ("3 of 10"). */
  answered: z.number().int(),
});
export type PracticeSession = z.infer<typeof practiceSession>;

/**
 * `GET /api/student/practice`: the open session or null. `POST /api/student/practice`: the open session, or a new
 * one; null with the reason (`message`) when there is nothing to practice.
 */
export const practiceSessionReply = z.object({ session: practiceSession.nullable(), message: z.string().nullable() });
export type PracticeSessionReply = z.infer<typeof practiceSessionReply>;

/** `POST /api/student/practice/{id}/finish`. */
export const practiceFinishReply = z.object({ finished: z.literal(true) });
