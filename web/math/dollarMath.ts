/**
 * Finds the math in text written with dollar signs: `$$...$$` for display math and `$...$` for inline math.
 *
 * A single dollar opens math only when a non-space follows it and closes only after a non-space that is not
 * followed by a digit, as Pandoc does, so "$5 and $10" stays money. `\$` is a literal dollar.
 */
export type MathPiece = { kind: 'text'; value: string } | { kind: 'math'; display: boolean; latex: string };

export function splitMath(text: string): MathPiece[] {
  const pieces: MathPiece[] = [];
  let plain = '';
  let i = 0;
  const flush = () => {
    if (plain) pieces.push({ kind: 'text', value: plain });
    plain = '';
  };
  while (i < text.length) {
    const ch = text[i];
    if (ch === '\\' && text[i + 1] === '$') {
      plain += '\\$';
      i += 2;
      continue;
    }
    if (ch === '$' && text[i + 1] === '$') {
      const end = findClosing(text, i + 2, '$$');
      if (end > i + 2) {
        flush();
        pieces.push({ kind: 'math', display: true, latex: text.slice(i + 2, end).trim() });
        i = end + 2;
        continue;
      }
    } else if (ch === '$' && text[i + 1] !== undefined && !/\s/.test(text[i + 1])) {
      const end = findInlineClosing(text, i + 1);
      if (end > 0) {
        flush();
        pieces.push({ kind: 'math', display: false, latex: text.slice(i + 1, end) });
        i = end + 1;
        continue;
      }
    }
    plain += ch;
    i++;
  }
  flush();
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
