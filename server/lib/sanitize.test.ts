/**
 * The rich-text allow-list against DOMPurify's 223 XSS fixtures (server/test/corpora): every cleaned
 * payload is parsed as a browser would (jsdom) and walked, so a surviving script, handler, foreign URL or hiding style
 * fails the test whatever form it takes. Ordinary lesson HTML and its math must come through unchanged.
 */
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { xssPayloads } from '../test/corpora';
import { OWN_IMAGE_SRC } from '../../common/rules';
import { sanitizeRichText } from './sanitize';

const corpus = xssPayloads;

const ALLOWED_TAGS = new Set(
  'p br hr h1 h2 h3 h4 h5 h6 strong b em i u s strike sub sup blockquote code pre ul ol li a img span div table thead tbody tfoot tr th td caption colgroup col'.split(
    ' ',
  ),
);

/** Every reason the cleaned HTML would be unsafe in a page; empty when it is safe. */
function dangers(html: string): string[] {
  const { document } = new JSDOM(`<body>${html}</body>`).window;
  const found: string[] = [];
  for (const el of Array.from(document.body.querySelectorAll('*'))) {
    const tag = el.tagName.toLowerCase();
    if (!ALLOWED_TAGS.has(tag)) found.push(`tag <${tag}>`);
    for (const attr of Array.from(el.attributes)) {
      const name = attr.name.toLowerCase();
      if (name.startsWith('on')) found.push(`handler ${name}`);
      if (name === 'style' && !/^(text-align:(left|right|center|justify);?)?$/.test(attr.value.replace(/\s/g, '')))
        found.push(`style ${attr.value}`);
      if (name === 'href' && !/^(https?:|mailto:)/i.test(attr.value)) found.push(`href ${attr.value}`);
      if (name === 'src' && !OWN_IMAGE_SRC.test(attr.value)) found.push(`src ${attr.value}`);
      if (['srcset', 'action', 'formaction', 'xlink:href', 'background', 'class', 'id'].includes(name))
        found.push(`attribute ${name}`);
    }
  }
  return found;
}

describe('sanitizeRichText', () => {
  it('holds the whole corpus of XSS payloads', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(200);
    for (const { title, payload } of corpus) {
      const clean = sanitizeRichText(payload);
      expect(dangers(clean), `${title}: ${clean}`).toEqual([]);
      // Cleaning is stable: what was stored cleans to itself, so nothing new appears on a later save.
      expect(sanitizeRichText(clean), title).toBe(clean);
    }
  });

  // Math written before a payload always survives; what follows an unclosed <script> or <textarea> belongs to it.
  it('keeps every payload safe when it follows math and text', () => {
    for (const { payload } of corpus) {
      const clean = sanitizeRichText(
        `<p>Since $\\frac{1}{2} + \\frac{1}{4} = \\frac{3}{4}$, </p><p>$$x^2 + y^2 = z^2$$</p>${payload}`,
      );
      expect(dangers(clean)).toEqual([]);
      expect(
        clean.startsWith('<p>Since $\\frac{1}{2} + \\frac{1}{4} = \\frac{3}{4}$, </p><p>$$x^2 + y^2 = z^2$$</p>'),
      ).toBe(true);
    }
  });

  it('keeps lesson formatting, tables, links, own images, columns and math as they are', () => {
    const lesson = [
      '<h2>Adding fractions</h2>',
      '<p style="text-align:center"><strong>Bold</strong>, <em>italic</em>, <u>underlined</u> and <s>struck</s>.</p>',
      '<ul><li><p>$\\frac{a}{b} + \\frac{c}{b} = \\frac{a + c}{b}$</p></li></ul><ol start="3"><li>three</li></ol>',
      '<table><tbody><tr><th colspan="2">Ratio</th></tr><tr><td>$3:4$</td><td>$\\dfrac{3}{4}$</td></tr></tbody></table>',
      '<p><a href="https://www.khanacademy.org" target="_blank" rel="noopener noreferrer nofollow">Practice</a> or <a href="mailto:help@academy.test" rel="noopener noreferrer nofollow">ask</a></p>',
      '<img src="/api/questions/uploads/9f3b2c.png" alt="A pie cut in quarters" />',
      '<div data-columns="2"><div data-column><p>$x$</p></div><div data-column><p>$y$</p></div></div>',
      '<p><span data-math="inline">$a^2$</span></p><div data-math="display">$$\\sum_{k=1}^{n} k = \\frac{n(n+1)}{2}$$</div>',
      '<p>Money: $5 and $10; 3 &lt; 4 &amp; 5 &gt; 2</p>',
    ].join('');
    expect(sanitizeRichText(lesson)).toBe(lesson);
  });

  it('drops what is unsafe around safe content', () => {
    expect(sanitizeRichText('<p onclick="steal()">Hi $x$</p><script>alert(1)</script>')).toBe('<p>Hi $x$</p>');
    expect(sanitizeRichText('<a href="javascript:alert(1)">x</a>')).toBe('<a rel="noopener noreferrer nofollow">x</a>');
    expect(
      sanitizeRichText('<img src="https://evil.test/t.png"><img src="/api/questions/uploads/../../etc/passwd">'),
    ).toBe('');
    expect(sanitizeRichText('<div style="position:fixed;inset:0;z-index:9999">cover</div>')).toBe('<div>cover</div>');
    expect(sanitizeRichText('<iframe src="https://evil.test"></iframe><p>ok</p>')).toBe('<p>ok</p>');
    expect(sanitizeRichText('<div data-columns="9" data-math="x">a</div>')).toBe('<div>a</div>');
    expect(sanitizeRichText('   ')).toBe('');
  });
});
