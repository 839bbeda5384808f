import { describe, expect, it } from 'vitest';
import type { SittingExamView } from '@common/schemas/exams';
import { clockOffset, dueWarning, formatRemaining, remainingMs, sectionsNow, SittingStore } from './sitting';

class MemoryStorage {
  private items = new Map<string, string>();
  getItem = (k: string) => this.items.get(k) ?? null;
  setItem = (k: string, v: string) => void this.items.set(k, v);
  removeItem = (k: string) => void this.items.delete(k);
}

describe('the test clock', () => {
  it("counts down by the server's clock, whatever the device's clock says", () => {
    // The device is an hour fast: the server said 10:00:00 when the device read 11:00:00.
    const offset = clockOffset('2026-11-23T10:00:00.000Z', Date.parse('2026-11-23T11:00:00.000Z'));
    expect(remainingMs('2026-11-23T10:02:00.000Z', offset, Date.parse('2026-11-23T11:00:30.000Z'))).toBe(90_000);
    expect(remainingMs('2026-11-23T10:02:00.000Z', offset, Date.parse('2026-11-23T11:05:00.000Z'))).toBe(0);
    expect(remainingMs(null, offset)).toBeNull();
  });

  it('shows minutes and seconds, and hours when there are some', () => {
    expect(formatRemaining(90_000)).toBe('1:30');
    expect(formatRemaining(5_400)).toBe('0:06');
    expect(formatRemaining(3_725_000)).toBe('1:02:05');
  });

  it('warns once at five minutes and once at one minute', () => {
    expect(dueWarning(6 * 60_000, new Set())).toBeNull();
    expect(dueWarning(5 * 60_000, new Set())?.text).toBe('5 minutes left');
    expect(dueWarning(4 * 60_000, new Set([300_000]))).toBeNull();
    expect(dueWarning(59_000, new Set([300_000]))?.text).toBe('1 minute left');
    expect(dueWarning(0, new Set([300_000]))).toBeNull();
  });
});

describe('answers kept in the browser', () => {
  it('keeps what is not saved yet, and forgets an answer only when the server stored that very answer', () => {
    const storage = new MemoryStorage();
    const store = new SittingStore('a1', storage);
    store.keep('q1', '3/4');
    store.keep('q2', 'B');
    store.keep('q1', '0.75');
    store.saved('q1', '3/4');
    expect(new SittingStore('a1', storage).read().pending).toEqual({ q1: '0.75', q2: 'B' });
    store.saved('q1', '0.75');
    store.setFlagged(['q2']);
    expect(store.read()).toEqual({ pending: { q2: 'B' }, flagged: ['q2'] });
    store.clear();
    expect(store.read()).toEqual({ pending: {}, flagged: [] });
  });

  it('reads a damaged copy as empty', () => {
    const storage = new MemoryStorage();
    storage.setItem('academy.sitting.a1', '{not json');
    expect(new SittingStore('a1', storage).read()).toEqual({ pending: {}, flagged: [] });
  });
});

describe('the sections of a sitting', () => {
  const exam = (
    phase: SittingExamView['phase'],
    states: Array<'closed' | 'current' | 'upcoming'>,
  ): SittingExamView => ({
    name: 'SSAT',
    answerSheet: 'bubbles',
    right: 1,
    wrong: -0.25,
    blank: 0,
    sections: states.map((state, i) => ({
      name: `Part ${i + 1}`,
      first: i * 10 + 1,
      last: i * 10 + 10,
      minutes: 30,
      state,
    })),
    phase,
    until: '2026-11-23T10:00:00.000Z',
  });

  it('names the section running, and whether it is the last', () => {
    const now = sectionsNow(exam('section', ['closed', 'current', 'upcoming']))!;
    expect(now).toMatchObject({ index: 1, count: 3, name: 'Part 2', last: false, onBreak: false, total: 30 });
    expect(now.key).toBe('section:1');
    expect(sectionsNow(exam('section', ['closed', 'closed', 'current']))?.last).toBe(true);
  });

  it('names the section a break leads to', () => {
    expect(sectionsNow(exam('break', ['closed', 'current', 'upcoming']))).toMatchObject({
      index: 1,
      onBreak: true,
      key: 'break:1',
    });
  });

  it('is nothing without timed sections or once they are over', () => {
    expect(sectionsNow(null)).toBeNull();
    expect(sectionsNow({ ...exam(null, []), until: null })).toBeNull();
    expect(sectionsNow(exam('done', ['closed', 'closed']))).toBeNull();
  });
});
