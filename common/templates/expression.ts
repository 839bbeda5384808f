/**
 * The expressions of a template: computed values (`a*b`, `gcd(a, b)`, `(a+c)/b`) and constraints (`a != b`,
 * `gcd(a, b) = 1`, `b^2 - 4ac > 0`). Data, never code: a small parser of its own (one pass over the text, nesting
 * bounded) into a tree that `evaluate` walks with exact fractions and a work budget, so no expression an author
 * writes can run for long or reach anything but the values drawn.
 */
import Fraction from 'fraction.js';
import { TEMPLATE_FUNCTIONS, TEMPLATE_LIMITS, TEMPLATE_MESSAGES as M, TEMPLATE_WORDS } from '../rules/templates';

/** A value of the language: an exact number, a word from a choice, or a constraint's truth. */
export type TemplateValue = Fraction | string | boolean;

type Comparison = '=' | '!=' | '<' | '<=' | '>' | '>=';
type FunctionName = (typeof TEMPLATE_FUNCTIONS)[number];

export type Expression =
  | { kind: 'number'; value: Fraction }
  | { kind: 'name'; name: string }
  | { kind: 'negate'; operand: Expression }
  | { kind: 'binary'; op: '+' | '-' | '*' | '/' | '^'; left: Expression; right: Expression }
  | { kind: 'compare'; ops: Comparison[]; operands: Expression[] }
  | { kind: 'logic'; op: 'and' | 'or'; left: Expression; right: Expression }
  | { kind: 'not'; operand: Expression }
  | { kind: 'call'; name: FunctionName; args: Expression[] };

/** A rule of the language broken by an expression as written, with the message its author reads. */
export class TemplateError extends Error {}

/** Why a draw failed: a value out of bounds, not exact or undefined; the generator draws again. */
export class DrawFailed extends Error {}

/** The work a draw may still do; every step of an evaluation spends one unit. */
export class WorkBudget {
  constructor(public left: number) {}
  spend(units = 1): void {
    this.left -= units;
    if (this.left < 0) throw new TemplateError(M.tooMuchWork);
  }
}

type Token =
  { kind: 'number'; text: string } | { kind: 'name'; text: string } | { kind: 'op'; text: string } | { kind: 'end' };

const OPERATORS = [
  '<=',
  '>=',
  '!=',
  '==',
  '≤',
  '≥',
  '≠',
  '+',
  '-',
  '−',
  '*',
  '×',
  '·',
  '/',
  '^',
  '(',
  ')',
  ',',
  '=',
  '<',
  '>',
  '|',
];
const SPELLED: Record<string, string> = { '==': '=', '≤': '<=', '≥': '>=', '≠': '!=', '−': '-', '×': '*', '·': '*' };

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text[i];
    if (ch === ' ' || ch === '\t') {
      i++;
      continue;
    }
    if ((ch >= '0' && ch <= '9') || (ch === '.' && text[i + 1] >= '0' && text[i + 1] <= '9')) {
      const start = i;
      while (i < text.length && text[i] >= '0' && text[i] <= '9') i++;
      if (text[i] === '.') {
        i++;
        while (i < text.length && text[i] >= '0' && text[i] <= '9') i++;
      }
      tokens.push({ kind: 'number', text: text.slice(start, i) });
      continue;
    }
    if (/[A-Za-z]/.test(ch)) {
      const start = i;
      while (i < text.length && /[A-Za-z0-9]/.test(text[i])) i++;
      tokens.push({ kind: 'name', text: text.slice(start, i) });
      continue;
    }
    const op = OPERATORS.find((o) => text.startsWith(o, i));
    if (!op) throw new TemplateError(M.unexpected(`"${ch}"`));
    tokens.push({ kind: 'op', text: SPELLED[op] ?? op });
    i += op.length;
  }
  tokens.push({ kind: 'end' });
  return tokens;
}

const COMPARISONS = new Set(['=', '!=', '<', '<=', '>', '>=']);
const isFunction = (name: string): name is FunctionName => (TEMPLATE_FUNCTIONS as readonly string[]).includes(name);
const ARITY: Record<FunctionName, [number, number]> = {
  gcd: [2, 2],
  lcm: [2, 2],
  abs: [1, 1],
  min: [1, 10],
  max: [1, 10],
  floor: [1, 1],
  ceil: [1, 1],
  round: [1, 1],
  mod: [2, 2],
  sqrt: [1, 1],
  sign: [1, 1],
  num: [1, 1],
  den: [1, 1],
};

/**
 * Reads one expression over the variables `known` (the names it may use). A run of letters that is no name is read
 * as a product of one-letter names when each is one (`4ac` is 4·a·c); anything else is a TemplateError.
 */
export function parseExpression(text: string, known: ReadonlySet<string>): Expression {
  if (text.length > TEMPLATE_LIMITS.expression) throw new TemplateError(M.expressionLength);
  if (text.trim() === '') throw new TemplateError(M.expressionEmpty);
  const tokens = tokenize(text);
  let at = 0;
  let depth = 0;
  const peek = () => tokens[at];
  const isOp = (text: string) => {
    const t = tokens[at];
    return t.kind === 'op' && t.text === text;
  };
  const expectOp = (text: string) => {
    if (!isOp(text)) throw new TemplateError(M.unexpected(describe(peek())));
    at++;
  };
  const nest = <T>(read: () => T): T => {
    if (++depth > TEMPLATE_LIMITS.depth) throw new TemplateError(M.expressionDepth);
    const value = read();
    depth--;
    return value;
  };

  const logic = (op: 'and' | 'or', next: () => Expression) => (): Expression => {
    let left = next();
    while (peek().kind === 'name' && (peek() as { text: string }).text === op) {
      at++;
      left = { kind: 'logic', op, left, right: next() };
    }
    return left;
  };
  const negation = (): Expression => {
    const t = peek();
    if (t.kind === 'name' && t.text === 'not') {
      at++;
      return nest(() => ({ kind: 'not', operand: negation() }));
    }
    return comparison();
  };
  const comparison = (): Expression => {
    const first = sum();
    const ops: Comparison[] = [];
    const operands = [first];
    for (let t = peek(); t.kind === 'op' && COMPARISONS.has(t.text); t = peek()) {
      at++;
      ops.push(t.text as Comparison);
      operands.push(sum());
    }
    return ops.length === 0 ? first : { kind: 'compare', ops, operands };
  };
  const sum = (): Expression => {
    let left = product();
    for (let t = peek(); t.kind === 'op' && (t.text === '+' || t.text === '-'); t = peek()) {
      at++;
      left = { kind: 'binary', op: t.text, left, right: product() };
    }
    return left;
  };
  const startsFactor = (t: Token) =>
    t.kind === 'number' ||
    (t.kind === 'name' && !(TEMPLATE_WORDS as readonly string[]).includes(t.text)) ||
    (t.kind === 'op' && t.text === '(');
  const product = (): Expression => {
    let left = unary();
    for (;;) {
      const t = peek();
      if (t.kind === 'op' && (t.text === '*' || t.text === '/')) {
        at++;
        left = { kind: 'binary', op: t.text, left, right: unary() };
      } else if (startsFactor(t)) {
        left = { kind: 'binary', op: '*', left, right: power() };
      } else return left;
    }
  };
  const unary = (): Expression => {
    if (isOp('-')) {
      at++;
      return nest(() => ({ kind: 'negate', operand: unary() }));
    }
    if (isOp('+')) {
      at++;
      return nest(unary);
    }
    return power();
  };
  const power = (): Expression => {
    const base = atom();
    if (!isOp('^')) return base;
    at++;
    return nest(() => ({ kind: 'binary', op: '^', left: base, right: unary() }));
  };
  const atom = (): Expression => {
    const t = peek();
    if (t.kind === 'number') {
      at++;
      return { kind: 'number', value: new Fraction(t.text) };
    }
    if (t.kind === 'op' && t.text === '(') {
      at++;
      const inner = nest(whole);
      expectOp(')');
      return inner;
    }
    if (t.kind === 'op' && t.text === '|') {
      at++;
      const inner = nest(sum);
      expectOp('|');
      return { kind: 'call', name: 'abs', args: [inner] };
    }
    if (t.kind === 'name') {
      at++;
      if (isFunction(t.text) && isOp('(')) {
        at++;
        const args = isOp(')') ? [] : nest(() => list());
        expectOp(')');
        const [least, most] = ARITY[t.text];
        if (args.length < least || args.length > most)
          throw new TemplateError(
            `${t.text} takes ${least === most ? least : `${least} to ${most}`} value${most === 1 ? '' : 's'}`,
          );
        return { kind: 'call', name: t.text, args };
      }
      return nameOrProduct(t.text, known);
    }
    throw new TemplateError(M.unexpected(describe(t)));
  };
  const list = (): Expression[] => {
    const args = [whole()];
    while (isOp(',')) {
      at++;
      args.push(whole());
    }
    return args;
  };
  const whole = logic('or', logic('and', negation));

  const tree = whole();
  if (peek().kind !== 'end') throw new TemplateError(M.unexpected(describe(peek())));
  return tree;
}

function nameOrProduct(text: string, known: ReadonlySet<string>): Expression {
  if (known.has(text)) return { kind: 'name', name: text };
  const letters = [...text];
  if (letters.length > 1 && letters.every((l) => known.has(l)))
    return letters
      .map((name): Expression => ({ kind: 'name', name }))
      .reduce((left, right) => ({ kind: 'binary', op: '*', left, right }));
  throw new TemplateError(M.unknownName(text));
}

function describe(token: Token): string {
  if (token.kind === 'end') return 'end';
  return `"${token.text}"`;
}

/** Every name an expression reads. */
export function namesIn(tree: Expression, into = new Set<string>()): Set<string> {
  switch (tree.kind) {
    case 'name':
      into.add(tree.name);
      break;
    case 'negate':
    case 'not':
      namesIn(tree.operand, into);
      break;
    case 'binary':
    case 'logic':
      namesIn(tree.left, into);
      namesIn(tree.right, into);
      break;
    case 'compare':
      tree.operands.forEach((o) => namesIn(o, into));
      break;
    case 'call':
      tree.args.forEach((a) => namesIn(a, into));
      break;
  }
  return into;
}

/** Whether an expression gives a truth (a comparison, or and/or/not of them) rather than a number. */
export const isCondition = (tree: Expression): boolean =>
  tree.kind === 'compare' || tree.kind === 'logic' || tree.kind === 'not';

const LIMIT = BigInt(TEMPLATE_LIMITS.magnitude);
const ONE = new Fraction(1);
const HALF = new Fraction(1, 2);
/** Powers beyond this are refused: 2^40 is already past the magnitude limit. */
const MAX_EXPONENT = 64;

/** A number kept within the magnitude limit, numerator and denominator alike. */
function bounded(value: Fraction | null): Fraction {
  if (value === null) throw new DrawFailed('a power that is not exact');
  if (value.n > LIMIT || value.d > LIMIT) throw new DrawFailed('a value beyond the limit');
  return value;
}

function numberOf(value: TemplateValue): Fraction {
  if (value instanceof Fraction) return value;
  throw new DrawFailed(typeof value === 'string' ? `the word "${value}" used as a number` : 'a truth used as a number');
}

function integerOf(value: TemplateValue): Fraction {
  const n = numberOf(value);
  if (n.d !== 1n) throw new DrawFailed('a fraction where a whole number is needed');
  return n;
}

function truthOf(value: TemplateValue): boolean {
  if (typeof value === 'boolean') return value;
  throw new DrawFailed('a number used as a truth');
}

function equal(a: TemplateValue, b: TemplateValue): boolean {
  if (a instanceof Fraction && b instanceof Fraction) return a.equals(b);
  return a === b;
}

function compare(op: Comparison, a: TemplateValue, b: TemplateValue): boolean {
  if (op === '=') return equal(a, b);
  if (op === '!=') return !equal(a, b);
  const order = numberOf(a).compare(numberOf(b));
  return op === '<' ? order < 0 : op === '<=' ? order <= 0 : op === '>' ? order > 0 : order >= 0;
}

function power(base: Fraction, exponent: Fraction, budget: WorkBudget): Fraction {
  if (exponent.d === 1n) {
    const e = Number(exponent.s * exponent.n);
    if (Math.abs(e) > MAX_EXPONENT) throw new DrawFailed('a power beyond the limit');
    if (e < 0 && base.n === 0n) throw new DrawFailed('a division by zero');
    let result = ONE;
    for (let i = 0; i < Math.abs(e); i++) {
      budget.spend();
      result = bounded(result.mul(base));
    }
    return e < 0 ? result.inverse() : result;
  }
  budget.spend(MAX_EXPONENT);
  return bounded(base.pow(exponent));
}

function call(name: FunctionName, args: TemplateValue[], budget: WorkBudget): TemplateValue {
  switch (name) {
    case 'gcd':
    case 'lcm': {
      const [a, b] = args.map(integerOf);
      budget.spend(MAX_EXPONENT);
      return bounded(name === 'gcd' ? a.gcd(b) : a.lcm(b));
    }
    case 'abs':
      return numberOf(args[0]).abs();
    case 'min':
    case 'max':
      return args
        .map(numberOf)
        .reduce((best, next) => ((name === 'min' ? next.compare(best) < 0 : next.compare(best) > 0) ? next : best));
    case 'floor':
      return numberOf(args[0]).floor();
    case 'ceil':
      return numberOf(args[0]).ceil();
    case 'round': {
      // Halves away from zero, as taught.
      const n = numberOf(args[0]);
      const away = n.abs().add(HALF).floor();
      return n.s < 0n ? away.neg() : away;
    }
    case 'mod': {
      const [a, b] = args.map(integerOf);
      if (b.n === 0n) throw new DrawFailed('a division by zero');
      // The remainder takes the divisor's sign: mod(-7, 3) is 2.
      return a.mod(b).add(b).mod(b);
    }
    case 'sqrt': {
      const n = numberOf(args[0]);
      if (n.s < 0n) throw new DrawFailed('the square root of a negative number');
      budget.spend(MAX_EXPONENT);
      return bounded(n.pow(HALF));
    }
    case 'sign':
      return new Fraction(numberOf(args[0]).compare(0));
    case 'num': {
      const n = numberOf(args[0]);
      return new Fraction(n.s * n.n);
    }
    case 'den':
      return new Fraction(numberOf(args[0]).d);
  }
}

/**
 * The value of an expression at the values drawn, exactly; a DrawFailed when a value is undefined (a division by
 * zero, a root that is not exact) or beyond the magnitude limit, and a TemplateError when the budget runs out.
 */
export function evaluate(
  tree: Expression,
  values: ReadonlyMap<string, TemplateValue>,
  budget: WorkBudget,
): TemplateValue {
  budget.spend();
  switch (tree.kind) {
    case 'number':
      return tree.value;
    case 'name': {
      const value = values.get(tree.name);
      if (value === undefined) throw new DrawFailed(`${tree.name} has no value`);
      return value;
    }
    case 'negate':
      return numberOf(evaluate(tree.operand, values, budget)).neg();
    case 'not':
      return !truthOf(evaluate(tree.operand, values, budget));
    case 'logic': {
      const left = truthOf(evaluate(tree.left, values, budget));
      if (tree.op === 'and' ? !left : left) return left;
      return truthOf(evaluate(tree.right, values, budget));
    }
    case 'compare': {
      let left = evaluate(tree.operands[0], values, budget);
      for (let i = 0; i < tree.ops.length; i++) {
        const right = evaluate(tree.operands[i + 1], values, budget);
        if (!compare(tree.ops[i], left, right)) return false;
        left = right;
      }
      return true;
    }
    case 'call':
      return call(
        tree.name,
        tree.args.map((a) => evaluate(a, values, budget)),
        budget,
      );
    case 'binary': {
      const left = numberOf(evaluate(tree.left, values, budget));
      const right = numberOf(evaluate(tree.right, values, budget));
      switch (tree.op) {
        case '+':
          return bounded(left.add(right));
        case '-':
          return bounded(left.sub(right));
        case '*':
          return bounded(left.mul(right));
        case '/':
          if (right.n === 0n) throw new DrawFailed('a division by zero');
          return bounded(left.div(right));
        case '^':
          return power(left, right, budget);
      }
    }
  }
}
