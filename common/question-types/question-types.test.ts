import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { matchesAccepted } from '../answers/match';
import { QUESTION_TYPES, type QuestionType } from '../rules/questions';
import {
  describeAnswer,
  describeAnswerOfDeleted,
  describeKey,
  optionText,
  QUESTION_TYPE_DISPLAY,
  QUESTION_TYPE_RULES,
  rulesOf,
  shownMath,
  shownText,
  type QuestionTypeRules,
} from './index';

const options = { A: '$\\frac{2}{4}$', B: '<p>$\\frac{3}{5}$ &amp; more</p>', C: '$\\frac{4}{8}$', D: 'five' };

describe('the key and the answer of each question type, shown', () => {
  it('has a display for every question type', () => {
    expect(Object.keys(QUESTION_TYPE_DISPLAY).sort()).toEqual([...QUESTION_TYPES].sort());
  });

  it('multiple choice: the letters with their options, sorted and joined by commas, the same for key and answer', () => {
    const question = { type: 'Multiple Choice' as const, options, answer: { a1: ['C', 'A'] } };
    const key = describeKey(question)!;
    expect(shownText(key)).toBe('A. $\\frac{2}{4}$, C. $\\frac{4}{8}$');
    expect(shownMath(key)).toBe('A. $\\frac{2}{4}$, C. $\\frac{4}{8}$');
    expect(shownText(describeAnswer(question, 'A,C'))).toBe(shownText(key));
    expect(shownText(describeAnswer(question, 'B'))).toBe('B. $\\frac{3}{5}$ & more');
    expect(shownText(describeAnswer(question, ''))).toBe('No answer');
    // Options stored as a JSON string, as older rows hold them, read the same.
    expect(
      shownText(
        describeKey({ ...question, options: JSON.stringify(options), answer: JSON.stringify({ a1: ['A', 'C'] }) })!,
      ),
    ).toBe(shownText(key));
  });

  it('fill in the blank: alternatives joined by "or", blanks labelled and joined by semicolons', () => {
    const question = { type: 'Fill in the Blank' as const, options: {}, answer: [['3/4', '0.75'], ['7']] };
    const key = describeKey(question)!;
    expect(shownText(key)).toBe('Blank 1: 3/4 or 0.75; Blank 2: 7');
    expect(shownText(describeAnswer(question, JSON.stringify(['0.75', ''])))).toBe('Blank 1: 0.75; Blank 2: (empty)');
    expect(shownText(describeAnswer(question, JSON.stringify(['', ''])))).toBe('No answer');
    expect(shownText(describeAnswer(question, null))).toBe('No answer');
  });

  it('fill in the blank: one blank has no label, and LaTeX entries become math', () => {
    const question = { type: 'Fill in the Blank' as const, options: {}, answer: [['4\\frac{3}{4}', '4 3/4']] };
    const key = describeKey(question)!;
    expect(shownText(key)).toBe('4\\frac{3}{4} or 4 3/4');
    expect(shownMath(key)).toBe('$4\\frac{3}{4}$ or 4 3/4');
    expect(shownMath(describeAnswer(question, JSON.stringify(['3\\,\\frac13'])))).toBe('$3\\,\\frac13$');
    const matrix = '\\begin{bmatrix}1&0\\\\0&1\\end{bmatrix}';
    expect(shownMath(describeAnswer(question, JSON.stringify([matrix])))).toBe(`$${matrix}$`);
  });

  it('calculation and short answer: the accepted answers joined by "or", the answer as typed', () => {
    expect(shownText(describeKey({ type: 'Calculation', options: {}, answer: { a1: ['3/4', '0.75'] } })!)).toBe(
      '3/4 or 0.75',
    );
    expect(shownText(describeKey({ type: 'Short Answer', options: {}, answer: [['Paris']] })!)).toBe('Paris');
    expect(shownMath(describeAnswer({ type: 'Short Answer', options: {} }, 'Paris'))).toBe('Paris');
    expect(shownMath(describeAnswer({ type: 'Calculation', options: {} }, 'x^2'))).toBe('$x^2$');
    expect(shownText(describeAnswer({ type: 'Calculation', options: {} }, '  '))).toBe('No answer');
  });

  it('says so when a key cannot be read', () => {
    expect(describeKey({ type: 'Multiple Choice', options, answer: 'not json' })).toBeNull();
    expect(describeKey({ type: 'Fill in the Blank', options: {}, answer: [] })).toBeNull();
    expect(describeKey({ type: 'Calculation', options: {}, answer: { a1: [] } })).toBeNull();
  });

  it('reads an option as one line of words: tags become spaces, entities characters', () => {
    expect(optionText('<p>$x$</p><p>&lt;2&#62; &#x41;&nbsp;b</p>')).toBe('$x$ <2> A b');
    expect(optionText('a <b')).toBe('a <b');
  });
});

describe('the rules of each question type', () => {
  it('are named for every type, so a new type does not compile without its rules', () => {
    // The registry is a full record, not a partial one or a lookup with a fallback.
    expectTypeOf(QUESTION_TYPE_RULES).toEqualTypeOf<Record<QuestionType, QuestionTypeRules>>();
    // @ts-expect-error: a registry missing a type's rules is refused.
    const missing: Record<QuestionType, QuestionTypeRules> = {
      'Multiple Choice': QUESTION_TYPE_RULES['Multiple Choice'],
      'Short Answer': QUESTION_TYPE_RULES['Short Answer'],
      Calculation: QUESTION_TYPE_RULES.Calculation,
    };
    expect(missing).toBeDefined();
    expect(Object.keys(QUESTION_TYPE_RULES).sort()).toEqual([...QUESTION_TYPES].sort());
    expect(rulesOf('Essay')).toBeNull();
    expect(rulesOf('toString')).toBeNull();
    expect(rulesOf('Calculation')).toBe(QUESTION_TYPE_RULES.Calculation);
  });

  it('encode and decode the answer a screen edits in the wire form', () => {
    const { 'Multiple Choice': choice, 'Fill in the Blank': blanks, Calculation: calculation } = QUESTION_TYPE_RULES;
    expect(choice.wire.encode(['C', 'A'])).toBe('A,C');
    expect(choice.wire.decode('A,C', 0)).toEqual(['A', 'C']);
    expect(choice.wire.decode('', 0)).toEqual([]);
    expect(blanks.wire.encode(['0.75', ''])).toBe('["0.75",""]');
    expect(blanks.wire.decode('["0.75",""]', 2)).toEqual(['0.75', '']);
    expect(blanks.wire.decode('', 3)).toEqual(['', '', '']);
    expect(calculation.wire.encode(['3/4'])).toBe('3/4');
    expect(calculation.wire.decode('3/4', 1)).toEqual(['3/4']);
  });

  it('write the key as a student who answers it word for word, and say whether options are chosen', () => {
    const { 'Multiple Choice': choice, 'Fill in the Blank': blanks, 'Short Answer': short } = QUESTION_TYPE_RULES;
    expect(choice.keyAnswer([['C', 'A']])).toBe('A,C');
    expect(blanks.keyAnswer([['3/4', '0.75'], ['x = 2']])).toBe('["3/4","x = 2"]');
    expect(short.keyAnswer([['12', 'twelve']])).toBe('12');
    expect(QUESTION_TYPES.filter((type) => QUESTION_TYPE_RULES[type].choosesOptions)).toEqual(['Multiple Choice']);
  });

  it('say when an answer is blank', () => {
    for (const type of QUESTION_TYPES) {
      expect(QUESTION_TYPE_RULES[type].isBlank(null)).toBe(true);
      expect(QUESTION_TYPE_RULES[type].isBlank('  ')).toBe(true);
    }
    expect(QUESTION_TYPE_RULES['Fill in the Blank'].isBlank('["", " "]')).toBe(true);
    expect(QUESTION_TYPE_RULES['Fill in the Blank'].isBlank('["", "7"]')).toBe(false);
    expect(QUESTION_TYPE_RULES['Multiple Choice'].isBlank('B')).toBe(false);
    expect(QUESTION_TYPE_RULES['Short Answer'].isBlank('Paris')).toBe(false);
  });

  it('give credit: multiple choice all or nothing, blanks in proportion, one answer right or wrong', () => {
    expect(QUESTION_TYPE_RULES['Multiple Choice'].credit([['A', 'C']], ['A'], matchesAccepted)).toBe(0);
    expect(QUESTION_TYPE_RULES['Multiple Choice'].credit([['A', 'C']], ['A,C'], matchesAccepted)).toBe(1);
    expect(
      QUESTION_TYPE_RULES['Fill in the Blank'].credit([['3/4'], ['7'], ['2']], ['0.75', '8', '2'], matchesAccepted),
    ).toBeCloseTo(2 / 3);
    expect(QUESTION_TYPE_RULES.Calculation.credit([['42']], ['42.0'], matchesAccepted)).toBe(1);
    expect(QUESTION_TYPE_RULES['Short Answer'].credit([['Paris']], ['Rome'], matchesAccepted)).toBe(0);
  });

  it('say when a student may give several answers, and which types write their blanks in the text', () => {
    expect(QUESTION_TYPE_RULES['Multiple Choice'].multipleAnswers([['A', 'c']])).toBe(true);
    expect(QUESTION_TYPE_RULES['Multiple Choice'].multipleAnswers([['A', 'a ']])).toBe(false);
    expect(QUESTION_TYPE_RULES['Fill in the Blank'].multipleAnswers([['1'], ['2']])).toBe(false);
    expect(QUESTION_TYPES.filter((type) => QUESTION_TYPE_RULES[type].blanksInText)).toEqual(['Fill in the Blank']);
  });

  it('show an answer to a deleted question entry by entry, as typed', () => {
    expect(shownText(describeAnswerOfDeleted(JSON.stringify(['0.75', ''])))).toBe('Blank 1: 0.75; Blank 2: (empty)');
    expect(shownText(describeAnswerOfDeleted('A,C'))).toBe('A,C');
    expect(shownText(describeAnswerOfDeleted(null))).toBe('No answer');
  });
});

/** The files a module loads at run time (type-only imports are erased), followed through relative imports. */
function loadedFiles(entry: string): Set<string> {
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    const source = fs.readFileSync(file, 'utf8');
    for (const [, typeOnly, specifier] of source.matchAll(/^(?:import|export)( type)?\s[^;]*?\sfrom '([^']+)'/gms)) {
      if (typeOnly) continue;
      if (!specifier.startsWith('.')) {
        seen.add(specifier);
        continue;
      }
      const base = path.resolve(path.dirname(file), specifier);
      queue.push(fs.existsSync(`${base}.ts`) ? `${base}.ts` : path.join(base, 'index.ts'));
    }
  }
  return seen;
}

describe('what the registry loads', () => {
  it('leaves the math engine to the checker, so screens that show or encode answers do not download it', () => {
    const loaded = loadedFiles(path.join(import.meta.dirname, 'index.ts'));
    expect(loaded.has(path.join(import.meta.dirname, 'rules.ts')) || loaded.size > 5).toBe(true);
    expect([...loaded].filter((f) => f === 'mathjs' || f.endsWith(path.join('answers', 'match.ts')))).toEqual([]);
    const checker = loadedFiles(path.join(import.meta.dirname, '..', 'answers', 'check.ts'));
    expect(checker.has('mathjs')).toBe(true);
  });
});
