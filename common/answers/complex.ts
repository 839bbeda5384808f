/**
 * Evaluation that goes complex only where real evaluation is undefined: `(-2)^n` at n = 2.5,
 * `\ln x` at x = -3, `\arcsin x` at x = 4. Every node whose inputs are real and whose real
 * value exists keeps it, so `\sqrt[3]{-8}` stays -2 rather than the principal cube root.
 */
import Complex from 'complex.js';
import Fraction from 'fraction.js';
import type { MathNode } from 'mathjs';
import { CONSTANTS, IMAGINARY_UNIT, MATH_FUNCTIONS } from './functions';
import { UnreadableError } from './normalize';
import { applyFunction, applyOperator, checkBudget, evaluate, exactValue, type Env, type Value } from './numbers';

type Mixed = Value | Complex;

/** The value of a node at env, as a complex number (imaginary part 0 where the real value exists). */
export function evaluateComplex(node: MathNode, env: Env): Complex {
  const value = evaluateMixed(node, env);
  return value instanceof Complex ? value : new Complex(value.approx, 0);
}

/** Complex arithmetic allocates at every node: it counts as several units of work. */
const COMPLEX_NODE_COST = 5;

function evaluateMixed(node: MathNode, env: Env): Mixed {
  checkBudget(COMPLEX_NODE_COST);
  switch (node.type) {
    case 'ConstantNode': {
      const value: unknown = (node as MathNode & { value: unknown }).value;
      if (value instanceof Fraction) return exactValue(value);
      throw new UnreadableError('not a number');
    }
    case 'SymbolNode': {
      const name = (node as MathNode & { name: string }).name;
      if (name === IMAGINARY_UNIT) return Complex.I;
      const x = CONSTANTS.get(name) ?? env.get(name);
      if (x === undefined) throw new UnreadableError(`unknown symbol ${name}`);
      return { exact: null, approx: x };
    }
    case 'ParenthesisNode':
      return evaluateMixed((node as MathNode & { content: MathNode }).content, env);
    case 'OperatorNode': {
      const { fn, args } = node as MathNode & { fn: string; args: MathNode[] };
      const values = args.map((a) => evaluateMixed(a, env));
      const real = realWhereDefined(values, (v) => applyOperator(fn, v));
      return real ?? complexOperator(fn, values.map(toComplex));
    }
    case 'FunctionNode': {
      const { fn, args } = node as MathNode & { fn: { name?: string }; args: MathNode[] };
      const name = fn.name ?? '';
      // A sum or product is real where its bounds are whole, and has no value elsewhere.
      if (name === 'sum' || name === 'prod') return evaluate(node, env);
      const values = args.map((a) => evaluateMixed(a, env));
      const real = realWhereDefined(values, (v) => applyFunction(name, v));
      return real ?? complexFunction(name, values.map(toComplex));
    }
    default:
      throw new UnreadableError(`unsupported ${node.type}`);
  }
}

/** The real result when every input is real and the result is a finite real; else null. */
function realWhereDefined(values: Mixed[], apply: (v: Value[]) => Value): Value | null {
  if (values.some((v) => v instanceof Complex)) return null;
  const result = apply(values as Value[]);
  return Number.isFinite(result.approx) ? result : null;
}

function toComplex(v: Mixed): Complex {
  return v instanceof Complex ? v : new Complex(v.approx, 0);
}

function complexOperator(fn: string, [a, b]: Complex[]): Complex {
  switch (fn) {
    case 'unaryMinus':
      return a.neg();
    case 'unaryPlus':
      return a;
    case 'add':
      return a.add(b);
    case 'subtract':
      return a.sub(b);
    case 'multiply':
      return a.mul(b);
    case 'divide':
      return a.div(b);
    case 'pow':
      return a.pow(b);
    default:
      // Factorials of non-integers and the like have no value here.
      return Complex.NAN;
  }
}

function complexFunction(name: string, [a, b]: Complex[]): Complex {
  if (name === 'sqrt') return a.sqrt();
  if (name === 'root') return a.pow(new Complex(1, 0).div(b));
  if (name === 'abs') return new Complex(a.abs(), 0);
  if (name === 'log' && b !== undefined) return a.log().div(b.log());
  const f = MATH_FUNCTIONS[name];
  if (f) return f.complex(a);
  throw new UnreadableError(`unknown function ${name}`);
}
