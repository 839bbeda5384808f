/**
 * A student's typed answers and verdicts, saved for the browser session (sessionStorage: this tab, keyed by user
 * and question), so a reload or a trip to another section and Back finds them as they were. The server keeps
 * every attempt anyway; this is only the screen's place.
 */
import type { CheckAnswerReply } from '@common/schemas/learning';

export interface SessionAnswer {
  answer: string;
  result: CheckAnswerReply['result'] | null;
  /** Wrong verdicts seen on this question, and whether a right one was: the worked solution is offered after either. */
  wrong: number;
  solved: boolean;
}

export const NO_SESSION_ANSWER: SessionAnswer = { answer: '', result: null, wrong: 0, solved: false };

const storageKey = (userId: string, questionId: string) => `answer:${userId}:${questionId}`;

function isSessionAnswer(value: unknown): value is SessionAnswer {
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
export function loadSessionAnswer(userId: string, questionId: string): SessionAnswer {
  try {
    const raw = sessionStorage.getItem(storageKey(userId, questionId));
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    return isSessionAnswer(parsed) ? parsed : NO_SESSION_ANSWER;
  } catch {
    return NO_SESSION_ANSWER;
  }
}

export function saveSessionAnswer(userId: string, questionId: string, saved: SessionAnswer): void {
  try {
    sessionStorage.setItem(storageKey(userId, questionId), JSON.stringify(saved));
  } catch {
    // A full or disabled storage only loses the place, never the work: the attempt is on the server.
  }
}
