import { describe, expect, it } from 'vitest';
import { gradeText, tablePreview } from './format';

describe('score tables in words', () => {
  it('names the grade a table is for', () => {
    expect(gradeText(null)).toBe('Any grade');
    expect(gradeText(0)).toBe('Kindergarten');
    expect(gradeText(7)).toBe('Grade 7');
  });

  it('previews the first rows, ranges as low-high', () => {
    const rows = [
      { raw: 0, low: 440, high: 440, percentile: null },
      { raw: 10, low: 500, high: 520, percentile: 12 },
      { raw: 20, low: 560, high: 580, percentile: 40 },
      { raw: 30, low: 620, high: 640, percentile: 70 },
    ];
    expect(tablePreview(rows)).toBe('0 → 440 · 10 → 500-520 · 20 → 560-580 …');
    expect(tablePreview(rows.slice(0, 2))).toBe('0 → 440 · 10 → 500-520');
  });
});
