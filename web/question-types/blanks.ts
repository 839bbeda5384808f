/**
 * The blanks a question's text holds as `___N___`, drawn by every screen that shows the text: a numbered mark where
 * a student answers or reviews, an answer box on the printed paper.
 */
import { QUESTION_TYPE_RULES } from '@common/question-types';
import { MAX_BLANKS, placeholdersIn, splitAtPlaceholders, type QuestionType } from '@common/schemas/questions';

/** How many blanks a fill-in-the-blank text holds: its highest ___N___ outside the tags (at least one). */
export function blankCount(questionText: string): number {
  return Math.max(1, ...placeholdersIn(questionText).filter((n) => n > 0 && n <= MAX_BLANKS));
}

/** How a screen draws blank N of a question's text. */
export type DrawBlank = (blank: number) => HTMLElement;

/** A student's screens: a numbered mark, `[ 1 ]`, named "blank 1". */
export const blankMark: DrawBlank = (blank) => {
  const mark = document.createElement('span');
  mark.className = 'blank-mark';
  mark.setAttribute('aria-label', `blank ${blank}`);
  mark.textContent = `[ ${blank} ]`;
  return mark;
};

/** The printed paper: a box to write in, `(1)`, styled by `className`. */
export const answerBox =
  (className: string): DrawBlank =>
  (blank) => {
    const box = document.createElement('span');
    box.className = className;
    box.textContent = `(${blank})`;
    return box;
  };

/** A question's text as shown: its blanks drawn (`draw`, a numbered mark unless told) when its type writes them there. */
export function questionHtml(
  question: { type: QuestionType; questionText: string },
  draw: DrawBlank = blankMark,
): string {
  return QUESTION_TYPE_RULES[question.type].blanksInText
    ? withBlanks(question.questionText, draw)
    : question.questionText;
}

/**
 * The text with each ___N___ of its text nodes drawn by `draw`. Only text nodes are touched: a placeholder inside an
 * attribute value (a link's title, an image's alt) stays as written, where a replacement of the markup would have
 * put a tag inside the attribute and broken it open.
 */
function withBlanks(html: string, draw: DrawBlank): string {
  const template = document.createElement('template');
  template.innerHTML = html;
  const walker = document.createTreeWalker(template.content, NodeFilter.SHOW_TEXT);
  const withPlaceholders: Array<{ node: Text; parts: ReturnType<typeof splitAtPlaceholders> }> = [];
  while (walker.nextNode()) {
    const parts = splitAtPlaceholders(walker.currentNode.nodeValue ?? '');
    if (parts.some((part) => typeof part !== 'string'))
      withPlaceholders.push({ node: walker.currentNode as Text, parts });
  }
  for (const { node, parts } of withPlaceholders) {
    const fragment = document.createDocumentFragment();
    for (const part of parts) fragment.append(typeof part === 'string' ? part : draw(part.blank));
    node.replaceWith(fragment);
  }
  return template.innerHTML;
}
