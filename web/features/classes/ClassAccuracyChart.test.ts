import { describe, expect, it } from 'vitest';
import { accuracySummary } from './ClassAccuracyChart';

const week = (weekStart: string, checks: number, accuracy: number | null) => ({
  weekStart,
  checks,
  accuracy,
  solved: 0,
  firstTries: 0,
  activeMinutes: 0,
});

describe("the class accuracy chart's summary", () => {
  it('counts in the singular and the plural', () => {
    expect(accuracySummary([week('2026-11-23', 1, 100)])).toBe(
      "The class's students checked 1 answer over 1 week; this week 1, 100% right on the first try.",
    );
    expect(accuracySummary([week('2026-11-16', 4, 50), week('2026-11-23', 0, null)])).toBe(
      "The class's students checked 4 answers over 2 weeks; this week 0, no first tries.",
    );
  });
});
