import { describe, expect, it } from 'vitest';
import { timeOrderedUuid } from './crypto';

describe('timeOrderedUuid', () => {
  it('is a version-7 UUID whose first 48 bits are the time, so ids sort as their times do', () => {
    const at = Date.UTC(2026, 11, 6, 18, 30, 15, 123);
    const id = timeOrderedUuid(at);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(parseInt(id.slice(0, 8) + id.slice(9, 13), 16)).toBe(at);

    const times = [at - 86_400_000, at - 1, at, at, at + 1, at + 3_600_000];
    const ids = times.map(timeOrderedUuid);
    const byId = [...ids].sort();
    expect(byId.map((sorted) => times[ids.indexOf(sorted)])).toEqual(times);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
