/**
 * What a test page keeps beside the server: the clock and the answers not yet saved. Plain functions and a small
 * store over localStorage, so a reload, a lost connection or a crash of the tab loses no answer.
 */
import type { SittingExamView } from '@common/schemas/exams';

/** Milliseconds the device's clock is behind the server's (negative when ahead), measured when the server answered. */
export const clockOffset = (serverNow: string, receivedAt = Date.now()) => Date.parse(serverNow) - receivedAt;

/** Milliseconds left before the deadline by the server's clock; null without a deadline. */
export function remainingMs(deadline: string | null, offset: number, now = Date.now()): number | null {
  if (deadline === null) return null;
  return Math.max(0, Date.parse(deadline) - (now + offset));
}

/** "12:05" or "1:02:05": what the countdown shows. */
export function formatRemaining(ms: number): string {
  const total = Math.ceil(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}

/** The warnings said aloud once each: at five minutes and at one minute left. */
export const WARNINGS = [
  { atMs: 5 * 60_000, text: '5 minutes left' },
  { atMs: 60_000, text: '1 minute left' },
] as const;

/** Which warning the time left has just reached, given the ones already said. */
export function dueWarning(leftMs: number, said: ReadonlySet<number>): (typeof WARNINGS)[number] | null {
  return WARNINGS.find((w) => leftMs <= w.atMs && !said.has(w.atMs) && leftMs > 0) ?? null;
}

/** Where a sitting's timed sections stand: the section running, or the one the break leads to. */
export interface SectionsNow {
  /** The section (from 0) running, or coming after the break. */
  index: number;
  count: number;
  name: string;
  /** Its minutes for this student. */
  minutes: number;
  last: boolean;
  onBreak: boolean;
  /** The questions of the whole paper: the last section's last number. */
  total: number;
  /** Names the phase, so the page knows when it changed: "section:0", "break:1". */
  key: string;
}

/** The sections' state of a sitting; null for a sitting without timed sections, or once they are all over. */
export function sectionsNow(exam: SittingExamView | null): SectionsNow | null {
  if (!exam || exam.sections.length === 0 || (exam.phase !== 'section' && exam.phase !== 'break')) return null;
  const index = exam.sections.findIndex((s) => s.state === 'current');
  if (index < 0) return null;
  const section = exam.sections[index];
  const onBreak = exam.phase === 'break';
  return {
    index,
    count: exam.sections.length,
    name: section.name,
    minutes: section.minutes,
    last: index === exam.sections.length - 1,
    onBreak,
    total: exam.sections[exam.sections.length - 1].last,
    key: `${exam.phase}:${index}`,
  };
}

interface SavedSitting {
  /** Answers typed but not yet confirmed saved by the server, by question id. */
  pending: Record<string, string>;
  flagged: string[];
}

/** One sitting's answers waiting to be sent and its flags, saved in the browser under the sitting's id. */
export class SittingStore {
  private readonly key: string;

  constructor(
    attemptId: string,
    private readonly storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> = localStorage,
  ) {
    this.key = `academy.sitting.${attemptId}`;
  }

  read(): SavedSitting {
    try {
      const saved = JSON.parse(this.storage.getItem(this.key) ?? 'null') as Partial<SavedSitting> | null;
      return { pending: saved?.pending ?? {}, flagged: saved?.flagged ?? [] };
    } catch {
      return { pending: {}, flagged: [] };
    }
  }

  private write(saved: SavedSitting) {
    try {
      this.storage.setItem(this.key, JSON.stringify(saved));
    } catch {
      // A full or blocked storage only loses the copy: the answers still go to the server.
    }
  }

  keep(questionId: string, answer: string) {
    const saved = this.read();
    this.write({ ...saved, pending: { ...saved.pending, [questionId]: answer } });
  }

  /** The server stored `answer`: forget it unless the student has typed something newer meanwhile. */
  saved(questionId: string, answer: string) {
    const saved = this.read();
    if (saved.pending[questionId] !== answer) return;
    const { [questionId]: _sent, ...rest } = saved.pending;
    this.write({ ...saved, pending: rest });
  }

  setFlagged(flagged: string[]) {
    this.write({ ...this.read(), flagged });
  }

  clear() {
    this.storage.removeItem(this.key);
  }
}
