import { describe, expect, it } from 'vitest';
import { checkAnswer, matchesAccepted, type CheckableQuestion } from './index';
import { basicCases, formCases, highSchoolCases, matchCases, questionCases, solutionSetCases } from './corpus';
import { matchInForm } from './forms';
import { MAX_WORK, mostWork } from './numbers';
import { naughtyStrings } from '../../server/test/corpora';

describe('matchesAccepted corpus', () => {
  it('has at least 300 basic entry cases, 150 high-school ones, 80 solution sets and 150 form cases', () => {
    expect(basicCases.length).toBeGreaterThanOrEqual(300);
    expect(highSchoolCases.length).toBeGreaterThanOrEqual(150);
    expect(solutionSetCases.length).toBeGreaterThanOrEqual(80);
    expect(formCases.length).toBeGreaterThanOrEqual(150);
  });

  it.each(matchCases)('$note: "$student" vs "$accepted" is $expected', ({ accepted, student, expected }) => {
    expect(matchesAccepted(student, accepted)).toBe(expected);
  });
});

describe('answer forms corpus', () => {
  it.each(formCases)('$note: "$student" vs "$accepted" is $expected', ({ accepted, forms, student, expected }) => {
    const result = matchInForm(student, accepted, forms, matchesAccepted);
    expect(typeof result === 'string' ? result : 'form').toBe(expected);
  });
});

describe('work per check', () => {
  it('stays far inside the work budget on the whole corpus', () => {
    for (const { accepted, student } of matchCases) matchesAccepted(student, accepted);
    expect(mostWork).toBeGreaterThan(0);
    expect(mostWork).toBeLessThan(MAX_WORK / 10);
  });
});

describe('checkAnswer corpus', () => {
  it.each(questionCases)('$question.type: $note', ({ question, student, isCorrect, feedback }) => {
    expect(checkAnswer(question, student)).toEqual({ isCorrect, feedback });
  });
});

describe('checkAnswer', () => {
  const choices: CheckableQuestion = { type: 'Multiple Choice', answer: { a1: ['A', 'C'] } };

  it('treats multiple choice as set equality in any format', () => {
    for (const student of ['A,C', 'C,A', 'a, c', '["C","A"]', '["a","c"]', ' A , C ']) {
      expect(checkAnswer(choices, student).isCorrect).toBe(true);
    }
    for (const student of ['A', 'C', 'A,B,C', '["A"]', 'B,D']) {
      expect(checkAnswer(choices, student).isCorrect).toBe(false);
    }
  });

  it('never reveals accepted answers in fill-in-the-blank feedback', () => {
    const question: CheckableQuestion = {
      type: 'Fill in the Blank',
      answer: [['12345'], ['\\frac{7}{9}'], ['qwerty']],
    };
    for (const student of ['["1","2","3"]', '[]', '["12345"]', '[")(","{","x"]', 'nonsense']) {
      const { feedback } = checkAnswer(question, student);
      for (const secret of ['12345', '7', '9', 'qwerty']) expect(feedback).not.toContain(secret);
    }
  });

  it('names the wrong blanks by number', () => {
    const question: CheckableQuestion = { type: 'Fill in the Blank', answer: [['1'], ['2'], ['3'], ['4']] };
    expect(checkAnswer(question, '["1","0","3","0"]').feedback).toBe(
      'Not quite. Try again. Blanks 2 and 4 are not correct.',
    );
    expect(checkAnswer(question, '["0","0","0","4"]').feedback).toBe(
      'Not quite. Try again. Blanks 1, 2 and 3 are not correct.',
    );
  });

  it('survives malformed encodings', () => {
    const answers: unknown[] = [
      undefined,
      null,
      42,
      '',
      '{',
      '[[',
      '{"a1":',
      [],
      {},
      [[]],
      { a1: null },
      [1, [2]],
      { a1: [[1]] },
      Symbol('x'),
      () => 1,
    ];
    for (const answer of answers) {
      for (const type of ['Multiple Choice', 'Fill in the Blank', 'Calculation', 'Short Answer'] as const) {
        const result = checkAnswer({ type, answer }, '["1"]');
        expect(typeof result.isCorrect).toBe('boolean');
        expect(typeof result.feedback).toBe('string');
      }
    }
    expect(checkAnswer(null as unknown as CheckableQuestion, '1').isCorrect).toBe(false);
    expect(checkAnswer({ type: 'Calculation', answer: { a1: ['1'] } }, null as unknown as string).isCorrect).toBe(
      false,
    );
  });

  it('refuses a 100 kB answer as unreadable quickly', () => {
    const huge = '('.repeat(50_000) + '1' + ')'.repeat(50_000);
    const start = performance.now();
    expect(matchesAccepted(huge, '1')).toBe('unreadable');
    const result = checkAnswer({ type: 'Calculation', answer: { a1: ['1'] } }, huge);
    expect(performance.now() - start).toBeLessThan(50);
    expect(result).toEqual({
      isCorrect: false,
      feedback: 'We could not read your answer. Check the math and try again.',
    });
  });

  it('never throws on the big list of naughty strings', () => {
    const questions: CheckableQuestion[] = [
      { type: 'Calculation', answer: { a1: ['x^2+2x+1'] } },
      { type: 'Fill in the Blank', answer: [['1/2'], ['5 cm'], ['y=2x']] },
      { type: 'Multiple Choice', answer: { a1: ['A'] } },
      { type: 'Short Answer', answer: [['Isosceles']] },
    ];
    for (const student of naughtyStrings) {
      for (const question of questions) {
        expect(() => checkAnswer(question, student)).not.toThrow();
        expect(() => checkAnswer(question, JSON.stringify([student, student, student]))).not.toThrow();
      }
      expect(() => matchesAccepted('1', student)).not.toThrow();
    }
  });
});
