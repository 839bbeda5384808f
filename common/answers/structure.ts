/**
 * The shape of an answer: text, a number or expression, a quantity with a unit,
 * an equation or inequality, or an ordered list — and when two shapes are equivalent.
 */
import { FUNCTIONS, PLUS_MINUS, UnreadableError, textKey, toPlain } from './normalize';
import { sameSolutions } from './equations';
import { parseExpression, proportional, sameExpression, solutionsDifferExactly, type Expr } from './expressions';
import Fraction from 'fraction.js';
import { evaluate, sameNumber, type Value } from './numbers';
import {
  VALUE_UNKNOWN,
  intervalSet,
  parseSolutionSet,
  relationSet,
  sameValues,
  solutionSetInWords,
  valuesSet,
  type RelationOp,
  type SolutionSet,
} from './sets';
import { COMMA, OR, RELATION, isOneGroup, splitItems, splitTopLevel, withoutThousandsCommas } from './split';
import { UNIT_NAMES, sameDimension, splitQuantity, toBase, type Unit } from './units';

/** A parsed answer. */
export type Answer =
  | { kind: 'text'; key: string }
  | { kind: 'expression'; expr: Expr }
  | { kind: 'quantity'; magnitude: Value; unit: Unit }
  | { kind: 'relation'; left: Expr; op: RelationOp; right: Expr }
  /** `brackets` are the list's own (`()`, `[)`), or null for a bare list (`2, -2`). */
  | { kind: 'sequence'; items: Answer[]; brackets: string | null }
  | { kind: 'matrix'; rows: Answer[][] }
  | { kind: 'set'; set: SolutionSet };

/** Parses raw input into an Answer; throws UnreadableError when it is not readable math. */
export function parseAnswer(raw: string): Answer {
  const matrix = parseMatrix(raw);
  if (matrix) return matrix;
  const plain = toPlain(raw);
  const inWords = solutionSetInWords(plain);
  if (inWords) return { kind: 'set', set: inWords };
  // The key of the translated text, so `\text{Isosceles}` reads as the word.
  if (isWordy(plain)) return { kind: 'text', key: textKey(plain) };
  const bothSigns = withBothSigns(plain);
  const set = parseSolutionSet(bothSigns);
  if (set) return { kind: 'set', set };
  return parseAlternatives(bothSigns) ?? parseRelation(plain);
}

/** The most alternatives an answer may join: a school answer has a few roots. */
const MAX_ALTERNATIVES = 8;

/** A `±` (`\pm`, `+-`) taken both ways: `x = 3 ± 1` is `x = 3 + 1 or x = 3 - 1`; at most two of them. */
function withBothSigns(plain: string): string {
  if (!plain.includes(PLUS_MINUS)) return plain;
  const parts = plain.split(PLUS_MINUS);
  if (parts.length > 3) throw new UnreadableError('too many plus-minus signs');
  let variants = [parts[0]];
  for (const part of parts.slice(1)) variants = variants.flatMap((v) => [`${v}+${part}`, `${v}-${part}`]);
  return variants.join(' or ');
}

/**
 * Answers joined by "or" (`x = 2 or x = -2`, `2 or -2`) as one equation with the same solutions: the product of the
 * alternatives' sides moved to the left is zero (`(x-2)(x+2) = 0`), so they compare with any equation as equations
 * do (`x^2 = 4`), in any order. Values are read as solutions of an unknown of their own. Null when nothing is joined.
 */
function parseAlternatives(plain: string): Answer | null {
  const parts = splitItems(plain, OR);
  if (parts.length < 2) return null;
  if (parts.length > MAX_ALTERNATIVES) throw new UnreadableError('too many alternatives');
  const factors = parts.map((part) => {
    const sides = splitTopLevel(part, RELATION);
    if (sides.length === 1) return `(${VALUE_UNKNOWN}-(${part}))`;
    // Anything else joined by "or" is a solution set (sets.ts), read before.
    if (sides.length !== 3 || sides[1] !== '=') throw new UnreadableError('alternatives other than equations');
    return `((${sides[0]})-(${sides[2]}))`;
  });
  return parseRelation(`${factors.join('*')}=0`);
}

/** The matrix environments a student's editor writes; the brackets are presentation only. */
const MATRIX_ENVIRONMENTS = ['pmatrix', 'bmatrix', 'Bmatrix', 'matrix'];

/**
 * A whole answer that is one matrix (`\begin{pmatrix}1 & 2\\ 3 & 4\end{pmatrix}`): its cells, row by row, each
 * read as an answer of its own. Null when the answer is not a matrix; a matrix inside a cell is unreadable. One
 * pass over the body at brace depth 0, so any input costs time in proportion to its length.
 */
function parseMatrix(raw: string): Answer | null {
  const text = raw.trim();
  const env = MATRIX_ENVIRONMENTS.find((e) => text.startsWith(`\\begin{${e}}`) && text.endsWith(`\\end{${e}}`));
  if (env === undefined) return null;
  const body = text.slice(`\\begin{${env}}`.length, text.length - `\\end{${env}}`.length);
  if (body.includes('\\begin')) throw new UnreadableError('nested environment');
  const rows: string[][] = [[]];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c === '{') depth++;
    else if (c === '}') depth--;
    else if (depth === 0 && c === '&') {
      rows[rows.length - 1].push(body.slice(start, i));
      start = i + 1;
    } else if (depth === 0 && c === '\\' && body[i + 1] === '\\') {
      rows[rows.length - 1].push(body.slice(start, i));
      rows.push([]);
      start = i + 2;
      i++;
    } else if (c === '\\') i++;
  }
  rows[rows.length - 1].push(body.slice(start));
  // A final \\ leaves an empty last row behind it.
  if (rows.length > 1 && rows[rows.length - 1].length === 1 && rows[rows.length - 1][0].trim() === '') rows.pop();
  if (rows.some((r) => r.length !== rows[0].length)) throw new UnreadableError('ragged matrix');
  return { kind: 'matrix', rows: rows.map((r) => r.map((cell) => parseAnswer(cell))) };
}

/** Answers of fewer than four letters that are words, not products of variables. */
const SHORT_WORDS = new Set(['yes', 'no']);

/**
 * Runs of four or more letters that are not a function or unit name mean words,
 * e.g. "isosceles"; shorter runs are products of variables such as `xy`, but for a few short words said alone.
 */
function isWordy(plain: string): boolean {
  if (SHORT_WORDS.has(plain.trim().toLowerCase())) return true;
  return (plain.match(/[a-zA-Z]{4,}/g) ?? []).some((w) => !FUNCTIONS.has(w) && !UNIT_NAMES.has(w));
}

function parseRelation(plain: string): Answer {
  const parts = splitTopLevel(plain, RELATION);
  if (parts.length === 1) return parseSequence(plain);
  // Chains such as 1 < x < 3 are solution sets, read before.
  if (parts.length !== 3) throw new UnreadableError('relation chain');
  const [l, op, r] = parts;
  const left = parseExpression(withoutThousandsCommas(l));
  const right = parseExpression(withoutThousandsCommas(r));
  // a > b is stored as b < a so that only two orderings remain.
  if (op === '>') return { kind: 'relation', left: right, op: '<', right: left };
  if (op === '>=') return { kind: 'relation', left: right, op: '<=', right: left };
  return { kind: 'relation', left, op: op as RelationOp, right };
}

function parseSequence(plain: string): Answer {
  const wrapped = /^[([](.*)[)\]]$/.exec(plain);
  if (wrapped && isOneGroup(plain)) {
    const items = splitItems(wrapped[1], COMMA);
    const brackets = plain[0] + plain[plain.length - 1];
    if (items.length > 1) return { kind: 'sequence', items: items.map(parseLeaf), brackets };
  }
  // Outside brackets, "1,000" is a thousands separator; other commas separate items.
  const unseparated = withoutThousandsCommas(plain);
  const items = splitItems(unseparated, COMMA);
  return items.length > 1 ? { kind: 'sequence', items: items.map(parseLeaf), brackets: null } : parseLeaf(unseparated);
}

function parseLeaf(plain: string): Answer {
  const quantity = splitQuantity(plain.trim());
  if (quantity) {
    try {
      const magnitude = parseExpression(quantity.magnitude);
      if (magnitude.value) return { kind: 'quantity', magnitude: magnitude.value, unit: quantity.unit };
    } catch {
      // Not a number before the unit word: read it all as an expression below.
    }
  }
  return { kind: 'expression', expr: parseExpression(plain) };
}

/** Whether a student's answer is mathematically the same as the accepted one. */
export function equivalent(accepted: Answer, student: Answer): boolean {
  if (
    accepted.kind === 'set' ||
    student.kind === 'set' ||
    (accepted.kind === 'relation' && student.kind === 'sequence') ||
    mentionsValueUnknown(accepted, student)
  ) {
    const a = asSolutionSet(accepted, false);
    const s = asSolutionSet(student, accepted.kind !== 'sequence');
    return a !== null && s !== null && sameValues(a, s);
  }
  if (accepted.kind === 'text' || student.kind === 'text') {
    return accepted.kind === 'text' && student.kind === 'text' && accepted.key === student.key;
  }
  if (accepted.kind === 'matrix' || student.kind === 'matrix') {
    return (
      accepted.kind === 'matrix' &&
      student.kind === 'matrix' &&
      accepted.rows.length === student.rows.length &&
      accepted.rows.every(
        (row, i) =>
          row.length === student.rows[i].length && row.every((cell, j) => equivalent(cell, student.rows[i][j])),
      )
    );
  }
  if (accepted.kind === 'sequence' || student.kind === 'sequence') {
    return (
      accepted.kind === 'sequence' &&
      student.kind === 'sequence' &&
      accepted.items.length === student.items.length &&
      accepted.items.every((item, i) => equivalent(item, student.items[i]))
    );
  }
  if (accepted.kind === 'relation' || student.kind === 'relation') {
    // An equation never equals a bare expression, nor an inequality.
    if (accepted.kind !== 'relation' || student.kind !== 'relation') return false;
    const a: [Expr, Expr] = [accepted.left, accepted.right];
    const s: [Expr, Expr] = [student.left, student.right];
    const inequality = (op: RelationOp) => op === '<' || op === '<=';
    if (inequality(accepted.op) && inequality(student.op))
      return (
        (accepted.op === student.op && proportional(a, s, true)) ||
        sameValues(relationSet(a[0], accepted.op, a[1]), relationSet(s[0], student.op, s[1]))
      );
    if (accepted.op !== student.op) return false;
    return proportional(a, s, false) || (sameSolutions(a, s) && !solutionsDifferExactly(a, s));
  }
  if (accepted.kind === 'quantity' && student.kind === 'quantity') {
    return (
      sameDimension(accepted.unit, student.unit) &&
      sameNumber(toBase(accepted.magnitude, accepted.unit), toBase(student.magnitude, student.unit))
    );
  }
  // Liters written `l`, a variable elsewhere, are liters against a quantity.
  const liters =
    accepted.kind === 'quantity' ? asLiters(student) : student.kind === 'quantity' ? asLiters(accepted) : null;
  if (liters !== null)
    return equivalent(accepted.kind === 'quantity' ? accepted : liters, student.kind === 'quantity' ? student : liters);
  // When only one side has a unit, the bare number is read in the other side's unit.
  if (accepted.kind === 'quantity' || student.kind === 'quantity') {
    const a = numberOf(accepted);
    const s = numberOf(student);
    return a !== null && s !== null && sameNumber(a, s);
  }
  return accepted.kind === 'expression' && student.kind === 'expression' && sameExpression(accepted.expr, student.expr);
}

/**
 * Values joined by "or" (`2 or -2`, `\pm 2`) are the solutions of an unknown of their own: against an equation in
 * one variable they are its solutions (`x = \pm 2`), so the two compare as solution sets.
 */
function mentionsValueUnknown(a: Answer, b: Answer): boolean {
  const mentions = (x: Answer) =>
    x.kind === 'relation' && (x.left.vars.includes(VALUE_UNKNOWN) || x.right.vars.includes(VALUE_UNKNOWN));
  return a.kind === 'relation' && b.kind === 'relation' && mentions(a) !== mentions(b);
}

/**
 * An answer as a solution set, or null when it says nothing of an unknown's values. A number is the one value; a
 * list, when `listsAreSets` (the key is not itself a list), is its values, or an interval when it is a bracketed
 * pair (`(-2, 2)`, `[0, 5)`): the key decides whether `(-2, 2)` is a point or an interval.
 */
function asSolutionSet(answer: Answer, listsAreSets: boolean): SolutionSet | null {
  if (answer.kind === 'set') return answer.set;
  if (answer.kind === 'relation') return relationSet(answer.left, answer.op, answer.right);
  if (answer.kind === 'expression') return answer.expr.value ? valuesSet([answer.expr.value]) : null;
  if (answer.kind !== 'sequence' || !listsAreSets) return null;
  const values = answer.items.map((item) => (item.kind === 'expression' ? item.expr.value : null));
  if (values.some((v) => v === null)) return null;
  if (answer.brackets === null) return valuesSet(values as Value[]);
  return values.length === 2 ? intervalSet(values[0] as Value, values[1] as Value, answer.brackets) : null;
}

const LITER = splitQuantity('1 L')?.unit;

/**
 * A multiple of the letter l (`5 l`, `\frac{1}{2} l`) as liters, read so only against the other side's quantity: the
 * letter is a variable elsewhere (`2l + 2w`). Null for anything else.
 */
function asLiters(answer: Answer): Answer | null {
  if (LITER === undefined || answer.kind !== 'expression' || answer.expr.vars.join() !== 'l') return null;
  const at = (n: number) => evaluate(answer.expr.node, new Map([['l', n]]), new Map([['l', new Fraction(n)]])).exact;
  const [zero, one, two] = [at(0), at(1), at(2)];
  if (zero === null || one === null || two === null || !zero.equals(0) || !two.equals(one.mul(2))) return null;
  return { kind: 'quantity', magnitude: { exact: one, approx: one.valueOf() }, unit: LITER };
}

function numberOf(answer: Answer): Value | null {
  if (answer.kind === 'quantity') return answer.magnitude;
  if (answer.kind === 'expression') return answer.expr.value;
  return null;
}
