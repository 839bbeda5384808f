import { describe, expect, it } from 'vitest';
import { formFeedback, formLabel, formsToTell, type AnswerForm } from '../rules/answer-forms';
import { matchInForm, missedForm } from './forms';
import { matchesAccepted } from './match';

import {
  ANY_CASE,
  EXACT,
  EXPANDED,
  FACTORED,
  IMPROPER,
  MIXED,
  PERCENT,
  SCIENTIFIC,
  SIMPLEST,
  WHOLE,
  figures,
  places,
} from './corpus';

const margin = (m: number): AnswerForm => ({ kind: 'margin', margin: m });

/** [entry, forms asked, whether the entry is written in them] */
const WRITTEN: [string, AnswerForm[], boolean][] = [
  // Simplest form: lowest terms, an integer, or a mixed number in lowest terms; never a decimal.
  ['3/4', [SIMPLEST], true],
  ['\\frac{3}{4}', [SIMPLEST], true],
  ['-3/4', [SIMPLEST], true],
  ['-\\frac{3}{4}', [SIMPLEST], true],
  ['9/12', [SIMPLEST], false],
  ['\\frac{9}{12}', [SIMPLEST], false],
  ['0.75', [SIMPLEST], false],
  ['7/3', [SIMPLEST], true],
  ['2 1/3', [SIMPLEST], true],
  ['2 2/6', [SIMPLEST], false],
  ['6/2', [SIMPLEST], false],
  ['3', [SIMPLEST], true],
  ['4/1', [SIMPLEST], false],
  ['(2x+4)/2', [SIMPLEST], false],
  ['x+2', [SIMPLEST], true],
  ['\\frac{6x}{4}', [SIMPLEST], false],
  ['\\frac{3x}{2}', [SIMPLEST], true],
  ['\\frac{x+1}{2}', [SIMPLEST], true],
  ['3/4 + 1/4', [SIMPLEST], false],
  // A mixed number: whole and proper fraction; a whole number or a proper fraction when the value is one.
  ['2 1/3', [MIXED], true],
  ['-2 1/3', [MIXED], true],
  ['2\\frac{1}{3}', [MIXED], true],
  ['7/3', [MIXED], false],
  ['14/6', [MIXED], false],
  ['2 2/6', [MIXED], true],
  ['2 2/6', [MIXED, SIMPLEST], false],
  ['2 4/3', [MIXED], false],
  ['2.5', [MIXED], false],
  ['1/2', [MIXED], true],
  ['5', [MIXED], true],
  // An improper fraction: no mixed number.
  ['7/3', [IMPROPER], true],
  ['2 1/3', [IMPROPER], false],
  ['14/6', [IMPROPER, SIMPLEST], false],
  // A whole number.
  ['4', [WHOLE], true],
  ['-4', [WHOLE], true],
  ['8/2', [WHOLE], false],
  ['4.0', [WHOLE], false],
  ['2+2', [WHOLE], false],
  // Decimals by places and significant figures, as written.
  ['0.33', [places(2)], true],
  ['0.330', [places(2)], false],
  ['0.3', [places(2)], false],
  ['-1.50', [places(2)], true],
  ['12', [places(0)], true],
  ['1/3', [places(2)], false],
  ['0.0520', [figures(3)], true],
  ['0.052', [figures(3)], false],
  ['1234', [figures(3)], false],
  ['1230', [figures(3)], true],
  ['1230.', [figures(3)], false],
  ['123', [figures(3)], true],
  // A percent, units.
  ['50%', [PERCENT], true],
  ['50\\%', [PERCENT], true],
  ['50', [PERCENT], false],
  ['5 cm', [{ kind: 'units', units: ['cm', 'mm'] }], true],
  ['50 mm', [{ kind: 'units', units: ['cm', 'mm'] }], true],
  ['0.05 m', [{ kind: 'units', units: ['cm', 'mm'] }], false],
  ['5', [{ kind: 'units', units: ['cm'] }], false],
  ['3 m/s', [{ kind: 'units', units: ['m/s'] }], true],
  // Exact: radicals and pi kept, no decimals.
  ['2\\sqrt{2}', [EXACT], true],
  ['\\pi/2', [EXACT], true],
  ['2.83', [EXACT], false],
  ['1.5\\pi', [EXACT], false],
  // Factored and expanded.
  ['(x-2)(x+2)', [FACTORED], true],
  ['(x+1)^2', [FACTORED], true],
  ['3(x+1)', [FACTORED], true],
  ['-(x-1)(x+1)', [FACTORED], true],
  ['x^2-4', [FACTORED], false],
  ['x^2-4', [EXPANDED], true],
  ['x^2+2x+1', [EXPANDED], true],
  ['(x+1)^2', [EXPANDED], false],
  ['3(x+1)', [EXPANDED], false],
  ['\\frac{x^2+1}{2}', [EXPANDED], true],
  ['\\frac{1}{x+1}', [EXPANDED], true],
  // In terms of a named variable.
  ['2t+1', [{ kind: 'variable', name: 't' }], true],
  ['2x+1', [{ kind: 'variable', name: 't' }], false],
  ['\\pi t^2', [{ kind: 'variable', name: 't' }], true],
  // Scientific notation: 1 <= |a| < 10 times a whole power of ten.
  ['3.2 \\times 10^{5}', [SCIENTIFIC], true],
  ['3.2 \\cdot 10^{-5}', [SCIENTIFIC], true],
  ['-3.2 \\times 10^5', [SCIENTIFIC], true],
  ['10^5', [SCIENTIFIC], true],
  ['32 \\times 10^4', [SCIENTIFIC], false],
  ['320000', [SCIENTIFIC], false],
  ['0.32 \\times 10^6', [SCIENTIFIC], false],
  // Forms combine: every one must hold.
  ['3/4', [SIMPLEST, IMPROPER], true],
  // Unreadable entries meet no form.
  ['\\frac{3}{', [SIMPLEST], false],
];

describe('answer forms', () => {
  it.each(WRITTEN)('%s in %j: %s', (entry, forms, meets) => {
    expect(missedForm(entry, forms) === null).toBe(meets);
  });

  it('names the first form an entry misses, and nothing when none is asked', () => {
    expect(missedForm('14/6', [IMPROPER, SIMPLEST])).toEqual(SIMPLEST);
    expect(missedForm('2.5', [MIXED, SIMPLEST])).toEqual(MIXED);
    expect(missedForm('anything at all', [])).toBeNull();
  });

  it('tells the student why, and the key what was asked', () => {
    expect(formFeedback(SIMPLEST)).toBe('Equal, but not in simplest form');
    expect(formFeedback(MIXED)).toBe('Write it as a mixed number');
    expect(formFeedback(places(2))).toBe('Round to 2 decimal places');
    expect(formFeedback(places(1))).toBe('Round to 1 decimal place');
    expect(formFeedback(figures(3))).toBe('Round to 3 significant figures');
    expect(formFeedback({ kind: 'units', units: ['cm'] })).toBe('Give it in cm');
    expect(formFeedback({ kind: 'units', units: ['cm', 'mm'] })).toBe('Give it in one of: cm, mm');
    expect(formLabel(places(2))).toBe('Decimal to 2 places');
    expect(formLabel({ kind: 'variable', name: 't' })).toBe('In terms of t');
    expect(formLabel(margin(0.01))).toBe('Within ± 0.01');
    expect(formLabel(margin(0.1 + 0.2))).toBe('Within ± 0.30000000000000004');
    expect(formLabel(margin(0.5))).toBe('Within ± 0.5');
    expect(formLabel(margin(1e12))).toBe('Within ± 1000000000000');
    expect(formFeedback(margin(0.01))).toBe('');
  });

  it('tells a margin to the student, but never the other leniencies', () => {
    expect(formsToTell([ANY_CASE, margin(0.01), SIMPLEST, { kind: 'nonZero', names: ['a'] }])).toEqual([
      margin(0.01),
      SIMPLEST,
    ]);
  });

  it('asks nothing of how an entry is written for a margin, even of one it cannot read', () => {
    expect(missedForm('3.149', [margin(0.01)])).toBeNull();
    expect(missedForm('abc', [margin(0.01)])).toBeNull();
    expect(missedForm('\\frac{3}{', [margin(0.01)])).toBeNull();
    expect(missedForm('\\frac{3}{', [margin(0.01), SIMPLEST])).toEqual(SIMPLEST);
  });
});

describe('an entry against a key with forms', () => {
  const judge = (entry: string, key: string, forms: AnswerForm[]) => matchInForm(entry, key, forms, matchesAccepted);

  it('is equal only when equal and in the form asked', () => {
    expect(judge('3/4', '3/4', [SIMPLEST])).toBe('equal');
    expect(judge('9/12', '3/4', [SIMPLEST])).toEqual(SIMPLEST);
    expect(judge('0.75', '3/4', [SIMPLEST])).toEqual(SIMPLEST);
    expect(judge('2/3', '3/4', [SIMPLEST])).toBe('different');
    expect(judge('2 1/3', '2 1/3', [MIXED])).toBe('equal');
    expect(judge('7/3', '2 1/3', [MIXED])).toEqual(MIXED);
    expect(judge('14/6', '2 1/3', [MIXED])).toEqual(MIXED);
    expect(judge('4', '4', [WHOLE])).toBe('equal');
    expect(judge('8/2', '4', [WHOLE])).toEqual(WHOLE);
    expect(judge('50', '50%', [PERCENT])).toEqual(PERCENT);
    expect(judge('0.5', '50%', [PERCENT])).toBe('different');
    expect(judge('5', '5 cm', [{ kind: 'units', units: ['cm'] }])).toEqual({ kind: 'units', units: ['cm'] });
    expect(judge('\\frac{', '3/4', [SIMPLEST])).toBe('unreadable');
  });

  it('tells an entry within the rounding of a rounded key to round, and any other to try again', () => {
    expect(judge('0.33', '0.33', [places(2)])).toBe('equal');
    expect(judge('0.333', '0.33', [places(2)])).toEqual(places(2));
    expect(judge('1/3', '0.33', [places(2)])).toEqual(places(2));
    expect(judge('0.330', '0.33', [places(2)])).toEqual(places(2));
    expect(judge('0.34', '0.33', [places(2)])).toBe('different');
    expect(judge('0.3', '0.33', [places(2)])).toBe('different');
    expect(judge('1230', '1200', [figures(2)])).toEqual(figures(2));
    expect(judge('1300', '1200', [figures(2)])).toBe('different');
    expect(judge('1200', '1200', [figures(2)])).toBe('equal');
  });

  it('ignores letter case only when the blank says so, and never in the names of commands (`\\FRAC` is none)', () => {
    expect(judge('Y=1+X', 'y=1+x', [])).toBe('different');
    expect(judge('Y=1+X', 'y=1+x', [ANY_CASE])).toBe('equal');
    expect(judge('2X', '2x', [ANY_CASE, SIMPLEST])).toBe('equal');
    expect(judge('\\frac{X}{2}', '\\frac{x}{2}', [ANY_CASE])).toBe('equal');
    expect(judge('\\FRAC{X}{2}', '\\frac{x}{2}', [ANY_CASE])).toBe('unreadable');
    expect(missedForm('X', [ANY_CASE])).toBeNull();
  });

  it('counts a number within the margin of a numeric key as equal, the bound included', () => {
    expect(judge('3.14', '3.14', [margin(0.01)])).toBe('equal');
    expect(judge('3.149', '3.14', [margin(0.01)])).toBe('equal');
    expect(judge('3.131', '3.14', [margin(0.01)])).toBe('equal');
    // The bound, whose difference in floats is a hair above 0.01.
    expect(judge('3.15', '3.14', [margin(0.01)])).toBe('equal');
    expect(judge('3.13', '3.14', [margin(0.01)])).toBe('equal');
    expect(judge('3.1500001', '3.14', [margin(0.01)])).toBe('different');
    expect(judge('3.16', '3.14', [margin(0.01)])).toBe('different');
    expect(judge('-3.145', '-3.14', [margin(0.01)])).toBe('equal');
    expect(judge('3.145', '-3.14', [margin(0.01)])).toBe('different');
    expect(judge('\\frac{22}{7}', '3.14', [margin(0.01)])).toBe('equal');
    expect(judge('1000000.5', '1000000', [margin(1)])).toBe('equal');
    expect(judge('1000001.5', '1000000', [margin(1)])).toBe('different');
    // Without a margin the same entries are only as equal as their values.
    expect(judge('3.149', '3.14', [])).toBe('different');
  });

  it('never makes an entry that is not a number equal by its margin', () => {
    expect(judge('abc', '3.14', [margin(0.01)])).not.toBe('equal');
    expect(judge('x', '3.14', [margin(100)])).not.toBe('equal');
    expect(judge('3.14x', '3.14', [margin(0.01)])).not.toBe('equal');
    expect(judge('x+0.001', 'x', [margin(0.01)])).toBe('different');
    expect(judge('\\frac{3}{', '3.14', [margin(0.01)])).toBe('unreadable');
    // A key with letters keeps its plain comparison.
    expect(judge('2x', 'x+x', [margin(0.01)])).toBe('equal');
  });

  it('judges a number within the margin by the other forms asked, as it would an equal entry', () => {
    expect(judge('3.15', '3.14', [margin(0.01), places(2)])).toBe('equal');
    expect(judge('3.145', '3.14', [margin(0.01), places(2)])).toEqual(places(2));
    expect(judge('3.2', '3.14', [margin(0.01), places(2)])).toBe('different');
    // A margin narrower than the rounding leaves the rounding's "round it" to entries between them.
    expect(judge('3.143', '3.14', [margin(0.001), places(2)])).toEqual(places(2));
    expect(judge('3.1405', '3.14', [margin(0.001), places(2)])).toEqual(places(2));
    expect(judge('3.141', '3.14', [places(2), margin(0.001)])).toEqual(places(2));
    expect(judge('4', '3.9', [margin(0.2), WHOLE])).toBe('equal');
    expect(judge('3.95', '3.9', [margin(0.2), WHOLE])).toEqual(WHOLE);
    expect(judge('3.149', '3.14', [margin(0.01), ANY_CASE])).toBe('equal');
  });

  it('checks an entry of 2,000 characters within the budget of a check (50 ms), whatever its form', () => {
    const long = [
      `${'1'.repeat(1990)}/7`,
      `${'(x+'.repeat(39)}1${')'.repeat(39)}`,
      `0.${'3'.repeat(1990)}`,
      '9'.repeat(2000),
    ];
    const forms: AnswerForm[] = [SIMPLEST, MIXED, FACTORED, EXPANDED, places(2), figures(3), SCIENTIFIC, margin(1)];
    for (const entry of long) {
      for (const form of forms) {
        const started = performance.now();
        matchInForm(entry, '3/4', [form], matchesAccepted);
        expect(performance.now() - started, `${entry.slice(0, 20)}... in ${form.kind}`).toBeLessThan(50);
      }
    }
  });
});
