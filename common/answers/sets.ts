/**
 * Answers that say which values one unknown may take: conditions joined by "or" and "and" (`x < -2 or x > 2`,
 * `-2 < x and x < 2`), chains (`-2 < x < 2`), sets of values (`\{2, -2\}`, `x = 2, -2`, `x \in \{2, -2\}`),
 * intervals with their unions and intersections (`(-\infty, -2) \cup (2, \infty)`), and the words for no value and
 * for every value ("no solution", `\emptyset`, "all real numbers", `\mathbb{R}`). Two of them, or one and an
 * equation or inequality, are the same when they hold for the same real values of the unknown.
 */
import { SET_CLOSE, SET_OPEN, UnreadableError, textKey } from './normalize';
import { difference, rootsAlong, type Side } from './equations';
import { parseExpression, type Expr } from './expressions';
import { close, sameNumber, TOLERANCE, type Value } from './numbers';
import { AND, COMMA, OR, RELATION, isOneGroup, splitItems, splitTopLevel, withoutThousandsCommas } from './split';

export type RelationOp = '=' | '!=' | '<' | '<=';

/** An end of an interval: its value, and whether the interval holds it. */
interface Bound {
  at: Value;
  closed: boolean;
}

/** What an answer says of its unknown. */
export type Condition =
  | { type: 'relation'; left: Expr; op: RelationOp; right: Expr }
  | { type: 'values'; values: Value[] }
  /** An end left out is infinite. */
  | { type: 'interval'; low: Bound | null; high: Bound | null }
  | { type: 'or' | 'and'; parts: Condition[] }
  | { type: 'reals' }
  | { type: 'empty' };

/** A condition and the names it gives its unknown (a relation's variables, or the `x` of `x \in ...`). */
export interface SolutionSet {
  condition: Condition;
  names: string[];
}

/** The unknown of answers that are values (`2 or -2`): a letter nobody types, so it names none of theirs. */
export const VALUE_UNKNOWN = 'ξ';

/** A school answer has a few pieces; the cap bounds the work of comparing hostile ones. */
const MAX_PARTS = 16;
const MAX_VALUES = 50;

const EMPTY_WORDS = new Set([
  'no solution',
  'no solutions',
  'no real solution',
  'no real solutions',
  'no real roots',
  'empty set',
  'the empty set',
]);
const REALS_WORDS = new Set(['all real numbers', 'all reals', 'any real number', 'every real number']);

// Sticky: splitTopLevel tries them at one position at a time.
const UNION = /∪/y;
const INTERSECTION = /∩/y;
const IN = /∈/y;
/** The marks only solution sets use; without one of them (or "and"), an answer is an equation, a value or a list. */
const SET_MARKS = /[∪∩∅ℝ∞∈\uE003]|\band\b/;
const INFINITY = /^\+?∞$/;
const NAME = /^\p{L}(?:_[\p{L}\d]+)?$/u;

/** A solution set said in words ("no solution", "all real numbers"), or null. */
export function solutionSetInWords(text: string): SolutionSet | null {
  const key = textKey(text);
  if (EMPTY_WORDS.has(key)) return { condition: { type: 'empty' }, names: [] };
  if (REALS_WORDS.has(key)) return { condition: { type: 'reals' }, names: [] };
  return null;
}

/**
 * Reads plain infix as a solution set when it is one: null for an answer that a single relation, alternatives
 * joined by "or" (all equations or all values) or a list already say, and for answers that are none of these.
 */
export function parseSolutionSet(written: string): SolutionSet | null {
  if (!SET_MARKS.test(written) && !maybeSet(written)) return null;
  // Relations listed with commas (`x = 2, y = 3`, `x > 0, x != 1`) all hold: "and".
  const plain = joinedByCommas(written);
  const marked = plain !== written || SET_MARKS.test(plain);
  const reader = new SetReader();
  const ors = splitItems(plain, OR);
  if (ors.length > MAX_PARTS) throw new UnreadableError('too many alternatives');
  if (!marked && !writtenAsSet(ors)) return null;
  const parts: Condition[] = [];
  for (const part of ors) {
    const ands = splitItems(part, AND);
    const conditions = ands.map((atom) => reader.atom(atom));
    if (conditions.some((c) => c === null)) return null;
    // "x = 2 and x = -2", "3 and 4": a list of the solutions of one unknown, as students write it, not a
    // contradiction; "x = 2 and y = 3" is a solution of two.
    const listed = (conditions as Condition[]).map(listedName);
    const oneUnknown = listed.every((name) => name !== null) && new Set(listed.filter(Boolean)).size <= 1;
    parts.push(joined(oneUnknown ? 'or' : 'and', conditions as Condition[]));
  }
  return { condition: joined('or', parts), names: [...reader.names] };
}

/**
 * Two relations (a chain, or joined), "or", or a listed solution (`x = 2, -2`): the answers without a set's marks
 * worth reading as one. Searches, not one regular expression, so that the time stays in proportion to the text.
 */
function maybeSet(plain: string): boolean {
  const relation = plain.search(/[<>=]/);
  if (relation >= 0 && /[<>=]/.test(plain.slice(relation + 1).replace(/^[=>]/, ''))) return true;
  const equals = plain.indexOf('=');
  return /\bor\b/.test(plain) || (equals >= 0 && plain.lastIndexOf(',') > equals);
}

/**
 * Whether alternatives without a set's marks are written as a set, told from their text before any is parsed (most
 * such answers are one relation, or equations joined by "or", read elsewhere): a chain, an inequality among
 * alternatives, a listed solution (`x = 2, -2`), or equations beside values (`x = 3 or -3`).
 */
function writtenAsSet(ors: string[]): boolean {
  const kinds = ors.map((part) => {
    const sides = splitTopLevel(part, RELATION);
    if (sides.length === 1) return 'value';
    if (sides.length > 3) return 'set';
    if (sides[1] !== '=') return ors.length > 1 ? 'set' : 'relation';
    const listed = NAME.test(sides[0].trim()) && splitItems(withoutThousandsCommas(sides[2]), COMMA).length > 1;
    return listed ? 'set' : 'equation';
  });
  return kinds.includes('set') || (kinds.includes('value') && kinds.includes('equation'));
}

/** Relations separated by commas, joined by "and"; the text unchanged when a part is no relation (`x = 2, -2`). */
function joinedByCommas(plain: string): string {
  const parts = splitItems(withoutThousandsCommas(plain), COMMA);
  return parts.length > 1 && parts.every((part) => /[<>=]/.test(part)) ? parts.join(' and ') : plain;
}

/** The unknown a condition gives a value (`x` of `x = 2`), '' for a bare value, null for anything else. */
function listedName(c: Condition): string | null {
  if (c.type === 'values') return '';
  const assigned = assignment(c);
  return assigned === null ? null : assigned[0];
}

/** `x = 2` (or `2 = x`) as its unknown and value; null for any other condition. */
function assignment(c: Condition): [string, Value] | null {
  if (c.type !== 'relation' || c.op !== '=') return null;
  const named = (e: Expr) => (e.node.type === 'SymbolNode' && e.vars.length === 1 ? e.vars[0] : null);
  const [left, right] = [named(c.left), named(c.right)];
  if (left !== null && c.right.value !== null) return [left, c.right.value];
  if (right !== null && c.left.value !== null) return [right, c.left.value];
  return null;
}

/** A solution of several unknowns (`x = 2 and y = 3`) as their values; null for anything else. */
function assignments(c: Condition): Map<string, Value> | null {
  const parts = c.type === 'and' ? c.parts : [c];
  const values = new Map<string, Value>();
  for (const part of parts) {
    const assigned = assignment(part);
    if (assigned === null || values.has(assigned[0])) return null;
    values.set(...assigned);
  }
  return values;
}

function joined(type: 'or' | 'and', parts: Condition[]): Condition {
  return parts.length === 1 ? parts[0] : { type, parts };
}

class SetReader {
  readonly names = new Set<string>();
  private pieces = 0;
  /** Counts the pieces (values, intervals, relations) read so far against the cap. */
  private count(pieces: number): void {
    this.pieces += pieces;
    if (this.pieces > MAX_PARTS) throw new UnreadableError('too many parts');
  }

  /** One piece between "or" and "and"; null when it is not one a solution set is made of. */
  atom(text: string): Condition | null {
    const t = text.trim();
    if (t === '∅') return { type: 'empty' };
    if (t === 'ℝ') return { type: 'reals' };
    for (const [separator, type] of [
      [UNION, 'or'],
      [INTERSECTION, 'and'],
    ] as const) {
      const pieces = splitItems(t, separator);
      if (pieces.length > 1) {
        const parts = pieces.map((p) => this.atom(p));
        return parts.some((p) => p === null) ? null : { type, parts: parts as Condition[] };
      }
    }
    const membership = splitItems(t, IN);
    if (membership.length === 2) {
      const name = membership[0].trim();
      if (!NAME.test(name)) throw new UnreadableError('membership of a non-variable');
      this.names.add(name);
      return this.atom(membership[1]);
    }
    if (membership.length > 2) throw new UnreadableError('membership chain');
    if (t.startsWith(SET_OPEN) && t.endsWith(SET_CLOSE)) return this.values(t.slice(1, -1));
    if (/^[([]/.test(t) && /[)\]]$/.test(t) && isOneGroup(t)) return this.interval(t);
    return this.relations(t);
  }

  /** `\{2, -2\}`: the values listed (none for `\{\}`). */
  private values(body: string): Condition | null {
    if (body.trim() === '') return { type: 'empty' };
    const items = splitItems(withoutThousandsCommas(body), COMMA);
    if (items.length > MAX_VALUES) throw new UnreadableError('too many values');
    const values = items.map(constant);
    return values.some((v) => v === null) ? null : { type: 'values', values: values as Value[] };
  }

  /** `(-2, 2)`, `[0, \infty)`: in a solution set, a bracketed pair is an interval. */
  private interval(t: string): Condition | null {
    const ends = splitItems(t.slice(1, -1), COMMA);
    if (ends.length !== 2) return null;
    this.count(1);
    const [low, high] = ends.map((e) => e.trim());
    return {
      type: 'interval',
      low: /^-\s*∞$/.test(low) ? null : bound(low, t.startsWith('[')),
      high: INFINITY.test(high) ? null : bound(high, t.endsWith(']')),
    };
  }

  /** A relation (`x < 2`), a chain of them (`-2 < x <= 2`), a listed solution (`x = 2, -2`) or a value. */
  private relations(t: string): Condition | null {
    const parts = splitTopLevel(t, RELATION);
    this.count(Math.max(1, (parts.length - 1) / 2));
    if (parts.length === 1) {
      const value = constant(t);
      return value === null ? null : { type: 'values', values: [value] };
    }
    if (parts.length === 3 && parts[1] === '=' && NAME.test(parts[0].trim())) {
      const items = splitItems(withoutThousandsCommas(parts[2]), COMMA);
      if (items.length > 1) {
        this.names.add(parts[0].trim());
        return this.values(parts[2]);
      }
    }
    const links: Condition[] = [];
    for (let i = 1; i < parts.length; i += 2) links.push(relation(parts[i - 1], parts[i], parts[i + 1]));
    return joined('and', links);
  }
}

function relation(l: string, op: string, r: string): Condition {
  const [left, right] = [l, r].map((side) => parseExpression(withoutThousandsCommas(side)));
  // a > b is kept as b < a so that only two orderings remain.
  if (op === '>') return { type: 'relation', left: right, op: '<', right: left };
  if (op === '>=') return { type: 'relation', left: right, op: '<=', right: left };
  return { type: 'relation', left, op: op as RelationOp, right };
}

/** The value of a constant expression; null when it has variables. */
function constant(text: string): Value | null {
  const expr = parseExpression(text);
  return expr.value;
}

function bound(text: string, closed: boolean): Bound {
  const at = constant(text);
  if (at === null) throw new UnreadableError('an interval end with a variable');
  return { at, closed };
}

type Relation = Extract<Condition, { type: 'relation' }>;

/** The relations of a condition, for their variables and roots. */
function relationsOf(c: Condition): Relation[] {
  if (c.type === 'relation') return [c];
  if (c.type === 'or' || c.type === 'and') return c.parts.flatMap(relationsOf);
  return [];
}

/** The values and interval ends a condition names: where its truth may change. */
function endsOf(c: Condition): Value[] {
  if (c.type === 'values') return c.values;
  if (c.type === 'interval') return [c.low, c.high].flatMap((b) => (b === null ? [] : [b.at]));
  if (c.type === 'or' || c.type === 'and') return c.parts.flatMap(endsOf);
  return [];
}

/** The one name two sets give their unknown, VALUE_UNKNOWN when neither names it; null when they name two. */
function unknownOf(a: SolutionSet, b: SolutionSet): string | null {
  const names = new Set(
    [a, b].flatMap((s) => [...s.names, ...relationsOf(s.condition).flatMap((r) => [...r.left.vars, ...r.right.vars])]),
  );
  names.delete(VALUE_UNKNOWN);
  if (names.size > 1) return null;
  return [...names][0] ?? VALUE_UNKNOWN;
}

/** Two solutions of several unknowns (`x = 2 and y = 3`, `y = 3, x = 2`): the same unknowns with the same values. */
function sameAssignments(a: SolutionSet, b: SolutionSet): boolean {
  const [p, q] = [assignments(a.condition), assignments(b.condition)];
  if (p === null || q === null || p.size !== q.size) return false;
  return [...p].every(([name, value]) => {
    const other = q.get(name);
    return other !== undefined && sameNumber(value, other);
  });
}

/** A point of the line where both conditions are asked: its float, and its exact value when it is a named one. */
interface Probe {
  t: number;
  exact: Value | null;
}

const PROBES_WITHOUT_CUTS = [-1000, -50, -1, -0.5, 0, 0.5, 1, 50, 1000];

/**
 * Whether two solution sets hold for the same real values: the roots of their relations and the values and ends
 * they name cut the line; both must agree at every cut and on every piece between. A value where a relation is
 * undefined is not in its set. Two sets holding for no value found are the same only when one says so (`\emptyset`,
 * "no solution"): `x^2 < 0` and `x^2 < -1` are not judged alike.
 */
export function sameValues(a: SolutionSet, b: SolutionSet): boolean {
  const unknown = unknownOf(a, b);
  if (unknown === null) return sameAssignments(a, b);
  // Each relation's difference, with the name it gives the unknown (its own, or VALUE_UNKNOWN for values).
  const differences = new Map<Relation, { f: Side; name: string }>();
  for (const r of [...relationsOf(a.condition), ...relationsOf(b.condition)])
    differences.set(r, { f: difference([r.left, r.right]), name: [...r.left.vars, ...r.right.vars][0] ?? unknown });
  const env = new Map<string, number>();
  const cuts: Probe[] = [...endsOf(a.condition), ...endsOf(b.condition)].map((v) => ({ t: v.approx, exact: v }));
  for (const { f, name } of differences.values())
    for (const root of rootsAlong(f, env, name, 0, true)) cuts.push({ t: root.t, exact: null });
  const probes = probesAround(cuts);
  const holds = (c: Condition, p: Probe): boolean => {
    switch (c.type) {
      case 'relation': {
        const { f, name } = differences.get(c) as { f: Side; name: string };
        env.set(name, p.t);
        const value = f(env);
        if (!Number.isFinite(value)) return false;
        // At a cut the difference is zero but for rounding: read as zero within the tolerance of its neighbourhood.
        const zero = Math.abs(value) <= TOLERANCE * Math.max(1, Math.abs(p.t));
        if (c.op === '=') return zero;
        if (c.op === '!=') return !zero;
        return c.op === '<' ? value < 0 && !zero : value < 0 || zero;
      }
      case 'values':
        return c.values.some((v) => (p.exact ? sameNumber(v, p.exact) : close(v.approx, p.t)));
      case 'interval':
        return above(p, c.low) && below(p, c.high);
      case 'or':
        return c.parts.some((part) => holds(part, p));
      case 'and':
        return c.parts.every((part) => holds(part, p));
      case 'reals':
        return true;
      case 'empty':
        return false;
    }
  };
  let inSet = 0;
  for (const p of probes) {
    const inA = holds(a.condition, p);
    if (inA !== holds(b.condition, p)) return false;
    if (inA) inSet++;
  }
  return inSet > 0 || a.condition.type === 'empty' || b.condition.type === 'empty';
}

function same(p: Probe, q: Probe): boolean {
  return p.exact && q.exact ? sameNumber(p.exact, q.exact) : close(p.t, q.t);
}

/** Each cut, a point between each two, and one beyond each end. */
function probesAround(cuts: Probe[]): Probe[] {
  const sorted = cuts.filter((c) => Number.isFinite(c.t)).sort((p, q) => p.t - q.t);
  const distinct = sorted.filter((c, i) => i === 0 || !same(c, sorted[i - 1]));
  if (distinct.length === 0) return PROBES_WITHOUT_CUTS.map((t) => ({ t, exact: null }));
  const between = (t: number): Probe => ({ t, exact: null });
  const first = distinct[0].t;
  const last = distinct[distinct.length - 1].t;
  return [
    between(first - Math.max(1, Math.abs(first))),
    ...distinct.flatMap((c, i) => (i + 1 < distinct.length ? [c, between((c.t + distinct[i + 1].t) / 2)] : [c])),
    between(last + Math.max(1, Math.abs(last))),
  ];
}

function above(p: Probe, low: Bound | null): boolean {
  if (low === null) return true;
  if (p.exact ? sameNumber(p.exact, low.at) : close(p.t, low.at.approx)) return low.closed;
  return p.t > low.at.approx;
}

function below(p: Probe, high: Bound | null): boolean {
  if (high === null) return true;
  if (p.exact ? sameNumber(p.exact, high.at) : close(p.t, high.at.approx)) return high.closed;
  return p.t < high.at.approx;
}

/** A relation as a solution set: its own variable is the unknown. */
export function relationSet(left: Expr, op: RelationOp, right: Expr): SolutionSet {
  return { condition: { type: 'relation', left, op, right }, names: [] };
}

/** Values as a solution set: `2, -2` against `x^2 = 4`. */
export function valuesSet(values: Value[]): SolutionSet {
  return { condition: { type: 'values', values }, names: [] };
}

/** A bracketed pair as an interval: `(-2, 2)` against `|x| < 2`. */
export function intervalSet(low: Value, high: Value, brackets: string): SolutionSet {
  return {
    condition: {
      type: 'interval',
      low: { at: low, closed: brackets[0] === '[' },
      high: { at: high, closed: brackets[1] === ']' },
    },
    names: [],
  };
}
