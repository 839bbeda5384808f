/**
 * Turns what a student or teacher typed (LaTeX, plain text, or a mix) into
 * plain infix math that the mathjs parser understands.
 */

/** Longer inputs are refused outright so a hostile answer cannot burn CPU. */
export const MAX_INPUT_LENGTH = 2000;

/** Real answers nest a few levels; deeper nesting is refused before the recursive parsers see it. */
const MAX_NESTING = 40;

/** Thrown for input that cannot be read as math; caught at the public boundary. */
export class UnreadableError extends Error {}

/** Function names the evaluator understands; they are never split into letters. */
export const FUNCTIONS = new Set([
  'sin', 'cos', 'tan', 'sec', 'csc', 'cot', 'arcsin', 'arccos', 'arctan',
  'ln', 'log', 'exp', 'sqrt', 'root', 'abs',
]);

const SPACING = new Set([',', ';', ':', '!', ' ', 'quad', 'qquad', 'thinspace', 'medspace', 'thickspace', 'enspace']);
const TEXT_WRAPPERS = new Set(['text', 'textrm', 'textnormal', 'mathrm', 'mathit', 'mathbf', 'operatorname', 'mbox', 'boldsymbol']);
const COMMANDS: Record<string, string> = {
  cdot: '*', times: '*', ast: '*', div: '/', pi: ' pi ', '%': '%', $: '',
  le: '<=', leq: '<=', leqslant: '<=', ge: '>=', geq: '>=', geqslant: '>=', lt: '<', gt: '>', ne: '!=', neq: '!=',
  circ: ' deg ', degree: ' deg ', vert: '|', lvert: '|', rvert: '|', '|': '|',
};
const GREEK: Record<string, string> = {
  alpha: 'α', beta: 'β', gamma: 'γ', delta: 'δ', theta: 'θ', lambda: 'λ', mu: 'μ', phi: 'φ', sigma: 'σ', omega: 'ω',
};
const UNICODE: Record<string, string> = {
  '×': '*', '·': '*', '⋅': '*', '∙': '*', '÷': '/', '−': '-', '–': '-', '—': '-',
  '≤': '<=', '≥': '>=', '≠': '!=', 'π': ' pi ', '°': ' deg ', '√': '\\sqrt', '²': '^2', '³': '^3',
  '\u00a0': ' ', '\u2009': ' ', '\u202f': ' ',
};

/** Case-, space- and trailing-period-insensitive form used for plain text answers. */
export function textKey(s: string): string {
  return s.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim().replace(/\.$/, '');
}

/** Translates LaTeX or plain input to plain mathjs-style infix; throws UnreadableError. */
export function toPlain(raw: string): string {
  if (raw.length > MAX_INPUT_LENGTH) throw new UnreadableError('too long');
  checkNesting(raw);
  const unicode = raw.replace(/\{,\}/g, ',').replace(/[×·⋅∙÷−–—≤≥≠π°√²³\u00a0\u2009\u202f]/g, (c) => UNICODE[c] ?? c);
  let plain = new Translator(unicode).run();
  plain = pairBars(plain.replace(/\*\*/g, '^'));
  // Mixed numbers: "1 1/2" means 1 + 1/2, not 1 · 1/2.
  plain = plain.replace(/(^|[^\d.^\p{L})])(\d+)\s+(\d+)\s*\/\s*(\d+)(?![\d.])/gu, '$1($2+$3/$4)');
  // Thousands separated by spaces: "1 000 000".
  plain = plain.replace(/(\d) (?=\d{3}(?!\d))/g, '$1');
  plain = plain.replace(/deg\s*([CF])\b/g, 'deg$1').replace(/\s+/g, ' ').trim();
  if (plain === '') throw new UnreadableError('empty');
  return plain;
}

function checkNesting(s: string): void {
  let depth = 0;
  for (const c of s) {
    if (c === '(' || c === '[' || c === '{' || c === '^') depth++;
    else if (c === ')' || c === ']' || c === '}') depth--;
    if (depth > MAX_NESTING) throw new UnreadableError('nested too deeply');
  }
}

/** `|x|` has no mathjs syntax; bars alternate between opening and closing abs(). */
function pairBars(s: string): string {
  let open = false;
  const out = s.replace(/\|/g, () => {
    open = !open;
    return open ? 'abs(' : ')';
  });
  if (open) throw new UnreadableError('unbalanced |');
  return out;
}

/** A tiny recursive-descent walk over LaTeX: commands and brace groups become plain syntax. */
class Translator {
  private i = 0;
  constructor(private readonly src: string) {}

  run(): string {
    let out = '';
    while (this.i < this.src.length) out = this.step(out);
    return out;
  }

  private step(out: string): string {
    const c = this.src[this.i++];
    if (c === '\\') return this.command(out);
    if (c === '{') return `${out}(${this.sub(this.groupBody())})`;
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
    if (TEXT_WRAPPERS.has(name)) return ` ${this.arg().replace(/\\[,;: ]/g, ' ')} `;
    if (name === 'sqrt') {
      const index = this.src[this.i] === '[' ? this.bracketBody() : null;
      const body = this.sub(this.arg());
      return index === null ? `sqrt(${body})` : `root(${body},${this.sub(index)})`;
    }
    if (FUNCTIONS.has(name)) return this.func(name);
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
   * `\sin x` and `\sin 2x` take the next atom as argument when no parenthesis
   * follows; `\sin^2 x` means (sin x)^2.
   */
  private func(name: string): string {
    const power = /^\s*\^/.exec(this.src.slice(this.i));
    if (power) this.i += power[0].length;
    const exponent = power ? this.sub(this.arg()) : null;
    const rest = this.src.slice(this.i);
    if (/^\s*(\(|\{|\\left)/.test(rest)) {
      if (exponent === null) return ` ${name}`;
      // `\sin^2(x)`: the power applies after the bracketed argument.
      return `(${name}(${this.sub(this.bracketedArgument())}))^(${exponent})`;
    }
    const atom = /^\s*(\\[a-zA-Z]+|[\d.]*\p{L}?)/u.exec(rest)?.[0] ?? '';
    if (atom.trim() === '') throw new UnreadableError(`${name} without argument`);
    this.i += atom.length;
    const call = ` ${name}(${this.sub(atom)})`;
    return exponent === null ? call : `(${call})^(${exponent})`;
  }

  /** The raw text of a `(...)`, `\left(...\right)` or `{...}` argument, brackets included. */
  private bracketedArgument(): string {
    const start = this.i;
    for (let depth = 0; this.i < this.src.length; this.i++) {
      const c = this.src[this.i];
      if (c === '(' || c === '{') depth++;
      else if ((c === ')' || c === '}') && --depth === 0) {
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

  private sub(latex: string): string {
    return new Translator(latex).run();
  }
}
