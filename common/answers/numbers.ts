/**
 * Numeric values: exact rationals when the arithmetic allows it, floats otherwise.
 * Exactness is what keeps `0.50` ≠ `0.51` and `1/3` ≠ `0.3333333333` free of
 * floating-point false positives.
 */
import Fraction from 'fraction.js';
import type { MathNode } from 'mathjs';
import { UnreadableError } from './normalize';

/** A number: `exact` when it is a known rational, `approx` always. */
export interface Value {
  exact: Fraction | null;
  approx: number;
}

/** Values of the variables at one sample point. */
export type Env = ReadonlyMap<string, number>;

/** Relative tolerance, used only when a side is irrational (π, √2, sin …) or sampled. */
const TOLERANCE = 1e-9;
/** Bounds on exact powers so `2^{2^{100}}` falls back to floats instead of eating memory. */
const MAX_EXACT_EXPONENT = 4096;
const MAX_EXACT_BITS = 20000;
const MAX_ROOT_INDEX = 64;

/** Builds a value from a rational. */
export function exactValue(f: Fraction): Value {
  return { exact: f, approx: f.valueOf() };
}

function approxValue(x: number): Value {
  return { exact: null, approx: x };
}

/** Whether two numbers are equal: exactly when both are rational, else within tolerance. */
export function sameNumber(a: Value, b: Value): boolean {
  if (a.exact && b.exact) return a.exact.equals(b.exact);
  return close(a.approx, b.approx);
}

/** Float comparison with a relative tolerance (absolute below magnitude 1). */
export function close(x: number, y: number): boolean {
  return Number.isFinite(x) && Number.isFinite(y) && Math.abs(x - y) <= TOLERANCE * Math.max(1, Math.abs(x), Math.abs(y));
}

/** Evaluates a mathjs tree; symbols other than `pi` are looked up in env. */
export function evaluate(node: MathNode, env: Env): Value {
  switch (node.type) {
    case 'ConstantNode': {
      const value: unknown = (node as MathNode & { value: unknown }).value;
      // The parser is configured to read numerals as fractions, so `0.1` is exactly 1/10.
      if (value instanceof Fraction) return exactValue(value);
      throw new UnreadableError('not a number');
    }
    case 'SymbolNode': {
      const name = (node as MathNode & { name: string }).name;
      if (name === 'pi') return approxValue(Math.PI);
      const x = env.get(name);
      if (x === undefined) throw new UnreadableError(`unknown symbol ${name}`);
      return approxValue(x);
    }
    case 'ParenthesisNode':
      return evaluate((node as MathNode & { content: MathNode }).content, env);
    case 'OperatorNode': {
      const { fn, args } = node as MathNode & { fn: string; args: MathNode[] };
      return operate(fn, args.map((a) => evaluate(a, env)));
    }
    case 'FunctionNode': {
      const { fn, args } = node as MathNode & { fn: { name?: string }; args: MathNode[] };
      return callFunction(fn.name ?? '', args.map((a) => evaluate(a, env)));
    }
    default:
      throw new UnreadableError(`unsupported ${node.type}`);
  }
}

function operate(fn: string, v: Value[]): Value {
  const [a, b] = v;
  if (v.length === 1 && fn === 'unaryMinus') return a.exact ? exactValue(a.exact.neg()) : approxValue(-a.approx);
  if (v.length === 1 && fn === 'unaryPlus') return a;
  if (v.length === 1 && fn === 'factorial') return factorial(a);
  if (v.length !== 2) throw new UnreadableError(`unsupported ${fn}`);
  switch (fn) {
    case 'add':
      return a.exact && b.exact ? exactValue(a.exact.add(b.exact)) : approxValue(a.approx + b.approx);
    case 'subtract':
      return a.exact && b.exact ? exactValue(a.exact.sub(b.exact)) : approxValue(a.approx - b.approx);
    case 'multiply':
      return a.exact && b.exact ? exactValue(a.exact.mul(b.exact)) : approxValue(a.approx * b.approx);
    case 'divide':
      if (b.exact?.equals(0) || b.approx === 0) return approxValue(NaN);
      return a.exact && b.exact ? exactValue(a.exact.div(b.exact)) : approxValue(a.approx / b.approx);
    case 'pow':
      return power(a, b);
    default:
      throw new UnreadableError(`unsupported ${fn}`);
  }
}

/** Real power; exact for rational bases with small rational exponents that give rationals. */
function power(base: Value, exponent: Value): Value {
  const e = exponent.exact;
  if (e && e.d <= BigInt(MAX_ROOT_INDEX)) {
    const p = Number(e.s * e.n);
    const q = Number(e.d);
    const b = base.exact;
    const sizeOk = b !== null && Math.abs(p) <= MAX_EXACT_EXPONENT && bits(b) * Math.abs(p) <= MAX_EXACT_BITS;
    if (b && sizeOk && !(b.equals(0) && p < 0)) {
      // fraction.js refuses negative bases for roots; odd roots of negatives are real.
      const negative = b.s < 0n;
      if (!negative || q % 2 === 1) {
        const magnitude = b.abs().pow(e);
        if (magnitude) return exactValue(negative && Math.abs(p) % 2 === 1 ? magnitude.neg() : magnitude);
      }
    }
    if (base.approx < 0 && q % 2 === 1) {
      const magnitude = Math.pow(-base.approx, p / q);
      return approxValue(Math.abs(p) % 2 === 1 ? -magnitude : magnitude);
    }
  }
  return approxValue(Math.pow(base.approx, exponent.approx));
}

function bits(f: Fraction): number {
  return f.n.toString(2).length + f.d.toString(2).length;
}

function factorial(a: Value): Value {
  const n = a.exact && a.exact.d === 1n ? Number(a.exact.s * a.exact.n) : NaN;
  if (!(n >= 0 && n <= 170)) return approxValue(NaN);
  let result = new Fraction(1);
  for (let k = 2; k <= n; k++) result = result.mul(k);
  return exactValue(result);
}

const REAL_FUNCTIONS: Record<string, (x: number) => number> = {
  sin: Math.sin, cos: Math.cos, tan: Math.tan,
  sec: (x) => 1 / Math.cos(x), csc: (x) => 1 / Math.sin(x), cot: (x) => 1 / Math.tan(x),
  arcsin: Math.asin, arccos: Math.acos, arctan: Math.atan,
  ln: Math.log, log: Math.log10, exp: Math.exp,
};

function callFunction(name: string, v: Value[]): Value {
  const [a, b] = v;
  if (name === 'sqrt' && v.length === 1) return power(a, exactValue(new Fraction(1, 2)));
  if (name === 'root' && v.length === 2) {
    if (!b.exact || b.exact.d !== 1n || b.exact.equals(0)) return approxValue(Math.pow(a.approx, 1 / b.approx));
    return power(a, exactValue(b.exact.inverse()));
  }
  if (name === 'abs' && v.length === 1) return a.exact ? exactValue(a.exact.abs()) : approxValue(Math.abs(a.approx));
  const f = REAL_FUNCTIONS[name];
  if (f && v.length === 1) return approxValue(f(a.approx));
  throw new UnreadableError(`unknown function ${name}`);
}
