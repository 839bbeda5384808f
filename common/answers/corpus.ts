/**
 * Table-driven corpus for the answer checker: entry-level cases for
 * matchesAccepted and whole-question cases for checkAnswer. Shared by the
 * tests and the benchmark.
 */
import type { CheckableQuestion } from './index';

/** One student entry against one accepted answer. */
export interface MatchCase {
  accepted: string;
  student: string;
  expected: 'equal' | 'different' | 'unreadable';
  note?: string;
}

/** One whole question with the expected verdict and exact feedback. */
export interface QuestionCase {
  note: string;
  question: CheckableQuestion;
  student: string;
  isCorrect: boolean;
  feedback: string;
}

const cases = (expected: MatchCase['expected'], note: string, accepted: string, ...students: string[]): MatchCase[] =>
  students.map((student) => ({ accepted, student, expected, note }));
const equal = (note: string, accepted: string, ...students: string[]) => cases('equal', note, accepted, ...students);
const different = (note: string, accepted: string, ...students: string[]) => cases('different', note, accepted, ...students);
const unreadable = (note: string, accepted: string, ...students: string[]) => cases('unreadable', note, accepted, ...students);

export const matchCases: MatchCase[] = [
  // Formatting that must not matter.
  ...equal('whitespace', 'x+1', ' x + 1 ', 'x  +1', '\tx+1\n'),
  ...equal('left/right', '(x+1)^2', '\\left(x+1\\right)^2', '\\left( x+1 \\right)^{2}'),
  ...equal('frac variants', '\\frac{1}{2}', '\\dfrac{1}{2}', '\\tfrac{1}{2}', '\\frac12', '1/2'),
  ...equal('multiplication signs', '3x', '3\\cdot x', '3\\times x', '3*x', '3 x', '3·x', '3×x'),
  ...equal('division signs', '\\frac{6}{3}', '6\\div 3', '6÷3', '2'),
  ...equal('dollar delimiters', 'x+1', '$x+1$', '$$x+1$$', '\\$x+1'),
  ...equal('unicode minus', '-3', '−3', '–3'),
  ...equal('thousands separators', '1000', '1,000', '1\\,000', '1 000', '1{,}000'),
  ...equal('big thousands', '1234567', '1,234,567', '1 234 567', '1\\,234\\,567'),
  ...equal('trailing zeros', '2.5', '2.50', '2.500', '02.5'),
  ...equal('leading decimal point', '0.5', '.5', '.50', '0.50'),
  // Numbers by value, exactly.
  ...equal('half in many forms', '0.5', '1/2', '\\frac{1}{2}', '2/4', '\\frac{3}{6}', '50/100'),
  ...equal('negative fractions', '-\\frac{1}{2}', '\\frac{-1}{2}', '-0.5', '-1/2', '\\frac{1}{-2}'),
  ...equal('mixed numbers', '1\\frac{1}{2}', '1 1/2', '3/2', '1.5', '\\frac{3}{2}'),
  ...equal('negative mixed number', '-2\\frac{1}{4}', '-2 1/4', '-9/4', '-2.25'),
  ...equal('mixed number accepted as fraction', '\\frac{7}{3}', '2\\frac{1}{3}', '2 1/3'),
  ...equal('integer arithmetic', '12', '3\\cdot 4', '6+6', '15-3', '2^2\\cdot 3', '144/12'),
  ...equal('powers', '1024', '2^{10}', '2^10', '4^5', '32^2'),
  ...equal('radicals', '2\\sqrt{2}', '\\sqrt{8}', '\\sqrt 8', '√8', '2√2', '8^{1/2}'),
  ...equal('perfect squares', '5', '\\sqrt{25}', '\\sqrt[3]{125}', '25^{0.5}'),
  ...equal('cube root of negative', '-2', '\\sqrt[3]{-8}', '(-8)^{1/3}'),
  ...equal('rationalized denominators', '\\frac{\\sqrt{2}}{2}', '\\frac{1}{\\sqrt{2}}', '\\sqrt{\\frac{1}{2}}'),
  ...equal('pi', '2\\pi', '2π', '\\pi\\cdot 2', '\\pi+\\pi'),
  ...equal('exact decimal equals fraction', '0.25', '\\frac{1}{4}', '1/4', '25/100'),
  ...equal('terminating eighths', '0.125', '1/8', '\\frac{1}{8}'),
  ...equal('negative numbers', '-7', '-(7)', '-14/2', '0-7'),
  ...equal('zero', '0', '-0', '0.0', '0/5', '\\frac{0}{3}'),
  ...equal('factorial', '120', '5!'),
  ...equal('absolute value', '3', '|-3|', '\\left|-3\\right|'),
  ...equal('superscripts', 'x^2', 'x²', 'x**2'),
  ...different('close decimals', '0.50', '0.51', '0.49', '0.5000001'),
  ...different('rounded thirds', '1/3', '0.33', '0.333', '0.3333333333', '0.34'),
  ...different('rounded two thirds', '\\frac{2}{3}', '0.67', '0.667'),
  ...different('rounded pi', '\\pi', '3.14', '3.1416', '22/7'),
  ...different('rounded root', '\\sqrt{2}', '1.41', '1.414'),
  ...different('sign errors', '-5', '5', '--5'),
  ...different('off by one', '1024', '1023', '2^{11}', '2^9'),
  ...different('wrong fraction', '\\frac{1}{2}', '\\frac{2}{1}', '1/3', '2'),
  ...different('mixed number is not a product', '1\\frac{1}{2}', '1/2', '0.5'),
  ...different('large numbers', '1000000001', '1000000000', '1,000,000,000'),
  ...different('radicals', '2\\sqrt{2}', '\\sqrt{2}', '2\\sqrt{3}', '4'),
  // Algebraic expressions by equivalence.
  ...equal('distribution', '2x+2', '2(x+1)', '(x+1)\\cdot 2', '2\\left(x+1\\right)', 'x+x+2'),
  ...equal('perfect square', 'x^2+2x+1', '(x+1)^2', '(1+x)^2', '\\left(x+1\\right)^{2}', '(x+1)(x+1)'),
  ...equal('difference of squares', 'x^2-1', '(x-1)(x+1)', '(x+1)(x-1)'),
  ...equal('implicit products', 'x\\cdot y', 'xy', 'yx', 'x*y', 'x y', 'y\\times x'),
  ...equal('commutativity', 'a+b+c', 'c+b+a', 'b+a+c'),
  ...equal('coefficients', '3xy^2', '3y^2x', 'y\\cdot 3\\cdot x\\cdot y'),
  ...equal('fraction of polynomials', '\\frac{x^2-1}{x-1}', 'x+1', '1+x'),
  ...equal('fractional coefficient', '\\frac{x}{2}', '0.5x', '\\frac{1}{2}x', 'x/2'),
  ...equal('product of parentheses', 'x(x+1)', 'x^2+x', 'x\\left(x+1\\right)'),
  ...equal('cubes', '(a+b)^3', 'a^3+3a^2b+3ab^2+b^3'),
  ...equal('exponent rules', 'x^5', 'x^2\\cdot x^3', '\\frac{x^7}{x^2}', '(x^{5/2})^2'),
  ...equal('radical with variable', '\\sqrt{x}', 'x^{1/2}', 'x^{0.5}'),
  ...equal('trig identity', '1', '\\sin^2x+\\cos^2x', '\\sin^2(x)+\\cos^{2}\\left(x\\right)', '\\sin(x)^2+\\cos(x)^2'),
  ...equal('function arguments', '\\sin x', '\\sin(x)', '\\sin{x}'),
  ...equal('logs', '\\ln(x^2)', '2\\ln(x)', '2\\ln x'),
  ...equal('subscripts', 'x_1+x_2', 'x_{2}+x_{1}'),
  ...equal('greek letters', '2\\theta', '\\theta+\\theta', '2θ'),
  ...equal('circle area', '\\pi r^2', 'πr^2', 'r^2\\pi', '\\pi\\cdot r\\cdot r'),
  ...equal('absolute value of variable', '|x|', '\\left|x\\right|', '|-x|'),
  ...different('constant terms', 'x+1', 'x+2', 'x-1', 'x', '1'),
  ...different('square vs double', 'x^2', '2x', 'x^3', 'x', '2^x'),
  ...different('forgotten middle term', '(x+1)^2', 'x^2+1', 'x^2+x+1'),
  ...different('sign in difference of squares', 'x^2-1', '(x-1)^2', 'x^2+1'),
  ...different('different variables', 'x+y', 'x+z', '2x', 'xy'),
  ...different('order matters for subtraction', 'x-y', 'y-x'),
  ...different('order matters for division', '\\frac{x}{y}', '\\frac{y}{x}', 'xy'),
  ...different('exponent placement', '2x^2', '(2x)^2', '4x^2'),
  ...different('expression vs number', 'x+1', '2', '0'),
  // Equations and inequalities by equivalence.
  ...equal('equation forms', 'y=2x', '2x-y=0', '2y=4x', 'y - 2x = 0', '2x=y', '0=y-2x', '\\frac{y}{2}=x'),
  ...equal('solved equation', 'x=3', '3=x', '2x=6', 'x-3=0'),
  ...equal('line equation', 'y=mx+b', 'y-b=mx', 'mx+b=y'),
  ...equal('circle equation', 'x^2+y^2=25', 'y^2+x^2=25', 'x^2+y^2-25=0'),
  ...equal('inequality directions', 'x>3', '3<x', '2x>6', '-x<-3', 'x-3>0'),
  ...equal('non-strict inequalities', 'x\\geq 2', 'x \\ge 2', '2\\leq x', 'x>=2', 'x≥2', '2≤x'),
  ...equal('not equal', 'x\\neq 1', 'x != 1', '1 \\ne x', 'x≠1'),
  ...different('equation vs expression', 'y=2x', '2x', 'y-2x'),
  ...different('expression vs equation', '2x', 'y=2x'),
  ...different('wrong equation', 'y=2x', 'y=2x+1', 'y=x', 'y=-2x'),
  ...different('solution off by one', 'x=3', 'x=4', 'x=-3'),
  ...different('inequality flipped', 'x>3', 'x<3', 'x\\geq 3', '3>x', '-x>-3'),
  ...different('strict vs non-strict', 'x\\le 5', 'x<5'),
  ...different('equation vs inequality', 'x=3', 'x\\geq 3', 'x>3'),
  // Quantities with units.
  ...equal('unit spacing and markup', '5 cm', '5cm', '5\\text{ cm}', '5\\,\\mathrm{cm}', '5\\ \\text{cm}', '5 \\mathrm{cm}'),
  ...equal('unit conversions', '5 cm', '50 mm', '0.05 m', '\\frac{1}{20} m'),
  ...equal('length conversions', '1 km', '1000 m', '100000 cm'),
  ...equal('imperial', '1 ft', '12 in', '12 inches', '\\frac{1}{3} yd'),
  ...equal('mass', '2 kg', '2000 g', '2000g', '2000 grams'),
  ...equal('time', '2 h', '120 min', '7200 s', '2 hours'),
  ...equal('volume', '1 L', '1000 mL', '1000 cm^3', '1000\\text{ cm}^3'),
  ...equal('area', '12 cm^2', '12\\text{ cm}^{2}', '1200 mm^2'),
  ...equal('speed', '60 km/h', '1 km/min', '60\\text{ km}/\\text{h}'),
  ...equal('bare number is read in the accepted unit', '5 cm', '5', '5.0'),
  ...equal('unit given where none was asked', '12', '12 cm'),
  ...equal('degrees', '30^\\circ', '30°', '30^{\\circ}', '30 degrees', '30', '30\\degree'),
  ...equal('fraction magnitude', '2.5 m', '\\frac{5}{2} m', '2\\frac{1}{2} m', '250 cm'),
  ...equal('money', '\\$5.00', '$5', '5', '5.00'),
  ...equal('thousands with unit', '1500 m', '1,500 m', '1.5 km'),
  ...different('wrong unit', '5 cm', '5 m', '5 mm', '5 km', '5 kg'),
  ...different('wrong magnitude', '5 cm', '6 cm', '5.1 cm', '500 mm'),
  ...different('wrong dimension', '2 kg', '2 m', '2 L', '2 s'),
  ...different('bare number off', '5 cm', '6', '0.05'),
  ...different('area vs length', '12 cm^2', '12 cm', '1200 mm'),
  ...different('temperature units do not convert', '30°C', '30°F'),
  // Percentages: % is a unit meaning one hundredth; a bare number is read as a percent.
  ...equal('percent forms', '50\\%', '50%', '50 \\%', '50.0%', '\\frac{100}{2}\\%', '50'),
  ...equal('percent decimals', '12.5\\%', '12.5%', '\\frac{25}{2}%', '12\\frac{1}{2}\\%'),
  ...different('percent is not its decimal', '50\\%', '0.5', '\\frac{1}{2}', '5%'),
  ...different('decimal is not a percent', '0.5', '50%'),
  ...equal('percent from decimal key', '0.5', '0.5%'),
  // Ordered pairs and lists, element-wise.
  ...equal('ordered pair', '(2, 3)', '(2,3)', '( 2 , 3 )', '\\left(2, 3\\right)', '(\\frac{4}{2}, 3)'),
  ...equal('pair with expressions', '(x+1, 2x)', '(1+x, x\\cdot 2)'),
  ...equal('triple', '(1, -2, 0.5)', '(1,-2,1/2)'),
  ...equal('list', '1, 2, 3', '1,2,3', '1, 2, 3.0'),
  ...equal('coordinates with thousands inside pair', '(1000, 2)', '(1 000, 2)'),
  ...different('swapped pair', '(2, 3)', '(3, 2)', '(2, 4)'),
  ...different('pair vs single', '(2, 3)', '2', '23'),
  ...different('pair length', '(1, 2, 3)', '(1, 2)', '(1, 2, 3, 4)'),
  ...different('list order matters', '1, 2, 3', '3, 2, 1'),
  ...different('comma pair is not thousands', '(2,300)', '2300', '(2, 3)'),
  // Text answers.
  ...equal('text case and spaces', 'Isosceles', ' isosceles ', 'ISOSCELES', 'isosceles.'),
  ...equal('text internal spaces', 'right angle', 'Right  angle', ' right angle '),
  ...equal('text in LaTeX markup', 'Isosceles', '\\text{Isosceles}', '\\mathrm{isosceles}'),
  ...equal('text accepted in markup', '\\text{right angle}', 'right angle', 'Right Angle'),
  ...different('text', 'Isosceles', 'equilateral', 'isoceles', '3', 'x'),
  ...different('words against math', '12', 'twelve', 'I do not know'),
  ...equal('short words', 'yes', 'Yes', 'YES'),
  // Unreadable entries.
  ...unreadable('unbalanced braces', '\\frac{1}{2}', '\\frac{1}{', '\\frac{1', '{1', '1}', '\\sqrt{2'),
  ...unreadable('unbalanced parentheses', 'x+1', ')(', '(x+1', 'x+1)', '((x)'),
  ...unreadable('empty math', '5', '$$', '$ $', '\\left.\\right.'),
  ...unreadable('dangling operators', '5', '5+', '*5', '5/', '=5', '5='),
  ...unreadable('unknown commands', 'x', '\\foo{x}', '\\', '\\frac'),
  ...unreadable('unbalanced bars', '3', '|3', '|x|-|'),
  ...unreadable('operators without operands', 'x^2', 'x^', '^2', 'x^^2'),
  ...unreadable('strings and brackets', '5', '"5"', "'5'", '5;', '{}'),
  ...unreadable('too long', '1', '1+'.repeat(1001) + '1'),
  ...different('empty entry is wrong, not unreadable', '5', '', '   '),
  // Hostile but readable input stays cheap.
  ...different('huge exponents fall back to floats', '1', '2^{2^{2^{2^{2}}}}', '10^{10^{10}}'),
  ...different('huge factorial', '1', '1000!'),
  ...different('division by zero', '5', '1/0', '\\frac{5}{0}'),
  ...equal('moderate nesting', '1', '('.repeat(30) + '1' + ')'.repeat(30), '\\frac{\\frac{\\frac{1}{2}}{3}}{\\frac{1}{6}}'),
  ...unreadable('nesting deeper than 40 levels', '1', '('.repeat(200) + '1' + ')'.repeat(200), '2^'.repeat(100) + '2'),
  ...unreadable('more than 400 nodes', '1', '1+'.repeat(300) + '1', '(x+1)'.repeat(100)),
];

const fib = (answer: unknown, student: string, isCorrect: boolean, feedback: string, note: string): QuestionCase => ({
  note,
  question: { type: 'Fill in the Blank', answer },
  student,
  isCorrect,
  feedback,
});
const mc = (answer: unknown, student: string, isCorrect: boolean, note: string): QuestionCase => ({
  note,
  question: { type: 'Multiple Choice', answer, options: ['1', '2', '3', '4'] },
  student,
  isCorrect,
  feedback: isCorrect ? 'Correct!' : 'Not quite. Try again.',
});

const TWO_BLANKS = [['1/2', '0.5'], ['x+1']];
const THREE_BLANKS = [['3'], ['y=2x'], ['5 cm']];
const UNREADABLE_ONE = 'We could not read your answer. Check the math and try again.';

export const questionCases: QuestionCase[] = [
  mc({ a1: ['A', 'C'] }, 'A,C', true, 'comma list'),
  mc({ a1: ['A', 'C'] }, 'C,A', true, 'order does not matter'),
  mc({ a1: ['A', 'C'] }, 'c, a', true, 'case does not matter'),
  mc({ a1: ['A', 'C'] }, '["A","C"]', true, 'JSON array'),
  mc({ a1: ['A', 'C'] }, '["c","a"]', true, 'JSON array, any order and case'),
  mc({ a1: ['A', 'C'] }, 'A', false, 'subset'),
  mc({ a1: ['A', 'C'] }, 'A,B,C', false, 'superset'),
  mc({ a1: ['B'] }, 'b', true, 'single letter'),
  mc({ a1: ['B'] }, 'C', false, 'wrong letter'),
  mc('{"a1":["B","D"]}', 'D,B', true, 'JSON-string key'),
  mc({ a1: ['A'] }, 'A,A', true, 'repeated letter is one choice'),
  mc(['A', 'C'], 'A,C', true, 'bare array key'),
  mc('[["A","C"]]', 'A', false, 'nested JSON-string key'),
  { note: 'unreadable choice', question: { type: 'Multiple Choice', answer: { a1: ['A'] } }, student: 'A) 12', isCorrect: false, feedback: UNREADABLE_ONE },
  fib(TWO_BLANKS, '["1/2","x+1"]', true, 'Correct!', 'both blanks'),
  fib(TWO_BLANKS, '["\\\\frac{1}{2}","1+x"]', true, 'Correct!', 'equivalent forms'),
  fib(TWO_BLANKS, '["0.5","x+2"]', false, 'Not quite. Try again. Blank 2 is not correct.', 'second blank wrong'),
  fib(TWO_BLANKS, '["1/3","x+2"]', false, 'Not quite. Try again. Blanks 1 and 2 are not correct.', 'both wrong'),
  fib(TWO_BLANKS, '["1/2"]', false, 'Not quite. Try again. Blank 2 is not correct.', 'missing entry counts as wrong'),
  fib(TWO_BLANKS, '["\\\\frac{1}{","x+1"]', false, 'We could not read your answer to blank 1. Check the math and try again.', 'unreadable blank'),
  fib(THREE_BLANKS, '["4","2x-y=0","50 mm"]', false, 'Not quite. Try again. Blank 1 is not correct.', 'first of three'),
  fib(THREE_BLANKS, '["2","y=2x","5 m"]', false, 'Not quite. Try again. Blanks 1 and 3 are not correct.', 'first and third'),
  fib(THREE_BLANKS, '["2","2x","5"]', false, 'Not quite. Try again. Blanks 1 and 2 are not correct.', 'equation vs expression'),
  fib(THREE_BLANKS, '["1",")(","5 kg"]', false, 'Not quite. Try again. Blanks 1 and 3 are not correct. We could not read your answer to blank 2. Check the math and try again.', 'wrong and unreadable'),
  fib(THREE_BLANKS, '["3","2y=4x","0.05 m"]', true, 'Correct!', 'all three'),
  fib(JSON.stringify(TWO_BLANKS), '["0.5","x+1"]', true, 'Correct!', 'JSON-string key'),
  fib({ a1: ['7'], a2: ['8'] }, '["7","8"]', true, 'Correct!', 'object key with blanks a1, a2'),
  fib([['7']], '7', true, 'Correct!', 'plain string is the only blank'),
  fib([['7'], ['8']], '7', false, 'Not quite. Try again. Blank 2 is not correct.', 'plain string fills only blank 1'),
  fib([['(2, 3)']], '["(2,3)"]', true, 'Correct!', 'pair in a blank'),
  { note: 'calculation', question: { type: 'Calculation', answer: { a1: ['42', '42.0'] } }, student: '42.00', isCorrect: true, feedback: 'Correct!' },
  { note: 'calculation wrong', question: { type: 'Calculation', answer: { a1: ['42'] } }, student: '41', isCorrect: false, feedback: 'Not quite. Try again.' },
  { note: 'calculation unreadable', question: { type: 'Calculation', answer: { a1: ['42'] } }, student: '4)2', isCorrect: false, feedback: UNREADABLE_ONE },
  { note: 'calculation JSON array entry', question: { type: 'Calculation', answer: '{"a1":["6\\\\sqrt{2}"]}' }, student: '["\\\\sqrt{72}"]', isCorrect: true, feedback: 'Correct!' },
  { note: 'short answer nested list', question: { type: 'Short Answer', answer: [['Isosceles']] }, student: 'isosceles', isCorrect: true, feedback: 'Correct!' },
  { note: 'short answer object', question: { type: 'Short Answer', answer: { a1: ['right angle'] } }, student: 'Right angle', isCorrect: true, feedback: 'Correct!' },
  { note: 'short answer wrong', question: { type: 'Short Answer', answer: '[["obtuse"]]' }, student: 'acute', isCorrect: false, feedback: 'Not quite. Try again.' },
  { note: 'malformed key', question: { type: 'Calculation', answer: { a1: [{}] } }, student: '1', isCorrect: false, feedback: 'This question cannot be checked automatically.' },
  { note: 'missing key', question: { type: 'Calculation', answer: null }, student: '1', isCorrect: false, feedback: 'This question cannot be checked automatically.' },
  { note: 'unknown type', question: { type: 'Essay' as 'Calculation', answer: { a1: ['1'] } }, student: '1', isCorrect: false, feedback: 'This question cannot be checked automatically.' },
];
