/**
 * The answer editor's symbol palette and the LaTeX its builders insert. `#?` is an
 * empty slot of the visual editor: an insert puts the caret in the first one, and Tab or the arrows move on.
 */

/** The size limits: custom sizes from 1 up to 50 rows/columns and 20 pieces; fixed choices 1 to 6, pieces 2 to 6. */
export const MATH_LIMITS = { maxRowsCols: 50, maxPieces: 20, fixedMax: 6, fixedMinPieces: 2 } as const;

export interface MathSymbol {
  label: string;
  latex: string;
  title: string;
}

const s = (label: string, latex: string, title: string): MathSymbol => ({ label, latex, title });

export const SYMBOL_CATEGORIES = [
  'Basic',
  'Greek Letters',
  'Operators',
  'Functions',
  'Matrices',
  'Sets & Logic',
  'Piecewise',
  'Tables',
] as const;
export type SymbolCategory = (typeof SYMBOL_CATEGORIES)[number];

/** Categories with plain symbol buttons; Matrices, Piecewise and Tables have size builders instead. */
export const SYMBOLS: Partial<Record<SymbolCategory, MathSymbol[]>> = {
  Basic: [
    s('a/b', '\\frac{#?}{#?}', 'Fraction'),
    s('√', '\\sqrt{#?}', 'Square root'),
    s('ⁿ√', '\\sqrt[#?]{#?}', 'nth root'),
    s('x²', '^{2}', 'Squared'),
    s('xⁿ', '^{#?}', 'Power'),
    s('xₙ', '_{#?}', 'Subscript'),
    s('( )', '\\left(#?\\right)', 'Parentheses'),
    s('|x|', '\\left|#?\\right|', 'Absolute value'),
    s('±', '\\pm', 'Plus or minus'),
    s('π', '\\pi', 'Pi'),
    s('°', '^{\\circ}', 'Degrees'),
    s('%', '\\%', 'Percent'),
  ],
  'Greek Letters': [
    s('α', '\\alpha', 'alpha'),
    s('β', '\\beta', 'beta'),
    s('γ', '\\gamma', 'gamma'),
    s('δ', '\\delta', 'delta'),
    s('θ', '\\theta', 'theta'),
    s('λ', '\\lambda', 'lambda'),
    s('μ', '\\mu', 'mu'),
    s('σ', '\\sigma', 'sigma'),
    s('φ', '\\phi', 'phi'),
    s('ω', '\\omega', 'omega'),
    s('Δ', '\\Delta', 'Delta'),
    s('Σ', '\\Sigma', 'Sigma'),
    s('Ω', '\\Omega', 'Omega'),
  ],
  Operators: [
    s('+', '+', 'Plus'),
    s('−', '-', 'Minus'),
    s('×', '\\times', 'Times'),
    s('÷', '\\div', 'Divide'),
    s('·', '\\cdot', 'Dot'),
    s('=', '=', 'Equals'),
    s('≠', '\\neq', 'Not equal'),
    s('<', '<', 'Less than'),
    s('>', '>', 'Greater than'),
    s('≤', '\\leq', 'Less or equal'),
    s('≥', '\\geq', 'Greater or equal'),
    s('≈', '\\approx', 'Approximately'),
    s('∞', '\\infty', 'Infinity'),
  ],
  Functions: [
    s('sin', '\\sin(#?)', 'Sine'),
    s('cos', '\\cos(#?)', 'Cosine'),
    s('tan', '\\tan(#?)', 'Tangent'),
    s('log', '\\log(#?)', 'Logarithm'),
    s('ln', '\\ln(#?)', 'Natural logarithm'),
    s('eˣ', 'e^{#?}', 'Exponential'),
    s('lim', '\\lim_{x \\to #?}', 'Limit'),
    s('∑', '\\sum_{i=1}^{n}', 'Sum'),
    s('∫', '\\int_{a}^{b}', 'Integral'),
    s('f(x)', 'f(x)', 'Function'),
  ],
  'Sets & Logic': [
    s('∈', '\\in', 'Element of'),
    s('∉', '\\notin', 'Not an element of'),
    s('⊂', '\\subset', 'Subset'),
    s('⊆', '\\subseteq', 'Subset or equal'),
    s('∪', '\\cup', 'Union'),
    s('∩', '\\cap', 'Intersection'),
    s('∅', '\\emptyset', 'Empty set'),
    s('∀', '\\forall', 'For all'),
    s('∃', '\\exists', 'There exists'),
    s('¬', '\\neg', 'Not'),
    s('∧', '\\wedge', 'And'),
    s('∨', '\\vee', 'Or'),
    s('⇒', '\\Rightarrow', 'Implies'),
    s('⇔', '\\Leftrightarrow', 'If and only if'),
    s('ℝ', '\\mathbb{R}', 'Real numbers'),
    s('ℤ', '\\mathbb{Z}', 'Integers'),
  ],
};

const row = (cells: number) => Array(cells).fill('#?').join(' & ');

export function matrixLatex(rows: number, cols: number): string {
  return `\\begin{pmatrix}${Array.from({ length: rows }, () => row(cols)).join('\\\\')}\\end{pmatrix}`;
}

export function piecewiseLatex(pieces: number): string {
  return `\\begin{cases}${Array.from({ length: pieces }, () => '#? & \\text{if } #?').join('\\\\')}\\end{cases}`;
}

export function tableLatex(rows: number, cols: number): string {
  return `\\begin{array}{|${Array(cols).fill('c').join('|')}|}\\hline ${Array.from({ length: rows }, () => `${row(cols)}\\\\ \\hline`).join(' ')}\\end{array}`;
}

export function columnsLatex(columns: number): string {
  return `\\begin{array}{${Array(columns).fill('c').join('')}}${row(columns)}\\end{array}`;
}

/** A custom size: a whole number from the minimum to the limit, or the message to show. */
export function sizeProblem(value: string, min: number, max: number, label: string): string | null {
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isInteger(n)) return `${label} must be a whole number`;
  if (n < min) return `${label} must be at least ${min}`;
  if (n > max) return `${label} must be at most ${max}`;
  return null;
}
