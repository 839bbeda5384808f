/** The blanks of a fill-in-the-blank question, and escaping what a student types. */
import { textOutsideTags } from '@common/text';

const BLANK = /___(\d+)___/g;

/** How many blanks a fill-in-the-blank text holds: its highest ___N___ outside the tags (at least one). */
export function blankCount(questionText: string): number {
  const numbers = [...textOutsideTags(questionText).matchAll(BLANK)].map((m) => Number(m[1]));
  return Math.max(1, ...numbers.filter((n) => n > 0 && n <= 50));
}

/**
 * The question text with each ___N___ of its text shown as a numbered blank box. Only text nodes are touched:
 * a placeholder inside an attribute value (a link's title, an image's alt) stays as written, where a replacement
 * of the markup would have put a tag inside the attribute and broken it open.
 */
export function withBlankMarks(questionText: string): string {
  const template = document.createElement('template');
  template.innerHTML = questionText;
  const walker = document.createTreeWalker(template.content, NodeFilter.SHOW_TEXT);
  const withBlanks: Text[] = [];
  while (walker.nextNode()) if (/___\d+___/.test(walker.currentNode.nodeValue ?? '')) withBlanks.push(walker.currentNode as Text);
  for (const node of withBlanks) {
    const fragment = document.createDocumentFragment();
    const text = node.nodeValue ?? '';
    let from = 0;
    for (const match of text.matchAll(BLANK)) {
      fragment.append(text.slice(from, match.index));
      const mark = document.createElement('span');
      mark.className = 'blank-mark';
      mark.setAttribute('aria-label', `blank ${match[1]}`);
      mark.textContent = `[ ${match[1]} ]`;
      fragment.append(mark);
      from = match.index + match[0].length;
    }
    fragment.append(text.slice(from));
    node.replaceWith(fragment);
  }
  return template.innerHTML;
}

export { escapeHtml } from '../../math/escape';
