import sanitizeHtml from 'sanitize-html';
import { OWN_IMAGE_SRC, RICH_TEXT_LINK } from '../../common/rules';

/**
 * The allow-list for stored rich text, applied by the server before it stores any: section content, and question text, options and solutions.
 *
 * What survives: paragraphs and headings, bold/italic/underline/strike, lists, tables, quotes and code, links to
 * http(s) and mailto, images from our own uploads, the editor's column layouts and math markers, and `$...$` /
 * `$$...$$` math, which is plain text to HTML and so passes untouched (KaTeX renders it in the browser).
 * What does not: scripts, styles, event handlers, iframes, forms, SVG and MathML, foreign images, and any style but
 * text alignment (so nothing can hide, move or overlay the page).
 */

const ALIGN = [/^(?:left|right|center|justify)$/];

/** Marker attributes keep only the values the renderer knows. */
function keepMarkers(tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  const kept: sanitizeHtml.Attributes = {};
  if (attribs['data-math'] === 'inline' || attribs['data-math'] === 'display') kept['data-math'] = attribs['data-math'];
  if (/^[234]$/.test(attribs['data-columns'] ?? '')) kept['data-columns'] = attribs['data-columns'];
  if ('data-column' in attribs) kept['data-column'] = '';
  return { tagName, attribs: kept };
}

const options: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'strike',
    'sub',
    'sup',
    'blockquote',
    'code',
    'pre',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'span',
    'div',
    'table',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'caption',
    'colgroup',
    'col',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    th: ['colspan', 'rowspan', 'colwidth', 'style'],
    td: ['colspan', 'rowspan', 'colwidth', 'style'],
    col: ['span', 'width'],
    ol: ['start'],
    p: ['style'],
    h1: ['style'],
    h2: ['style'],
    h3: ['style'],
    h4: ['style'],
    h5: ['style'],
    h6: ['style'],
    // The editor's markers: math nodes and column layouts (2, 3 or 4 columns).
    span: ['data-math'],
    div: ['data-math', 'data-columns', 'data-column'],
  },
  allowedStyles: { '*': { 'text-align': ALIGN } },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: [] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Drop these with everything inside: their text is code or chrome, never lesson content.
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'template',
    'iframe',
    'object',
    'embed',
    'svg',
    'math',
    'xmp',
    'noembed',
    'noframes',
    'title',
    'head',
  ],
  transformTags: {
    a: (tagName, { href, title, target }) => ({
      tagName,
      attribs: {
        // Only absolute http(s) and mailto links: anything else (relative, or a scheme hidden behind unusual
        // whitespace such as U+2028) loses its href.
        ...(href && RICH_TEXT_LINK.test(href) ? { href } : {}),
        ...(title ? { title } : {}),
        ...(target ? { target: '_blank' } : {}),
        rel: 'noopener noreferrer nofollow',
      },
    }),
    span: keepMarkers,
    div: keepMarkers,
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !OWN_IMAGE_SRC.test(frame.attribs.src ?? ''),
};

const MATH = /\$\$[^$]*\$\$|\$[^$]*\$/g;
/**
 * A complete tag, found from the last `<` before a `>`: it is there exactly when `<[^>]*>` is, but each search
 * stops at the next `<`, where `<[^>]*>` scanned to the end from every `<` of a run with no `>` (quadratic:
 * a 150,000-character formula took 9 s to save).
 */
const COMPLETE_TAG = /<[^<>]*>/;

/**
 * Math typed straight into HTML, such as `$x<y$`, would lose everything after its `<` to the parser: a `<` inside
 * `$...$` that opens no complete tag is text, and is escaped as such before sanitizing.
 */
function escapeMathComparisons(html: string): string {
  return html.replace(MATH, (math) =>
    math.includes('<') && !COMPLETE_TAG.test(math) ? math.replaceAll('<', '&lt;') : math,
  );
}

/** Cleans stored rich text (section content, question text, options, solutions); what remains is safe to place in the page as HTML. */
export function sanitizeRichText(html: string): string {
  if (!html.trim()) return '';
  return sanitizeHtml(escapeMathComparisons(html), options);
}
