/** Splitting plain infix at separators outside brackets: one pass, time in proportion to the text. */
import { SET_CLOSE, SET_OPEN, UnreadableError } from './normalize';

// Sticky: splitTopLevel tries them at one position at a time.
export const RELATION = /<=|>=|!=|=|<|>/y;
export const COMMA = /,/y;
export const OR = /\s*\bor\b\s*/y;
export const AND = /\s*\band\b\s*/y;

/** Splits at separators outside brackets, keeping the separators at odd indexes. */
export function splitTopLevel(s: string, separator: RegExp): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === '(' || c === '[' || c === SET_OPEN) depth++;
    else if (c === ')' || c === ']' || c === SET_CLOSE) depth--;
    if (depth !== 0) continue;
    separator.lastIndex = i;
    const m = separator.exec(s);
    if (m && m.index === i) {
      parts.push(s.slice(start, i), m[0]);
      start = i + m[0].length;
      i = start - 1;
    }
  }
  parts.push(s.slice(start));
  if (parts.some((p) => p.trim() === '')) throw new UnreadableError('empty part');
  return parts;
}

/** The parts between separators, without the separators. */
export function splitItems(s: string, separator: RegExp): string[] {
  return splitTopLevel(s, separator).filter((_, i) => i % 2 === 0);
}

/** Whether the outer brackets of s enclose all of it, as in `(2, 3)` but not `(1)(2)`. */
export function isOneGroup(s: string): boolean {
  let depth = 0;
  for (let i = 0; i < s.length; i++) {
    if ('(['.includes(s[i])) depth++;
    else if (')]'.includes(s[i]) && --depth === 0 && i < s.length - 1) return false;
  }
  return true;
}

/** "1,000" is one number outside brackets: its thousands separators taken out. */
export function withoutThousandsCommas(s: string): string {
  return s.replace(/(\d),(?=\d{3}(?!\d))/g, '$1');
}
