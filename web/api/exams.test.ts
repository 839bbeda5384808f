import { describe, expect, it } from 'vitest';
import { pointsText, rulesText, sectionText, sectionsNeedText } from './exams';

describe('exam rules in words', () => {
  it('signs points with a true minus and writes quarters and halves as fractions', () => {
    expect(pointsText(0)).toBe('0');
    expect(pointsText(1)).toBe('+1');
    expect(pointsText(-0.25)).toBe('−¼');
    expect(pointsText(-0.5)).toBe('−½');
    expect(pointsText(0.75)).toBe('+¾');
    expect(pointsText(1.25)).toBe('+1¼');
    expect(pointsText(-2)).toBe('−2');
    expect(pointsText(0.1)).toBe('+0.1');
    expect(pointsText(-1.33)).toBe('−1.33');
  });

  it('says a profile, its sections and what a test needs', () => {
    expect(rulesText({ right: 1, wrong: -0.25, blank: 0, cap: null })).toBe('Right +1 · Wrong −¼ · Blank 0');
    expect(rulesText({ right: 1, wrong: 0, blank: 0, cap: 40 })).toBe('Right +1 · Wrong 0 · Blank 0 · Cap 40');
    expect(rulesText({ right: 6, wrong: 0, blank: 1.5 })).toBe('Right +6 · Wrong 0 · Blank +1½');
    expect(sectionText({ name: 'Quantitative 1', questions: 25, minutes: 30 })).toBe(
      'Quantitative 1: 25 questions, 30 min',
    );
    expect(sectionText({ name: 'Target', questions: 1, minutes: 6, right: 2 })).toBe(
      'Target: 1 question, 6 min, right +2',
    );
    expect(
      sectionsNeedText({
        sections: [
          { name: 'Quantitative 1', questions: 25, minutes: 30 },
          { name: 'Quantitative 2', questions: 25, minutes: 30 },
        ],
        breakMinutes: 10,
      }),
    ).toBe(
      'Needs 50 questions: Quantitative 1: 25 questions, 30 min; Quantitative 2: 25 questions, 30 min; Break 10 min',
    );
    expect(sectionsNeedText({ sections: [{ name: 'AMC 8', questions: 25, minutes: 40 }], breakMinutes: 0 })).toBe(
      'Needs 25 questions: AMC 8: 25 questions, 40 min',
    );
    expect(sectionsNeedText({ sections: [], breakMinutes: 0 })).toBeNull();
  });
});
