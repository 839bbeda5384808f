/**
 * MathML as the academy's LaTeX, for QTI items (which carry math as MathML, never as TeX in text). A `<math>` that
 * keeps its TeX source as an annotation (as KaTeX, MathType and the academy's own export write it) gives that source
 * back exactly; any other is converted from its presentation markup, element by element. An element this converter
 * does not know is never guessed at: it throws UnsupportedMath naming it, and the question says why it cannot come in.
 *
 * The tree comes from parseXml, whose depth limit bounds the recursion; every node is visited once.
 */
import { localName, textOf, type XmlElement, type XmlNode } from '../xml';

export const MATHML_NAMESPACE = 'http://www.w3.org/1998/Math/MathML';

/** A MathML element the converter does not turn into LaTeX; `element` is its name without prefix. */
export class UnsupportedMath extends Error {
  constructor(readonly element: string) {
    super(`unsupported math (${element})`);
  }
}

/** The encodings under which a TeX source is found in annotations, lower-cased. */
const TEX_ENCODINGS = new Set(['application/x-tex', 'tex', 'latex', 'application/x-latex', 'text/x-tex']);

/** Whether the math is display math: MathML 3's `display="block"`, or MathML 1's `mode="display"`. */
export function isDisplayMath(math: XmlElement): boolean {
  return math.attrs.display === 'block' || math.attrs.mode === 'display';
}

/** The LaTeX of a `<math>` element: its TeX annotation when it has one, else its presentation markup converted. */
export function mathmlToLatex(math: XmlElement): string {
  const kids = elementsOf(math);
  if (kids.length === 1 && localName(kids[0].name) === 'semantics') {
    const tex = texAnnotation(kids[0]);
    if (tex !== null) return tex;
  }
  return row(kids).trim();
}

function elementsOf(element: XmlElement): XmlElement[] {
  return element.children.filter((n): n is XmlElement => typeof n !== 'string');
}

function texAnnotation(semantics: XmlElement): string | null {
  for (const kid of elementsOf(semantics)) {
    if (localName(kid.name) !== 'annotation') continue;
    if (TEX_ENCODINGS.has((kid.attrs.encoding ?? '').trim().toLowerCase())) return decodeRefs(textOf(kid)).trim();
  }
  return null;
}

/**
 * Numeric character references and the named entities MathML authors write most, as characters: the XML reader
 * passes `&#x2212;` and `&times;` through as written (a document without a DTD declares no named entity, yet
 * editors still write them).
 */
const NAMED: Record<string, string> = {
  times: '×',
  divide: '÷',
  minus: '−',
  plusmn: '±',
  pm: '±',
  le: '≤',
  leq: '≤',
  ge: '≥',
  geq: '≥',
  ne: '≠',
  approx: '≈',
  equiv: '≡',
  infin: '∞',
  middot: '·',
  sdot: '⋅',
  deg: '°',
  prime: '′',
  pi: 'π',
  theta: 'θ',
  alpha: 'α',
  beta: 'β',
  gamma: 'γ',
  delta: 'δ',
  Delta: 'Δ',
  lambda: 'λ',
  mu: 'μ',
  sigma: 'σ',
  Sigma: 'Σ',
  omega: 'ω',
  Omega: 'Ω',
  rarr: '→',
  larr: '←',
  rArr: '⇒',
  hArr: '⇔',
  isin: '∈',
  sum: '∑',
  prod: '∏',
  int: '∫',
  radic: '√',
  ang: '∠',
  perp: '⊥',
  hellip: '…',
  lang: '⟨',
  rang: '⟩',
  nbsp: '\u00a0',
  InvisibleTimes: '\u2062',
  it: '\u2062',
  ApplyFunction: '\u2061',
  af: '\u2061',
  InvisibleComma: '\u2063',
  ic: '\u2063',
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
};

const REFERENCE = /&(#[xX][0-9a-fA-F]{1,6}|#[0-9]{1,7}|[A-Za-z]{1,20});/g;

/** Text with its character references and known named entities as characters; the rest left as written. */
export function decodeRefs(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(REFERENCE, (whole, ref: string) => {
    if (ref.startsWith('#')) {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : whole;
    }
    return NAMED[ref] ?? whole;
  });
}

/** Characters whose LaTeX is a command (or nothing, for MathML's invisible operators). */
const SYMBOLS: Record<string, string> = {
  '×': '\\times',
  '÷': '\\div',
  '−': '-',
  '∗': '\\ast',
  '·': '\\cdot',
  '⋅': '\\cdot',
  '±': '\\pm',
  '∓': '\\mp',
  '≤': '\\le',
  '⩽': '\\le',
  '≥': '\\ge',
  '⩾': '\\ge',
  '≠': '\\ne',
  '≈': '\\approx',
  '≡': '\\equiv',
  '≅': '\\cong',
  '∼': '\\sim',
  '∝': '\\propto',
  '≪': '\\ll',
  '≫': '\\gg',
  '→': '\\to',
  '←': '\\leftarrow',
  '↔': '\\leftrightarrow',
  '⇒': '\\Rightarrow',
  '⇐': '\\Leftarrow',
  '⇔': '\\Leftrightarrow',
  '↦': '\\mapsto',
  '∞': '\\infty',
  '∈': '\\in',
  '∉': '\\notin',
  '∋': '\\ni',
  '⊂': '\\subset',
  '⊃': '\\supset',
  '⊆': '\\subseteq',
  '⊇': '\\supseteq',
  '∪': '\\cup',
  '∩': '\\cap',
  '∖': '\\setminus',
  '∅': '\\emptyset',
  '∀': '\\forall',
  '∃': '\\exists',
  '¬': '\\neg',
  '∧': '\\wedge',
  '∨': '\\vee',
  '∑': '\\sum',
  '∏': '\\prod',
  '∫': '\\int',
  '∬': '\\iint',
  '∮': '\\oint',
  '∂': '\\partial',
  '∇': '\\nabla',
  '√': '\\surd',
  '∠': '\\angle',
  '⊥': '\\perp',
  '∥': '\\parallel',
  '△': '\\triangle',
  '∘': '\\circ',
  '°': '^{\\circ}',
  '′': "'",
  '″': "''",
  '‴': "'''",
  '…': '\\ldots',
  '⋯': '\\cdots',
  '⋮': '\\vdots',
  '⋱': '\\ddots',
  '⟨': '\\langle',
  '〈': '\\langle',
  '⟩': '\\rangle',
  '〉': '\\rangle',
  '⌊': '\\lfloor',
  '⌋': '\\rfloor',
  '⌈': '\\lceil',
  '⌉': '\\rceil',
  '{': '\\{',
  '}': '\\}',
  '‖': '\\|',
  '∣': '|',
  '%': '\\%',
  '#': '\\#',
  '&': '\\&',
  $: '\\$',
  _: '\\_',
  '\\': '\\backslash',
  ℝ: '\\mathbb{R}',
  ℕ: '\\mathbb{N}',
  ℤ: '\\mathbb{Z}',
  ℚ: '\\mathbb{Q}',
  ℂ: '\\mathbb{C}',
  α: '\\alpha',
  β: '\\beta',
  γ: '\\gamma',
  δ: '\\delta',
  ε: '\\varepsilon',
  ϵ: '\\epsilon',
  ζ: '\\zeta',
  η: '\\eta',
  θ: '\\theta',
  ϑ: '\\vartheta',
  ι: '\\iota',
  κ: '\\kappa',
  λ: '\\lambda',
  μ: '\\mu',
  ν: '\\nu',
  ξ: '\\xi',
  π: '\\pi',
  ρ: '\\rho',
  σ: '\\sigma',
  ς: '\\varsigma',
  τ: '\\tau',
  υ: '\\upsilon',
  φ: '\\varphi',
  ϕ: '\\phi',
  χ: '\\chi',
  ψ: '\\psi',
  ω: '\\omega',
  Γ: '\\Gamma',
  Δ: '\\Delta',
  Θ: '\\Theta',
  Λ: '\\Lambda',
  Ξ: '\\Xi',
  Π: '\\Pi',
  Σ: '\\Sigma',
  Υ: '\\Upsilon',
  Φ: '\\Phi',
  Ψ: '\\Psi',
  Ω: '\\Omega',
  '\u2061': '',
  '\u2062': '',
  '\u2063': '',
  '\u2064': '',
  '\u00a0': '~',
};

/** Names LaTeX sets upright with a command of their own (`\sin x`, `\lim_{x \to 0}`). */
const FUNCTIONS = new Set([
  'sin',
  'cos',
  'tan',
  'cot',
  'sec',
  'csc',
  'arcsin',
  'arccos',
  'arctan',
  'sinh',
  'cosh',
  'tanh',
  'coth',
  'log',
  'ln',
  'lg',
  'exp',
  'lim',
  'max',
  'min',
  'sup',
  'inf',
  'det',
  'gcd',
  'deg',
  'dim',
  'arg',
  'ker',
  'hom',
  'Pr',
]);

/** Operators whose limits sit under and over them in LaTeX as scripts (`\sum_{i=1}^{n}`). */
const LARGE_OPERATORS = new Set([
  '\\sum',
  '\\prod',
  '\\int',
  '\\iint',
  '\\oint',
  '\\cup',
  '\\cap',
  '\\lim',
  '\\max',
  '\\min',
  '\\sup',
  '\\inf',
]);

/** Accents over a base, by the character MathML writes for them. */
const OVER_ACCENTS: Record<string, string> = {
  '¯': '\\overline',
  '‾': '\\overline',
  '―': '\\overline',
  '→': '\\overrightarrow',
  '⟶': '\\overrightarrow',
  '⃗': '\\vec',
  '←': '\\overleftarrow',
  '↔': '\\overleftrightarrow',
  '^': '\\hat',
  ˆ: '\\hat',
  '̂': '\\hat',
  '~': '\\tilde',
  '˜': '\\tilde',
  '˙': '\\dot',
  '¨': '\\ddot',
  ˇ: '\\check',
  '˘': '\\breve',
  '⏞': '\\overbrace',
  '⌢': '\\overgroup',
};
const UNDER_ACCENTS: Record<string, string> = {
  _: '\\underline',
  '¯': '\\underline',
  '‾': '\\underline',
  '̲': '\\underline',
  '⏟': '\\underbrace',
};

/** Matrix environments by the fences around a table. */
const MATRIX_FENCES: Record<string, string> = {
  '()': 'pmatrix',
  '[]': 'bmatrix',
  '{}': 'Bmatrix',
  '||': 'vmatrix',
  '‖‖': 'Vmatrix',
  '∥∥': 'Vmatrix',
  '{': 'cases',
};

const LETTER_END = /\\[A-Za-z]+$/;

/**
 * Pieces of LaTeX written one after another: a command that ends in letters is kept apart from a letter or digit
 * that follows it (`\times 3`, `\pi r`), where running them together would name another command.
 */
function join(parts: string[]): string {
  let out = '';
  for (const part of parts) {
    if (part === '') continue;
    if (LETTER_END.test(out) && /^[A-Za-z0-9]/.test(part)) out += ' ';
    out += part;
  }
  return out;
}

/** A token's characters, spaces collapsed as MathML collapses them, each mapped to its LaTeX. */
function tokenText(element: XmlElement): string {
  return decodeRefs(textOf(element))
    .replace(/[ \t\r\n]+/g, ' ')
    .trim();
}

function symbols(text: string): string {
  const parts: string[] = [];
  for (const ch of text) parts.push(SYMBOLS[ch] ?? ch);
  return join(parts);
}

/** The widths KaTeX writes LaTeX's spaces as, in text of spaces alone. */
const SPACES: Record<string, string> = {
  '\u2009': '\\,',
  '\u2005': '\\:',
  '\u2005\u200a': '\\;',
  '\u00a0': '\\ ',
  ' ': '\\ ',
  '\u2003': '\\quad',
};

function mtext(element: XmlElement): string {
  const text = decodeRefs(textOf(element));
  if (text !== '' && /^\s+$/.test(text)) return SPACES[text] ?? '\\ ';
  return textLatex(text.replace(/\s+/g, ' '));
}

/** LaTeX of text set in `\text{}`: its special characters escaped. */
function textLatex(text: string): string {
  const escaped = text.replace(/[\\{}$&#%_^~]/g, (ch) =>
    ch === '\\' ? '\\textbackslash{}' : ch === '^' ? '\\^{}' : ch === '~' ? '\\~{}' : `\\${ch}`,
  );
  return escaped === '' ? '' : `\\text{${escaped}}`;
}

const VARIANTS: Record<string, string> = {
  normal: '\\mathrm',
  bold: '\\mathbf',
  'double-struck': '\\mathbb',
  script: '\\mathcal',
  fraktur: '\\mathfrak',
  'sans-serif': '\\mathsf',
  monospace: '\\mathtt',
};

function identifier(element: XmlElement): string {
  const text = tokenText(element);
  if (text === '') return '';
  if (FUNCTIONS.has(text)) return `\\${text}`;
  if ([...text].length > 1) return /^[A-Za-z]+$/.test(text) ? `\\mathrm{${text}}` : symbols(text);
  const variant = VARIANTS[element.attrs.mathvariant ?? ''];
  // Greek capitals are upright already; a variant changes only Latin letters and digits.
  return variant && /^[A-Za-z0-9]$/.test(text) ? `${variant}{${text}}` : symbols(text);
}

function operator(element: XmlElement): string {
  const text = tokenText(element);
  return FUNCTIONS.has(text) ? `\\${text}` : symbols(text);
}

/** The children of an element as one row, as MathML reads the content of msqrt, mstyle and the like. */
function row(children: XmlNode[]): string {
  const elements = children.filter((n): n is XmlElement => typeof n !== 'string');
  return fencedRow(elements) ?? join(elements.map(convert));
}

const isOperator = (element: XmlElement | undefined): element is XmlElement =>
  element !== undefined && localName(element.name) === 'mo';
/** KaTeX marks the fences of `\left` and `\right` so; other editors' parentheses around a table stretch all the same. */
const isFence = (element: XmlElement) => element.attrs.fence === 'true';

/**
 * A row between fences as LaTeX writes it: a fenced table as one matrix environment (`cases` for a lone brace), a
 * fraction without a bar in parentheses as `\binom`, and stretching fences as `\left` and `\right`; null for a row
 * without fences.
 */
function fencedRow(elements: XmlElement[]): string | null {
  const [open, middle] = elements;
  if (elements.length < 2 || !isOperator(open)) return null;
  const last = elements[elements.length - 1];
  const close = elements.length > 2 && isOperator(last) ? last : null;
  const fences = tokenText(open) + (close ? tokenText(close) : '');
  if (elements.length <= 3 && localName(middle.name) === 'mtable' && (close || elements.length === 2)) {
    const env = MATRIX_FENCES[fences];
    if (env) return matrix(middle, env);
  }
  if (elements.length === 3 && close && fences === '()' && localName(middle.name) === 'mfrac' && barless(middle)) {
    const [top, bottom] = args(middle, 2);
    return `\\binom{${convert(top)}}{${convert(bottom)}}`;
  }
  if (!close || !isFence(open) || !isFence(close)) return null;
  const inner = join(elements.slice(1, -1).map(convert));
  return `\\left${fence(tokenText(open))}${inner}\\right${fence(tokenText(close))}`;
}

const barless = (fraction: XmlElement) => /^0(\.0*)?([a-z]+)?$/.test((fraction.attrs.linethickness ?? '').trim());

function matrix(table: XmlElement, env: string): string {
  const rows = elementsOf(table).map((tr) => {
    const name = localName(tr.name);
    if (name !== 'mtr') throw new UnsupportedMath(name);
    return elementsOf(tr)
      .map((td) => {
        if (localName(td.name) !== 'mtd') throw new UnsupportedMath(localName(td.name));
        return row(td.children);
      })
      .join(' & ');
  });
  return `\\begin{${env}}${rows.join(' \\\\ ')}\\end{${env}}`;
}

/** The element's element children, exactly `count` of them (a script without its base is no script). */
function args(element: XmlElement, count: number): XmlElement[] {
  const kids = elementsOf(element);
  if (kids.length !== count) throw new UnsupportedMath(localName(element.name));
  return kids;
}

const TOKENS = new Set(['mi', 'mn', 'mo', 'mtext', 'ms']);

/**
 * A script's base: one symbol as it is, anything larger in braces, so the script applies to all of it. KaTeX writes
 * `\log_2` as a row of the name and an invisible operator, which is one symbol still.
 */
function base(element: XmlElement): string {
  const latex = convert(element);
  return TOKENS.has(localName(element.name)) || /^(\\[A-Za-z]+|.)$/u.test(latex) ? latex : `{${latex}}`;
}

function largeOperator(element: XmlElement): string | null {
  const name = localName(element.name);
  if (name !== 'mo' && name !== 'mi') return null;
  const latex = name === 'mo' ? operator(element) : identifier(element);
  return LARGE_OPERATORS.has(latex) ? latex : null;
}

function accentOf(element: XmlElement, table: Record<string, string>): string | undefined {
  return localName(element.name) === 'mo' ? table[tokenText(element)] : undefined;
}

function under(element: XmlElement): string {
  const [b, u] = args(element, 2);
  const op = largeOperator(b);
  if (op) return `${op}_{${convert(u)}}`;
  const accent = accentOf(u, UNDER_ACCENTS);
  if (accent) return `${accent}{${convert(b)}}`;
  return `\\underset{${convert(u)}}{${convert(b)}}`;
}

function over(element: XmlElement): string {
  const [b, o] = args(element, 2);
  const op = largeOperator(b);
  if (op) return `${op}^{${convert(o)}}`;
  const accent = accentOf(o, OVER_ACCENTS);
  if (accent) return `${accent}{${convert(b)}}`;
  return `\\overset{${convert(o)}}{${convert(b)}}`;
}

function underOver(element: XmlElement): string {
  const [b, u, o] = args(element, 3);
  const op = largeOperator(b);
  if (op) return `${op}_{${convert(u)}}^{${convert(o)}}`;
  return `\\overset{${convert(o)}}{\\underset{${convert(u)}}{${convert(b)}}}`;
}

/** A fence character as `\left` or `\right` takes it; an empty fence is LaTeX's invisible `.`. */
function fence(text: string): string {
  if (text === '') return '.';
  const latex = symbols(text);
  return /^[A-Za-z]/.test(latex) ? ` ${latex}` : latex;
}

function fenced(element: XmlElement): string {
  const open = decodeRefs(element.attrs.open ?? '(').trim();
  const close = decodeRefs(element.attrs.close ?? ')').trim();
  const kids = elementsOf(element);
  if (kids.length === 1 && localName(kids[0].name) === 'mtable') {
    const env = MATRIX_FENCES[open + close];
    if (env) return matrix(kids[0], env);
  }
  const separators = [...decodeRefs(element.attrs.separators ?? ',').replace(/\s/g, '')];
  const parts: string[] = [];
  kids.forEach((kid, i) => {
    if (i > 0 && separators.length > 0) parts.push(symbols(separators[Math.min(i - 1, separators.length - 1)]));
    parts.push(convert(kid));
  });
  return `\\left${fence(open)}${join(parts)}\\right${fence(close)}`;
}

/** A length in em, for the units MathML's spaces are written in; null when it cannot say. */
function ems(width: string): number | null {
  const named: Record<string, number> = {
    veryverythinmathspace: 1 / 18,
    verythinmathspace: 2 / 18,
    thinmathspace: 3 / 18,
    mediummathspace: 4 / 18,
    thickmathspace: 5 / 18,
    verythickmathspace: 6 / 18,
    veryverythickmathspace: 7 / 18,
  };
  if (width in named) return named[width];
  const match = /^(-?\d*\.?\d+)\s*(em|ex|px|pt|mu)?$/.exec(width.trim());
  if (!match) return null;
  const n = Number(match[1]);
  const unit = match[2] ?? 'em';
  return unit === 'em' ? n : unit === 'ex' ? n / 2 : unit === 'mu' ? n / 18 : unit === 'pt' ? n / 10 : n / 16;
}

function space(element: XmlElement): string {
  if (element.attrs.linebreak === 'newline') return '\\\\';
  const width = ems(element.attrs.width ?? '');
  if (width === null || width <= 0) return '';
  if (width < 0.2) return '\\,';
  if (width < 0.25) return '\\:';
  if (width < 0.5) return '\\;';
  if (width < 1.5) return '\\quad';
  return '\\qquad';
}

function enclose(element: XmlElement): string {
  const notation = (element.attrs.notation ?? 'longdiv').trim().split(/\s+/)[0];
  const inner = row(element.children);
  if (notation === 'box' || notation === 'roundedbox') return `\\boxed{${inner}}`;
  if (notation === 'updiagonalstrike') return `\\cancel{${inner}}`;
  if (notation === 'top') return `\\overline{${inner}}`;
  if (notation === 'bottom') return `\\underline{${inner}}`;
  throw new UnsupportedMath('menclose');
}

function convert(element: XmlElement): string {
  const name = localName(element.name);
  switch (name) {
    case 'mi':
      return identifier(element);
    case 'mn':
      return symbols(tokenText(element));
    case 'mo':
      return operator(element);
    case 'mtext':
      return mtext(element);
    case 'ms':
      return textLatex(`"${tokenText(element)}"`);
    case 'math':
    case 'mrow':
    case 'mstyle':
    case 'mpadded':
    case 'maction':
      return row(element.children);
    case 'mphantom':
      return `\\phantom{${row(element.children)}}`;
    case 'mfrac': {
      const [num, den] = args(element, 2);
      return barless(element)
        ? `\\genfrac{}{}{0pt}{}{${convert(num)}}{${convert(den)}}`
        : `\\frac{${convert(num)}}{${convert(den)}}`;
    }
    case 'msqrt':
      return `\\sqrt{${row(element.children)}}`;
    case 'mroot': {
      const [radicand, index] = args(element, 2);
      return `\\sqrt[${convert(index)}]{${convert(radicand)}}`;
    }
    case 'msup': {
      const [b, sup] = args(element, 2);
      // Primes are written after the base in LaTeX, which raises them itself.
      const primes = localName(sup.name) === 'mo' ? /^['′″‴]+$/.exec(tokenText(sup)) : null;
      if (primes) return `${base(b)}${symbols(primes[0])}`;
      return `${base(b)}^{${convert(sup)}}`;
    }
    case 'msub': {
      const [b, sub] = args(element, 2);
      return `${base(b)}_{${convert(sub)}}`;
    }
    case 'msubsup': {
      const [b, sub, sup] = args(element, 3);
      return `${base(b)}_{${convert(sub)}}^{${convert(sup)}}`;
    }
    case 'munder':
      return under(element);
    case 'mover':
      return over(element);
    case 'munderover':
      return underOver(element);
    case 'mfenced':
      return fenced(element);
    case 'mspace':
      return space(element);
    case 'menclose':
      return enclose(element);
    case 'mtable':
      return matrix(element, 'matrix');
    case 'semantics': {
      const tex = texAnnotation(element);
      if (tex !== null) return tex;
      const first = elementsOf(element).find((kid) => !localName(kid.name).startsWith('annotation'));
      return first ? convert(first) : '';
    }
    case 'annotation':
    case 'annotation-xml':
    case 'none':
      return '';
    default:
      throw new UnsupportedMath(name);
  }
}
