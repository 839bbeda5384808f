/**
 * XML read safely: a file with a document type (the door of entity expansion and external entities) is refused
 * before any parsing, as is one nested deeper than EXCHANGE_LIMITS.xmlDepth, both found in one pass over the text;
 * then fast-xml-parser reads it, with XML's predefined entities, numeric references and HTML's named entities (a fixed
 * table: nothing a file declares), into a small tree
 * that every format walks the same way.
 */
import { XMLParser } from 'fast-xml-parser';
import { EXCHANGE_LIMITS, RefusedFile } from './model';

export interface XmlElement {
  /** The element's name as written, prefix included (`qti-choice-interaction`, `m:math`). */
  name: string;
  attrs: Record<string, string>;
  children: XmlNode[];
}
export type XmlNode = XmlElement | string;

export const XML_MESSAGES = {
  doctype:
    'This file declares a document type (<!DOCTYPE>), which the academy does not read: such files can hide entity expansion. Export it again without one.',
  tooDeep: `This file nests its XML more than ${EXCHANGE_LIMITS.xmlDepth} levels deep, which no question needs.`,
  unreadable: (why: string) => `This file is not well-formed XML: ${why}`,
} as const;

/**
 * Refuses a document type and measures the nesting in one pass: comments, CDATA sections and processing
 * instructions are skipped whole (each ends at its first closing mark), so the work is linear in the text.
 */
export function guardXml(text: string): void {
  let depth = 0;
  let i = text.indexOf('<');
  while (i !== -1 && i < text.length) {
    if (text.startsWith('<!--', i)) i = skipTo(text, i + 4, '-->');
    else if (text.startsWith('<![CDATA[', i)) i = skipTo(text, i + 9, ']]>');
    else if (text.startsWith('<?', i)) i = skipTo(text, i + 2, '?>');
    else if (text.startsWith('<!', i)) throw new RefusedFile(XML_MESSAGES.doctype);
    else if (text[i + 1] === '/') {
      depth--;
      i = skipTo(text, i + 2, '>');
    } else {
      const end = tagEnd(text, i + 1);
      if (text[end - 2] !== '/') {
        depth++;
        if (depth > EXCHANGE_LIMITS.xmlDepth) throw new RefusedFile(XML_MESSAGES.tooDeep);
      }
      i = end;
    }
    i = text.indexOf('<', i);
  }
}

/** The index just after `mark`, searched from `from`; the text's end when it never comes. */
function skipTo(text: string, from: number, mark: string): number {
  const at = text.indexOf(mark, from);
  return at === -1 ? text.length : at + mark.length;
}

/** The index just after a start tag's `>`, stepping over quoted attribute values (which may hold `>`). */
function tagEnd(text: string, from: number): number {
  let quote = '';
  for (let i = from; i < text.length; i++) {
    const ch = text[i];
    if (quote) {
      if (ch === quote) quote = '';
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '>') return i + 1;
  }
  return text.length;
}

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseAttributeValue: false,
  parseTagValue: false,
  trimValues: false,
  processEntities: true,
  htmlEntities: true,
  cdataPropName: '#cdata',
  commentPropName: '#comment',
});

type Ordered = Record<string, unknown> & { ':@'?: Record<string, string> };

function toNodes(list: Ordered[]): XmlNode[] {
  const nodes: XmlNode[] = [];
  for (const entry of list) {
    for (const [key, value] of Object.entries(entry)) {
      if (key === ':@') continue;
      if (key === '#text') nodes.push(String(value));
      else if (key === '#cdata') nodes.push(...toNodes(value as Ordered[]).filter((n) => typeof n === 'string'));
      else if (key === '#comment' || key.startsWith('?')) continue;
      else nodes.push({ name: key, attrs: { ...(entry[':@'] ?? {}) }, children: toNodes(value as Ordered[]) });
    }
  }
  return nodes;
}

/** The document's elements at the top (usually one root), after guardXml; a RefusedFile for anything unreadable. */
export function parseXml(text: string): XmlElement[] {
  guardXml(text);
  let ordered: Ordered[];
  try {
    ordered = parser.parse(text, true) as Ordered[];
  } catch (error) {
    const why = typeof (error as { message?: unknown }).message === 'string' ? (error as Error).message : 'unknown';
    throw new RefusedFile(XML_MESSAGES.unreadable(why.slice(0, 200)));
  }
  return toNodes(ordered).filter((n): n is XmlElement => typeof n !== 'string');
}

/** The element's children that are elements named `name` (with any namespace prefix ignored). */
export function childrenNamed(element: XmlElement, name: string): XmlElement[] {
  return element.children.filter((n): n is XmlElement => typeof n !== 'string' && localName(n.name) === name);
}

export function childNamed(element: XmlElement, name: string): XmlElement | undefined {
  return childrenNamed(element, name)[0];
}

/** The element's name without its namespace prefix. */
export const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/** All the text inside an element, tags left out. */
export function textOf(node: XmlNode): string {
  return typeof node === 'string' ? node : node.children.map(textOf).join('');
}

const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttr = (s: string) => escapeText(s).replace(/"/g, '&quot;');

/** An element's content written back as markup (what an HTML or XHTML body holds). */
export function innerXml(element: XmlElement): string {
  return element.children.map(outerXml).join('');
}

export function outerXml(node: XmlNode): string {
  if (typeof node === 'string') return escapeText(node);
  const attrs = Object.entries(node.attrs)
    .map(([k, v]) => ` ${k}="${escapeAttr(v)}"`)
    .join('');
  return node.children.length === 0
    ? `<${node.name}${attrs}/>`
    : `<${node.name}${attrs}>${innerXml(node)}</${node.name}>`;
}

/** Text as XML character data, for writers that build their markup as strings. */
export const xmlText = escapeText;
export const xmlAttr = escapeAttr;
