/**
 * The form an answer must take, chosen by the author per blank: on top of equality, "simplest form", "a mixed
 * number", "to 2 decimal places"... Each form is a test of how the entry is written (its parse tree and numerals),
 * never of its value, except the rounding forms, whose key is itself rounded: an entry within the rounding of the key
 * is told to round; and a margin, a leniency of value: a number within it of the key counts as equal. Every test is
 * one pass over the entry's tree or text.
 */
import Fraction from 'fraction.js';
import type { MathNode } from 'mathjs';
import { UnreadableError, toPlain } from './normalize';
import { withNeverZero } from './equations';
import { parseExpression, withImaginaryUnit } from './expressions';
import { splitQuantity } from './units';
import { formsToTell, type AnswerForm } from '../rules/answer-forms';
import type { MatchResult } from './match';

/** An entry read for the form tests: its plain text, its tree without brackets, and its unit when it has one. */
interface Written {
  plain: string;
  node: MathNode | null;
  unit: string | null;
}

function written(entry: string): Written | null {
  let plain: string;
  try {
    plain = toPlain(entry);
  } catch {
    return null;
  }
  const quantity = splitQuantity(plain);
  const magnitude = quantity ? quantity.magnitude.trim() : plain;
  const unit = quantity ? plain.slice(quantity.magnitude.length).trim().replace(/\s+/g, '') : null;
  try {
    return { plain: magnitude, node: bare(parseExpression(magnitude).node), unit };
  } catch (error) {
    if (error instanceof UnreadableError) return { plain: magnitude, node: null, unit };
    return null;
  }
}

type Node = MathNode & {
  op?: string;
  fn?: string | MathNode;
  args?: MathNode[];
  content?: MathNode;
  value?: unknown;
  name?: string;
};

/** The node inside any brackets around it. */
function bare(node: MathNode): MathNode {
  let n = node as Node;
  while (n.type === 'ParenthesisNode' && n.content) n = n.content as Node;
  return n;
}

const argsOf = (node: MathNode): MathNode[] => ((node as Node).args ?? []).map(bare);
const isOp = (node: MathNode, op: string, arity = 2) =>
  node.type === 'OperatorNode' && (node as Node).op === op && argsOf(node).length === arity;
const isNegation = (node: MathNode) => node.type === 'OperatorNode' && (node as Node).fn === 'unaryMinus';

/** The integer a numeral is, when it is one. */
function integerOf(node: MathNode): bigint | null {
  if (isNegation(node)) {
    const negated = integerOf(argsOf(node)[0]);
    return negated === null ? null : -negated;
  }
  if (node.type !== 'ConstantNode') return null;
  const value = (node as Node).value;
  return value instanceof Fraction && value.d === 1n ? value.s * value.n : null;
}

/** A decimal point beside a digit: a numeral written as a decimal. */
const DECIMAL_NUMERAL = /\.\d|\d\./;

/** A fraction of two whole numerals, `p/q`, with its parts. */
function fractionOf(node: MathNode): { p: bigint; q: bigint } | null {
  if (!isOp(node, '/')) return null;
  const [top, bottom] = argsOf(node);
  const p = integerOf(top);
  const q = integerOf(bottom);
  return p === null || q === null || q === 0n ? null : { p, q };
}

/** `w p/q`, read by the normalizer as `(w + p/q)`: a whole number and a proper fraction. */
function mixedOf(node: MathNode): { w: bigint; p: bigint; q: bigint } | null {
  if (!isOp(node, '+')) return null;
  const [whole, part] = argsOf(node);
  const w = integerOf(whole);
  const fraction = fractionOf(part);
  if (w === null || w < 1n || fraction === null || fraction.p < 1n || fraction.p >= fraction.q) return null;
  return { w, ...fraction };
}

/** The node without one leading minus. */
const unsigned = (node: MathNode) => (isNegation(node) ? bare(argsOf(node)[0]) : node);

const gcd = (a: bigint, b: bigint): bigint => {
  let [x, y] = [a < 0n ? -a : a, b < 0n ? -b : b];
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
};

/**
 * The whole-number factor common to all terms of a sum (`6x + 4` has 2), for a quotient's "no common factor": 1 when
 * a term has none to give (a variable alone, a decimal).
 */
function contentOf(node: MathNode, depth = 0): bigint {
  if (depth > 40) return 1n;
  const n = bare(node);
  const integer = integerOf(n);
  if (integer !== null) return integer < 0n ? -integer : integer;
  if (isNegation(n)) return contentOf(argsOf(n)[0], depth + 1);
  if (isOp(n, '+') || isOp(n, '-')) {
    const [a, b] = argsOf(n);
    return gcd(contentOf(a, depth + 1), contentOf(b, depth + 1));
  }
  if (isOp(n, '*')) {
    const [a, b] = argsOf(n);
    return contentOf(a, depth + 1) * contentOf(b, depth + 1);
  }
  return 1n;
}

/** Lowest terms everywhere: every `p/q` of numerals reduced with q > 1, and no quotient whose parts share a factor. */
function inLowestTerms(root: MathNode): boolean {
  let lowest = true;
  root.traverse((node) => {
    if (!lowest || !isOp(node, '/')) return;
    const fraction = fractionOf(node);
    if (fraction) {
      if (fraction.q <= 1n || gcd(fraction.p, fraction.q) !== 1n) lowest = false;
      return;
    }
    const [top, bottom] = argsOf(node);
    if (gcd(contentOf(top), contentOf(bottom)) > 1n) lowest = false;
  });
  return lowest;
}

/** Whether a sum or difference is anywhere in the tree below a node. */
function holdsSum(node: MathNode): boolean {
  let found = false;
  node.traverse((n) => {
    if (!found && (isOp(n, '+') || isOp(n, '-'))) found = true;
  });
  return found;
}

/** A product (or power) of which some factor is a sum: `(x-2)(x+2)`, `(x+1)^2`, `3(x+1)`. */
function isFactored(node: MathNode): boolean {
  const n = unsigned(node);
  if (isOp(n, '^')) return holdsSum(argsOf(n)[0]);
  if (!isOp(n, '*')) return false;
  return argsOf(n).some((factor) => holdsSum(factor) || isFactored(factor));
}

/**
 * No sum multiplied or raised to a power: `x^2 - 4`, `3x + 3`, not `(x+1)^2` or `3(x+1)`. A sum may stand over or
 * under a fraction bar (`\frac{1}{x+1}` has nothing to expand).
 */
function isExpanded(root: MathNode): boolean {
  let expanded = true;
  root.traverse((node) => {
    if (expanded && (isOp(node, '*') || isOp(node, '^')) && argsOf(node).some(holdsSum)) expanded = false;
  });
  return expanded;
}

/**
 * The digits of a decimal numeral, as written: `-0.050` has 3 places and 2 significant figures; a whole number's
 * final zeros are not significant (`1200` has 2), as they are after a point (`1200.` and `12.00` have 4).
 */
function numeral(plain: string): { places: number; figures: number } | null {
  const match = /^-?\s*(\d*)(?:(\.)(\d*))?$/.exec(plain.trim());
  if (!match || (match[1] === '' && (match[3] ?? '') === '')) return null;
  const [, whole, point, fraction = ''] = match;
  const leading = (whole + fraction).replace(/^0+/, '');
  const digits = point === undefined ? leading.replace(/0+$/, '') : leading;
  return { places: fraction.length, figures: digits.length };
}

/** `a \times 10^n` with 1 <= |a| < 10 and n whole. */
function isScientific(node: MathNode, plain: string): boolean {
  const n = unsigned(node);
  let mantissa: MathNode | null = null;
  let power: MathNode = n;
  if (isOp(n, '*')) [mantissa, power] = argsOf(n);
  if (!isOp(power, '^')) return false;
  const [base, exponent] = argsOf(power);
  if (integerOf(base) !== 10n || integerOf(unsigned(exponent)) === null) return false;
  if (mantissa === null) return true;
  mantissa = unsigned(mantissa);
  const value = (mantissa as Node).value;
  if (mantissa.type !== 'ConstantNode' || !(value instanceof Fraction)) return false;
  return value.compare(1) >= 0 && value.compare(10) < 0 && !/\d\s*\/\s*\d/.test(plain);
}

/** The variables an entry mentions. */
function variablesOf(node: MathNode): Set<string> {
  const names = new Set<string>();
  node.traverse((n, path) => {
    const name = (n as Node).name;
    if (n.type === 'SymbolNode' && path !== 'fn' && name !== undefined && name !== 'pi' && name !== 'e')
      names.add(name);
  });
  return names;
}

/** Whether an entry is written in a form; an entry that cannot be read meets none. */
function meets(form: AnswerForm, entry: Written): boolean {
  const { node, plain, unit } = entry;
  if (form.kind === 'units') return unit !== null && form.units.some((u) => u.replace(/\s+/g, '') === unit);
  if (form.kind === 'percent') return unit === '%';
  if (form.kind === 'anyCase' || form.kind === 'margin' || form.kind === 'complex' || form.kind === 'nonZero')
    return true;
  if (node === null) return false;
  const decimal = DECIMAL_NUMERAL.test(plain);
  const value = unsigned(node);
  switch (form.kind) {
    case 'whole':
      return !decimal && integerOf(value) !== null;
    case 'simplest':
      return (
        !decimal &&
        inLowestTerms(node) &&
        (variablesOf(node).size > 0 ||
          integerOf(value) !== null ||
          fractionOf(value) !== null ||
          mixedOf(value) !== null)
      );
    case 'mixed': {
      if (decimal) return false;
      if (integerOf(value) !== null || mixedOf(value) !== null) return true;
      const fraction = fractionOf(value);
      return fraction !== null && fraction.p >= 0n && fraction.p < fraction.q;
    }
    case 'improper':
      return !decimal && (integerOf(value) !== null || fractionOf(value) !== null);
    case 'decimalPlaces':
      return numeral(plain)?.places === form.places;
    case 'significantFigures':
      return numeral(plain)?.figures === form.figures;
    case 'exact':
      return !decimal;
    case 'factored':
      return isFactored(node);
    case 'expanded':
      return isExpanded(node);
    case 'variable':
      return [...variablesOf(node)].every((name) => name === form.name);
    case 'scientific':
      return isScientific(node, plain);
  }
}

/** The first of the forms an entry is not written in, or null when it meets them all (or none is asked). */
export function missedForm(entry: string, forms: readonly AnswerForm[]): AnswerForm | null {
  // A margin is told but asks nothing of the writing: an unreadable entry must not be said to miss it.
  const asked = formsToTell(forms).filter((form) => form.kind !== 'margin');
  if (asked.length === 0) return null;
  const read = written(entry);
  if (read === null) return asked[0];
  return asked.find((form) => !meets(form, read)) ?? null;
}

/**
 * The half-unit of the last digit a rounding form keeps, in the key as written (`0.33` to 2 places: 0.005; `1200` to
 * 2 significant figures: 50): an entry this close to the key was not rounded as asked.
 */
function roundingSpan(form: AnswerForm, key: string): number | null {
  if (form.kind === 'decimalPlaces') return 10 ** -form.places / 2;
  if (form.kind !== 'significantFigures') return null;
  const value = numericValue(key);
  if (value === null || value === 0) return null;
  return 10 ** (Math.floor(Math.log10(Math.abs(value))) - form.figures + 1) / 2;
}

/** The value of a plain number or numeric expression, or null. */
function numericValue(entry: string): number | null {
  try {
    const value = parseExpression(toPlain(entry)).value;
    return value === null || !Number.isFinite(value.approx) ? null : value.approx;
  } catch {
    return null;
  }
}

/** The letters in lower case, but the names of LaTeX commands (`\Delta` stays). One pass. */
const caseFolded = (text: string) =>
  text.replace(/\\[a-zA-Z]+|[A-Z]+/g, (run) => (run.startsWith('\\') ? run : run.toLowerCase()));

/**
 * Whether two numbers are within a margin of each other, the bound included: `3.15` is within 0.01 of `3.14` though
 * their difference in floats is 0.010000000000000231, so a tolerance far below any school margin absorbs the noise.
 */
function withinMargin(value: number, key: number, margin: number): boolean {
  return Math.abs(value - key) <= margin + 1e-12 * Math.max(1, Math.abs(key));
}

/**
 * An entry against one accepted answer of a blank with forms: `equal` when it is equal and in every form asked; the
 * form it misses when it is equal but not in that form, or when it lies within the rounding of a rounding form's key
 * (`0.333` or `1/3` for `0.33` to 2 places); otherwise the plain comparison's result. A margin makes a number within
 * it of a numeric key equal, and the other forms then judge it as they would an equal entry: with `decimalPlaces` 2
 * and a margin of 0.01, `3.15` is right for `3.14` and `3.145` is told to round.
 */
export function matchInForm(
  entry: string,
  accepted: string,
  forms: readonly AnswerForm[],
  match: (entry: string, accepted: string) => MatchResult,
): MatchResult | AnswerForm {
  const neverZero = forms.flatMap((form) => (form.kind === 'nonZero' ? form.names : []));
  const written = forms.filter((form) => form.kind !== 'complex' && form.kind !== 'nonZero');
  const read = () => withNeverZero(neverZero, () => matchWritten(entry, accepted, written, match));
  return forms.some((form) => form.kind === 'complex') ? withImaginaryUnit(read) : read();
}

function matchWritten(
  entry: string,
  accepted: string,
  forms: readonly AnswerForm[],
  match: (entry: string, accepted: string) => MatchResult,
): MatchResult | AnswerForm {
  const anyCase = forms.some((form) => form.kind === 'anyCase');
  const result = anyCase ? match(caseFolded(entry), caseFolded(accepted)) : match(entry, accepted);
  if (forms.length === 0 || result === 'unreadable') return result;
  if (result === 'equal') return missedForm(entry, forms) ?? 'equal';
  // Read once, and only when a form needs the values: most blanks have neither a margin nor a rounding form.
  let values: [number | null, number | null] | undefined;
  const valuesOf = () => (values ??= [numericValue(entry), numericValue(accepted)]);
  const margin = forms.find((form) => form.kind === 'margin');
  if (margin) {
    // Only numbers: a margin never makes an expression with letters, or anything unreadable as a number, equal.
    const [value, key] = valuesOf();
    if (value !== null && key !== null && withinMargin(value, key, margin.margin))
      return missedForm(entry, forms) ?? 'equal';
  }
  for (const form of forms) {
    const span = roundingSpan(form, accepted);
    if (span === null) continue;
    const [value, key] = valuesOf();
    if (value !== null && key !== null && Math.abs(value - key) < span) return form;
  }
  return 'different';
}
