/**
 * Numeric values: exact rationals when the arithmetic allows it, floats otherwise.
 * Exactness is what keeps `0.50` ≠ `0.51` and `1/3` ≠ `0.3333333333` free of
 * floating-point false positives.
 */
import Fraction from 'fraction.js';
import type { MathNode } from 'mathjs';
import { CONSTANTS, IMAGINARY_UNIT, MATH_FUNCTIONS } from './functions';
import { UnreadableError } from './normalize';

/** A number: `exact` when it is a known rational, `approx` always. */
export interface Value {
  exact: Fraction | null;
  approx: number;
  /** Computed from a numeral with a decimal point (`1.12 \cdot 10^{200}`): see sameNumber. */
  decimal?: boolean;
}

/** Beyond these magnitudes a decimal is scientific notation, with the precision of a measurement. */
const SCIENTIFIC_LARGE = 1e15;
const SCIENTIFIC_SMALL = 1e-15;

/** Values of the variables at one sample point. */
export type Env = ReadonlyMap<string, number>;

/** Relative tolerance, used only when a side is irrational (π, √2, sin …) or sampled. */
export const TOLERANCE = 1e-9;
/**
 * Exact arithmetic stops where a float's range does (2^1024): operands with a bigger numerator
 * or denominator are worked on as floats. Beyond that size fraction.js's gcd costs milliseconds
 * per operation, and no school answer needs more.
 */
const MAX_EXACT_BITS = 1024;
const EXACT_LIMIT = 1n << BigInt(MAX_EXACT_BITS);
const MAX_ROOT_INDEX = 64;
/**
 * Work budget of one check (a whole question, or one entry against one accepted answer), in
 * node evaluations: the corpus needs at most a few thousand, hostile input is cut off well
 * within 50 ms. Counted rather than timed, so a verdict never depends on the server's load.
 */
export const MAX_WORK = 200_000;
/** A last guard on the clock, for any path the work count would miss; far above any real check. */
const CHECK_DEADLINE_MS = 250;
/** Work units between two looks at the clock. */
const CLOCK_EVERY = 256;

/** Thrown when a check outlives its budget; the bounds above should make that unreachable. */
export class OverBudgetError extends UnreadableError {}

let deadline = Infinity;
let work = 0;
let sinceClock = 0;
/** Whether the check under way has run out of budget anywhere, even where a caller caught the error. */
let ranOut = false;
/** The most work one check has needed since the process started (for tests and the benchmark). */
export let mostWork = 0;

/**
 * Runs `check` within the work budget and the deadline: evaluation past either throws
 * OverBudgetError, so no answer can hold the event loop for long. Nested calls share the outer budget.
 */
export function withinBudget<T>(check: () => T): T {
  if (deadline !== Infinity) return check();
  deadline = Date.now() + CHECK_DEADLINE_MS;
  work = 0;
  ranOut = false;
  try {
    return check();
  } finally {
    deadline = Infinity;
    mostWork = Math.max(mostWork, work);
  }
}

/** Counts `cost` units of work (nodes evaluated) and throws OverBudgetError once the budget is spent. */
export function checkBudget(cost = 1): void {
  // Outside a check (internal calls from tests) there is nothing to count against.
  if (deadline === Infinity) return;
  work += cost;
  sinceClock += cost;
  if (work > MAX_WORK) outOfBudget('over the work budget');
  if (sinceClock < CLOCK_EVERY) return;
  sinceClock = 0;
  if (Date.now() > deadline) outOfBudget('over time');
}

function outOfBudget(reason: string): never {
  ranOut = true;
  throw new OverBudgetError(reason);
}

/**
 * Runs `check` as withinBudget does, and tells whether it ran out of budget anywhere. One that did not gave the
 * verdict its input alone decides (sample points are seeded): the same one every time.
 */
export function withinBudgetWhole<T>(check: () => T): { value: T; whole: boolean } {
  if (deadline !== Infinity) throw new Error('withinBudgetWhole: already inside a check, whose budget it would share');
  const value = withinBudget(check);
  return { value, whole: !ranOut };
}

/** Builds a value from a rational. */
export function exactValue(f: Fraction): Value {
  return { exact: f, approx: toNumber(f) };
}

/** The float nearest a fraction, also when numerator and denominator overflow a float on their own. */
function toNumber(f: Fraction): number {
  const quotient = f.valueOf();
  if (!Number.isNaN(quotient)) return quotient;
  const shift = BigInt(Math.max(bitLength(f.n), bitLength(f.d)) - 1000);
  return Number(f.s * (f.n >> shift)) / Number(f.d >> shift);
}

function bitLength(n: bigint): number {
  return n.toString(2).length;
}

/** Whether a rational is small enough for exact arithmetic to stay cheap. */
function small(f: Fraction | null): f is Fraction {
  return f !== null && f.n < EXACT_LIMIT && f.d < EXACT_LIMIT;
}

function approxValue(x: number): Value {
  return { exact: null, approx: x };
}

/** Whether two numbers are equal: exactly when both are rational, else within tolerance. */
export function sameNumber(a: Value, b: Value): boolean {
  if (a.exact && b.exact) return a.exact.equals(b.exact) || (scientific(a, b) && relativelyClose(a.approx, b.approx));
  return close(a.approx, b.approx);
}

/**
 * Whether a pair is compared to a relative precision although both are exact: a side written
 * with a decimal point, and magnitudes no float holds to the unit (`1.1234567891234 \cdot 10^{200}`)
 * or so small that every digit is a significant one. Integers and fractions written out stay exact.
 */
function scientific(a: Value, b: Value): boolean {
  if (!a.decimal && !b.decimal) return false;
  const size = Math.max(Math.abs(a.approx), Math.abs(b.approx));
  return size >= SCIENTIFIC_LARGE || (size > 0 && size <= SCIENTIFIC_SMALL);
}

function relativelyClose(x: number, y: number): boolean {
  return Number.isFinite(x) && Number.isFinite(y) && Math.abs(x - y) <= TOLERANCE * Math.max(Math.abs(x), Math.abs(y));
}

/** Float comparison with a relative tolerance (absolute below magnitude 1). */
export function close(x: number, y: number): boolean {
  return (
    Number.isFinite(x) && Number.isFinite(y) && Math.abs(x - y) <= TOLERANCE * Math.max(1, Math.abs(x), Math.abs(y))
  );
}

/**
 * Evaluates a mathjs tree; symbols other than `pi` are looked up in env, or in `exact` for a rational value that
 * keeps the result exact where every step is rational.
 */
export function evaluate(node: MathNode, env: Env, exact?: ReadonlyMap<string, Fraction>): Value {
  checkBudget();
  switch (node.type) {
    case 'ConstantNode': {
      const value: unknown = (node as MathNode & { value: unknown }).value;
      // The parser is configured to read numerals as fractions, so `0.1` is exactly 1/10.
      if (value instanceof Fraction)
        return value.d === 1n ? exactValue(value) : { ...exactValue(value), decimal: true };
      throw new UnreadableError('not a number');
    }
    case 'SymbolNode': {
      const name = (node as MathNode & { name: string }).name;
      const rational = exact?.get(name);
      if (rational !== undefined) return exactValue(rational);
      // Complex values are complex.ts's: in the reals the imaginary unit has none.
      if (name === IMAGINARY_UNIT) return approxValue(NaN);
      const x = CONSTANTS.get(name) ?? env.get(name);
      if (x === undefined) throw new UnreadableError(`unknown symbol ${name}`);
      return approxValue(x);
    }
    case 'ParenthesisNode':
      return evaluate((node as MathNode & { content: MathNode }).content, env, exact);
    case 'OperatorNode': {
      const { fn, args } = node as MathNode & { fn: string; args: MathNode[] };
      return keepDecimal(
        args.map((a) => evaluate(a, env, exact)),
        (v) => applyOperator(fn, v),
      );
    }
    case 'FunctionNode': {
      const { fn, args } = node as MathNode & { fn: { name?: string }; args: MathNode[] };
      if ((fn.name === 'sum' || fn.name === 'prod') && args.length === 4) return series(fn.name, args, env, exact);
      return keepDecimal(
        args.map((a) => evaluate(a, env, exact)),
        (v) => applyFunction(fn.name ?? '', v),
      );
    }
    default:
      throw new UnreadableError(`unsupported ${node.type}`);
  }
}

/** The most terms a sum or product may have: a school answer adds a few dozen. */
const MAX_TERMS = 1000;
const TERM_COST = 50;

/**
 * `sum(body, index, low, high)` and `prod(...)` (normalize.ts): the body at each whole index from low to high, added
 * or multiplied, exactly where the terms are. Undefined (NaN) where a bound is not a whole number, as a sum to n is
 * at the sample points until they are whole; an empty range is the empty sum 0 or product 1.
 */
function series(
  name: 'sum' | 'prod',
  [body, index, from, to]: MathNode[],
  env: Env,
  exact: ReadonlyMap<string, Fraction> | undefined,
): Value {
  const indexName = (index as MathNode & { name?: string }).name;
  if (index.type !== 'SymbolNode' || indexName === undefined) throw new UnreadableError('series without an index');
  const [low, high] = [evaluate(from, env, exact), evaluate(to, env, exact)];
  const whole = (v: Value) => Number.isInteger(v.approx) && Math.abs(v.approx) <= Number.MAX_SAFE_INTEGER;
  if (!whole(low) || !whole(high)) return approxValue(NaN);
  if (high.approx - low.approx + 1 > MAX_TERMS) throw new UnreadableError('too many terms');
  let total = exactValue(new Fraction(name === 'sum' ? 0 : 1));
  for (let k = low.approx; k <= high.approx; k++) {
    // A term costs its scope and its exact arithmetic beside its nodes: nested sums run out of budget early.
    checkBudget(TERM_COST);
    const terms = new Map(exact ?? []).set(indexName, new Fraction(k));
    total = applyOperator(name === 'sum' ? 'add' : 'multiply', [total, evaluate(body, env, terms)]);
  }
  return total;
}

function keepDecimal(values: Value[], apply: (v: Value[]) => Value): Value {
  const result = apply(values);
  return values.some((v) => v.decimal) ? { ...result, decimal: true } : result;
}

/** A real operator on real values: NaN where it is undefined. */
export function applyOperator(fn: string, v: Value[]): Value {
  const [a, b] = v;
  if (v.length === 1 && fn === 'unaryMinus') return a.exact ? exactValue(a.exact.neg()) : approxValue(-a.approx);
  if (v.length === 1 && fn === 'unaryPlus') return a;
  if (v.length === 1 && fn === 'factorial') return factorial(a);
  if (v.length !== 2) throw new UnreadableError(`unsupported ${fn}`);
  const [x, y] = [a.exact, b.exact];
  const exact = small(x) && small(y);
  switch (fn) {
    case 'add':
      return exact ? exactValue(x.add(y)) : approxValue(a.approx + b.approx);
    case 'subtract':
      return exact ? exactValue(x.sub(y)) : approxValue(a.approx - b.approx);
    case 'multiply':
      return exact ? exactValue(x.mul(y)) : approxValue(a.approx * b.approx);
    case 'divide':
      if (y?.equals(0) || b.approx === 0) return approxValue(NaN);
      return exact ? exactValue(x.div(y)) : approxValue(a.approx / b.approx);
    case 'pow':
      return power(a, b);
    default:
      throw new UnreadableError(`unsupported ${fn}`);
  }
}

/**
 * Real power; exact for rational bases with small rational exponents that give rationals.
 * Roots are taken by integer Newton iteration and checked by raising back, never by
 * factorising (fraction.js's `pow` does trial division: minutes for a 20-digit prime).
 */
function power(base: Value, exponent: Value): Value {
  const e = exponent.exact;
  if (e && e.d <= BigInt(MAX_ROOT_INDEX)) {
    const p = Number(e.s * e.n);
    const q = Number(e.d);
    const b = base.exact;
    if (small(b) && !(b.equals(0) && p < 0)) {
      // Odd roots of negatives are real (fraction.js refuses them).
      const negative = b.s < 0n;
      const root = !negative || q % 2 === 1 ? rationalRoot(b.abs(), q) : null;
      if (root && Math.max(bitLength(root.n), bitLength(root.d)) * Math.abs(p) <= MAX_EXACT_BITS) {
        const magnitude = root.pow(p);
        return exactValue(negative && Math.abs(p) % 2 === 1 ? magnitude.neg() : magnitude);
      }
    }
    if (base.approx < 0 && q % 2 === 1) {
      const magnitude = Math.pow(-base.approx, p / q);
      return approxValue(Math.abs(p) % 2 === 1 ? -magnitude : magnitude);
    }
  }
  return approxValue(Math.pow(base.approx, exponent.approx));
}

/** The q-th root of a non-negative rational when it is rational, else null. */
function rationalRoot(f: Fraction, q: number): Fraction | null {
  if (q === 1) return f;
  const n = integerRoot(f.n, q);
  const d = n === null ? null : integerRoot(f.d, q);
  return n === null || d === null ? null : new Fraction(n, d);
}

/** The exact q-th root of a non-negative integer, or null when it is not a perfect power. */
function integerRoot(n: bigint, q: number): bigint | null {
  if (n < 2n) return n;
  const k = BigInt(q);
  // Newton's iteration from above decreases monotonically to ⌊n^(1/q)⌋.
  let x = 1n << BigInt(Math.ceil(bitLength(n) / q));
  for (;;) {
    const next = ((k - 1n) * x + n / x ** (k - 1n)) / k;
    if (next >= x) break;
    x = next;
  }
  return x ** k === n ? x : null;
}

/** n! exactly for a whole n up to 170; for any other real, Γ(x + 1), so `(n+1)!` and `(n+1) n!` sample alike. */
function factorial(a: Value): Value {
  const n = a.exact && a.exact.d === 1n ? Number(a.exact.s * a.exact.n) : NaN;
  if (Number.isInteger(n)) {
    if (!(n >= 0 && n <= 170)) return approxValue(NaN);
    let result = new Fraction(1);
    for (let k = 2; k <= n; k++) result = result.mul(k);
    return exactValue(result);
  }
  return approxValue(a.approx > 171 ? NaN : gamma(a.approx + 1));
}

/** Lanczos's coefficients (g = 7, nine terms): Γ to about 15 digits. */
const LANCZOS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
  12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
];

/** The gamma function of a real: NaN at 0 and the negative integers, where it has poles. */
export function gamma(x: number): number {
  if (Number.isInteger(x) && x <= 0) return NaN;
  // Reflection for the left half: Γ(x) Γ(1 - x) = π / sin(πx).
  if (x < 0.5) return Math.PI / (Math.sin(Math.PI * x) * gamma(1 - x));
  const z = x - 1;
  let sum = LANCZOS[0];
  for (let i = 1; i < LANCZOS.length; i++) sum += LANCZOS[i] / (z + i);
  const t = z + 7.5;
  return Math.sqrt(2 * Math.PI) * t ** (z + 0.5) * Math.exp(-t) * sum;
}

const ONE_HALF = exactValue(new Fraction(1, 2));

/** A named function of real values: NaN where it is undefined. */
export function applyFunction(name: string, v: Value[]): Value {
  const [a, b] = v;
  if (name === 'sqrt' && v.length === 1) return power(a, ONE_HALF);
  if (name === 'root' && v.length === 2) {
    if (!b.exact || b.exact.d !== 1n || b.exact.equals(0)) return approxValue(Math.pow(a.approx, 1 / b.approx));
    return power(a, exactValue(b.exact.inverse()));
  }
  if (name === 'abs' && v.length === 1) return a.exact ? exactValue(a.exact.abs()) : approxValue(Math.abs(a.approx));
  // `\log_b x`, read as log(x, b).
  if (name === 'log' && v.length === 2) return approxValue(Math.log(a.approx) / Math.log(b.approx));
  const f = MATH_FUNCTIONS[name];
  if (f && v.length === 1) return approxValue(f.real(a.approx));
  throw new UnreadableError(`unknown function ${name}`);
}
