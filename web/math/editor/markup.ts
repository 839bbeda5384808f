import { splitMath } from '@common/dollar-math';

/**
 * Stored rich text keeps math as dollar text; the editor holds it as math nodes. These helpers turn dollar math
 * found in text into the editor's markers (`<span data-math="inline|display">`), for loading and for pasting.
 */

const SKIP = new Set(['CODE', 'PRE']);

/** Wraps every `$...$` / `$$...$$` found in the text of `html` in a math marker the editor parses as a math node. */
export function markMath(html: string): string {
  const template = document.createElement('template');
  template.innerHTML = html;
  const walker = document.createTreeWalker(template.content, NodeFilter.SHOW_TEXT);
  const nodes: Text[] = [];
  while (walker.nextNode()) {
    const node = walker.currentNode as Text;
    const parent = node.parentElement;
    if (parent && (SKIP.has(parent.tagName) || parent.hasAttribute('data-math'))) continue;
    if (node.nodeValue?.includes('$')) nodes.push(node);
  }
  for (const node of nodes) {
    const pieces = splitMath(node.nodeValue ?? '');
    if (!pieces.some((p) => p.kind === 'math')) continue;
    const fragment = document.createDocumentFragment();
    for (const piece of pieces) {
      if (piece.kind === 'text') fragment.append(piece.value);
      else fragment.append(mathMarker(piece.latex, piece.display));
    }
    node.replaceWith(fragment);
  }
  return template.innerHTML;
}

export function mathMarker(latex: string, display: boolean): HTMLSpanElement {
  const span = document.createElement('span');
  span.setAttribute('data-math', display ? 'display' : 'inline');
  span.textContent = display ? `$$${latex}$$` : `$${latex}$`;
  return span;
}

/** Pasted plain text as paragraphs, its dollar math kept as math. */
export function plainTextToHtml(text: string): string {
  const paragraphs = text.split(/\r?\n\s*\r?\n/).map((block) => {
    const p = document.createElement('p');
    block.split(/\r?\n/).forEach((line, i) => {
      if (i > 0) p.append(document.createElement('br'));
      p.append(line);
    });
    return p.outerHTML;
  });
  return markMath(paragraphs.join(''));
}

/** Reads the LaTeX out of a marker's text, with or without its dollars. */
export function latexOf(text: string): string {
  const t = text.trim();
  if (t.startsWith('$$') && t.endsWith('$$') && t.length >= 4) return t.slice(2, -2).trim();
  if (t.startsWith('$') && t.endsWith('$') && t.length >= 2) return t.slice(1, -1);
  return t;
}
