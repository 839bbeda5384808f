import { describe, expect, it } from 'vitest';
import { accuracyBy, PRACTICE_AREAS, scoreText, weakestFocusAreas } from './test-taking';

const result = (focus: string | null, category: string | null, awarded: number, marks = 2) => ({
  focus,
  category,
  awarded,
  marks,
});

describe('accuracy of a released result', () => {
  const results = [
    result('Reasoning', 'Fractions', 0),
    result('Reasoning', 'Algebra', 1),
    result('Computation', 'Fractions', 2),
    result('Modeling', null, 1),
    result(null, 'Algebra', 2),
    // Worth no marks: it says nothing of accuracy.
    result('Geometry', 'Geometry', 0, 0),
  ];

  it('sums marks per focus area or category, weakest first, ties by name', () => {
    expect(accuracyBy(results, 'focus')).toEqual([
      { name: 'Reasoning', got: 1, of: 4, percent: 25 },
      { name: 'Modeling', got: 1, of: 2, percent: 50 },
      { name: 'Computation', got: 2, of: 2, percent: 100 },
    ]);
    expect(accuracyBy(results, 'category').map((a) => [a.name, a.percent])).toEqual([
      ['Fractions', 50],
      ['Algebra', 75],
    ]);
    expect(accuracyBy([result('B', null, 0), result('A', null, 0)], 'focus').map((a) => a.name)).toEqual(['A', 'B']);
  });

  it(`practices the ${PRACTICE_AREAS} weakest focus areas not fully right, and none when every one was`, () => {
    expect(weakestFocusAreas(results)).toEqual(['Reasoning', 'Modeling']);
    expect(weakestFocusAreas([result('Computation', null, 2), result('Reasoning', null, 1)])).toEqual(['Reasoning']);
    expect(weakestFocusAreas([result('Computation', null, 2)])).toEqual([]);
    expect(weakestFocusAreas([])).toEqual([]);
  });
});

describe('scoreText', () => {
  it('says the marks, and the scaled figure when the test has total marks', () => {
    expect(scoreText({ marks: 5, maxMarks: 7, scaled: 35.71 }, 50)).toBe('5 / 7 (35.71 of 50)');
    expect(scoreText({ marks: 0, maxMarks: 2, scaled: null }, null)).toBe('0 / 2');
  });
});
