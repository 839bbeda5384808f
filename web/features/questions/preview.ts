import { PREVIEW_CHARS } from '@common/rules';

/** The words of rich text without its markup, for a list preview (the rendered question shows the rest). */
export function plainText(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** A question's preview in the list: its text cut to 100 characters (section 9). */
export function preview(html: string): string {
  const text = plainText(html);
  return text.length > PREVIEW_CHARS ? `${text.slice(0, PREVIEW_CHARS)}...` : text;
}
