import { describe, expect, it } from 'vitest';
import type { ActivityWeek } from '@common/schemas/progress-charts';
import { weeksSummary } from './format';

const week = (weekStart: string, solved: number, accuracy: number | null): ActivityWeek => ({
  weekStart,
  checks: solved,
  solved,
  firstTries: accuracy === null ? 0 : solved,
  accuracy,
  activeMinutes: 5,
});

describe('weeksSummary', () => {
  it('counts one question and one week in the singular', () => {
    expect(weeksSummary([week('2026-03-09', 1, 100)], 'You')).toBe(
      'You solved 1 question over 1 week; in the week of Mar 9, 1 solved, 100% right on the first try.',
    );
  });

  it('adds up the weeks and reads the latest one, saying when it had no first tries', () => {
    expect(weeksSummary([week('2026-03-09', 4, 50), week('2026-03-16', 0, null)], 'Nora')).toBe(
      'Nora solved 4 questions over 2 weeks; in the week of Mar 16, 0 solved, no first tries.',
    );
  });

  it('says nothing of no weeks', () => {
    expect(weeksSummary([], 'You')).toBe('');
  });
});
