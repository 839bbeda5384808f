/**
 * Math between the academy's delimiters (`$...$` inline, `$$...$$` display, `\$` a dollar) and those of the formats
 * that write LaTeX in text (Moodle XML and GIFT: `\(...\)`, `\[...\]`, `$$...$$`). Each direction is one pass.
 * QTI carries MathML instead: qti.ts turns it to LaTeX and back (KaTeX writes it).
 */
import katex from 'katex';
import { splitMath } from '../../../common/dollar-math';

/**
 * Text whose math is written `\(...\)`, `\[...\]` or `$$...$$` (as Moodle's MathJax and TeX filters read it), in
 * the academy's form. A dollar that opens no `$$` pair is a dollar, and is written `\$` so it stays one; a `\(` never
 * closed is left as it is, to be seen in the preview.
 */
export function toDollarMath(text: string): string {
  const out: string[] = [];
  let copied = 0;
  // A closing mark found nowhere after one opener is found nowhere after a later one: search for it once.
  const neverCloses = new Set<string>();
  // Only a backslash or a dollar can start anything: the text between them is copied in one piece.
  const marks = /[\\$]/g;
  for (let found = marks.exec(text); found !== null; found = marks.exec(text)) {
    const i = found.index;
    const pair = text.startsWith('\\(', i)
      ? '\\)'
      : text.startsWith('\\[', i)
        ? '\\]'
        : text.startsWith('$$', i)
          ? '$$'
          : '';
    let replaced: string | null = null;
    let next = i + 1;
    if (pair && !neverCloses.has(pair)) {
      const end = text.indexOf(pair, i + 2);
      if (end === -1) neverCloses.add(pair);
      else {
        const latex = text.slice(i + 2, end).trim();
        replaced = pair === '\\)' ? `$${latex}$` : `$$${latex}$$`;
        next = end + 2;
      }
    }
    if (replaced === null && text.startsWith('\\$', i)) [replaced, next] = ['\\$', i + 2];
    else if (replaced === null && text[i] === '$') replaced = '\\$';
    else if (replaced === null && text[i] === '\\') next = i + 2;
    if (replaced !== null) {
      out.push(text.slice(copied, i), replaced);
      copied = next;
    }
    marks.lastIndex = next;
  }
  out.push(text.slice(copied));
  return out.join('');
}

/** Academy text with its math as `\(...\)` and `\[...\]` and its dollars bare: what Moodle shows as written. */
export function toBracketMath(text: string): string {
  return splitMath(text)
    .map((piece) =>
      piece.kind === 'math'
        ? piece.display
          ? `\\[${piece.latex}\\]`
          : `\\(${piece.latex}\\)`
        : piece.value.replaceAll('\\$', '$'),
    )
    .join('');
}

/**
 * LaTeX as presentation MathML with the LaTeX kept as its annotation (so the academy reads its own export back
 * exactly, and other platforms render the MathML). Null when KaTeX cannot read it.
 */
export function latexToMathml(latex: string, display: boolean): string | null {
  try {
    const html = katex.renderToString(latex, { output: 'mathml', throwOnError: true, displayMode: display });
    const start = html.indexOf('<math');
    const end = html.lastIndexOf('</math>');
    return start === -1 || end === -1 ? null : html.slice(start, end + '</math>'.length);
  } catch {
    return null;
  }
}
