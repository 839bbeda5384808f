/**
 * Drawing a template's values from a seed. Deterministic on every machine: each variable draws from a stream of its
 * own, seeded by the variant's seed, the draw's number and the variable's name (pure-rand's xoroshiro128+), so adding,
 * removing or reordering another variable leaves its values alone. A draw whose constraints fail is drawn again, up to
 * `TEMPLATE_LIMITS.draws` times within `TEMPLATE_LIMITS.work` units of work, after which the generator gives up with
 * the constraint that failed most often.
 */
import Fraction from 'fraction.js';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import {
  MAX_SEED,
  TEMPLATE_FUNCTIONS,
  TEMPLATE_LIMITS,
  TEMPLATE_MESSAGES as M,
  TEMPLATE_WORDS,
} from '../rules/templates';
import {
  DrawFailed,
  evaluate,
  isCondition,
  namesIn,
  parseExpression,
  TemplateError,
  WorkBudget,
  type Expression,
  type TemplateValue,
} from './expression';

/** A variable as authored. Numbers are written as text so decimals stay exact (`0.1` is a tenth). */
export type TemplateVariable =
  | { name: string; kind: 'range'; min: string; max: string; step: string }
  | { name: string; kind: 'choice'; values: string[] }
  | { name: string; kind: 'computed'; expression: string };

/** A question's template: its variables, its constraints, and the approved seeds (null: any seed). */
export interface QuestionTemplate {
  variables: TemplateVariable[];
  constraints: string[];
  seeds: number[] | null;
}

type CompiledVariable = (
  | { name: string; kind: 'range'; min: Fraction; step: Fraction; count: number }
  | { name: string; kind: 'choice'; values: TemplateValue[] }
  | { name: string; kind: 'computed'; tree: Expression }
) & {
  /** Whether its values are written as decimals (see writtenAsDecimal). */
  decimal: boolean;
};

/**
 * The values written as decimals: those of a range or list written with decimals, and those computed from such with
 * no division; any other fraction is written as one. Kept beside the values (a value is a new object each draw), so
 * the values themselves stay plain numbers.
 */
const DECIMAL_VALUES = new WeakSet<Fraction>();
export const writtenAsDecimal = (value: Fraction): boolean => DECIMAL_VALUES.has(value);

/** Whether a computed value of these variables is a decimal: it reads decimals only, and divides nothing. */
function decimalExpression(tree: Expression, decimals: ReadonlySet<string>): boolean {
  const names = namesIn(tree);
  return names.size > 0 && [...names].every((name) => decimals.has(name)) && !divides(tree);
}

/** Whether an expression may make a fraction of decimals: a division, a negative power, or a function. */
function divides(tree: Expression): boolean {
  switch (tree.kind) {
    case 'binary':
      return (
        tree.op === '/' ||
        (tree.op === '^' && tree.right.kind === 'negate') ||
        divides(tree.left) ||
        divides(tree.right)
      );
    case 'negate':
    case 'not':
      return divides(tree.operand);
    case 'logic':
      return divides(tree.left) || divides(tree.right);
    case 'compare':
      return tree.operands.some(divides);
    case 'call':
      return true;
    default:
      return false;
  }
}

/** A template read once: what every draw of it uses. */
export interface CompiledTemplate {
  variables: CompiledVariable[];
  constraints: { text: string; tree: Expression }[];
  seeds: number[] | null;
}

/** A broken rule of a template as authored, with where it is (`variables.2.max`, `constraints.0`). */
export class TemplateIssue {
  constructor(
    readonly message: string,
    readonly path: string,
  ) {}
}

const NAME = /^[A-Za-z][A-Za-z0-9]{0,11}$/;
const RESERVED = new Set<string>([...TEMPLATE_FUNCTIONS, ...TEMPLATE_WORDS]);
const CHOICE = /^[\p{L}\p{N} .,'-]+$/u;
const NUMERAL = /^-?(\d+(\.\d*)?|\.\d+)$/;

function exactNumber(text: unknown): Fraction | null {
  const written = typeof text === 'number' ? String(text) : typeof text === 'string' ? text.trim() : '';
  if (!NUMERAL.test(written) || written.length > 24) return null;
  const value = new Fraction(written);
  return value.abs().compare(TEMPLATE_LIMITS.magnitude) <= 0 ? value : null;
}

/** A choice as a value: a number when it reads as one (so `2` and `2.0` are one value), else the word. */
const choiceValue = (text: string): TemplateValue => exactNumber(text) ?? text;

function compileVariable(
  variable: TemplateVariable,
  known: Set<string>,
  decimals: ReadonlySet<string>,
  path: string,
): CompiledVariable {
  const { name } = variable;
  switch (variable.kind) {
    case 'range': {
      const min = exactNumber(variable.min);
      const max = exactNumber(variable.max);
      const step = exactNumber(variable.step);
      if (!min || !max || !step) throw new TemplateIssue(M.rangeNumbers(name), path);
      if (min.compare(max) > 0) throw new TemplateIssue(M.rangeOrder(name), path);
      if (step.compare(0) <= 0) throw new TemplateIssue(M.rangeStep(name), path);
      const steps = max.sub(min).div(step);
      if (steps.d !== 1n) throw new TemplateIssue(M.rangeStep(name), path);
      if (steps.compare(TEMPLATE_LIMITS.rangeValues - 1) > 0) throw new TemplateIssue(M.rangeSize(name), path);
      return { name, kind: 'range', min, step, count: Number(steps.n) + 1, decimal: min.d !== 1n || step.d !== 1n };
    }
    case 'choice': {
      const values = Array.isArray(variable.values) ? variable.values.map((v) => String(v).trim()) : [];
      if (
        values.length === 0 ||
        values.length > TEMPLATE_LIMITS.choices ||
        values.some((v) => v === '' || v.length > TEMPLATE_LIMITS.choiceLength || !CHOICE.test(v))
      )
        throw new TemplateIssue(M.choiceList(name), path);
      return {
        name,
        kind: 'choice',
        values: values.map(choiceValue),
        decimal: values.some((v) => /^-?\d*\.\d/.test(v)),
      };
    }
    case 'computed': {
      const tree = readExpression(variable.expression, known, path);
      if (isCondition(tree)) throw new TemplateIssue(M.comparisonInValue, path);
      return { name, kind: 'computed', tree, decimal: decimalExpression(tree, decimals) };
    }
  }
}

function readExpression(text: unknown, known: Set<string>, path: string): Expression {
  try {
    return parseExpression(typeof text === 'string' ? text : '', known);
  } catch (error) {
    if (error instanceof TemplateError) throw new TemplateIssue(error.message, path);
    throw error;
  }
}

/**
 * Reads a template as authored; throws a TemplateIssue naming the first broken rule. A computed value may use only
 * the variables declared above it, so no value depends on itself; a constraint may use them all.
 */
export function compileTemplate(template: QuestionTemplate): CompiledTemplate {
  if (template.variables.length > TEMPLATE_LIMITS.variables) throw new TemplateIssue(M.tooManyVariables, 'variables');
  if (template.constraints.length > TEMPLATE_LIMITS.constraints)
    throw new TemplateIssue(M.tooManyConstraints, 'constraints');
  const declared = new Set<string>();
  const decimals = new Set<string>();
  const all = new Set(template.variables.map((v) => v.name));
  const variables = template.variables.map((variable, i) => {
    const path = `variables.${i}`;
    if (typeof variable.name !== 'string' || !NAME.test(variable.name))
      throw new TemplateIssue(M.variableName, `${path}.name`);
    if (RESERVED.has(variable.name)) throw new TemplateIssue(M.reservedName(variable.name), `${path}.name`);
    if (declared.has(variable.name)) throw new TemplateIssue(M.duplicateName(variable.name), `${path}.name`);
    let compiled: CompiledVariable;
    try {
      compiled = compileVariable(variable, declared, decimals, path);
    } catch (error) {
      // A name declared lower down gets its own message: the order of declaration matters.
      if (error instanceof TemplateIssue && variable.kind === 'computed') {
        const later = laterName(variable.expression, declared, all);
        if (later) throw new TemplateIssue(M.laterName(later), path);
      }
      throw error;
    }
    declared.add(variable.name);
    if (compiled.decimal) decimals.add(variable.name);
    return compiled;
  });
  const constraints = template.constraints.map((text, i) => {
    const tree = readExpression(text, declared, `constraints.${i}`);
    if (!isCondition(tree)) throw new TemplateIssue(M.notComparison, `constraints.${i}`);
    return { text: text.trim(), tree };
  });
  return { variables, constraints, seeds: template.seeds };
}

function laterName(expression: string, declared: Set<string>, all: Set<string>): string | null {
  try {
    for (const name of namesIn(parseExpression(expression, all))) if (!declared.has(name)) return name;
  } catch {
    // Not read even with every name: the first message stands.
  }
  return null;
}

/** The values of one variant, by name, in declaration order. */
export type VariantValues = Map<string, TemplateValue>;

export type Drawn = { ok: true; values: VariantValues } | { ok: false; reason: string };

/** 32-bit FNV-1a of a text: the stream of one variable in one draw. Stable on every machine. */
function streamSeed(seed: number, draw: number, name: string): number {
  let hash = 0x811c9dc5;
  const text = `${seed}:${draw}:${name}`;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash | 0;
}

/**
 * The values of the variant `seed`, or why none could be drawn: the constraints were not met in the draws allowed
 * (naming the one that failed most), or the work budget ran out.
 */
export function drawVariant(template: CompiledTemplate, seed: number): Drawn {
  if (!Number.isInteger(seed) || seed < 1 || seed > MAX_SEED) return { ok: false, reason: M.seedList };
  const budget = new WorkBudget(TEMPLATE_LIMITS.work);
  const failures = new Map<string, number>();
  try {
    for (let draw = 0; draw < TEMPLATE_LIMITS.draws; draw++) {
      const values = drawOnce(template, seed, draw, budget);
      if (!values) continue;
      const failed = template.constraints.find((c) => !holds(c.tree, values, budget));
      if (!failed) return { ok: true, values };
      failures.set(failed.text, (failures.get(failed.text) ?? 0) + 1);
    }
  } catch (error) {
    if (error instanceof TemplateError) return { ok: false, reason: error.message };
    throw error;
  }
  const worst = [...failures].sort((a, b) => b[1] - a[1])[0];
  return { ok: false, reason: M.gaveUp(worst ? worst[0] : null) };
}

function drawOnce(template: CompiledTemplate, seed: number, draw: number, budget: WorkBudget): VariantValues | null {
  const values: VariantValues = new Map();
  for (const variable of template.variables) {
    budget.spend();
    try {
      const value = valueOf(variable, seed, draw, values, budget);
      if (variable.decimal && value instanceof Fraction) DECIMAL_VALUES.add(value);
      values.set(variable.name, value);
    } catch (error) {
      if (error instanceof DrawFailed) return null;
      throw error;
    }
  }
  return values;
}

function valueOf(
  variable: CompiledVariable,
  seed: number,
  draw: number,
  values: VariantValues,
  budget: WorkBudget,
): TemplateValue {
  switch (variable.kind) {
    case 'range': {
      const rng = xoroshiro128plus(streamSeed(seed, draw, variable.name));
      return variable.min.add(variable.step.mul(uniformInt(rng, 0, variable.count - 1)));
    }
    case 'choice': {
      const rng = xoroshiro128plus(streamSeed(seed, draw, variable.name));
      return variable.values[uniformInt(rng, 0, variable.values.length - 1)];
    }
    case 'computed':
      return evaluate(variable.tree, values, budget);
  }
}

function holds(tree: Expression, values: VariantValues, budget: WorkBudget): boolean {
  try {
    return evaluate(tree, values, budget) === true;
  } catch (error) {
    if (error instanceof DrawFailed) return false;
    throw error;
  }
}

/** Whether every constraint holds at these values: the preview's own check of a variant. */
export function constraintsHold(template: CompiledTemplate, values: VariantValues): string | null {
  const budget = new WorkBudget(TEMPLATE_LIMITS.work);
  try {
    const failed = template.constraints.find((c) => !holds(c.tree, values, budget));
    return failed ? failed.text : null;
  } catch (error) {
    if (error instanceof TemplateError) return error.message;
    throw error;
  }
}
