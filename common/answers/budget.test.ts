import { beforeAll, describe, expect, it } from 'vitest';
import { parseExpression } from './expressions';
import { checkAnswer, checkAnswerWhole, matchesAccepted, type MatchResult } from './index';
import { checkBudget, MAX_WORK, OverBudgetError, withinBudget } from './numbers';

// Generous against a loaded machine; each of these took seconds to forever before the bounds.
const BUDGET_MS = 200;

function timed<T>(work: () => T): { result: T; ms: number } {
  const start = performance.now();
  const result = work();
  return { result, ms: performance.now() - start };
}

const PRIME_19 = '1000000000000000003';
const PRIME_20 = '10000000000000000051';
const PRIME_30 = '100000000000000000000000000319';
const fibonacci = (count: number): bigint[] => {
  const terms = [1n, 1n];
  while (terms.length < count) terms.push(terms[terms.length - 1] + terms[terms.length - 2]);
  return terms;
};
const [fibA, fibB] = fibonacci(1400).slice(-2).map(String);

/** [student, accepted, sane verdicts] */
const hostile: [string, string, MatchResult[]][] = [
  [`\\sqrt{${PRIME_19}}`, '1', ['different']],
  [`\\sqrt{${PRIME_19}}`, `${PRIME_19}^{1/2}`, ['equal']],
  [`\\sqrt{${PRIME_20}}`, '1', ['different']],
  [`\\sqrt[3]{${PRIME_30}}`, `${PRIME_30}^{1/3}`, ['equal']],
  [`\\sqrt[63]{${PRIME_30}^{62}}`, '1', ['different']],
  ['sqrt(10^40+1)', '10^20', ['equal']],
  ['sqrt(10^40+1)', '10^{20}+10^{12}', ['different']],
  ['(2^{4096}+1)^{1/2}', '2^{2048}', ['different', 'unreadable']],
  ['(2^{1000}+1)^{1/2}', '2^{500}', ['equal']],
  ['\\sqrt{2^{1022}}', '2^{511}', ['equal']],
  ['9^9^9^9', '1', ['different', 'unreadable']],
  ['9^{9^{9^{9}}}', '9^{9^{9^{9}}}+1', ['different', 'unreadable']],
  ['1000!', '1', ['different']],
  ['(170!)^{1/2}', '1', ['different']],
  ['170!/169!', '170', ['equal']],
  [`\\frac{${fibA}}{${fibB}}+\\frac{${fibB}}{${fibA}}`, '2', ['different']],
  [`\\sqrt{${'9'.repeat(1990)}}`, '1', ['different']],
  [Array.from({ length: 12 }, (_, i) => `\\frac{${fibA}}{${fibB}${i}}`).join('+'), '1', ['different', 'unreadable']],
  ['('.repeat(40) + 'x' + ')'.repeat(40), 'x', ['equal']],
  ['\\sqrt{'.repeat(40) + 'x' + '}'.repeat(40), 'x', ['different', 'unreadable']],
  ['x^'.repeat(20) + 'x', 'x', ['different', 'unreadable']],
  [Array.from({ length: 99 }, (_, i) => `x^{${i}}`).join('+'), 'x', ['different', 'unreadable']],
  ['1+'.repeat(999) + '1', '1000', ['equal', 'unreadable']],
  ['(2^{1024}-1)^{1/64}', '1', ['different']],
  [`(${PRIME_19}/${PRIME_20})^{1/2}`, '1', ['different']],
  // Factorials of big and of fractional values, binomials nested as deep as may be.
  ['(10^{10}+0.5)!', '1', ['different']],
  ['\\binom{'.repeat(19) + 'n' + '}{2}'.repeat(19), 'n', ['different', 'unreadable']],
  // Alternatives and plus-minus signs: as many as fit, each side as big as fits.
  ['x=1 or '.repeat(285) + 'x=1', 'x=1', ['unreadable']],
  ['\\pm'.repeat(660) + '1', '1', ['unreadable']],
  [
    Array.from({ length: 8 }, (_, i) => `x=${'('.repeat(30)}${i}${')'.repeat(30)}`).join(' or '),
    Array.from({ length: 8 }, (_, i) => `(x-${i})`).join('') + '=0',
    ['equal', 'unreadable'],
  ],
  [`x=\\pm${'(1+'.repeat(39)}1${')'.repeat(39)}\\pm 1`, 'x^2=1', ['different', 'unreadable']],
  [
    Array.from({ length: 45 }, (_, i) => `\\sin(${i}x)`).join('+') + '<1',
    Array.from({ length: 45 }, (_, i) => `\\sin(${i}x)`).join('+') + '<=1',
    ['different', 'equal', 'unreadable'],
  ],
  // Solution sets: as many pieces as may be, each as costly to cut as fits, and chains and lists past the caps.
  [Array.from({ length: 16 }, (_, i) => `\\sin(${i + 1}x)<0`).join(' or '), '|x|<2', ['different', 'unreadable']],
  [
    Array.from({ length: 8 }, (_, i) => `${i}<${'\\sin(x+'.repeat(8)}${i}x${')'.repeat(8)}<${i + 1}`).join(' or '),
    Array.from({ length: 8 }, (_, i) => `${i}<${'\\sin(x+'.repeat(8)}${i}x${')'.repeat(8)}<${i + 1}`).join(' or '),
    ['equal', 'unreadable'],
  ],
  [
    `\\{${Array.from({ length: 50 }, (_, i) => i).join(',')}\\}`,
    `\\{${Array.from({ length: 50 }, (_, i) => 49 - i).join(',')}\\}`,
    ['equal'],
  ],
  [`x${'<x'.repeat(600)}`, 'x<2', ['unreadable']],
  [`1${' and 1'.repeat(280)}`, '1', ['unreadable']],
  [`x=${'1,'.repeat(990)}1`, 'x=1', ['unreadable']],
  [Array.from({ length: 16 }, (_, i) => `(${i},${i}.5)`).join('\\cup'), 'x>2', ['different']],
  // Sums and products: as many terms as may be, nested as deep as may be, of the biggest terms.
  [`\\sum_{a=1}^{1000}\\sum_{b=1}^{1000}\\sum_{c=1}^{1000}\\sum_{d=1}^{1000} abcd`, '1', ['unreadable']],
  [`\\prod_{k=1}^{1000} ${'9'.repeat(300)}^k`, '1', ['different', 'unreadable']],
  [`\\sum_{k=1}^{n} ${'\\frac{1}{k+'.repeat(30)}1${'}'.repeat(30)}`, '\\ln n', ['different', 'unreadable']],
  // The complex fallback and the solution-set test on the biggest inputs that parse.
  ['(-2)^{' + 'x+'.repeat(150) + 'x}', '(-2)^{' + 'x+'.repeat(149) + '2x}', ['equal', 'unreadable']],
  [
    Array.from({ length: 45 }, (_, i) => `\\sin(${i}x)`).join('+') + '=yz',
    Array.from({ length: 45 }, (_, i) => `\\sin(${i}x)`).join('+') + '=2yz',
    ['different', 'unreadable'],
  ],
  [
    Array.from({ length: 25 }, (_, i) => `x^{${i % 5}}y`).join('+') + '=w',
    'w=' + Array.from({ length: 25 }, (_, i) => `yx^{${i % 5}}`).join('+'),
    ['equal', 'different', 'unreadable'],
  ],
];

describe('hostile answers stay within the time budget', () => {
  // The first check pays for compiling the checker; the budget is about every check after it.
  beforeAll(() => matchesAccepted('x+1', '1+x'));

  it.each(hostile)('%s against %s', (student, accepted, sane) => {
    const { result, ms } = timed(() => matchesAccepted(student, accepted));
    expect(sane).toContain(result);
    expect(ms).toBeLessThan(BUDGET_MS);
  });

  it('checks a question with four big-prime accepted answers quickly', () => {
    const primes = [PRIME_19, PRIME_20, PRIME_30, '1000000000000000009'];
    const question = { type: 'Calculation' as const, answer: { a1: primes.map((p) => `\\sqrt{${p}}`) } };
    const wrong = timed(() => checkAnswer(question, '\\sqrt{2}'));
    expect(wrong.result.isCorrect).toBe(false);
    expect(wrong.ms).toBeLessThan(BUDGET_MS);
    const right = timed(() => checkAnswer(question, `${PRIME_30}^{0.5}`));
    expect(right.result.isCorrect).toBe(true);
    expect(right.ms).toBeLessThan(BUDGET_MS);
  });
});

describe('the budget of a check', () => {
  const busy = (ms: number) => {
    const end = performance.now() + ms;
    while (performance.now() < end);
  };
  const bigSum = 'x+'.repeat(150) + 'x';

  it('stops a check that has done too much work, and frees the next check', () => {
    expect(() =>
      withinBudget(() => {
        for (let i = 0; i < 1000; i++) parseExpression(bigSum);
      }),
    ).toThrow(OverBudgetError);
    expect(withinBudget(() => parseExpression(bigSum).vars)).toEqual(['x']);
  });

  it('stops a check that has run out of time', () => {
    expect(() =>
      withinBudget(() => {
        busy(300);
        return parseExpression(bigSum);
      }),
    ).toThrow(OverBudgetError);
  });

  it('lets nested checks share the outer budget', () => {
    expect(() =>
      withinBudget(() => {
        busy(300);
        return withinBudget(() => parseExpression(bigSum));
      }),
    ).toThrow(OverBudgetError);
  });

  it('reads an accepted answer again when its parse was cut short by the budget of one check', () => {
    const accepted = 'x^2 + 2x + 1';
    // The budget spent before the accepted answer is read: its parse is cut short, and the check cannot say equal.
    expect(
      withinBudget(() => {
        checkBudget(MAX_WORK);
        return matchesAccepted('(x+1)^2', accepted);
      }),
    ).not.toBe('equal');
    expect(matchesAccepted('(x+1)^2', accepted)).toBe('equal');
  });

  it('tells whether a check ran out of budget anywhere, even where the checker caught it and gave a verdict', () => {
    const question = { type: 'Calculation' as const, answer: { a1: ['(x+1)^2'] } };
    expect(checkAnswerWhole(question, 'x^2+2x+1')).toEqual({
      result: { isCorrect: true, feedback: 'Correct!' },
      whole: true,
    });
    expect(checkAnswerWhole(question, '9^{9^{9^{9}}}')).toEqual({
      result: { isCorrect: false, feedback: 'Not quite. Try again.' },
      whole: true,
    });
    // Thirty accepted answers that each take long to compare: the shared budget runs out, the checker gives up.
    const heavy = {
      type: 'Calculation' as const,
      answer: { a1: Array.from({ length: 30 }, (_, k) => '(-2)^{' + 'x+'.repeat(149) + `${k + 3}x}`) },
    };
    expect(checkAnswerWhole(heavy, '5')).toEqual({
      result: { isCorrect: false, feedback: 'We could not read your answer. Check the math and try again.' },
      whole: false,
    });
    // The next check has a budget of its own.
    expect(checkAnswerWhole(question, '(1+x)^2').whole).toBe(true);
    expect(() => withinBudget(() => checkAnswerWhole(question, '1'))).toThrow(/already inside a check/);
  });
});
