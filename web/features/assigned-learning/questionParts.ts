/** The blanks of a fill-in-the-blank question, as the student's screen shows them. */
import { MAX_BLANKS, placeholdersIn, splitAtPlaceholders } from '@common/schemas/questions';

/** How many blanks a fill-in-the-blank text holds: its highest ___N___ outside the tags (at least one). */
export function blankCount(questionText: string): number {
  return Math.max(1, ...placeholdersIn(questionText).filter((n) => n > 0 && n <= MAX_BLANKS));
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
  const withBlanks: Array<{ node: Text; parts: ReturnType<typeof splitAtPlaceholders> }> = [];
  while (walker.nextNode()) {
    const parts = splitAtPlaceholders(walker.currentNode.nodeValue ?? '');
    if (parts.some((part) => typeof part !== 'string')) withBlanks.push({ node: walker.currentNode as Text, parts });
  }
  for (const { node, parts } of withBlanks) {
    const fragment = document.createDocumentFragment();
    for (const part of parts) {
      if (typeof part === 'string') {
        fragment.append(part);
        continue;
      }
      const mark = document.createElement('span');
      mark.className = 'blank-mark';
      mark.setAttribute('aria-label', `blank ${part.blank}`);
      mark.textContent = `[ ${part.blank} ]`;
      fragment.append(mark);
    }
    node.replaceWith(fragment);
  }
  return template.innerHTML;
}
