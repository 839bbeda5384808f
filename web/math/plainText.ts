/**
 * Rich text read as plain words, for previews and search (section lists, the question bank): one home for the
 * reading and for the lists' 100-character cut.
 */
import { PREVIEW_CHARS } from '@common/rules';

/** The words of rich text, blocks kept apart by a space; its `$...$` math stays as written for MathText. */
export function plainText(html: string): string {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  body.querySelectorAll('p, h1, h2, h3, h4, h5, h6, li, td, th, div, br').forEach((el) => el.after(' '));
  return body.textContent?.replace(/\s+/g, ' ').trim() ?? '';
}

/**
 * A preview cut to 100 characters. A cut that would leave a formula open ends before it instead,
 * so the preview never shows half a formula's LaTeX.
 */
export function cut(text: string, max = PREVIEW_CHARS): string {
  if (text.length <= max) return text;
  let head = text.slice(0, max);
  if ((head.replace(/\\\$/g, '').match(/\$/g)?.length ?? 0) % 2 === 1)
    head = head.slice(0, head.lastIndexOf('$')).trimEnd();
  return `${head}...`;
}

/** Rich text as a list preview: its words cut to 100 characters. */
export const previewText = (html: string): string => cut(plainText(html));
