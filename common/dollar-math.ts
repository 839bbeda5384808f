/**
 * Finds the math in text written with dollar signs: `$$...$$` for display math and `$...$` for inline math.
 *
 * A single dollar opens math only when a non-space follows it and closes only after a non-space that is not
 * followed by a digit, as Pandoc does, so "$5 and $10" stays money. `\$` is a literal dollar.
 */
export type MathPiece = { kind: 'text'; value: string } | { kind: 'math'; display: boolean; latex: string };

/** Where a piece of math is: `from` to `to` is its LaTeX, between the delimiters that open and close it. */
export interface MathSpan {
  from: number;
  to: number;
  display: boolean;
}

/** The math of a text, in order: one pass, each dollar looked at a bounded number of times. */
export function mathSpans(text: string): MathSpan[] {
  const spans: MathSpan[] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text[i];
    if (ch === '\\' && text[i + 1] === '$') {
      i += 2;
      continue;
    }
    if (ch === '$' && text[i + 1] === '$') {
      const end = findClosing(text, i + 2, '$$');
      if (end > i + 2) {
        spans.push({ from: i + 2, to: end, display: true });
        i = end + 2;
        continue;
      }
    } else if (ch === '$' && text[i + 1] !== undefined && !/\s/.test(text[i + 1])) {
      const end = findInlineClosing(text, i + 1);
      if (end > 0) {
        spans.push({ from: i + 1, to: end, display: false });
        i = end + 1;
        continue;
      }
    }
    i++;
  }
  return spans;
}

export function splitMath(text: string): MathPiece[] {
  const pieces: MathPiece[] = [];
  let at = 0;
  const plain = (to: number) => {
    if (to > at) pieces.push({ kind: 'text', value: text.slice(at, to) });
  };
  for (const span of mathSpans(text)) {
    const delimiter = span.display ? 2 : 1;
    plain(span.from - delimiter);
    const latex = text.slice(span.from, span.to);
    pieces.push({ kind: 'math', display: span.display, latex: span.display ? latex.trim() : latex });
    at = span.to + delimiter;
  }
  plain(text.length);
  return pieces;
}

function findClosing(text: string, from: number, delimiter: string): number {
  for (let j = from; j < text.length; j++) {
    if (text[j] === '\\') {
      j++;
      continue;
    }
    if (text.startsWith(delimiter, j)) return j;
  }
  return -1;
}

function findInlineClosing(text: string, from: number): number {
  for (let j = from; j < text.length; j++) {
    if (text[j] === '\\') {
      j++;
      continue;
    }
    if (text[j] === '$') {
      if (!/\s/.test(text[j - 1]) && !/\d/.test(text[j + 1] ?? '') && text[j + 1] !== '$') return j;
      return -1;
    }
  }
  return -1;
}

/** True when the text holds at least one piece of math. */
export const hasMath = (text: string) => splitMath(text).some((p) => p.kind === 'math');
