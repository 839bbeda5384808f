import { describe, expect, it } from 'vitest';
import { clockOffset, dueWarning, formatRemaining, remainingMs, SittingStore } from './sitting';

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
