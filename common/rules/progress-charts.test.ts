import { describe, expect, it } from 'vitest';
import { accuracyPercent, scoreBuckets } from './progress-charts';

describe('score buckets', () => {
  it('puts each score in its tenth, a full score in the last', () => {
    const buckets = scoreBuckets([0, 9.99, 10, 55, 89.9, 90, 100, 120, -5]);
    expect(buckets.map((b) => b.students)).toEqual([3, 1, 0, 0, 0, 1, 0, 0, 1, 3]);
    expect(buckets[0].label).toBe('0-9%');
    expect(buckets[9].label).toBe('90-100%');
  });
});

describe('first-try accuracy', () => {
  it('is null without a first try, a whole percent otherwise', () => {
    expect(accuracyPercent(0, 0)).toBeNull();
    expect(accuracyPercent(3, 2)).toBe(67);
  });
});
