/**
 * The `src` of every `<img>` in a text, rewritten by one function: where a file names its images, where the academy
 * stores them, and back. The HTML is read by sanitize-html's parser (every tag and attribute kept), so an image is
 * found however its tag is written, and never inside a comment or an attribute value.
 */
import sanitizeHtml from 'sanitize-html';

export function mapImageSources(html: string, map: (src: string) => string): string {
  return sanitizeHtml(html, {
    allowedTags: false,
    allowedAttributes: false,
    allowVulnerableTags: true,
    transformTags: { img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, src: map(attribs.src ?? '') } }) },
  });
}
