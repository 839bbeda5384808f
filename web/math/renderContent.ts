import { textOutsideTags } from '@common/text';
import { splitMath } from '@common/dollar-math';
import { renderLatex } from './katex';
import styles from './RichText.module.css';

/** Text inside these is shown as written, never as math. */
const LITERAL = new Set(['CODE', 'PRE', 'SCRIPT', 'STYLE']);

/**
 * Turns stored rich text into display HTML: each `$...$` and `$$...$$` in the text becomes KaTeX, and a formula
 * KaTeX cannot read becomes a "Math Error:" note in the error color instead of failing the whole page.
 * The input is HTML the server sanitized on write; math is found in text nodes only, so markup never becomes math.
 * `large` sets inline math at display size, as answer options need it.
 */
export function renderContent(html: string, large = false): string {
  const template = document.createElement('template');
  template.innerHTML = html;
  const walker = document.createTreeWalker(template.content, NodeFilter.SHOW_TEXT, {
    acceptNode: (node) => {
      for (let el = node.parentElement; el; el = el.parentElement)
        if (LITERAL.has(el.tagName)) return NodeFilter.FILTER_REJECT;
      return node.nodeValue?.includes('$') ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_SKIP;
    },
  });
  const textNodes: Text[] = [];
  while (walker.nextNode()) textNodes.push(walker.currentNode as Text);
  for (const node of textNodes) {
    const pieces = splitMath(node.nodeValue ?? '');
    if (!pieces.some((p) => p.kind === 'math')) continue;
    const fragment = document.createDocumentFragment();
    for (const piece of pieces) {
      if (piece.kind === 'text') {
        fragment.append(piece.value);
        continue;
      }
      const rendered = renderLatex(piece.latex, piece.display, large);
      const holder = document.createElement('span');
      if ('html' in rendered) {
        holder.className = piece.display ? styles.display : styles.inline;
        holder.innerHTML = rendered.html;
      } else {
        holder.className = styles.mathError;
        holder.setAttribute('role', 'note');
        holder.textContent = `Math Error: ${rendered.error} (${piece.display ? '$$' : '$'}${piece.latex}${piece.display ? '$$' : '$'})`;
      }
      fragment.append(holder);
    }
    node.replaceWith(fragment);
  }
  return template.innerHTML;
}

/** True when the HTML shows nothing: no text, no image, no table. */
export function isEmptyContent(html: string | null | undefined): boolean {
  if (!html) return true;
  if (/<(img|table|hr)\b/i.test(html)) return false;
  return textOutsideTags(html).replace(/&nbsp;|\s/g, '') === '';
}
