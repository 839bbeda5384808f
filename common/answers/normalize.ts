/**
 * Turns what a student or teacher typed (LaTeX, plain text, or a mix) into
 * plain infix math that the mathjs parser understands.
 */

import { MATH_FUNCTIONS } from './functions';

/** Longer inputs are refused outright so a hostile answer cannot burn CPU. */
export const MAX_INPUT_LENGTH = 2000;

/** Real answers nest a few levels; deeper nesting is refused before the recursive parsers see it. */
const MAX_NESTING = 40;

/**
 * Sums and products over a whole index: `\sum_{k=1}^{n} body` becomes `sum(body, index, 1, n)`, the index renamed
 * to one of INDEX_NAMES (one per level of nesting, letters nobody types) so that it is no variable of the answer.
 */
export const SERIES = ['sum', 'prod'] as const;
export const INDEX_NAMES = ['ɐ', 'ɑ', 'ɒ', 'ɓ'];

/** Thrown for input that cannot be read as math; caught at the public boundary. */
export class UnreadableError extends Error {}

/** Function names the evaluator understands; they are never split into letters. */
export const FUNCTIONS = new Set([...Object.keys(MATH_FUNCTIONS), 'sqrt', 'root', 'abs', ...SERIES]);

/** `\sin^{-1} x` is arcsin x, not 1/sin x. */
const INVERSES: Record<string, string> = {
  sin: 'arcsin',
  cos: 'arccos',
  tan: 'arctan',
  sec: 'arcsec',
  csc: 'arccsc',
  cot: 'arccot',
  sinh: 'arsinh',
  cosh: 'arcosh',
  tanh: 'artanh',
  sech: 'arsech',
  csch: 'arcsch',
  coth: 'arcoth',
};

/** `\pm`, `±` and `+-`: both signs, which the parser of answers expands into two alternatives (structure.ts). */
export const PLUS_MINUS = '\uE002';
/** The braces of a set of values (`\{2, -2\}`), kept apart from grouping braces, which become brackets. */
export const SET_OPEN = '\uE003';
export const SET_CLOSE = '\uE004';

/** Absolute-value bars once paired: the translator reads them as `abs(` and `)`. */
const OPEN_BAR = '\uE000';
const CLOSE_BAR = '\uE001';

const LETTER_RUN = /\p{L}+/uy;
const SPACING = new Set([',', ';', ':', '!', ' ', 'quad', 'qquad', 'thinspace', 'medspace', 'thickspace', 'enspace']);
const TEXT_WRAPPERS = new Set([
  'text',
  'textrm',
  'textnormal',
  'mathrm',
  'mathit',
  'mathbf',
  'operatorname',
  'mbox',
  'boldsymbol',
]);
const COMMANDS: Record<string, string> = {
  cdot: '*',
  times: '*',
  ast: '*',
  div: '/',
  pi: ' pi ',
  '%': '%',
  $: '',
  le: '<=',
  leq: '<=',
  leqslant: '<=',
  ge: '>=',
  geq: '>=',
  geqslant: '>=',
  lt: '<',
  gt: '>',
  ne: '!=',
  neq: '!=',
  circ: ' deg ',
  degree: ' deg ',
  pm: PLUS_MINUS,
  // A script l, for a length or a litre: the letter l either way.
  ell: ' l ',
  // Solution sets: read by sets.ts.
  infty: '∞',
  cup: '∪',
  cap: '∩',
  emptyset: '∅',
  varnothing: '∅',
  in: '∈',
  land: ' and ',
  wedge: ' and ',
  lor: ' or ',
  vee: ' or ',
  '{': SET_OPEN,
  '}': SET_CLOSE,
  lbrace: SET_OPEN,
  rbrace: SET_CLOSE,
};
/** Commands after which a bar opens rather than closes (`|x \cdot |y||`). */
const OPERATOR_COMMANDS = new Set([
  'cdot',
  'times',
  'ast',
  'div',
  'pm',
  'mp',
  'le',
  'leq',
  'leqslant',
  'ge',
  'geq',
  'geqslant',
  'lt',
  'gt',
  'ne',
  'neq',
  'cup',
  'cap',
  'in',
  'land',
  'lor',
  'wedge',
  'vee',
  'left',
  'right',
  'frac',
  'dfrac',
  'tfrac',
  'sqrt',
  ...FUNCTIONS,
]);
const GREEK: Record<string, string> = {
  alpha: 'α',
  beta: 'β',
  gamma: 'γ',
  delta: 'δ',
  theta: 'θ',
  lambda: 'λ',
  mu: 'μ',
  phi: 'φ',
  sigma: 'σ',
  omega: 'ω',
};
const UNICODE: Record<string, string> = {
  '×': '*',
  '·': '*',
  '⋅': '*',
  '∙': '*',
  '÷': '/',
  '−': '-',
  '–': '-',
  '—': '-',
  '≤': '<=',
  '≥': '>=',
  '≠': '!=',
  π: ' pi ',
  '°': ' deg ',
  '√': '\\sqrt',
  '²': '^2',
  '³': '^3',
  '±': PLUS_MINUS,
  '\u00a0': ' ',
  '\u2009': ' ',
  '\u202f': ' ',
};

/** Case-, space- and trailing-period-insensitive form used for plain text answers. */
export function textKey(s: string): string {
  return s.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim().replace(/\.$/, '');
}

/** Translates LaTeX or plain input to plain mathjs-style infix; throws UnreadableError. */
export function toPlain(raw: string): string {
  if (raw.length > MAX_INPUT_LENGTH) throw new UnreadableError('too long');
  const unicode = raw.replace(/\{,\}/g, ',').replace(/[×·⋅∙÷−–—≤≥≠π°√²³±\u00a0\u2009\u202f]/g, (c) => UNICODE[c] ?? c);
  const barred = pairBars(unicode);
  checkNesting(barred);
  let plain = new Translator(barred).run();
  plain = plain.replace(/\*\*/g, '^').replace(/\+\s*-/g, PLUS_MINUS);
  // Mixed numbers: "1 1/2" means 1 + 1/2, not 1 · 1/2.
  plain = plain.replace(/(^|[^\d.^\p{L})])(\d+)\s+(\d+)\s*\/\s*(\d+)(?![\d.])/gu, '$1($2+$3/$4)');
  // Thousands separated by spaces: "1 000 000".
  plain = plain.replace(/(\d) (?=\d{3}(?!\d))/g, '$1');
  plain = plain
    .replace(/deg\s*([CF])\b/g, 'deg$1')
    .replace(/\s+/g, ' ')
    .trim();
  if (plain === '') throw new UnreadableError('empty');
  return plain;
}

function checkNesting(s: string): void {
  let depth = 0;
  for (const c of s) {
    if (c === '(' || c === '[' || c === '{' || c === '^' || c === OPEN_BAR) depth++;
    else if (c === ')' || c === ']' || c === '}' || c === CLOSE_BAR) depth--;
    if (depth > MAX_NESTING) throw new UnreadableError('nested too deeply');
  }
}

const BAR_COMMAND =
  /\\(?:(left|right)\s*(\||\\vert\b|\\lvert\b|\\rvert\b|\\\|)|(vert|lvert|rvert|\|)(?![a-zA-Z])|([a-zA-Z]+|.))/y;

/**
 * `|x|` has no mathjs syntax: pairs the bars into OPEN_BAR and CLOSE_BAR. A bar right after an
 * operand closes the innermost open one; anywhere else it opens, so `||x|-1|` and `|x|y|z|`
 * read as written. `\left|`, `\lvert` open and `\right|`, `\rvert` close whatever precedes them.
 */
function pairBars(s: string): string {
  if (!s.includes('|') && !s.includes('vert')) return s;
  let out = '';
  let open = 0;
  let afterOperand = false;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    let bar: 'open' | 'close' | 'either' | null = c === '|' ? 'either' : null;
    let text = c;
    if (c === '\\') {
      BAR_COMMAND.lastIndex = i;
      const m = BAR_COMMAND.exec(s);
      if (m) {
        text = m[0];
        i += text.length - 1;
        const barName = m[2] ?? m[3];
        if (barName !== undefined) {
          const opens = m[1] === 'left' || barName.endsWith('lvert');
          bar = opens ? 'open' : m[1] === 'right' || barName.endsWith('rvert') ? 'close' : 'either';
        } else if (/^[a-zA-Z]/.test(m[4])) afterOperand = !OPERATOR_COMMANDS.has(m[4]);
      }
    }
    if (bar === null) {
      out += text;
      if (c !== '\\' && !/\s/.test(c)) afterOperand = /[\p{L}\d.)\]}!%]/u.test(c);
      continue;
    }
    const closing: boolean = bar === 'close' || (bar === 'either' && afterOperand && open > 0);
    if (closing && open === 0) throw new UnreadableError('unbalanced |');
    open += closing ? -1 : 1;
    out += closing ? CLOSE_BAR : OPEN_BAR;
    afterOperand = closing;
  }
  if (open !== 0) throw new UnreadableError('unbalanced |');
  return out;
}

/** Whether s has a comma outside any bracket or brace of its own. */
function hasTopLevelComma(s: string): boolean {
  let depth = 0;
  for (const c of s) {
    if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c)) depth--;
    else if (c === ',' && depth === 0) return true;
  }
  return false;
}

function isLetter(c: string): boolean {
  const code = c.charCodeAt(0);
  if (code < 128) return (code | 32) >= 97 && (code | 32) <= 122;
  return /\p{L}/u.test(c);
}

/** A tiny recursive-descent walk over LaTeX: commands and brace groups become plain syntax. */
class Translator {
  private i = 0;
  /** `depth`: the sums and products this text is the body of, which name their indexes. */
  constructor(
    private readonly src: string,
    private readonly depth = 0,
  ) {}

  run(): string {
    let out = '';
    while (this.i < this.src.length) out = this.step(out);
    return out;
  }

  private step(out: string): string {
    const c = this.src[this.i++];
    if (c === '\\') return this.command(out);
    if (c === OPEN_BAR) return `${out}abs(`;
    if (c === CLOSE_BAR) return `${out})`;
    if (isLetter(c) && !isLetter(this.src[this.i - 2] ?? '')) {
      const name = this.functionName();
      if (name !== null) {
        this.i += name.length - 1;
        return out + this.func(name, true);
      }
    }
    if (c === '{') {
      const body = this.groupBody();
      // Typed braces around a list, or around nothing, are a set (`{2, -2}`, `{}`); others only group.
      if (body.trim() === '' || hasTopLevelComma(body)) return `${out}${SET_OPEN}${this.sub(body)}${SET_CLOSE}`;
      return `${out}(${this.sub(body)})`;
    }
    if (c === '}') throw new UnreadableError('unbalanced }');
    if (c === '$') return out;
    if (c === '_') return out + this.subscript();
    if (c === '^' && /^\s*(\{\s*\\circ\s*\}|\\circ\b)/.test(this.src.slice(this.i))) {
      this.i = this.src.indexOf('circ', this.i) + 4;
      if (this.src.slice(this.i).trimStart().startsWith('}')) this.i = this.src.indexOf('}', this.i) + 1;
      return `${out} deg `;
    }
    return out + c;
  }

  /** Handles the command after a backslash; returns the whole output so far. */
  private command(out: string): string {
    if (/^(d|t|c)?frac(?![a-zA-Z])/.test(this.src.slice(this.i))) {
      this.i = this.src.indexOf('frac', this.i) + 4;
      return this.fraction(out);
    }
    if (/^(d|t)?binom(?![a-zA-Z])/.test(this.src.slice(this.i))) {
      this.i = this.src.indexOf('binom', this.i) + 5;
      const n = this.sub(this.arg());
      const k = this.sub(this.arg());
      // Each of n and k is written twice: nested binomials would double the text at every level.
      if (n.length + k.length > MAX_INPUT_LENGTH) throw new UnreadableError('too long');
      // n choose k as factorials, so that it is defined (by the gamma function) for every n and k sampled.
      return `${out}((${n})!/((${k})!*((${n})-(${k}))!))`;
    }
    const series = SERIES.find(
      (name) => this.src.startsWith(name, this.i) && !/[a-zA-Z]/.test(this.src[this.i + name.length] ?? ''),
    );
    if (series !== undefined) {
      this.i += series.length;
      return out + this.series(series);
    }
    return out + this.simpleCommand();
  }

  private simpleCommand(): string {
    const name = /^([a-zA-Z]+|.)/.exec(this.src.slice(this.i))?.[1];
    if (name === undefined) throw new UnreadableError('lone backslash');
    this.i += name.length;
    if (name === 'left' || name === 'right') {
      if (this.src[this.i] === '.') this.i++;
      return '';
    }
    if (SPACING.has(name)) return ' ';
    if (name in COMMANDS) return COMMANDS[name];
    if (name in GREEK) return GREEK[name];
    if (name === 'mathbb') {
      if (this.arg().trim() !== 'R') throw new UnreadableError('number sets other than the reals');
      return 'ℝ';
    }
    if (TEXT_WRAPPERS.has(name)) {
      const text = this.arg();
      if (name === 'operatorname' && FUNCTIONS.has(text.trim())) return this.func(text.trim(), false);
      const spaced = text.replace(/\\[,;: ]/g, ' ');
      // The visual editor wraps a unit it recognizes twice: `\operatorname{\mathrm{cm}}`.
      return ` ${spaced.includes('\\') ? this.sub(spaced) : spaced} `;
    }
    if (name === 'sqrt') {
      const index = this.src[this.i] === '[' ? this.bracketBody() : null;
      const body = this.sub(this.arg());
      return index === null ? `sqrt(${body})` : `root(${body},${this.sub(index)})`;
    }
    if (FUNCTIONS.has(name)) return this.func(name, false);
    throw new UnreadableError(`unknown command \\${name}`);
  }

  /** `\frac{a}{b}` appended to out; an integer right before an integer fraction makes a mixed number. */
  private fraction(out: string): string {
    const num = this.sub(this.arg());
    const den = this.sub(this.arg());
    const whole = /(^|[^\d.^\p{L})])(\d+)\s*$/u.exec(out);
    if (whole && /^\d+$/.test(num) && /^\d+$/.test(den)) {
      return `${out.slice(0, whole.index + whole[1].length)}(${whole[2]}+${num}/${den})`;
    }
    return `${out}((${num})/(${den}))`;
  }

  /**
   * The function named by the run of letters starting just before this.i in plain input: the whole
   * run (`sin`, `arccot`), or the run but its last letter (`sinx`, `lnx`); null for other words.
   */
  private functionName(): string | null {
    LETTER_RUN.lastIndex = this.i - 1;
    const run = LETTER_RUN.exec(this.src)?.[0] ?? '';
    if (FUNCTIONS.has(run)) return run;
    const head = run.slice(0, -1);
    return head.length >= 2 && FUNCTIONS.has(head) ? head : null;
  }

  /**
   * `\sin x` and `\sin 2x` take the next atom as argument when no bracket follows; `\sin^2 x`
   * means (sin x)^2 but `\sin^{-1} x` means arcsin x; `\log_2 x` is the logarithm to base 2.
   * Typed without a backslash (`plain`), a name with nothing to apply to stays a word (`30 sec`).
   */
  private func(name: string, plain: boolean): string {
    const base = name === 'log' && /^\s*_/.test(this.src.slice(this.i)) ? this.subscriptBase() : null;
    const exponent = this.functionExponent();
    const inverse = exponent?.replace(/[\s()]/g, '') === '-1' ? INVERSES[name] : undefined;
    const applied = inverse ?? name;
    const rest = this.src.slice(this.i);
    let argument: string;
    if (/^\s*(\(|\{|\\left|\uE000)/.test(rest)) {
      argument = this.sub(this.bracketedArgument());
    } else if (/^\s*\\([dt]?frac|sqrt)(?![a-zA-Z])/.test(rest)) {
      // `\ln\frac{1+x}{1-x}`: the fraction or root is the argument.
      this.i = this.src.indexOf('\\', this.i) + 1;
      argument = this.command('');
    } else {
      const atom = /^\s*(\\[a-zA-Z]+|[\d.]*\p{L}?)/u.exec(rest)?.[0] ?? '';
      if (atom.trim() === '') {
        if (plain && base === null && exponent === null) return ` ${name} `;
        throw new UnreadableError(`${name} without argument`);
      }
      this.i += atom.length;
      argument = this.sub(atom);
    }
    const call = base === null ? ` ${applied}(${argument})` : ` log(${argument},${base})`;
    return exponent === null || inverse !== undefined ? call : `(${call})^(${exponent})`;
  }

  /** `_2`, `_{10}` or `_b` after `\log`, translated. */
  private subscriptBase(): string {
    this.i = this.src.indexOf('_', this.i) + 1;
    while (this.src[this.i] === ' ') this.i++;
    const digits = /^\d+/.exec(this.src.slice(this.i))?.[0];
    if (digits !== undefined) {
      this.i += digits.length;
      return digits;
    }
    return `(${this.sub(this.arg())})`;
  }

  /** The exponent written right after a function name (`^2`, `^{-1}`, `^(-1)`, `^-1`), translated; null if none. */
  private functionExponent(): string | null {
    const power = /^\s*\^\s*/.exec(this.src.slice(this.i));
    if (!power) return null;
    this.i += power[0].length;
    const negative = /^-\d/.exec(this.src.slice(this.i));
    if (negative) {
      this.i += 2;
      return negative[0];
    }
    if (this.src[this.i] === '(') return this.sub(this.bracketedArgument());
    return this.sub(this.arg());
  }

  /** The raw text of a `(...)`, `\left(...\right)` or `{...}` argument, brackets included. */
  private bracketedArgument(): string {
    const start = this.i;
    for (let depth = 0; this.i < this.src.length; this.i++) {
      const c = this.src[this.i];
      if (c === '(' || c === '{' || c === OPEN_BAR) depth++;
      else if ((c === ')' || c === '}' || c === CLOSE_BAR) && --depth === 0) {
        this.i++;
        return this.src.slice(start, this.i);
      }
    }
    throw new UnreadableError('unbalanced argument');
  }

  /** `x_1`, `x_{12}`: subscripts become part of the variable name. */
  private subscript(): string {
    const label = this.arg();
    if (!/^[\p{L}\d]+$/u.test(label)) throw new UnreadableError('subscript');
    return `_${label}`;
  }

  /** A command argument: a brace group, a command, or a single character. */
  private arg(): string {
    while (this.src[this.i] === ' ') this.i++;
    const c = this.src[this.i];
    if (c === undefined) throw new UnreadableError('missing argument');
    if (c === '{') {
      this.i++;
      return this.groupBody();
    }
    if (c === '\\') {
      const cmd = /^\\([a-zA-Z]+|.)/.exec(this.src.slice(this.i))?.[0] ?? '\\';
      this.i += cmd.length;
      return cmd;
    }
    this.i++;
    return c;
  }

  /** Body of a `{...}` group whose `{` was consumed; honours nesting and escaped braces. */
  private groupBody(): string {
    const start = this.i;
    for (let depth = 1; this.i < this.src.length; this.i++) {
      const c = this.src[this.i];
      if (c === '\\') this.i++;
      else if (c === '{') depth++;
      else if (c === '}' && --depth === 0) return this.src.slice(start, this.i++);
    }
    throw new UnreadableError('unbalanced {');
  }

  private bracketBody(): string {
    const end = this.src.indexOf(']', this.i);
    if (end < 0) throw new UnreadableError('unbalanced [');
    const body = this.src.slice(this.i + 1, end);
    this.i = end + 1;
    return body;
  }

  private sub(latex: string, depth = this.depth): string {
    return new Translator(latex, depth).run();
  }

  /**
   * `\sum_{k=1}^{n}` (or `^{n}_{k=1}`) and its body: the terms up to the next `+`, `-` or relation outside brackets,
   * as written math reads `\sum_{k=1}^{n} k^2 + 1`, translated with the index renamed.
   */
  private series(name: (typeof SERIES)[number]): string {
    if (this.depth >= INDEX_NAMES.length) throw new UnreadableError('sums nested too deeply');
    let from: string | null = null;
    let to: string | null = null;
    for (let bound = 0; bound < 2; bound++) {
      while (this.src[this.i] === ' ') this.i++;
      const mark = this.src[this.i];
      if (mark !== '_' && mark !== '^') break;
      this.i++;
      if (mark === '_') from = this.arg();
      else to = this.arg();
    }
    const start = /^\s*(\p{L})\s*=(.+)$/su.exec(from ?? '');
    if (start === null || to === null) throw new UnreadableError(`${name} without its bounds`);
    const [, index, low] = start;
    const body = this.seriesBody();
    const named = this.sub(body, this.depth + 1).replace(/\p{L}+/gu, (run) =>
      FUNCTIONS.has(run) ? run : run.replaceAll(index, INDEX_NAMES[this.depth]),
    );
    return ` ${name}((${named}),${INDEX_NAMES[this.depth]},(${this.sub(low)}),(${this.sub(to)})) `;
  }

  /** The raw text of a sum's body: from here to the next `+`, `-`, `=`, `<`, `>` or `,` outside brackets. */
  private seriesBody(): string {
    const start = this.i;
    let depth = 0;
    for (; this.i < this.src.length; this.i++) {
      const c = this.src[this.i];
      if (c === '\\') {
        this.i++;
        continue;
      }
      if ('({['.includes(c)) depth++;
      else if (')}]'.includes(c)) {
        if (--depth < 0) break;
      } else if (depth === 0 && '+-=<>,'.includes(c) && this.src.slice(start, this.i).trim() !== '') break;
    }
    const body = this.src.slice(start, this.i);
    if (body.trim() === '') throw new UnreadableError('a sum without terms');
    return body;
  }
}
