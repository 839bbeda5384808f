/**
 * Expressions compiled to float functions of their variables, for sampling: an identity or an
 * equation is evaluated at dozens to hundreds of points, and walking the tree with exact values
 * each time would cost milliseconds. Constant subtrees are folded once by the exact evaluator,
 * so `(-8)^{1/3}` and `x^{1/3}` at negative x keep its real odd-root reading.
 */
import type { MathNode } from 'mathjs';
import { CONSTANTS, MATH_FUNCTIONS } from './functions';
import { UnreadableError } from './normalize';
import { applyFunction, applyOperator, evaluate, type Env, type Value } from './numbers';

/** A float function of the variables; NaN where the expression is undefined. */
export type RealFunction = (env: Env) => number;

interface Compiled {
  fn: RealFunction;
  /** The exact value when the subtree has no variables. */
  constant: Value | null;
}

const NO_VARIABLES: Env = new Map();

export function compileReal(node: MathNode): RealFunction {
  return compile(node).fn;
}

function constant(value: Value): Compiled {
  const x = value.approx;
  return { fn: () => x, constant: value };
}

function compile(node: MathNode): Compiled {
  switch (node.type) {
    case 'ConstantNode':
      return constant(evaluate(node, NO_VARIABLES));
    case 'SymbolNode': {
      const name = (node as MathNode & { name: string }).name;
      const known = CONSTANTS.get(name);
      if (known !== undefined) return constant({ exact: null, approx: known });
      return { fn: (env) => env.get(name) ?? NaN, constant: null };
    }
    case 'ParenthesisNode':
      return compile((node as MathNode & { content: MathNode }).content);
    case 'OperatorNode': {
      const { fn, args } = node as MathNode & { fn: string; args: MathNode[] };
      const parts = args.map(compile);
      if (parts.every((p) => p.constant))
        return constant(
          applyOperator(
            fn,
            parts.map((p) => p.constant!),
          ),
        );
      return { fn: operator(fn, parts), constant: null };
    }
    case 'FunctionNode': {
      const { fn, args } = node as MathNode & { fn: { name?: string }; args: MathNode[] };
      const name = fn.name ?? '';
      // Sums and products are rare and short: the exact evaluator runs them at each point.
      if (name === 'sum' || name === 'prod') return { fn: (env) => evaluate(node, env).approx, constant: null };
      const parts = args.map(compile);
      if (parts.every((p) => p.constant))
        return constant(
          applyFunction(
            name,
            parts.map((p) => p.constant!),
          ),
        );
      return { fn: func(name, parts), constant: null };
    }
    default:
      throw new UnreadableError(`unsupported ${node.type}`);
  }
}

function operator(name: string, parts: Compiled[]): RealFunction {
  const [a, b] = parts.map((p) => p.fn);
  if (parts.length === 1 && name === 'unaryMinus') return (env) => -a(env);
  if (parts.length === 1 && name === 'unaryPlus') return a;
  if (parts.length === 2) {
    switch (name) {
      case 'add':
        return (env) => a(env) + b(env);
      case 'subtract':
        return (env) => a(env) - b(env);
      case 'multiply':
        return (env) => a(env) * b(env);
      case 'divide':
        return (env) => {
          const d = b(env);
          return d === 0 ? NaN : a(env) / d;
        };
      case 'pow':
        return parts[1].constant ? powerOf(a, parts[1].constant) : (env) => Math.pow(a(env), b(env));
    }
  }
  return generic((values) => applyOperator(name, values), parts);
}

function func(name: string, parts: Compiled[]): RealFunction {
  const [a] = parts.map((p) => p.fn);
  const f = MATH_FUNCTIONS[name];
  if (parts.length === 1 && f) return (env) => f.real(a(env));
  if (parts.length === 1 && name === 'sqrt') return (env) => Math.sqrt(a(env));
  if (parts.length === 1 && name === 'abs') return (env) => Math.abs(a(env));
  return generic((values) => applyFunction(name, values), parts);
}

/** x^(p/q) as the exact evaluator reads it: a real odd root of a negative base when q is odd. */
function powerOf(base: RealFunction, exponent: Value): RealFunction {
  const e = exponent.exact;
  const x = exponent.approx;
  if (e === null || e.d % 2n === 0n || e.d > 64n) return (env) => Math.pow(base(env), x);
  const oddNumerator = e.n % 2n === 1n;
  return (env) => {
    const b = base(env);
    if (b >= 0) return Math.pow(b, x);
    const magnitude = Math.pow(-b, x);
    return oddNumerator ? -magnitude : magnitude;
  };
}

/** Anything rarer goes through the exact evaluator's operations on float values. */
function generic(apply: (values: Value[]) => Value, parts: Compiled[]): RealFunction {
  return (env) => apply(parts.map((p) => p.constant ?? { exact: null, approx: p.fn(env) })).approx;
}
