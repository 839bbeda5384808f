/**
 * Numbers without variables computed to 60 significant digits, where floats cannot decide: a difference of nearly
 * equal radicals (`\sqrt{10^{16}+1} - 10^8` against `\frac{1}{\sqrt{10^{16}+1} + 10^8}`) keeps one of a float's 17
 * digits, and `(\sqrt{2}+1)^{20} - (\sqrt{2}-1)^{-20}` is a few units of its last digit from 0. The common functions
 * only: anything else (or outside its domain) has no precise value, and the floats' verdict stands.
 */
import Decimal from 'decimal.js';
import Fraction from 'fraction.js';
import type { MathNode } from 'mathjs';
import { UnreadableError } from './normalize';
import { OverBudgetError, TOLERANCE, checkBudget } from './numbers';

const Precise = Decimal.clone({ precision: 60, rounding: Decimal.ROUND_HALF_EVEN, maxE: 100_000, minE: -100_000 });
type P = Decimal;

/** Arithmetic to 60 digits costs several float steps: each node counts so. */
const PRECISE_NODE_COST = 10;
const PI = Precise.acos(-1);
const E = Precise.exp(1);

/** Whatever has no precise value here: the float verdict stands. */
class NoPreciseValue extends Error {}

const FUNCTIONS: Record<string, (x: P) => P> = {
  sin: (x) => Precise.sin(x),
  cos: (x) => Precise.cos(x),
  tan: (x) => Precise.tan(x),
  sec: (x) => new Precise(1).div(Precise.cos(x)),
  csc: (x) => new Precise(1).div(Precise.sin(x)),
  cosec: (x) => new Precise(1).div(Precise.sin(x)),
  cot: (x) => new Precise(1).div(Precise.tan(x)),
  arcsin: (x) => Precise.asin(x),
  arccos: (x) => Precise.acos(x),
  arctan: (x) => Precise.atan(x),
  asin: (x) => Precise.asin(x),
  acos: (x) => Precise.acos(x),
  atan: (x) => Precise.atan(x),
  sinh: (x) => Precise.sinh(x),
  cosh: (x) => Precise.cosh(x),
  tanh: (x) => Precise.tanh(x),
  exp: (x) => Precise.exp(x),
  ln: (x) => Precise.ln(x),
  log: (x) => Precise.log10(x),
  sqrt: (x) => Precise.sqrt(x),
  abs: (x) => Precise.abs(x),
};

/** The value of a tree without variables to 60 digits, or null where it has none here. */
export function preciseValue(node: MathNode): P | null {
  try {
    const value = evaluate(node);
    return value.isFinite() ? value : null;
  } catch (error) {
    if (error instanceof OverBudgetError) throw error;
    if (error instanceof NoPreciseValue || error instanceof UnreadableError) return null;
    // decimal.js throws plain errors for values it cannot hold (an exponent past maxE): no precise value.
    return null;
  }
}

/** Whether two precise values are equal within the checker's tolerance (relative; absolute below magnitude 1). */
export function closePrecise(x: P, y: P): boolean {
  const scale = Precise.max(1, x.abs(), y.abs());
  return x.sub(y).abs().lte(scale.mul(TOLERANCE));
}

function evaluate(node: MathNode): P {
  checkBudget(PRECISE_NODE_COST);
  switch (node.type) {
    case 'ConstantNode': {
      const value: unknown = (node as MathNode & { value: unknown }).value;
      if (!(value instanceof Fraction)) throw new NoPreciseValue();
      return new Precise((value.s * value.n).toString()).div(value.d.toString());
    }
    case 'SymbolNode': {
      const name = (node as MathNode & { name: string }).name;
      if (name === 'pi') return PI;
      if (name === 'e') return E;
      throw new NoPreciseValue();
    }
    case 'ParenthesisNode':
      return evaluate((node as MathNode & { content: MathNode }).content);
    case 'OperatorNode': {
      const { fn, args } = node as MathNode & { fn: string; args: MathNode[] };
      const [a, b] = args.map(evaluate);
      return defined(operator(fn, a, b));
    }
    case 'FunctionNode': {
      const { fn, args } = node as MathNode & { fn: { name?: string }; args: MathNode[] };
      const name = fn.name ?? '';
      const values = args.map(evaluate);
      if (name === 'root' && values.length === 2) return defined(power(values[0], new Precise(1).div(values[1])));
      if (name === 'log' && values.length === 2) return defined(Precise.ln(values[0]).div(Precise.ln(values[1])));
      const f = FUNCTIONS[name];
      if (f === undefined || values.length !== 1) throw new NoPreciseValue();
      return defined(f(values[0]));
    }
    default:
      throw new NoPreciseValue();
  }
}

function operator(fn: string, a: P, b: P | undefined): P {
  if (b === undefined) {
    if (fn === 'unaryMinus') return a.neg();
    if (fn === 'unaryPlus') return a;
    throw new NoPreciseValue();
  }
  switch (fn) {
    case 'add':
      return a.add(b);
    case 'subtract':
      return a.sub(b);
    case 'multiply':
      return a.mul(b);
    case 'divide':
      if (b.isZero()) throw new NoPreciseValue();
      return a.div(b);
    case 'pow':
      return power(a, b);
    default:
      throw new NoPreciseValue();
  }
}

/** A real power; a negative base only to a whole exponent (the floats keep their odd-root reading of the rest). */
function power(base: P, exponent: P): P {
  if (base.isNeg() && !exponent.isInteger()) throw new NoPreciseValue();
  return base.pow(exponent);
}

function defined(value: P): P {
  if (value.isNaN()) throw new NoPreciseValue();
  return value;
}
