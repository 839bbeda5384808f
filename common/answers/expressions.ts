/**
 * Algebraic expressions: parsed with the mathjs parser, compared exactly when
 * they are pure numbers and by evaluation at seeded random points otherwise.
 */
import { create, parseDependencies, type MathNode } from 'mathjs';
import { CONSTANTS, IMAGINARY_UNIT } from './functions';
import { FUNCTIONS, INDEX_NAMES, UnreadableError } from './normalize';
import type Complex from 'complex.js';
import { evaluateComplex } from './complex';
import { compileReal, type RealFunction } from './compile';
import Fraction from 'fraction.js';
import { OverBudgetError, TOLERANCE, checkBudget, close, evaluate, sameNumber, type Env, type Value } from './numbers';
import { UNIT_NAMES } from './units';
import { closePrecise, preciseValue } from './precise';

// Numerals parse as fractions so `0.1` stays exactly 1/10.
const { parse } = create({ parseDependencies }, { number: 'Fraction' });

/** A parsed expression, its free variables, its value when it has none, and its float function for sampling. */
export interface Expr {
  node: MathNode;
  vars: string[];
  value: Value | null;
  /** Compiled on first use: most answers are numbers and never sampled. */
  compiled?: RealFunction;
  /** Parse-tree nodes: the cost of one evaluation, for the time budget. */
  size: number;
  /** Whether a numeral has eight decimals or more (`0.333333333333333`): sampling's tolerance may hide its rounding. */
  decimals: boolean;
  /** Whether a power or root has a power or root for base, one of them not whole (`(a^b)^c`, `\sqrt{x^2}`): power
   * rules part there for a negative base. */
  powers: boolean;
  /** Whether it has the imaginary unit (complex reading only): compared in the complex numbers. */
  imaginary: boolean;
  /** The variables a sum or product runs to (`n` of `\sum_{k=1}^{n}`): sampled at whole numbers. */
  wholeVars: string[];
}

/** While set, the letter `i` is the imaginary unit: a check of a blank marked for complex numbers. */
let imaginaryUnit = false;

/** Runs a check reading `i` as the imaginary unit. */
export function withImaginaryUnit<T>(check: () => T): T {
  const before = imaginaryUnit;
  imaginaryUnit = true;
  try {
    return check();
  } finally {
    imaginaryUnit = before;
  }
}

/** Whether `i` is read as the imaginary unit now: a parse made so is not the same as one made otherwise. */
export const readingImaginaryUnit = (): boolean => imaginaryUnit;

const SEED = 0x2f6b3a1d;
const MIN_LOG = Math.log(0.1);
const MAX_LOG = Math.log(8);
const MAX_TRIES = 24;
const WANTED_POINTS = 8;
const MIN_POINTS = 4;
/** The denominator of a numeral with eight decimals or more; sampling tells shorter rounding from the exact value. */
const LONG_DECIMAL = 100_000_000n;
/** A K-12 answer has far fewer nodes; the cap bounds the cost of sampling hostile input. */
const MAX_NODES = 400;

/** Parses plain infix (see normalize.ts); `xy` means x·y as in written math. */
export function parseExpression(plain: string): Expr {
  const infix = splitLetters(plain);
  // Every numeral, name, operator and bracket becomes at least one node: refuse before mathjs
  // spends milliseconds building a tree that would be refused anyway.
  if ((infix.match(/[\p{L}\d.]+|[-+*/^!(]/gu)?.length ?? 0) > MAX_NODES) throw new UnreadableError('too complex');
  let node: MathNode;
  try {
    node = parse(infix);
  } catch {
    throw new UnreadableError('syntax');
  }
  const vars = new Set<string>();
  let nodes = 0;
  let decimals = false;
  let powers = false;
  let imaginary = false;
  const wholeVars = new Set<string>();
  node.traverse((n, path) => {
    nodes++;
    const value: unknown = (n as MathNode & { value?: unknown }).value;
    if (n.type === 'ConstantNode' && value instanceof Fraction && value.d >= LONG_DECIMAL) decimals = true;
    if (isPower(n)) {
      const base = unwrapped((n as MathNode & { args: MathNode[] }).args[0]);
      if (isPower(base) && (!wholePower(n) || !wholePower(base))) powers = true;
    }
    const name = (n as MathNode & { name?: string }).name;
    if (name === IMAGINARY_UNIT) imaginary = true;
    else if (n.type === 'SymbolNode' && path !== 'fn' && name !== undefined && !CONSTANTS.has(name)) {
      if (!INDEX_NAMES.includes(name)) vars.add(name);
    }
    const called = (n as MathNode & { fn?: { name?: string } }).fn?.name;
    if (n.type === 'FunctionNode' && (called === 'sum' || called === 'prod')) {
      for (const bound of (n as MathNode & { args: MathNode[] }).args.slice(2))
        bound.traverse((b) => {
          const boundName = (b as MathNode & { name?: string }).name;
          if (b.type === 'SymbolNode' && boundName !== undefined && !CONSTANTS.has(boundName)) wholeVars.add(boundName);
        });
    }
  });
  if (nodes > MAX_NODES) throw new UnreadableError('too complex');
  const names = [...vars].sort();
  // One evaluation rejects constructs the evaluator does not support (strings, ranges, …).
  const value = evaluate(node, new Map(names.map((v) => [v, 0.5])));
  const constant = names.length === 0 && !imaginary;
  return {
    node,
    vars: names,
    value: constant ? value : null,
    size: nodes,
    decimals,
    powers,
    imaginary,
    wholeVars: [...wholeVars].filter((v) => !INDEX_NAMES.includes(v)),
  };
}

/** A power, square root or root: `a^b`, `\sqrt{a}`, `\sqrt[n]{a}`. */
function isPower(node: MathNode): boolean {
  const name = (node as MathNode & { fn?: { name?: string } }).fn?.name;
  return (
    (node.type === 'OperatorNode' && (node as MathNode & { op: string }).op === '^') ||
    (node.type === 'FunctionNode' && (name === 'sqrt' || name === 'root'))
  );
}

/** A power to a whole numeral (`a^2`), not a root nor a power to a letter or fraction. */
function wholePower(node: MathNode): boolean {
  if (node.type !== 'OperatorNode') return false;
  const exponent = unwrapped((node as MathNode & { args: MathNode[] }).args[1]);
  const value = (exponent as MathNode & { value?: unknown }).value;
  return exponent.type === 'ConstantNode' && value instanceof Fraction && value.d === 1n;
}

function unwrapped(node: MathNode): MathNode {
  let inner = node;
  while (inner.type === 'ParenthesisNode') inner = (inner as MathNode & { content: MathNode }).content;
  return inner;
}

/** The float function of an expression, for sampling. */
export function realFunction(expr: Expr): RealFunction {
  expr.compiled ??= compileReal(expr.node);
  return expr.compiled;
}

/** Separates runs of letters into variables unless they name a function, unit or π (`e` is one letter anyway). */
function splitLetters(s: string): string {
  return s.replace(/\p{L}+(?:_[\p{L}\d]+)?/gu, (word, offset: number) => {
    if (FUNCTIONS.has(word)) return word;
    const whole = word === 'pi' || UNIT_NAMES.has(word) || word.includes('_');
    const letters = imaginaryUnit ? [...word].map((c) => (c === 'i' ? IMAGINARY_UNIT : c)) : [...word];
    const product = whole ? word : letters.join('*');
    // `x(x+1)` is a product, not a call of a function named x.
    return /^\s*\(/.test(s.slice(offset + word.length)) ? `${product}*` : product;
  });
}

/**
 * Whether two expressions are equal: exactly for numbers; otherwise at seeded sample points,
 * in the reals where both sides are defined at enough of them, else in the complex numbers
 * (principal branches) where real evaluation is undefined, as for `(-2)^n`.
 */
export function sameExpression(a: Expr, b: Expr): boolean {
  if (a.value && b.value) return sameConstant(a.value, b.value, a, b);
  if (a.imaginary || b.imaginary) return sameComplex(a, b);
  const points = wholeWhereSummed(samplePoints([...new Set([...a.vars, ...b.vars])]), [a, b]);
  const rows = realRows([a, b], points);
  if (rows.some(([x, y]) => !close(x, y))) return false;
  if (rows.length >= MIN_POINTS) return !differExactly([a], [b]);
  const complexRows = rowsAt(
    points,
    (env) => [evaluateComplex(a.node, env), evaluateComplex(b.node, env)],
    (z) => z.isFinite(),
    [a, b],
  );
  return complexRows.length >= MIN_POINTS && complexRows.every(([x, y]) => closeComplex(x, y));
}

/** Floats closer than this (relative) do not decide between irrational numbers: their precise values do. */
const UNDECIDED = 1e-6;

/**
 * Whether two numbers are equal: exactly when both are rational; otherwise by floats, and where floats just miss
 * (`\sqrt{10^{16}+1} - 10^8` is 0 in floats, and 5e-9) by their precise values, where there are any.
 */
function sameConstant(x: Value, y: Value, a: Expr, b: Expr): boolean {
  const equal = sameNumber(x, y);
  if (equal || (x.exact && y.exact) || !Number.isFinite(x.approx) || !Number.isFinite(y.approx)) return equal;
  // Floats apart by more than rounding could make them are apart: only a near miss is looked at again.
  if (Math.abs(x.approx - y.approx) > UNDECIDED * Math.max(1, Math.abs(x.approx), Math.abs(y.approx))) return false;
  const [p, q] = [preciseValue(a.node), preciseValue(b.node)];
  return p !== null && q !== null ? closePrecise(p, q) : sameNumber(x, y);
}

/**
 * Whether two expressions, one with the imaginary unit, are equal in the complex numbers: at every sample point
 * (the one empty point for numbers) where both are finite, and at least at as many as for real sampling.
 */
function sameComplex(a: Expr, b: Expr): boolean {
  const points = samplePoints([...new Set([...a.vars, ...b.vars])]);
  const rows = rowsAt(
    points,
    (env) => [evaluateComplex(a.node, env), evaluateComplex(b.node, env)],
    (z) => z.isFinite(),
    [a, b],
  );
  return rows.length >= Math.min(points.length, MIN_POINTS) && rows.every(([x, y]) => closeComplex(x, y));
}

/**
 * Whether `aLeft - aRight` is a constant non-zero multiple of `bLeft - bRight`
 * (a positive one when `positive`): the quick test for equivalent equations and inequalities.
 */
export function proportional(a: [Expr, Expr], b: [Expr, Expr], positive: boolean): boolean {
  const points = samplePoints([...new Set([...a, ...b].flatMap((e) => e.vars))]);
  const rows = realRows([...a, ...b], points);
  if (rows.length < Math.min(points.length, MIN_POINTS)) return false;
  const diffs = rows.map(([al, ar, bl, br]) => [al - ar, bl - br]);
  const pivot = diffs.find(([, g]) => !close(g, 0));
  if (pivot === undefined) return diffs.every(([f]) => close(f, 0));
  const k = pivot[0] / pivot[1];
  if (close(k, 0) || (positive && k < 0)) return false;
  return diffs.every(([f, g]) => close(f, k * g)) && !differExactly(a, b);
}

/** Rational values for the variables, one point each, where rational expressions are compared exactly. */
const RATIONAL_POINTS = [
  [new Fraction(7, 13), new Fraction(11, 17), new Fraction(-5, 19), new Fraction(13, 23)],
  [new Fraction(19, 11), new Fraction(-3, 29), new Fraction(23, 7), new Fraction(2, 31)],
];
/**
 * Small values, a negative base among them, where power rules that hold only for a positive base part:
 * `((-2)^2)^{1/2}` is 2 but `(-2)^{2 \cdot 1/2}` is -2, so `(a^b)^c` is not `a^{bc}`. None is 0 or ±1, where
 * expressions equal elsewhere are often undefined.
 */
const SMALL_POINTS = [
  [new Fraction(-2), new Fraction(2), new Fraction(1, 2), new Fraction(3), new Fraction(-3, 2)],
  [new Fraction(-2), new Fraction(1, 2), new Fraction(2), new Fraction(3), new Fraction(-3, 2)],
];

/**
 * Whether sides that sampling found equal (`a[0]` against `b[0]`), or differences of sides found proportional
 * (`a[0] - a[1]` against `b[0] - b[1]`), differ when computed exactly at rational points: sampling's tolerance cannot
 * tell `0.333333333333333x^2` from `x^2/3`, and its points, where a negative base of a power is undefined, cannot
 * tell `(a^b)^c` from `a^{bc}`. Only where every step is rational on both sides; otherwise sampling's verdict
 * stands.
 */
function differExactly(a: Expr[], b: Expr[]): boolean {
  const sides = [...a, ...b];
  const points = [
    ...(sides.some((e) => e.decimals) ? [RATIONAL_POINTS[0]] : []),
    // A sum to a negative bound is empty, not the formula's value there: small points are for powers alone.
    ...(a.length === 1 && sides.some((e) => e.powers) && sides.every((e) => e.wholeVars.length === 0)
      ? SMALL_POINTS
      : []),
  ];
  if (points.length === 0) return false;
  const vars = [...new Set([...a, ...b].flatMap((e) => e.vars))];
  const valueAt = (point: Fraction[], e: Expr): Value => {
    // Past the listed values, each further variable takes one more than an earlier one.
    const exact = new Map(vars.map((v, i) => [v, point[i % point.length].add(Math.floor(i / point.length))]));
    const floats = new Map([...exact].map(([v, f]) => [v, f.valueOf()]));
    return evaluate(e.node, floats, exact);
  };
  const differenceAt = (point: Fraction[], [left, right]: Expr[]): Fraction | null => {
    const [l, r] = [valueAt(point, left).exact, valueAt(point, right).exact];
    return l === null || r === null ? null : l.sub(r);
  };
  try {
    if (a.length === 1)
      return points.some((point) => {
        const [x, y] = [valueAt(point, a[0]), valueAt(point, b[0])];
        return x.exact !== null && y.exact !== null && !sameNumber(x, y);
      });
    // Proportional differences f and g: f1 g2 = f2 g1 at two points.
    const [f1, g1] = [differenceAt(RATIONAL_POINTS[0], a), differenceAt(RATIONAL_POINTS[0], b)];
    const [f2, g2] = [differenceAt(RATIONAL_POINTS[1], a), differenceAt(RATIONAL_POINTS[1], b)];
    if (f1 === null || g1 === null || f2 === null || g2 === null) return false;
    return !f1.mul(g2).equals(f2.mul(g1));
  } catch (error) {
    if (error instanceof OverBudgetError) throw error;
    return false;
  }
}

/**
 * The sample points with the variables a sum or product runs to set to whole numbers from 2 to 10, where the sum
 * has a value (`\sum_{k=1}^{n} k` against `\frac{n(n+1)}{2}`); the points unchanged when there are none.
 */
function wholeWhereSummed(points: Env[], exprs: Expr[]): Env[] {
  const whole = new Set(exprs.flatMap((e) => e.wholeVars));
  if (whole.size === 0) return points;
  return points.map((point, i) => new Map([...point].map(([v, x]) => [v, whole.has(v) ? 2 + ((i * 7) % 9) : x])));
}

/**
 * Whether two equations that sampling found to have the same solutions part when solved exactly: along each
 * variable, the others at a rational point, an equation linear in it has one exact root, which the other must
 * satisfy exactly (`y = 0.333333333333333x` against `y = x/3`, whose roots sampling's tolerance cannot tell apart).
 * Only where a side has decimals and every step is rational.
 */
export function solutionsDifferExactly(a: Expr[], b: Expr[]): boolean {
  if (![...a, ...b].some((e) => e.decimals)) return false;
  const vars = [...new Set([...a, ...b].flatMap((e) => e.vars))];
  const point = RATIONAL_POINTS[0];
  const base = new Map(vars.map((v, i) => [v, point[i % point.length].add(Math.floor(i / point.length))]));
  const differenceAt = (sides: Expr[], v: string, t: Fraction): Fraction | null => {
    const exact = new Map(base).set(v, t);
    const floats = new Map([...exact].map(([name, f]) => [name, f.valueOf()]));
    const [left, right] = sides.map((side) => evaluate(side.node, floats, exact).exact);
    return left === null || right === null ? null : left.sub(right);
  };
  try {
    for (const v of vars)
      for (const [equation, other] of [
        [a, b],
        [b, a],
      ]) {
        const [f0, f1, f2] = [0, 1, 2].map((t) => differenceAt(equation, v, new Fraction(t)));
        if (f0 === null || f1 === null || f2 === null) continue;
        const slope = f1.sub(f0);
        // Not linear in v (or without it): no exact root to try.
        if (slope.equals(0) || !f2.sub(f1).equals(slope)) continue;
        const root = f0.neg().div(slope);
        if (differenceAt(equation, v, root)?.equals(0) !== true) continue;
        const there = differenceAt(other, v, root);
        if (there !== null && !there.equals(0)) return true;
      }
    return false;
  } catch (error) {
    if (error instanceof OverBudgetError) throw error;
    return false;
  }
}

const pointCache = new Map<string, Env[]>();
const POINT_CACHE_SIZE = 64;

/** Seeded sample points for the variables (one empty point when there are none); the same for the same variables. */
export function samplePoints(vars: string[]): Env[] {
  const key = vars.join(' ');
  let points = pointCache.get(key);
  if (points === undefined) {
    const random = mulberry32(SEED);
    const count = vars.length === 0 ? 1 : MAX_TRIES;
    points = Array.from({ length: count }, () => new Map(vars.map((v) => [v, samplePoint(random)])));
    if (pointCache.size >= POINT_CACHE_SIZE) pointCache.clear();
    pointCache.set(key, points);
  }
  return points;
}

/** Real values of all expressions at the points where every one is finite, up to WANTED_POINTS rows. */
function realRows(exprs: Expr[], points: Env[]): number[][] {
  const functions = exprs.map(realFunction);
  return rowsAt(points, (env) => functions.map((f) => f(env)), Number.isFinite, exprs);
}

function rowsAt<T>(points: Env[], row: (env: Env) => T[], finite: (value: T) => boolean, exprs: Expr[]): T[][] {
  const rows: T[][] = [];
  const cost = exprs.reduce((sum, e) => sum + e.size, 0);
  for (const env of points) {
    if (rows.length >= WANTED_POINTS) break;
    checkBudget(cost);
    const values = row(env);
    if (values.every(finite)) rows.push(values);
  }
  return rows;
}

function closeComplex(x: Complex, y: Complex): boolean {
  return x.sub(y).abs() <= TOLERANCE * Math.max(1, x.abs(), y.abs());
}

/**
 * Random floats of magnitude 0.1–8, log-uniform so half lie below 1 (inside the domain of
 * arcsin and arccos) and half above; one in four negative, so roots and logs stay mostly defined.
 */
function samplePoint(random: () => number): number {
  const magnitude = Math.exp(MIN_LOG + random() * (MAX_LOG - MIN_LOG));
  return random() < 0.25 ? -magnitude : magnitude;
}

/** Small seeded PRNG so every check is deterministic. */
export function mulberry32(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
