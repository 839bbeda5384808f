/**
 * The text of each page of a PDF that Chromium printed (page.pdf), for checking what a printout says. Just enough
 * of PDF for Skia's output: objects, Flate streams, fonts with a ToUnicode map, and Tj / TJ strings in the content
 * streams (hex glyph ids through the font's map, or literal strings).
 */
import { inflateSync } from 'node:zlib';

interface PdfObject {
  dict: string;
  stream?: Buffer;
}

function objects(pdf: Buffer): Map<number, PdfObject> {
  const text = pdf.toString('latin1');
  const found = new Map<number, PdfObject>();
  const header = /(\d+) 0 obj\b/g;
  for (let match = header.exec(text); match; match = header.exec(text)) {
    const start = match.index + match[0].length;
    const end = text.indexOf('endobj', start);
    const body = text.slice(start, end);
    const streamAt = body.indexOf('stream');
    if (streamAt < 0) {
      found.set(Number(match[1]), { dict: body });
      continue;
    }
    const dict = body.slice(0, streamAt);
    let from = start + streamAt + 'stream'.length;
    if (text[from] === '\r') from++;
    if (text[from] === '\n') from++;
    const length = Number(/\/Length (\d+)/.exec(dict)?.[1] ?? 0);
    let bytes = pdf.subarray(from, from + length);
    if (/\/FlateDecode/.test(dict)) bytes = inflateSync(bytes);
    found.set(Number(match[1]), { dict, stream: bytes });
    header.lastIndex = end;
  }
  return found;
}

/** A ToUnicode CMap: glyph code (hex) to text. */
function cmapOf(source: string): Map<string, string> {
  const map = new Map<string, string>();
  const utf16 = (hex: string) => String.fromCharCode(...(hex.match(/.{4}/g) ?? []).map((h) => parseInt(h, 16)));
  for (const block of source.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, code, unicode] of block[1].matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g))
      map.set(code.toLowerCase(), utf16(unicode));
  }
  for (const block of source.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, lo, hi, unicode] of block[1].matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) {
      const width = lo.length;
      for (let code = parseInt(lo, 16), u = parseInt(unicode, 16); code <= parseInt(hi, 16); code++, u++) {
        map.set(code.toString(16).padStart(width, '0'), String.fromCharCode(u));
      }
    }
  }
  return map;
}

const ref = (dict: string, key: string) => Number(new RegExp(`/${key} (\\d+) 0 R`).exec(dict)?.[1] ?? NaN);

/** The text shown by a content stream, fonts chosen by `Tf`, with a space between text objects. */
function pageText(content: string, fonts: Map<string, Map<string, string>>): string {
  let font = new Map<string, string>();
  let out = '';
  const literal = (s: string) =>
    s.replace(/\\([nrtbf()\\]|[0-7]{1,3})/g, (_, c: string) =>
      /^[0-7]/.test(c) ? String.fromCharCode(parseInt(c, 8)) : c === 'n' ? '\n' : c,
    );
  const hex = (h: string) => {
    const width = [...font.keys()][0]?.length ?? 4;
    return (h.toLowerCase().match(new RegExp(`.{${width}}`, 'g')) ?? []).map((code) => font.get(code) ?? '').join('');
  };
  const token = /\/([\w.+-]+)\s+[\d.]+\s+Tf|<([0-9a-fA-F]*)>\s*Tj|\((.*?)\)\s*Tj|\[(.*?)\]\s*TJ|\bET\b/gs;
  for (const m of content.matchAll(token)) {
    if (m[1]) font = fonts.get(m[1]) ?? new Map();
    else if (m[2] !== undefined) out += hex(m[2]);
    else if (m[3] !== undefined) out += literal(m[3]);
    else if (m[4] !== undefined) {
      for (const part of m[4].matchAll(/<([0-9a-fA-F]*)>|\((.*?)\)|(-?[\d.]+)/g)) {
        if (part[1] !== undefined) out += hex(part[1]);
        else if (part[2] !== undefined) out += literal(part[2]);
        else if (Number(part[3]) < -200) out += ' ';
      }
    } else out += ' ';
  }
  return out.replace(/\s+/g, ' ').trim();
}

/** Each page's text, in page order. */
export function pdfPages(pdf: Buffer): string[] {
  const all = objects(pdf);
  const fontDictOf = (resources: string): string => {
    const inline = /\/Font\s*<<([^>]*)>>/.exec(resources)?.[1];
    if (inline) return inline;
    const fontRef = ref(resources, 'Font');
    return Number.isNaN(fontRef) ? '' : (all.get(fontRef)?.dict ?? '');
  };
  // Page order is the page tree's (one level, as Chromium writes it), else the objects' order.
  const kids = [...all.values()]
    .find((o) => /\/Type\s*\/Pages\b/.test(o.dict))
    ?.dict.match(/\/Kids\s*\[([^\]]*)\]/)?.[1];
  const ids = kids ? [...kids.matchAll(/(\d+) 0 R/g)].map((m) => Number(m[1])) : [...all.keys()].sort((a, b) => a - b);
  const pages = ids.map((id) => all.get(id)!).filter((o) => o && /\/Type\s*\/Page\b/.test(o.dict));
  return pages.map((page) => {
    const resourcesRef = ref(page.dict, 'Resources');
    const resources = Number.isNaN(resourcesRef) ? page.dict : (all.get(resourcesRef)?.dict ?? '');
    const fonts = new Map<string, Map<string, string>>();
    for (const [, name, id] of fontDictOf(resources).matchAll(/\/([\w.+-]+)\s+(\d+) 0 R/g)) {
      const toUnicode = ref(all.get(Number(id))?.dict ?? '', 'ToUnicode');
      const cmap = all.get(toUnicode)?.stream;
      fonts.set(name, cmap ? cmapOf(cmap.toString('latin1')) : new Map());
    }
    const contents =
      /\/Contents\s*\[([^\]]*)\]/.exec(page.dict)?.[1] ?? /\/Contents\s+(\d+ 0 R)/.exec(page.dict)?.[1] ?? '';
    const streams = [...contents.matchAll(/(\d+) 0 R/g)].map(
      (m) => all.get(Number(m[1]))?.stream?.toString('latin1') ?? '',
    );
    return pageText(streams.join('\n'), fonts);
  });
}
