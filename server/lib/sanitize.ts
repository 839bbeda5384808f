/**
 * Rich text is sanitized on write (DESIGN section 4) with an allow-list: formatting, lists, tables, links to
 * http(s) and mail, images from our own uploads, and `$...$` math (plain text, untouched). Scripts, event
 * handlers, styles other than alignment, foreign images and every other URL scheme are dropped.
 */
import sanitizeHtml from 'sanitize-html';

/** Images may only show our own uploads: the path of the uploads route and a stored name. */
const UPLOAD_SRC = /^\/api\/questions\/uploads\/[a-f0-9]{32}\.(png|jpg|gif|webp)$/;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'br', 'hr', 'div', 'span', 'h1', 'h2', 'h3', 'h4', 'blockquote', 'pre', 'code',
    'strong', 'b', 'em', 'i', 'u', 's', 'sub', 'sup', 'mark',
    'ul', 'ol', 'li',
    'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption', 'colgroup', 'col',
    'a', 'img',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
    col: ['span'],
    ol: ['start'],
    // The editor's math nodes carry their LaTeX in data attributes.
    span: ['data-type', 'data-latex'],
    div: ['data-type', 'data-latex'],
    '*': ['style'],
  },
  allowedStyles: { '*': { 'text-align': [/^(left|right|center|justify)$/] } },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // An image that does not come from our uploads is removed with its tag.
  exclusiveFilter: (frame) => frame.tag === 'img' && !UPLOAD_SRC.test(frame.attribs.src ?? ''),
  transformTags: {
    // Links are absolute http(s) or mail addresses, open in a new tab and pass no referrer or opener.
    a: (tagName, { href, ...attribs }) => ({
      tagName,
      attribs: { ...attribs, ...(href && /^(https?:\/\/|mailto:)/i.test(href) ? { href } : {}), target: '_blank', rel: 'noopener noreferrer nofollow' },
    }),
  },
};

const MATH = /\$\$[^$]*\$\$|\$[^$]*\$/g;

/**
 * Math typed straight into HTML, such as `$x<y$`, would lose everything after its `<` to the parser: a `<` inside
 * `$...$` that opens no complete tag is text, and is escaped as such before sanitizing.
 */
function escapeMathComparisons(html: string): string {
  return html.replace(MATH, (math) => (math.includes('<') && !/<[^>]*>/.test(math) ? math.replace(/</g, '&lt;') : math));
}

/** Sanitizes an author's rich text (question text, options, solution, section content) for storage. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(escapeMathComparisons(html), OPTIONS);
}
