import { describe, expect, it } from 'vitest';
import { dueState } from './due-dates';

const due = new Date('2026-12-01T17:00:00Z');
const before = new Date('2026-12-01T16:59:59Z');
const after = new Date('2026-12-01T17:00:01Z');

describe('dueState', () => {
  it('is done when finished on or before the due date, or with none', () => {
    expect(dueState(due, before, after)).toBe('done');
    expect(dueState(due, due, after)).toBe('done');
    expect(dueState(null, before, after)).toBe('done');
  });
  it('is late when finished after the due date', () => {
    expect(dueState(due, after, after)).toBe('late');
  });
  it('is missing when unfinished once the due date has passed, open until then', () => {
    expect(dueState(due, null, after)).toBe('missing');
    expect(dueState(due, null, due)).toBe('open');
    expect(dueState(null, null, after)).toBe('open');
  });
});
