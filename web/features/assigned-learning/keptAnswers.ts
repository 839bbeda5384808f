/**
 * A student's typed answers and verdicts, kept for the browser session (sessionStorage: this tab, keyed by user
 * and question), so a reload or a trip to another section and Back finds them as they were. The server keeps
 * every attempt anyway; this is only the screen's place.
 */
import type { CheckAnswerReply } from '@common/schemas/learning';

export interface KeptAnswer {
  answer: string;
  result: CheckAnswerReply['result'] | null;
  /** Wrong verdicts seen on this question, and whether a right one was: the worked solution is offered after either. */
  wrong: number;
  solved: boolean;
}

export const NOTHING_KEPT: KeptAnswer = { answer: '', result: null, wrong: 0, solved: false };

const storageKey = (userId: string, questionId: string) => `answer:${userId}:${questionId}`;

function isKept(value: unknown): value is KeptAnswer {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  const result = v.result as Record<string, unknown> | null;
  return (
    typeof v.answer === 'string' &&
    typeof v.wrong === 'number' &&
    typeof v.solved === 'boolean' &&
    (result === null ||
      (typeof result === 'object' && typeof result.isCorrect === 'boolean' && typeof result.feedback === 'string'))
  );
}

/** What this user left on this question in this tab, or nothing (also when storage is disabled or unreadable). */
export function loadKeptAnswer(userId: string, questionId: string): KeptAnswer {
  try {
    const raw = sessionStorage.getItem(storageKey(userId, questionId));
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    return isKept(parsed) ? parsed : NOTHING_KEPT;
  } catch {
    return NOTHING_KEPT;
  }
}

export function saveKeptAnswer(userId: string, questionId: string, kept: KeptAnswer): void {
  try {
    sessionStorage.setItem(storageKey(userId, questionId), JSON.stringify(kept));
  } catch {
    // A full or disabled storage only loses the place, never the work: the attempt is on the server.
  }
}
