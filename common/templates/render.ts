/**
 * Writing a variant's values into a question's texts. A marker is a declared variable's name in braces, with an
 * optional sign and term (braces around any other text are left alone, so LaTeX keeps its own):
 *
 * | marker      | a = 3        | a = -1      | a = 1      | a = 0   |
 * |-------------|--------------|-------------|------------|---------|
 * | `{a}`       | `3`          | `-1`        | `1`        | `0`     |
 * | `{+a}`      | `+ 3`        | `- 1`       | `+ 1`      | (none)  |
 * | `{a:x}`     | `3x`         | `-x`        | `x`        | `0`     |
 * | `{+a:x^2}`  | `+ 3x^2`     | `- x^2`     | `+ x^2`    | (none)  |
 * | `x{^a}`     | `x^{3}`      | `x^{-1}`    | `x`        | `x^{0}` |
 *
 * Fractions stay exact (`\frac{1}{3}`), decimals whose value ends are written out (`0.25`). Inside `$...$` math a
 * value is LaTeX, and a bare `{a}` after a command, `^` or `_` keeps its braces as a group (`\frac{a}{b}` becomes
 * `\frac{3}{7}`, `x^{a}` becomes `x^{-2}`, `{a}/{b}` becomes `3/7`), so a marker can stand as an argument; outside math a value that needs LaTeX is written as math
 * of its own (`$\frac{1}{3}$`), and a word as it is.
 */
import Fraction from 'fraction.js';
import { mathSpans } from '../dollar-math';
import type { TemplateValue } from './expression';
import { writtenAsDecimal, type VariantValues } from './generate';

/**
 * A marker: `{`, an optional `+` or `^`, a name, an optional `:term`, `}`. Every part is bounded and none repeats
 * another, so one pass over any text reads it.
 */
/** What, just before a marker in math, makes it an argument: a command's name, `^`, `_`, or another argument. */
const ARGUMENT_BEFORE = /[A-Za-z^_{}]/;

const MARKER = /\{([+^]?)([A-Za-z][A-Za-z0-9]{0,11})(?::([^{}$<>]{1,30}))?\}/g;

/** Whether a denominator ends in decimals (only 2s and 5s). */
function terminates(d: bigint): boolean {
  let rest = d;
  while (rest % 2n === 0n) rest /= 2n;
  while (rest % 5n === 0n) rest /= 5n;
  return rest === 1n;
}

/**
 * A number as LaTeX: `-3`, `-\frac{1}{3}`, and `0.25` for a value written as a decimal (one drawn from a decimal
 * range, or computed from such with no division) whose decimals end; a quarter drawn from whole numbers is `\frac{1}{4}`.
 */
export function numberLatex(value: Fraction, decimal = writtenAsDecimal(value)): string {
  const sign = value.s < 0n ? '-' : '';
  if (value.d === 1n) return `${sign}${value.n}`;
  if (decimal && terminates(value.d)) return `${sign}${value.abs().toString()}`;
  return `${sign}\\frac{${value.n}}{${value.d}}`;
}

/** What a marker becomes, as LaTeX (or a word), given its sign, the value and its term. */
function markerLatex(sign: string, value: TemplateValue, term: string | undefined): string {
  if (!(value instanceof Fraction)) {
    const word = typeof value === 'string' ? value : String(value);
    return sign === '+' ? `+ ${word}` : term ? `${word}${term}` : word;
  }
  const decimal = writtenAsDecimal(value);
  if (sign === '^') return value.equals(1) ? '' : `^{${numberLatex(value, decimal)}}`;
  const isZero = value.n === 0n;
  /** A positive coefficient and its term: `x` for 1, `3x`, `\frac{1}{3}x`. */
  const coefficient = (size: Fraction, term: string) =>
    size.equals(1) ? term : `${numberLatex(size, decimal)}${term}`;
  if (sign === '+') {
    if (isZero) return '';
    const size = value.abs();
    const magnitude = term === undefined ? numberLatex(size, decimal) : coefficient(size, term);
    return `${value.s < 0n ? '-' : '+'} ${magnitude}`;
  }
  if (term === undefined) return numberLatex(value, decimal);
  if (isZero) return '0';
  return value.s < 0n ? `-${coefficient(value.abs(), term)}` : coefficient(value, term);
}

/**
 * A text with its markers written with the variant's values. `math` says the whole text is LaTeX (an accepted
 * answer); otherwise only what is inside its `$...$` is.
 */
export function fillText(text: string, values: VariantValues, math = false): string {
  if (!text.includes('{')) return text;
  const spans = math ? [{ from: 0, to: text.length }] : mathSpans(text);
  let span = 0;
  return text.replace(MARKER, (marker: string, sign: string, name: string, term: string | undefined, at: number) => {
    const value = values.get(name);
    if (value === undefined) return marker;
    while (span < spans.length && spans[span].to <= at) span++;
    const inMath = span < spans.length && spans[span].from <= at;
    if (!inMath) {
      const latex = markerLatex(sign, value, term);
      return latex.includes('\\') ? `$${latex}$` : latex;
    }
    const latex = typeof value === 'string' ? `\\text{${value}}` : markerLatex(sign, value, term);
    // A bare value that is a command's argument or a power stays a group, as its braces made it: `\frac{a}{b}` and
    // `x^{a}` keep their arguments whole, where `{a}/{b}` reads 3/7.
    return sign === '' && term === undefined && ARGUMENT_BEFORE.test(text[at - 1] ?? '') ? `{${latex}}` : latex;
  });
}

/** Whether a text holds a marker of one of the names: a question whose texts hold none does not vary. */
export function hasMarkers(text: string, names: ReadonlySet<string>): boolean {
  for (const match of text.matchAll(MARKER)) if (names.has(match[2])) return true;
  return false;
}

/** The values as a student or teacher reads them: `a = 3, b = \frac{1}{2}`, LaTeX. */
export function valuesLatex(values: VariantValues): string {
  return [...values]
    .map(([name, value]) => `${name} = ${value instanceof Fraction ? numberLatex(value) : `\\text{${String(value)}}`}`)
    .join(',\\ ');
}

/** A template in a line, as staff read it in the bank: `a from 1 to 9 by 1; who one of Ana, Ben; s = a + c`. */
export function describeTemplate(template: {
  variables: ReadonlyArray<
    | { name: string; kind: 'range'; min: string; max: string; step: string }
    | { name: string; kind: 'choice'; values: readonly string[] }
    | { name: string; kind: 'computed'; expression: string }
  >;
}): string {
  return template.variables
    .map((v) =>
      v.kind === 'range'
        ? `${v.name} from ${v.min} to ${v.max}${v.step === '1' ? '' : ` by ${v.step}`}`
        : v.kind === 'choice'
          ? `${v.name} one of ${v.values.join(', ')}`
          : `${v.name} = ${v.expression}`,
    )
    .join('; ');
}
