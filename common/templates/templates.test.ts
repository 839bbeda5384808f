import Fraction from 'fraction.js';
import { describe, expect, it } from 'vitest';
import { TEMPLATE_LIMITS, TEMPLATE_MESSAGES as M } from '../rules/templates';
import {
  compileTemplate,
  describeTemplate,
  drawVariant,
  fillText,
  previewVariant,
  TemplateIssue,
  type QuestionTemplate,
  type TemplateVariable,
  type VariantValues,
} from '.';
import { evaluate, parseExpression, WorkBudget } from './expression';

const range = (
  name: string,
  min: number | string,
  max: number | string,
  step: number | string = 1,
): TemplateVariable => ({
  name,
  kind: 'range',
  min: String(min),
  max: String(max),
  step: String(step),
});
const computed = (name: string, expression: string): TemplateVariable => ({ name, kind: 'computed', expression });
const template = (variables: TemplateVariable[], constraints: string[] = []): QuestionTemplate => ({
  variables,
  constraints,
  seeds: null,
});

function draw(t: QuestionTemplate, seed: number): Record<string, string> {
  const drawn = drawVariant(compileTemplate(t), seed);
  if (!drawn.ok) throw new Error(drawn.reason);
  return Object.fromEntries([...drawn.values].map(([k, v]) => [k, v instanceof Fraction ? v.toFraction() : String(v)]));
}

function issue(t: QuestionTemplate): TemplateIssue {
  try {
    compileTemplate(t);
  } catch (error) {
    if (error instanceof TemplateIssue) return error;
    throw error;
  }
  throw new Error('no issue');
}

const values = (entries: Record<string, number | string>): VariantValues =>
  new Map(Object.entries(entries).map(([k, v]) => [k, typeof v === 'number' ? new Fraction(v) : v]));

describe('the generator', () => {
  const fractions = template(
    [range('a', 1, 9), range('b', 2, 12), range('c', 1, 9), computed('s', 'a + c'), computed('r', '(a+c)/b')],
    ['a != c', 'gcd(a, b) = 1', 'gcd(c, b) = 1', 'a < b', 'c < b'],
  );

  it('gives the same values for the same seed, on every run and machine', () => {
    // Pinned: a change to the generator that moved these would move every student's numbers.
    expect(draw(fractions, 1)).toEqual({ a: '1', b: '8', c: '3', s: '4', r: '1/2' });
    expect(draw(fractions, 2)).toEqual(draw(fractions, 2));
    expect(draw(fractions, 123456)).toEqual(draw(fractions, 123456));
  });

  it('keeps a variable’s values when another is added, removed or moved', () => {
    const reordered = template([range('c', 1, 9), range('b', 2, 12), range('a', 1, 9), range('extra', 1, 100)]);
    const plain = template([range('a', 1, 9), range('b', 2, 12), range('c', 1, 9)]);
    for (const seed of [1, 2, 3, 99]) {
      const [x, y] = [draw(plain, seed), draw(reordered, seed)];
      expect([y.a, y.b, y.c]).toEqual([x.a, x.b, x.c]);
    }
  });

  it('draws different values for different seeds', () => {
    const seen = new Set(Array.from({ length: 30 }, (_, i) => JSON.stringify(draw(fractions, i + 1))));
    expect(seen.size).toBeGreaterThan(15);
  });

  it('meets every constraint, and keeps fractions exact', () => {
    for (let seed = 1; seed <= 50; seed++) {
      const v = draw(fractions, seed);
      const [a, b, c] = [Number(v.a), Number(v.b), Number(v.c)];
      expect(a).not.toBe(c);
      expect(a < b && c < b).toBe(true);
      expect(new Fraction(v.r).equals(new Fraction(a + c, b))).toBe(true);
    }
    expect(draw(template([range('a', 1, 1), range('b', 3, 3), computed('q', 'a/b')]), 1).q).toBe('1/3');
  });

  it('draws decimals on their step, exactly', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const x = new Fraction(draw(template([range('x', '0.1', '0.9', '0.1')]), seed).x);
      expect(x.mul(10).d).toBe(1n);
      expect(x.compare('0.1') >= 0 && x.compare('0.9') <= 0).toBe(true);
    }
  });

  it('draws from a list of numbers or words', () => {
    const names = template([{ name: 'who', kind: 'choice', values: ['Ana', 'Ben', "O'Neil"] }]);
    for (let seed = 1; seed <= 10; seed++) expect(['Ana', 'Ben', "O'Neil"]).toContain(draw(names, seed).who);
  });

  it('reads the discriminant of the issue: b^2 - 4ac > 0 with implicit products', () => {
    const quadratic = template([range('a', 1, 5), range('b', -9, 9), range('c', -9, 9)], ['b^2 - 4ac > 0', 'c != 0']);
    for (let seed = 1; seed <= 30; seed++) {
      const v = draw(quadratic, seed);
      expect(Number(v.b) ** 2 - 4 * Number(v.a) * Number(v.c)).toBeGreaterThan(0);
    }
  });

  it('gives up with a clear message, naming the constraint that failed most', () => {
    const contradictory = compileTemplate(template([range('a', 1, 9), range('b', 1, 9)], ['a > 5', 'a < 3']));
    expect(drawVariant(contradictory, 1)).toEqual({ ok: false, reason: M.gaveUp('a > 5') });
  });

  it('refuses a seed outside 1 to 2^31 - 1', () => {
    const t = compileTemplate(template([range('a', 1, 9)]));
    for (const seed of [0, -1, 1.5, 2 ** 31]) expect(drawVariant(t, seed)).toEqual({ ok: false, reason: M.seedList });
  });
});

describe('what a template may say', () => {
  it.each([
    [template([range('1a', 1, 2)]), M.variableName],
    [template([range('gcd', 1, 2)]), M.reservedName('gcd')],
    [template([range('a', 1, 2), range('a', 1, 2)]), M.duplicateName('a')],
    [template([range('a', 5, 1)]), M.rangeOrder('a')],
    [template([range('a', 1, 2, 0)]), M.rangeStep('a')],
    [template([range('a', 0, 1, '0.3')]), M.rangeStep('a')],
    [template([range('a', 'one', 2)]), M.rangeNumbers('a')],
    [template([range('a', -1e12, 1e12, '0.001')]), M.rangeSize('a')],
    [template([range('a', 1, 1e13)]), M.rangeNumbers('a')],
    [template([{ name: 'w', kind: 'choice', values: [] }]), M.choiceList('w')],
    [template([{ name: 'w', kind: 'choice', values: ['<b>'] }]), M.choiceList('w')],
    [template([computed('c', 'a*b'), range('a', 1, 2), range('b', 1, 2)]), M.laterName('a')],
    [template([range('a', 1, 2), computed('c', 'a > 1')]), M.comparisonInValue],
    [template([range('a', 1, 2), computed('c', 'zz + 1')]), M.unknownName('zz')],
    [template([range('a', 1, 2)], ['a + 1']), M.notComparison],
    [template([range('a', 1, 2)], ['']), M.expressionEmpty],
    [template([range('a', 1, 2)], ['a ! 2']), M.unexpected('"!"')],
    [template([range('a', 1, 2)], ['gcd(a) = 1']), 'gcd takes 2 values'],
    [template([range('a', 1, 2)], [`${'('.repeat(30)}a${')'.repeat(30)} = 1`]), M.expressionDepth],
    [template([range('a', 1, 2)], [`a = ${'1+'.repeat(100)}1`]), M.expressionLength],
    [template(Array.from({ length: 21 }, (_, i) => range(`v${i}`, 1, 2))), M.tooManyVariables],
  ])('refuses case %#', (t, message) => {
    expect(issue(t).message).toBe(message);
  });

  it('computes with the functions of the language', () => {
    const at = (text: string, v: Record<string, number> = {}) => {
      const result = evaluate(parseExpression(text, new Set(Object.keys(v))), values(v), new WorkBudget(1000));
      return result instanceof Fraction ? result.toFraction() : result;
    };
    expect(at('gcd(12, 18) + lcm(4, 6)')).toBe('18');
    expect(at('mod(-7, 3)')).toBe('2');
    expect(at('round(-2.5) + round(2.5)')).toBe('0');
    expect(at('sqrt(9/4)')).toBe('3/2');
    expect(at('|a - b|', { a: 2, b: 7 })).toBe('5');
    expect(at('2^-2')).toBe('1/4');
    expect(at('num(6/4) * 10 + den(6/4)')).toBe('32');
    expect(at('1 < a <= 3 and not a = 2', { a: 3 })).toBe(true);
    expect(at('a ≠ b or a ≥ b', { a: 1, b: 1 })).toBe(true);
  });
});

describe('hostile templates answer in bounded time', () => {
  const timed = (t: QuestionTemplate) => {
    const compiled = compileTemplate(t);
    const started = performance.now();
    const drawn = drawVariant(compiled, 7);
    return { drawn, ms: performance.now() - started };
  };

  it('a huge range draws at once', () => {
    const { drawn, ms } = timed(template([range('a', -1e12, 1e12), range('b', -1e12, 1e12)], ['a != b']));
    expect(drawn.ok).toBe(true);
    expect(ms).toBeLessThan(50);
  });

  it('contradictory constraints give up within the budget', () => {
    const many = Array.from({ length: 20 }, (_, i) => `v${i} * v${(i + 1) % 20} + gcd(v${i}, 97) > 10^11`);
    const { drawn, ms } = timed(
      template(
        Array.from({ length: 20 }, (_, i) => range(`v${i}`, 1, 1000)),
        many,
      ),
    );
    expect(drawn.ok).toBe(false);
    expect(ms).toBeLessThan(500);
  });

  it('deep powers and growing values stop at the magnitude limit', () => {
    const tower = template(
      [
        range('a', 2, 9),
        computed('b', 'a^40'),
        computed('c', '(a^30)^30'),
        computed('d', 'max(a, a, a, a, a, a, a, a, a, a)^64'),
      ],
      [],
    );
    const { drawn, ms } = timed(tower);
    expect(drawn).toEqual({ ok: false, reason: M.gaveUp(null) });
    expect(ms).toBeLessThan(500);
  });

  it('runs out of work rather than time', () => {
    // Nineteen long constraints that hold, then one that never does: every draw reads them all.
    const heavy = [
      ...Array.from({ length: 19 }, () => `${Array.from({ length: 30 }, () => 'a').join('+')} > 0`),
      'a < 0',
    ];
    const { drawn, ms } = timed(template([range('a', 1, 9)], heavy));
    expect(drawn).toEqual({ ok: false, reason: M.tooMuchWork });
    expect(ms).toBeLessThan(500);
    expect(TEMPLATE_LIMITS.work).toBeLessThan(1e6);
  });
});

describe('writing values into text', () => {
  const v = values({ a: 3, n: -1, one: 1, z: 0, who: 'Ana' });

  it.each([
    ['{a}', '3'],
    ['x {+a}', 'x + 3'],
    ['x {+n}', 'x - 1'],
    ['x {+z}', 'x '],
    ['{a:x}', '3x'],
    ['{n:x}', '-x'],
    ['{one:x}', 'x'],
    ['{z:x}', '0'],
    ['{+n:x^2}', '- x^2'],
    ['x{^one} x{^n}', 'x x^{-1}'],
    ['{who} has {a} apples', 'Ana has 3 apples'],
    ['$\\frac{a}{b}$', '$\\frac{3}{b}$'],
    ['$x^{n} {a:y} - {a}$', '$x^{-1} 3y - 3$'],
    ['$\\sqrt{a} + {a}/{n}$', '$\\sqrt{3} + 3/-1$'],
    ['{undeclared} {a', '{undeclared} {a'],
  ])('%s reads %s', (text, expected) => {
    expect(fillText(text, v)).toBe(expected);
  });

  it('writes fractions as math, exactly, and decimals drawn as decimals as decimals', () => {
    const drawn = drawVariant(
      compileTemplate(
        template([
          range('h', '0.25', '0.25', '0.25'),
          computed('d', '2h + 0.5'),
          computed('q', '1/4'),
          computed('half', 'h / 2'),
          computed('r', '-1/3'),
        ]),
      ),
      1,
    );
    if (!drawn.ok) throw new Error(drawn.reason);
    const f = drawn.values;
    expect(fillText('h {h}, d {d}, q {q}, half {half}', f)).toBe('h 0.25, d 1, q $\\frac{1}{4}$, half $\\frac{1}{8}$');
    expect(fillText('$x {+h:y}$', f)).toBe('$x + 0.25y$');
    expect(fillText('r is {r}, h is {h}', f)).toBe('r is $-\\frac{1}{3}$, h is 0.25');
    expect(fillText('$x = {r}$', f)).toBe('$x = -\\frac{1}{3}$');
    expect(fillText('$x^{r}$', f)).toBe('$x^{-\\frac{1}{3}}$');
    expect(fillText('{r}', f, true)).toBe('-\\frac{1}{3}');
    expect(fillText('$\\text{by} {who}$', values({ who: 'Ana' }))).toBe('$\\text{by} \\text{Ana}$');
  });

  it('reads a long text in one pass', () => {
    const text = '{'.repeat(50_000) + 'a'.repeat(50_000);
    const started = performance.now();
    fillText(text, v);
    expect(performance.now() - started).toBeLessThan(100);
  });
});

describe('a template in a line', () => {
  it('names each variable as the bank shows it', () => {
    expect(
      describeTemplate(
        template([
          range('a', 1, 9),
          range('h', '0.5', '2', '0.5'),
          { name: 'who', kind: 'choice', values: ['Ana', 'Ben'] },
          computed('s', 'a + h'),
        ]),
      ),
    ).toBe('a from 1 to 9; h from 0.5 to 2 by 0.5; who one of Ana, Ben; s = a + h');
  });
});

describe('a variant’s self-checks', () => {
  const addFractions = compileTemplate(
    template([range('a', 1, 7), range('b', 8, 8), range('c', 1, 7), computed('s', 'a + c')], ['a != c']),
  );
  const blank = {
    type: 'Fill in the Blank' as const,
    questionText: 'Add $\\frac{a}{b}$ and $\\frac{c}{b}$: ___1___',
    options: {},
    answer: [['\\frac{s}{b}'.replace('s', '{s}').replace('b', '{b}')]],
    answerForms: [[{ kind: 'simplest' }]],
    hint: '',
    solution: 'Add the tops: {a} {+c} = {s}',
  };
  const noMath = () => null;

  it('passes a variant whose key is in its form, and fails one that is not, saying why', () => {
    const results = Array.from({ length: 20 }, (_, i) => previewVariant(addFractions, blank, i + 1, noMath));
    const passing = results.filter((r) => r.problems.length === 0);
    const failing = results.filter((r) => r.problems.length > 0);
    expect(passing.length).toBeGreaterThan(0);
    expect(failing.length).toBeGreaterThan(0);
    for (const r of passing) expect(Number(r.values!.get('s')!.toString()) % 2).toBe(1);
    expect(failing[0].problems[0]).toMatch(/Simplest form/);
    expect(passing[0].question!.questionText).toMatch(/^Add \$\\frac\{\d\}\{8\}\$ and \$\\frac\{\d\}\{8\}\$: ___1___$/);
  });

  it('fails a distractor with the key’s value, and a double sign', () => {
    const t = compileTemplate(template([range('a', 2, 2), range('n', -3, -3)]));
    const choice = {
      type: 'Multiple Choice' as const,
      questionText: 'Which is $x - {n}$ at $x = {a}$?',
      options: { A: '${a}$', B: '$\\frac{4}{2}$', C: '$7$' },
      answer: { a1: ['A'] },
      answerForms: [],
      hint: '',
      solution: '',
    };
    const preview = previewVariant(t, choice, 1, noMath);
    expect(preview.problems).toEqual([M.distractorIsKey('B'), M.doubleSign('- -3')]);
  });

  it('reports math that cannot be drawn, and a variant that cannot be drawn', () => {
    const t = compileTemplate(template([range('a', 2, 2)]));
    const q = { ...blank, questionText: '$\\frac{a}$ ___1___', answer: [['{a}']], answerForms: [] };
    expect(previewVariant(t, q, 1, (latex) => (latex === '\\frac{2}' ? 'Expected group' : null)).problems).toEqual([
      M.mathError('Expected group'),
    ]);
    const never = compileTemplate(template([range('a', 1, 2)], ['a > 5']));
    expect(previewVariant(never, q, 1, noMath)).toMatchObject({ question: null, problems: [M.gaveUp('a > 5')] });
  });
});
