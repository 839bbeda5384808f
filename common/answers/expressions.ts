/**
 * Algebraic expressions: parsed with the mathjs parser, compared exactly when
 * they are pure numbers and by evaluation at seeded random points otherwise.
 */
import { create, parseDependencies, type MathNode } from 'mathjs';
import { FUNCTIONS, UnreadableError } from './normalize';
import { close, evaluate, sameNumber, type Env, type Value } from './numbers';
import { UNIT_NAMES } from './units';

// Numerals parse as fractions so `0.1` stays exactly 1/10.
const { parse } = create({ parseDependencies }, { number: 'Fraction' });

/** A parsed expression, its free variables, and its value when it has none. */
export interface Expr {
  node: MathNode;
  vars: string[];
  value: Value | null;
}

const SEED = 0x2f6b3a1d;
const MAX_TRIES = 24;
const WANTED_POINTS = 8;
const MIN_POINTS = 4;
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
  node.traverse((n, path) => {
    nodes++;
    const name = (n as MathNode & { name?: string }).name;
    if (n.type === 'SymbolNode' && path !== 'fn' && name !== undefined && name !== 'pi') vars.add(name);
  });
  if (nodes > MAX_NODES) throw new UnreadableError('too complex');
  const names = [...vars].sort();
  // One evaluation rejects constructs the evaluator does not support (strings, ranges, …).
  const value = evaluate(node, new Map(names.map((v) => [v, 0.5])));
  return { node, vars: names, value: names.length === 0 ? value : null };
}

/** Separates runs of letters into variables unless they name a function, unit or π. */
function splitLetters(s: string): string {
  return s.replace(/\p{L}+(?:_[\p{L}\d]+)?/gu, (word, offset: number) => {
    if (FUNCTIONS.has(word)) return word;
    const whole = word === 'pi' || UNIT_NAMES.has(word) || word.includes('_');
    const product = whole ? word : [...word].join('*');
    // `x(x+1)` is a product, not a call of a function named x.
    return /^\s*\(/.test(s.slice(offset + word.length)) ? `${product}*` : product;
  });
}

/** Whether two expressions are equal: exactly for numbers, at sample points otherwise. */
export function sameExpression(a: Expr, b: Expr): boolean {
  if (a.value && b.value) return sameNumber(a.value, b.value);
  const rows = sampleRows([a, b]);
  return rows !== null && rows.every(([x, y]) => close(x, y));
}

/**
 * Whether `aLeft - aRight` is a constant non-zero multiple of `bLeft - bRight`
 * (a positive one when `positive`): the test for equivalent equations and inequalities.
 */
export function proportional(a: [Expr, Expr], b: [Expr, Expr], positive: boolean): boolean {
  const rows = sampleRows([...a, ...b]);
  if (rows === null) return false;
  const diffs = rows.map(([al, ar, bl, br]) => [al - ar, bl - br]);
  const pivot = diffs.find(([, g]) => !close(g, 0));
  if (pivot === undefined) return diffs.every(([f]) => close(f, 0));
  const k = pivot[0] / pivot[1];
  if (close(k, 0) || (positive && k < 0)) return false;
  return diffs.every(([f, g]) => close(f, k * g));
}

/** Values of all expressions at shared seeded points where every value is finite. */
function sampleRows(exprs: Expr[]): number[][] | null {
  const vars = [...new Set(exprs.flatMap((e) => e.vars))];
  const random = mulberry32(SEED);
  const rows: number[][] = [];
  const tries = vars.length === 0 ? 1 : MAX_TRIES;
  for (let t = 0; t < tries && rows.length < WANTED_POINTS; t++) {
    const env: Env = new Map(vars.map((v) => [v, samplePoint(random)]));
    const row = exprs.map((e) => evaluate(e.node, env).approx);
    if (row.every(Number.isFinite)) rows.push(row);
  }
  return rows.length >= Math.min(tries, MIN_POINTS) ? rows : null;
}

/** Random floats of magnitude 0.3–6.3, mostly positive so roots and logs stay defined. */
function samplePoint(random: () => number): number {
  const magnitude = 0.3 + random() * 6;
  return random() < 0.25 ? -magnitude : magnitude;
}

/** Small seeded PRNG so every check is deterministic. */
function mulberry32(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
