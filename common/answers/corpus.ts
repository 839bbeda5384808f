/**
 * Table-driven corpus for the answer checker: entry-level cases for
 * matchesAccepted and whole-question cases for checkAnswer. Shared by the
 * tests and the benchmark.
 */
import type { AnswerForm } from '../rules/answer-forms';
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
const different = (note: string, accepted: string, ...students: string[]) =>
  cases('different', note, accepted, ...students);
const unreadable = (note: string, accepted: string, ...students: string[]) =>
  cases('unreadable', note, accepted, ...students);

/** Arithmetic, algebra, units, lists, text and hostile input: the K-8 core. */
export const basicCases: MatchCase[] = [
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
  ...equal(
    'unit spacing and markup',
    '5 cm',
    '5cm',
    '5\\text{ cm}',
    '5\\,\\mathrm{cm}',
    '5\\ \\text{cm}',
    '5 \\mathrm{cm}',
  ),
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
  ...equal('liters written l', '5 L', '5 l', '5l', '5 \\ell', '5000 mL', '\\frac{1}{2} l + 4.5 l'),
  ...equal('liters written l in the key', '2 l', '2 L', '2000 ml', '2l'),
  ...different('liters written l', '5 L', '5 m', '6 l', '5 l^2', 'l+5', '5000'),
  ...different('l is a variable elsewhere', '2l+2w', '2 L + 2w', '4l'),
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
  // Alternatives joined by "or", and both signs of a plus-minus: the same solutions, in any order.
  ...equal('or: both roots', 'x^2=4', 'x=2 or x=-2', 'x=-2 or x=2', 'x = 2 \\text{ or } x = -2', 'x=\\pm 2', 'x=±2'),
  ...different('or: not both roots', 'x^2=4', 'x=2', 'x=2 or x=2', 'x=2 or x=-3', 'x=2 or x=-2 or x=0'),
  ...equal('or: the roots of a product', '(x-1)(x+3)=0', 'x=1 or x=-3', 'x=-3 or x=1', 'x=-1\\pm 2'),
  ...equal('or: values', '2 or -2', '-2 or 2', '\\pm 2', '±2', '+-2'),
  ...different('or: values', '2 or -2', '2', '-2', '\\pm 3', '2 or 2'),
  ...equal('plus-minus in the key', 'x = 3 \\pm 1', 'x=2 or x=4', 'x = 3 +- 1', 'x=4 or x=2'),
  ...equal('plus-minus of a root', 'x = \\pm\\sqrt{5}', 'x=\\sqrt{5} or x=-\\sqrt{5}', 'x^2=5'),
  ...unreadable(
    'too many alternatives or signs',
    'x=1',
    'x=1 or x=2 or x=3 or x=4 or x=5 or x=6 or x=7 or x=8 or x=9',
    '\\pm1\\pm1\\pm1',
  ),
  // Inequalities by the values they hold for, not only by positive multiples.
  ...equal('inequality: same solutions, other powers', 'x^2>=4', 'x^4>=16', '|x|>=2'),
  ...equal('inequality: a square and an absolute value', 'x^2<=9', '|x|<=3', '-x^2>=-9'),
  ...different('inequality: the boundary in or out', 'x^2<=9', '|x|<3', 'x^2<9'),
  ...different('inequality: half of the solutions', 'x^2<4', 'x<2', 'x>-2'),
  ...equal('inequality: where the root is defined', 'x>=0', '\\sqrt{x}>=0'),
  ...equal('inequality: true for every value', 'x^2+1>0', 'x^2>-5'),
  ...different('inequality: true for no value', 'x^2<0', 'x^2<-1'),
  ...equal('inequality: a product below zero', '(x-1)(x-3)<0', 'x^2-4x+3<0', '|x-2|<1'),
  ...different('inequality: a product below zero', '(x-1)(x-3)<0', '1<x', 'x<3'),
  // Factorials of expressions (the gamma function between the whole numbers) and binomial coefficients.
  ...equal('factorial of an expression', '(n+1)!', '(n+1)\\cdot n!', '(n+1)n!'),
  ...equal('a quotient of factorials', '(n+1)!/n!', 'n+1', '\\frac{(n+2)!}{(n+2)n!}'),
  ...different('factorial of an expression', '(n+1)!', 'n!', 'n+1', '(n+2)!', '2n!'),
  ...equal('binomial coefficient', '\\binom{5}{2}', '10', '\\frac{5!}{2!\\,3!}', '\\dbinom{5}{3}'),
  ...equal('binomial coefficient of a letter', '\\binom{n}{2}', '\\frac{n(n-1)}{2}', '\\binom{n}{n-2}'),
  ...equal("Pascal's rule", '\\binom{n+1}{k}', '\\binom{n}{k}+\\binom{n}{k-1}'),
  ...different('binomial coefficient', '\\binom{n}{k}', '\\binom{n}{k+1}', '\\frac{n}{k}', 'n!/k!'),
  // The cosecant by its other names.
  ...equal('cosec is csc', '\\csc x', 'cosec x', '\\operatorname{cosec} x', '1/\\sin x'),
  ...equal('cosech is csch', '\\operatorname{csch} x', 'cosech x', '1/\\sinh x'),
  ...different('cosec is not cos', '\\csc x', 'cos x', 'sec x'),
  // Letter case: words ignore it, math does not (a blank may ignore it: answer forms).
  ...equal('short words in any case', 'yes', 'Yes', 'YES'),
  ...equal('short words in any case', 'no', 'No', 'NO'),
  ...different('a variable is its own letter case', 'x', 'X'),
  ...different('an equation in other letters', 'y=1+x', 'Y=1+X', 'y=1+X'),
  ...different('an expression in other letters', '2a+b', '2A+b', '2a+B'),
  ...equal('math with other spacing, same letters', 'y=1+x', 'y = 1 + x', ' y=1+x '),
  ...equal('unit names keep their own rules', '5 mL', '5 ml', '0.005 L'),
  ...equal('short words', 'yes', 'Yes', 'YES'),
  // Unreadable entries.
  ...unreadable('unbalanced braces', '\\frac{1}{2}', '\\frac{1}{', '\\frac{1', '{1', '1}', '\\sqrt{2'),
  ...unreadable('unbalanced parentheses', 'x+1', ')(', '(x+1', 'x+1)', '((x)'),
  ...unreadable('empty math', '5', '$$', '$ $', '\\left.\\right.'),
  ...unreadable('dangling operators', '5', '5+', '*5', '5/', '=5', '5='),
  ...unreadable('unknown commands', 'x', '\\foo{x}', '\\', '\\frac'),
  ...unreadable('unbalanced bars', '3', '|3', '|x|-|'),
  ...unreadable('operators without operands', 'x^2', 'x^', '^2', 'x^^2'),
  ...unreadable('strings and brackets', '5', '"5"', "'5'", '5;'),
  ...unreadable('too long', '1', '1+'.repeat(1001) + '1'),
  ...different('empty entry is wrong, not unreadable', '5', '', '   '),
  // Hostile but readable input stays cheap.
  ...different('huge exponents fall back to floats', '1', '2^{2^{2^{2^{2}}}}', '10^{10^{10}}'),
  ...different('huge factorial', '1', '1000!'),
  ...different('division by zero', '5', '1/0', '\\frac{5}{0}'),
  ...equal(
    'moderate nesting',
    '1',
    '('.repeat(30) + '1' + ')'.repeat(30),
    '\\frac{\\frac{\\frac{1}{2}}{3}}{\\frac{1}{6}}',
  ),
  ...unreadable('nesting deeper than 40 levels', '1', '('.repeat(200) + '1' + ')'.repeat(200), '2^'.repeat(100) + '2'),
  ...unreadable('more than 400 nodes', '1', '1+'.repeat(300) + '1', '(x+1)'.repeat(100)),
  // What the visual answer editor (mathlive) writes for a grade-3 child's answers.
  ...equal('editor: fraction', '3/4', '\\frac{3}{4}', '\\frac34', '0.75'),
  ...equal('editor: mixed number', '2 1/2', '2\\frac12', '2\\frac{1}{2}', '2\\,\\frac{1}{2}', '2.5'),
  ...equal(
    'editor: unit it recognizes',
    '2.5 cm',
    '2.5\\operatorname{\\mathrm{cm}}',
    '2.5\\mathrm{cm}',
    '2.5cm',
    '25\\operatorname{\\mathrm{mm}}',
  ),
  ...equal('editor: squared', 'x^2', 'x^2', 'x^{2}', 'x\\cdot x'),
  ...equal('editor: division sign', '3', '12\\div4', '12\\div 4', '\\frac{12}{4}'),
  ...equal(
    'editor: matrix',
    '\\begin{pmatrix}1 & 2\\\\ 3 & 4\\end{pmatrix}',
    '\\begin{pmatrix}1 & 2\\\\ 3 & 4\\end{pmatrix}',
    '\\begin{bmatrix}1&2\\\\3&4\\end{bmatrix}',
    '\\begin{pmatrix}\\frac{2}{2} & 2\\\\ 3 & 2^2\\end{pmatrix}',
    '\\begin{pmatrix}1 & 2\\\\ 3 & 4\\\\\\end{pmatrix}',
  ),
  ...different(
    'editor: matrix cells in their places',
    '\\begin{pmatrix}1 & 2\\\\ 3 & 4\\end{pmatrix}',
    '\\begin{pmatrix}1 & 3\\\\ 2 & 4\\end{pmatrix}',
    '\\begin{pmatrix}1 & 2 & 3\\\\ 4 & 5 & 6\\end{pmatrix}',
    '1, 2, 3, 4',
    '10',
  ),
  ...unreadable(
    'editor: empty slots and broken matrices',
    '\\begin{pmatrix}1 & 2\\\\ 3 & 4\\end{pmatrix}',
    '\\begin{pmatrix}1 & \\placeholder{}\\\\ 3 & 4\\end{pmatrix}',
    '\\begin{pmatrix}1 & 2\\\\ 3\\end{pmatrix}',
    '\\begin{pmatrix}\\begin{pmatrix}1\\end{pmatrix} & 2\\\\ 3 & 4\\end{pmatrix}',
  ),
  ...unreadable('editor: an empty slot', '3/4', '\\frac{3}{\\placeholder{}}'),
];

/** High-school classes: identities, reciprocal trig and hyperbolic families, negative bases, equations up to a factor, absolute values, big numbers. */
export const highSchoolCases: MatchCase[] = [
  // Identities: settled by evaluation, not algebra.
  ...equal('Pythagorean identity typed plainly', '1', 'sin^2(x)+cos^2(x)', 'cos^2 x + sin^2 x', '\\sin^2 x+\\cos^2 x'),
  ...equal('tangent Pythagorean identity', '\\sec^2 x', '1+\\tan^2 x', 'tan^2(x)+1', '\\frac{1}{\\cos^2 x}'),
  ...equal('cotangent Pythagorean identity', '\\csc^2 x', '1+\\cot^2 x', '\\frac{1}{\\sin^2 x}'),
  ...equal('double angle sine', '\\sin(2x)', '2\\sin x\\cos x', '2 sin(x) cos(x)'),
  ...equal('double angle cosine', '\\cos(2x)', '\\cos^2 x-\\sin^2 x', '1-2\\sin^2 x', '2\\cos^2x-1'),
  ...equal('tangent as a ratio', '\\tan x', '\\frac{\\sin x}{\\cos x}', 'sin(x)/cos(x)'),
  ...equal('angle sum', '\\sin(x+y)', '\\sin x\\cos y+\\cos x\\sin y'),
  ...equal('hyperbolic identity', '1', '\\cosh^2 x-\\sinh^2 x', 'cosh(x)^2-sinh(x)^2'),
  ...equal('exp and ln undo each other', 'x', 'e^{\\ln x}', '\\ln(e^x)', 'exp(ln(x))'),
  ...equal('log of a product', '\\ln(xy)', '\\ln x+\\ln y'),
  ...equal('log of a quotient', '\\log(x/y)', '\\log x - \\log y'),
  ...equal('change of base', '\\log_2 x', '\\frac{\\ln x}{\\ln 2}', '\\frac{\\log x}{\\log 2}', 'log_2(x)'),
  ...equal('logs of numbers', '3', '\\log_2 8', '\\log_{3}27', 'log_10(1000)'),
  ...equal('identity inside y =', 'y=1', 'y=\\sin^2x+\\cos^2x', 'y = cos^2(x)+sin^2(x)'),
  ...equal('identity inside f(x) =', 'f(x)=2\\sin x\\cos x', 'f(x)=\\sin(2x)'),
  ...equal("e is Euler's number", 'e^2', 'e\\cdot e', '\\exp(2)'),
  ...equal('e to a log', '2', 'e^{\\ln 2}'),
  ...equal('root of a square', '|x|', '\\sqrt{x^2}'),
  ...different('sin squared is not sin of a square', '\\sin^2(x)', '\\sin(x^2)', 'sin(x^2)', '\\sin(2x)'),
  ...different('not identities', '1', '\\sin^2 x-\\cos^2 x', '\\sin x+\\cos x', '\\sin^2(x)+\\cos(x^2)'),
  ...different('double angle traps', '\\sin(2x)', '2\\sin x', '\\sin x\\cos x'),
  ...different('log of a sum', '\\ln(x+y)', '\\ln x+\\ln y', '\\ln x\\ln y'),
  ...different('log bases differ', '\\log_2 x', '\\log_3 x', '\\ln x', '\\log x'),
  ...different('root of a square is not x', 'x', '\\sqrt{x^2}', '|x|'),
  ...different('rounded e', 'e', '2.718', '2.7183'),
  // Reciprocal trig and hyperbolic functions and their inverses.
  ...equal('cosecant', '\\csc x', '\\frac{1}{\\sin x}', '1/sin x', '1/\\sin(x)', 'csc(x)', '(\\sin x)^{-1}'),
  ...equal('secant', '\\sec x', '\\frac{1}{\\cos x}', '1/cos(x)', 'sec(x)'),
  ...equal('cotangent', '\\cot x', '\\frac{\\cos x}{\\sin x}', '\\frac{1}{\\tan x}', 'cot(x)'),
  ...equal('arccosecant', '\\operatorname{arccsc} x', '\\arcsin(1/x)', 'arccsc(x)', 'acsc(x)', '\\csc^{-1} x'),
  ...equal('arcsecant', '\\operatorname{arcsec} x', '\\arccos\\frac{1}{x}', '\\sec^{-1}(x)', 'asec(x)'),
  ...equal('arccotangent', '\\operatorname{arccot} x', '\\arctan(1/x)', '\\cot^{-1} x'),
  ...equal('inverse sine notations', '\\arcsin x', '\\sin^{-1} x', 'sin^-1(x)', 'asin(x)', 'sin^(-1)(x)'),
  ...equal('inverse tangent notations', '\\arctan x', '\\tan^{-1}x', 'atan(x)'),
  ...equal('hyperbolic sine', '\\sinh x', '\\frac{e^x-e^{-x}}{2}', 'sinh(x)'),
  ...equal('hyperbolic cosine', '\\cosh x', '\\frac{e^x+e^{-x}}{2}'),
  ...equal('hyperbolic tangent', '\\tanh x', '\\frac{\\sinh x}{\\cosh x}', '\\frac{e^{2x}-1}{e^{2x}+1}'),
  ...equal('hyperbolic cosecant', '\\operatorname{csch} x', '\\frac{1}{\\sinh x}', '\\frac{2}{e^x-e^{-x}}', 'csch(x)'),
  ...equal('hyperbolic secant', '\\operatorname{sech} x', '\\frac{1}{\\cosh x}', 'sech(x)'),
  ...equal('hyperbolic cotangent', '\\coth x', '\\frac{\\cosh x}{\\sinh x}', '\\frac{1}{\\tanh x}', 'coth(x)'),
  ...equal(
    'inverse hyperbolic sine',
    '\\operatorname{arsinh} x',
    '\\ln(x+\\sqrt{x^2+1})',
    '\\sinh^{-1} x',
    'asinh(x)',
    'arcsinh(x)',
  ),
  ...equal('inverse hyperbolic tangent', 'artanh(x)', '\\frac{1}{2}\\ln\\frac{1+x}{1-x}'),
  ...equal('reciprocal trig values', '2', '\\csc(\\pi/6)', '\\sec(\\pi/3)'),
  ...equal('cotangent value', '1', '\\cot(\\pi/4)'),
  ...different('cosecant is not 1/cos', '\\csc x', '\\frac{1}{\\cos x}', '\\sec x', '\\sin x', '\\sin^{-1}x'),
  ...different('secant is not 1/sin', '\\sec x', '1/\\sin x', '\\cos x'),
  ...different('cotangent is not tangent', '\\cot x', '\\tan x', '\\frac{\\sin x}{\\cos x}'),
  ...different('inverse is not reciprocal', '\\sin^{-1} x', '\\frac{1}{\\sin x}', '\\csc x'),
  ...different('arccosecant is not cosecant', '\\operatorname{arccsc} x', '\\csc x', '\\frac{1}{\\arcsin x}'),
  ...different('hyperbolic is not circular', '\\sinh x', '\\sin x', '\\cosh x'),
  ...different('sech is not csch', '\\operatorname{sech} x', '\\operatorname{csch} x', '\\frac{1}{\\sinh x}'),
  // Negative bases: complex evaluation where real evaluation is undefined.
  ...equal('negative base with a parenthesised exponent', '(-2)^n', '(-2)^(n)', '(-2)^{n}', '\\left(-2\\right)^{n}'),
  ...equal('negative base times itself', '(-2)^{n+1}', '-2\\cdot(-2)^n', '(-2)(-2)^{n}'),
  ...equal('root of a negative quantity', '\\sqrt{x-10}', '(x-10)^{1/2}', '\\sqrt{x-10}\\cdot 1'),
  ...different('negative bases a factor -2 apart', '(-2)^(n+0.1)', '(-2)^(n+1.1)'),
  ...different('negative base is not positive base', '(-2)^n', '2^n', '-2^n', '(-2)^{n+1}'),
  ...different('logs of opposite signs', '\\ln(x-10)', '\\ln(10-x)'),
  // Equations equivalent up to a non-zero factor or a rearrangement with division.
  ...equal('equation divided by x', 'y=2x-5', '\\frac{y+5}{x}=2', '(y+5)/x=2'),
  ...different('equation times a parameter that may be zero', 'y=2x-5', 'yz=2xz-5z', 'y(z+1)=(2x-5)(z+1)'),
  ...different('equation divided by a parameter', 'ax=ay', 'x=y'),
  // Decimals rounded short of a rational key are not exact, whatever sampling's tolerance.
  ...different('a rounded coefficient', 'x^2/3', '0.333333333333333x^2', '0.3333333333x^2', '0.33x^2'),
  ...different(
    'a rounded coefficient in an equation',
    'y=x/3',
    'y=0.333333333333333x',
    '3y=0.999999999999999x',
    'y=0.3333x',
  ),
  ...equal('exact decimals in an equation solved', 'x^2-x=0.75', 'x=1.5 or x=-0.5', '(2x-3)(2x+1)=0'),
  ...different('a rounded constant term', '\\frac{x+1}{7}', '0.142857142857143x+0.142857142857143'),
  ...equal('decimal coefficients that are exact', 'x/2', '0.5x', '0.50x', '\\frac{x}{2.0}'),
  ...equal('decimal coefficients in the key', '0.25x+1.5', '\\frac{x}{4}+\\frac{3}{2}', '(x+6)/4'),
  ...equal('an equation with exact decimals', 'y=x/4', '4y=x', 'y=0.25x', '0.5y=0.125x'),
  ...equal(
    'huge decimals keep the precision of a measurement',
    '1.1234567891234\\cdot10^{200}x',
    '1.1234567891235\\cdot10^{200}x',
  ),
  // Power rules only where they hold.
  ...different('a power of a power', 'a^{bc}', '(a^b)^c', '(a^c)^b'),
  ...different('a power of a power, the other way', '(a^b)^c', 'a^{bc}'),
  ...equal('a power of a power with whole exponents', 'a^{6}', '(a^2)^3', '(a^3)^2'),
  ...equal('a power of a product', '(ab)^2', 'a^2b^2'),
  ...equal('roots multiply where both are real', '\\sqrt{xy}', '\\sqrt{x}\\sqrt{y}'),
  ...different('a square root of a square', 'x', '\\sqrt{x^2}', '(x^2)^{1/2}', '(x^6)^{1/6}'),
  ...different('equation divided by a parameter, the other way', 'x=y', 'ax=ay', 'a^2x=a^2y'),
  ...equal('equation times a parameter that cannot be zero', 'y=2x-5', 'y(z^2+1)=(2x-5)(z^2+1)', 'y e^z=(2x-5)e^z'),
  ...equal('equation rearranged with division', 'w(12.5-w)=25', '2w+50/w=25', '12.5w-w^2=25', 'w^2-12.5w+25=0'),
  ...equal('solved for the other variable', 'y=2x-5', 'x=\\frac{y+5}{2}'),
  ...equal('reciprocal as a product', 'y=\\frac{1}{x}', 'xy=1'),
  ...equal('log as an exponential', 'y=\\ln x', 'e^y=x'),
  ...equal('exponential equation solved', '2^x=8', 'x=3'),
  ...equal('factored quadratic', 'x^2-5x+6=0', '(x-2)(x-3)=0'),
  ...equal('double root', 'x=3', '(x-3)^2=0', 'x^2-6x+9=0'),
  ...equal('circle scaled', 'x^2+y^2=25', '\\frac{x^2}{25}+\\frac{y^2}{25}=1'),
  ...equal('proportion', '\\frac{x}{3}=\\frac{y}{4}', '4x=3y', '\\frac{x}{y}=\\frac{3}{4}'),
  ...equal('a hole in the line', 'y=x+1', 'y=\\frac{x^2-1}{x-1}'),
  ...equal('point-slope forms', 'y=2x+1', 'y-3=2(x-1)', '\\frac{y-3}{x-1}=2'),
  ...equal(
    'function with an absolute value',
    'f(x)=\\ln|x|+c',
    'f(x)-\\ln|x|-c=0',
    'f(x)=\\ln\\left|x\\right|+c',
    'f(x) = c + ln|x|',
  ),
  ...different('wrong intercept', 'y=2x-5', 'y=2x+5', '\\frac{y-5}{x}=2', 'y=-2x-5'),
  ...different('lost root', 'x(x-3)=0', 'x=3', 'x=0'),
  ...different('extra root', 'x=3', 'x(x-3)=0', 'x^2=9', 'x^2(x-3)=0'),
  ...different('squaring both sides', 'y=\\sqrt{x}', 'y^2=x'),
  ...different('half a circle', 'x^2+y^2=25', 'y=\\sqrt{25-x^2}'),
  ...different('divided wrongly', 'y=x^2', 'y/x=x+1'),
  ...different('a parameter added', 'y=2x', 'y=2x+z'),
  ...different('no real solutions either way', 'x^2=-1', 'x^2=-4'),
  ...different('inverse relation', 'y=\\sin x', '\\arcsin y=x'),
  // Absolute values.
  ...equal(
    'absolute value forms',
    '|x-1|',
    '\\left|x-1\\right|',
    '|1-x|',
    '\\lvert x-1\\rvert',
    'abs(x-1)',
    '\\sqrt{(x-1)^2}',
  ),
  ...equal('nested bars', '||x|-1|', '|1-|x||', '\\left|\\left|x\\right|-1\\right|'),
  ...equal('absolute value of a product', '|xy|', '|x||y|', '|x|\\cdot|y|'),
  ...equal('absolute value of a quotient', '\\left|\\frac{x}{y}\\right|', '\\frac{|x|}{|y|}'),
  ...equal('log of an absolute value', '\\ln|x|', 'ln|x|', '\\ln\\left|x\\right|', '\\frac{1}{2}\\ln(x^2)'),
  ...equal('absolute value squared', '|x|^2', 'x^2'),
  ...equal('absolute values of numbers', '5', '|-5|', '|2-7|', '\\left|-5\\right|'),
  ...different('absolute value is not x', '|x|', 'x', '-x'),
  ...different('absolute value of a difference', '|x-1|', '|x|-1', '|x|+1', 'x-1'),
  ...different('triangle inequality is not equality', '|x+y|', '|x|+|y|'),
  // Very large and very small numbers: relative precision for scientific notation.
  ...equal(
    'scientific notation to relative precision',
    '1.1234567891234 \\cdot 10^{200}',
    '1.1234567891235 \\cdot 10^{200}',
    '1.1234567891234\\times10^{200}',
    '1.1234567891234*10^200',
  ),
  ...equal('tiny scientific notation', '6.62607015 \\times 10^{-34}', '6.6260701500001 \\times 10^{-34}'),
  ...equal('Avogadro', '6.022\\times 10^{23}', '6.022*10^23', '602200000000000000000000', '60.22\\times10^{22}'),
  ...equal('big integers exactly', '2^{64}', '18446744073709551616'),
  ...equal('huge powers', '10^{300}', '10^{150}\\cdot10^{150}'),
  ...different('big scientific numbers differ', '10^{200}', '1.1\\times 10^{200}', '10^{201}', '9.99\\times10^{199}'),
  ...different('big integers written out stay exact', '2^{64}', '18446744073709551615', '18446744073709551617'),
  ...different('Avogadro wrong', '6.022\\times 10^{23}', '6.022\\times 10^{22}', '6.02\\times10^{23}'),
  ...different('small decimals stay exact', '0.0001', '0.00010001'),
  // Radicals where floats lose their digits: decided by 60-digit values.
  ...equal('denesting a radical', '\\sqrt{2}+\\sqrt{3}', '\\sqrt{5+2\\sqrt{6}}', '\\sqrt{5+\\sqrt{24}}'),
  ...equal('a cube root denested', '2+\\sqrt{3}', '\\sqrt[3]{26+15\\sqrt{3}}'),
  ...equal('nearly equal radicals, rationalized', '\\frac{1}{\\sqrt{10^{16}+1}+10^8}', '\\sqrt{10^{16}+1}-10^8'),
  ...different(
    'nearly equal radicals, rationalized',
    '\\frac{1}{\\sqrt{10^{16}+1}+10^8}',
    '\\frac{1}{10^8}',
    '10^{-8}',
  ),
  ...equal('a power and its inverse', '0', '(\\sqrt{2}+1)^{20}-(\\sqrt{2}-1)^{-20}'),
  ...different('a power and its inverse', '0', '(\\sqrt{2}+1)^{20}-(\\sqrt{2}-1)^{-19}'),
  ...equal('a conjugate sum is whole', '6726', '(1+\\sqrt{2})^{10}+(1-\\sqrt{2})^{10}'),
  ...different('a conjugate sum is whole', '6726', '(1+\\sqrt{2})^{10}', '6725'),
  // Sums and products over a whole index, exact where the terms are; to a letter, sampled at whole numbers.
  ...equal('a finite sum', '55', '\\sum_{k=1}^{10} k', '\\sum^{10}_{k=1} k', '\\sum_{i=1}^{10} i'),
  ...different('a finite sum', '55', '\\sum_{k=1}^{9} k', '\\sum_{k=0}^{10} k^2'),
  ...equal('a sum to n', '\\frac{n(n+1)}{2}', '\\sum_{k=1}^{n} k', '\\sum_{j=1}^{n} j', '\\sum_{k=0}^{n} k'),
  ...different('a sum to n', '\\frac{n(n+1)}{2}', '\\sum_{k=1}^{n} k^2', '\\sum_{k=1}^{n+1} k', '\\sum_{k=2}^{n} k'),
  ...equal('sum of squares', '\\frac{n(n+1)(2n+1)}{6}', '\\sum_{k=1}^{n} k^2'),
  ...equal('sum of odd numbers', 'n^2', '\\sum_{k=1}^{n} (2k-1)', '\\sum_{k=1}^{n} \\left(2k-1\\right)'),
  ...equal('a sum binds its first term only', '\\frac{n(n+1)}{2}+1', '\\sum_{k=1}^{n} k + 1'),
  ...different('a sum binds its first term only', '\\frac{n(n+1)}{2}+n', '\\sum_{k=1}^{n} k + 1'),
  ...equal('geometric series', '2^{n+1}-1', '\\sum_{i=0}^{n} 2^i'),
  ...equal('geometric series in x', '\\frac{x^{n+1}-x}{x-1}', '\\sum_{k=1}^{n} x^k'),
  ...equal('telescoping sum', '\\frac{n}{n+1}', '\\sum_{k=1}^{n} \\frac{1}{k(k+1)}'),
  ...equal('binomial coefficients add to a power of 2', '2^n', '\\sum_{k=0}^{n} \\binom{n}{k}'),
  ...equal('a double sum', '18', '\\sum_{i=1}^{3}\\sum_{j=1}^{2} ij'),
  ...equal('a product', '120', '\\prod_{k=1}^{5} k', '5!'),
  ...equal('a product to n', 'n!', '\\prod_{k=1}^{n} k'),
  ...different('a product to n', 'n!', '\\prod_{k=1}^{n} 2k', '\\prod_{k=2}^{n+1} k'),
  ...equal('a product of fractions', '\\frac{1}{n}', '\\prod_{k=2}^{n} \\frac{k-1}{k}'),
  ...unreadable('a sum without bounds or terms', 'n', '\\sum k', '\\sum_{k=1}^{n}', '\\sum_{k=1}^{1001} k'),
  // Plain function names.
  ...equal('functions typed without a backslash', '\\sin x', 'sin x', 'sinx', 'sin(x)'),
  ...equal('seconds stay a unit', '30 s', '30 sec'),
];

/**
 * Solution sets: answers joined by "or" and "and", chains, sets of values, intervals, and the words for none and
 * all, each against the others and against equations and inequalities.
 */
export const solutionSetCases: MatchCase[] = [
  // Inequalities joined by "or": the union of their solutions.
  ...equal('or: outside an interval', '|x|>2', 'x<-2 or x>2', 'x>2 or x<-2', 'x < -2 \\text{ or } x > 2', 'x^2>4'),
  ...equal('or: outside, from the other side', 'x<-2 or x>2', 'x^2>4', '|x|>2', '(-\\infty,-2)\\cup(2,\\infty)'),
  ...different('or: outside an interval', '|x|>2', 'x<-2', 'x>2', 'x<-2 or x>=2', 'x<=-2 or x>2', 'x<-2 and x>2'),
  ...equal('or: non-strict', '|x|>=3', 'x<=-3 or x>=3', 'x\\le -3 \\lor x \\ge 3', 'x^2>=9'),
  ...different('or: non-strict', '|x|>=3', 'x<-3 or x>3', 'x<=-3 or x>3', 'x<=-3 or x>=4'),
  ...equal('or: overlapping pieces', 'x>1', 'x>1 or x>2', 'x>2 or x>1'),
  ...equal('or: covering every value', 'x<3 or x>1', '\\mathbb{R}', 'all real numbers', 'x^2+1>0'),
  ...equal('or: an equation and an inequality', 'x<=2', 'x<2 or x=2', 'x=2 or x<2'),
  ...different('or: an equation and an inequality', 'x<=2', 'x<2 or x=3', 'x<2'),
  ...equal('or: values of x', 'x^2=9', 'x=3 or -3', 'x = 3, -3', 'x=-3,3', 'x = 3 \\text{ or } -3'),
  ...different('or: values of x', 'x^2=9', 'x=3 or 4', 'x = 3, 3', 'x = 3, -3, 0'),
  // "and", and chains: the values both hold for.
  ...equal('and: inside an interval', '|x|<2', '-2<x and x<2', 'x<2 and x>-2', '-2<x<2', '2>x>-2', 'x^2<4'),
  ...equal('and: written with wedge', '|x|<2', '-2<x \\land x<2', 'x>-2 \\wedge x<2', '-2 < x \\text{ and } x < 2'),
  ...different('and: inside an interval', '|x|<2', '-2<x', 'x<2', '-2<=x<2', '-2<x<=2', '-2<x or x<2', '-3<x<2'),
  ...equal('chain, non-strict', '-1<=x<=4', 'x>=-1 and x<=4', '4>=x>=-1', '(x+1)(x-4)<=0', '[-1,4]'),
  ...different('chain, non-strict', '-1<=x<=4', '-1<x<4', '-1<=x<4', '[-1,4)', '(-1,4]', '-1<=x<=5'),
  ...equal('chain with expressions', '1<2x+1<7', '0<x<3', '0<x and x<3', '(0,3)'),
  ...equal('chain solved', '-3<=2-x<5', '-3<x<=5', '-3<x and x<=5', '(-3,5]'),
  ...equal('and: an inequality and not-equal', 'x>0 and x!=1', 'x>0 and x\\neq 1', '(0,1)\\cup(1,\\infty)'),
  ...different('and: an inequality and not-equal', 'x>0 and x!=1', 'x>0', 'x>1', '(0,1)'),
  ...equal('and: listing the solutions', 'x^2=4', 'x=2 and x=-2', 'x = -2 \\text{ and } x = 2', '2 and -2'),
  ...equal('and: listing values', '\\{3,4\\}', '3 and 4', '4 and 3', 'x=4 and x=3'),
  ...different('and: not the same solutions', 'x^2=4', 'x=2 and x=3', 'x=2 and x>0', '2 and 3'),
  ...equal('and: a root and a condition', 'x=2', 'x^2=4 and x>0', 'x=\\pm 2 and x>0'),
  ...equal('and: no value', 'x>3 and x<1', '\\emptyset', 'no solution', '\\varnothing', '\\{\\}', '{}'),
  ...different('and: no value against some', 'x>3 and x<1', 'x>3', '1<x<3'),
  // Sets of values: any order, each value once or more.
  ...equal('set of roots', 'x^2=4', '\\{2,-2\\}', '\\{-2,2\\}', '{2, -2}', '\\left\\{ -2, 2 \\right\\}', 'x=\\pm2'),
  ...equal('set of roots against or', 'x=2 or x=-2', '\\{2,-2\\}', 'x\\in\\{2,-2\\}', '\\pm 2', '2, -2', '-2, 2'),
  ...different('set of roots', 'x^2=4', '\\{2\\}', '\\{2,-2,0\\}', '\\{4,-4\\}', '{2, 2}', '2'),
  ...equal('set in the key', '\\{1,2,3\\}', '\\{3,2,1\\}', '{2,3,1}', '3, 2, 1', '1 or 2 or 3', 'x=1 or x=2 or x=3'),
  ...equal('set in the key, as an equation', '\\{1,2,3\\}', '(x-1)(x-2)(x-3)=0', 'x \\in \\{1, 2, 3\\}'),
  ...different('set in the key', '\\{1,2,3\\}', '\\{1,2\\}', '\\{1,2,3,4\\}', '\\{1,2,-3\\}', '(1,2,3)', '1<=x<=3'),
  ...equal('set of fractions, exactly', '\\{\\frac{1}{2}, -3\\}', '\\{0.5,-3\\}', '\\{-3, 1/2\\}', '2x^2+5x-3=0'),
  ...different('set of fractions, exactly', '\\{\\frac{1}{3}\\}', '\\{0.333\\}', '\\{0.3333333333\\}', '\\{3\\}'),
  ...equal(
    'set of irrational roots',
    'x^2=2',
    '\\{\\sqrt{2},-\\sqrt{2}\\}',
    'x=\\pm\\sqrt2',
    'x = \\sqrt{2}, -\\sqrt{2}',
  ),
  ...different('set of irrational roots', 'x^2=2', '\\{1.41,-1.41\\}', '\\{\\sqrt{2}\\}', 'x=\\sqrt{2}'),
  ...equal('set with thousands', '\\{1000, -1000\\}', '\\{1,000, -1,000\\}', 'x=1,000 or x=-1,000', 'x^2=1000000'),
  ...equal('one value', '\\{5\\}', '5', 'x=5', '2x=10'),
  ...different('one value', '\\{5\\}', '\\{5,0\\}', '-5', 'x>5'),
  // No solution and every value.
  ...equal('no solution', '\\emptyset', 'no solution', 'No solutions', 'no real solutions', '∅', 'the empty set'),
  ...equal('no real solution of an equation', 'no real solution', 'x^2=-1', '\\varnothing', '\\{\\}'),
  ...different('no solution', '\\emptyset', '0', '\\{0\\}', 'x=0', 'all real numbers', 'x^2=1'),
  ...equal('every value', '\\mathbb{R}', 'all real numbers', 'All real numbers.', 'ℝ', '(-\\infty,\\infty)', 'x^2>=0'),
  ...equal('every value from an identity', 'all real numbers', '2(x+1)=2x+2', 'x+1>x', 'any real number'),
  ...different('every value', '\\mathbb{R}', 'x>0', 'x!=0', '(0,\\infty)', 'no solution', 'x=x+1'),
  ...different('no solution is not every value', 'no solution', 'all real numbers', 'x+1>x'),
  // Intervals against inequalities, and their unions and intersections.
  ...equal(
    'interval, half-open',
    'x>=0',
    '[0,\\infty)',
    '[0, \\infty)',
    'x\\in[0,\\infty)',
    '\\left[0,\\infty\\right)',
  ),
  ...different('interval, half-open', 'x>=0', '(0,\\infty)', '[1,\\infty)', '(-\\infty,0]', 'x>0'),
  ...equal('interval to minus infinity', 'x<5', '(-\\infty,5)', '(-∞, 5)', 'x \\in (-\\infty, 5)'),
  ...different('interval to minus infinity', 'x<5', '(-\\infty,5]', '(5,\\infty)', '(-\\infty,-5)'),
  ...equal('bounded interval', '|x-1|<3', '(-2,4)', '-2<x<4', 'x\\in(-2,4)'),
  ...different('bounded interval', '|x-1|<3', '[-2,4]', '(-2,4]', '(-4,2)', '(-2,3)'),
  ...equal('union of intervals', '(-\\infty,-1]\\cup[1,\\infty)', 'x<=-1 or x>=1', '|x|>=1', 'x^2-1>=0'),
  ...different('union of intervals', '(-\\infty,-1]\\cup[1,\\infty)', '(-\\infty,-1)\\cup(1,\\infty)', '[-1,1]'),
  ...equal('intersection of intervals', '(0,5)\\cap[2,7]', '[2,5)', '2<=x<5'),
  ...equal('union of two bounded intervals', '(1,2)\\cup(3,4)', '1<x<2 or 3<x<4', '(3,4)\\cup(1,2)'),
  ...different('union of two bounded intervals', '(1,2)\\cup(3,4)', '(1,4)', '(1,2)', '1<x<2 and 3<x<4'),
  ...equal('interval with irrational ends', 'x^2<2', '(-\\sqrt{2},\\sqrt{2})', '-\\sqrt2<x<\\sqrt2'),
  ...equal('interval far out', 'x<1000', '(-\\infty,1000)', 'x<10^3'),
  ...different('interval far out', 'x<1000', 'x<=1000', '(-\\infty,1000]', 'x<999'),
  ...equal('a pair in an interval key is an interval', 'x>2 and x<5', '(2,5)', '(2, 5)'),
  // The key decides what a pair is: a point where the key is a pair, an interval where it is a set.
  ...different('a pair key is not an interval', '(2,5)', '2<x<5', '(2,\\infty)'),
  // A solution of several unknowns: each named with its value, in any order.
  ...equal('a solution of two unknowns', 'x=2 and y=3', 'y=3 and x=2', 'x=2, y=3', 'y = 3, x = 2', '2=x \\land 3=y'),
  ...equal('a solution of two unknowns in the key with commas', 'x=2, y=3', 'x = 2 \\text{ and } y = 3'),
  ...different('a solution of two unknowns', 'x=2 and y=3', 'x=3 and y=2', 'x=2', 'x=2 and z=3', 'x=2 or y=3'),
  ...different('a solution of two unknowns, one more', 'x=2 and y=3', 'x=2 and y=3 and z=1', '(2,3)'),
  ...equal('a solution of three unknowns', 'a=1, b=-2, c=\\frac{1}{2}', 'c=0.5, a=1, b=-2'),
  ...equal('conditions listed with commas', 'x>0 and x!=1', 'x>0, x\\neq 1', 'x \\neq 1, x > 0'),
  // Several unknowns, or letters that differ, are not one solution set.
  ...different('the unknown is named alike', 'x<-2 or x>2', 'y<-2 or y>2', 'X<-2 or X>2'),
  ...different('two unknowns', '-2<x<2', '-2<x and y<2'),
  // What cannot be read is said so.
  ...unreadable('unreadable sets', '|x|<2', '-2<x and', '(-\\infty, x)', '\\{x, 2\\} \\cup', '\\mathbb{Z}'),
];

export const matchCases: MatchCase[] = [...basicCases, ...highSchoolCases, ...solutionSetCases];

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
  {
    note: 'unreadable choice',
    question: { type: 'Multiple Choice', answer: { a1: ['A'] } },
    student: 'A) 12',
    isCorrect: false,
    feedback: UNREADABLE_ONE,
  },
  fib(TWO_BLANKS, '["1/2","x+1"]', true, 'Correct!', 'both blanks'),
  fib(TWO_BLANKS, '["\\\\frac{1}{2}","1+x"]', true, 'Correct!', 'equivalent forms'),
  fib(TWO_BLANKS, '["0.5","x+2"]', false, 'Not quite. Try again. Blank 2 is not correct.', 'second blank wrong'),
  fib(TWO_BLANKS, '["1/3","x+2"]', false, 'Not quite. Try again. Blanks 1 and 2 are not correct.', 'both wrong'),
  fib(TWO_BLANKS, '["1/2"]', false, 'Not quite. Try again. Blank 2 is not correct.', 'missing entry counts as wrong'),
  fib(
    TWO_BLANKS,
    '["\\\\frac{1}{","x+1"]',
    false,
    'We could not read your answer to blank 1. Check the math and try again.',
    'unreadable blank',
  ),
  fib(THREE_BLANKS, '["4","2x-y=0","50 mm"]', false, 'Not quite. Try again. Blank 1 is not correct.', 'first of three'),
  fib(
    THREE_BLANKS,
    '["2","y=2x","5 m"]',
    false,
    'Not quite. Try again. Blanks 1 and 3 are not correct.',
    'first and third',
  ),
  fib(
    THREE_BLANKS,
    '["2","2x","5"]',
    false,
    'Not quite. Try again. Blanks 1 and 2 are not correct.',
    'equation vs expression',
  ),
  fib(
    THREE_BLANKS,
    '["1",")(","5 kg"]',
    false,
    'Not quite. Try again. Blanks 1 and 3 are not correct. We could not read your answer to blank 2. Check the math and try again.',
    'wrong and unreadable',
  ),
  fib(THREE_BLANKS, '["3","2y=4x","0.05 m"]', true, 'Correct!', 'all three'),
  fib(JSON.stringify(TWO_BLANKS), '["0.5","x+1"]', true, 'Correct!', 'JSON-string key'),
  fib({ a1: ['7'], a2: ['8'] }, '["7","8"]', true, 'Correct!', 'object key with blanks a1, a2'),
  fib([['7']], '7', true, 'Correct!', 'plain string is the only blank'),
  fib([['7'], ['8']], '7', false, 'Not quite. Try again. Blank 2 is not correct.', 'plain string fills only blank 1'),
  fib([['(2, 3)']], '["(2,3)"]', true, 'Correct!', 'pair in a blank'),
  {
    note: 'calculation',
    question: { type: 'Calculation', answer: { a1: ['42', '42.0'] } },
    student: '42.00',
    isCorrect: true,
    feedback: 'Correct!',
  },
  {
    note: 'calculation wrong',
    question: { type: 'Calculation', answer: { a1: ['42'] } },
    student: '41',
    isCorrect: false,
    feedback: 'Not quite. Try again.',
  },
  {
    note: 'calculation unreadable',
    question: { type: 'Calculation', answer: { a1: ['42'] } },
    student: '4)2',
    isCorrect: false,
    feedback: UNREADABLE_ONE,
  },
  {
    note: 'calculation JSON array entry',
    question: { type: 'Calculation', answer: '{"a1":["6\\\\sqrt{2}"]}' },
    student: '["\\\\sqrt{72}"]',
    isCorrect: true,
    feedback: 'Correct!',
  },
  {
    note: 'short answer nested list',
    question: { type: 'Short Answer', answer: [['Isosceles']] },
    student: 'isosceles',
    isCorrect: true,
    feedback: 'Correct!',
  },
  {
    note: 'short answer object',
    question: { type: 'Short Answer', answer: { a1: ['right angle'] } },
    student: 'Right angle',
    isCorrect: true,
    feedback: 'Correct!',
  },
  {
    note: 'short answer wrong',
    question: { type: 'Short Answer', answer: '[["obtuse"]]' },
    student: 'acute',
    isCorrect: false,
    feedback: 'Not quite. Try again.',
  },
  {
    note: 'malformed key',
    question: { type: 'Calculation', answer: { a1: [{}] } },
    student: '1',
    isCorrect: false,
    feedback: 'This question cannot be checked automatically.',
  },
  {
    note: 'missing key',
    question: { type: 'Calculation', answer: null },
    student: '1',
    isCorrect: false,
    feedback: 'This question cannot be checked automatically.',
  },
  {
    note: 'unknown type',
    question: { type: 'Essay' as 'Calculation', answer: { a1: ['1'] } },
    student: '1',
    isCorrect: false,
    feedback: 'This question cannot be checked automatically.',
  },
];

/** One student entry against one accepted answer in the forms asked: `form` when equal but not in them. */
export interface FormCase {
  accepted: string;
  forms: AnswerForm[];
  student: string;
  expected: MatchCase['expected'] | 'form';
  note: string;
}

// The forms by name, for the cases here and the tests of forms.ts.
export const SIMPLEST: AnswerForm = { kind: 'simplest' };
export const MIXED: AnswerForm = { kind: 'mixed' };
export const IMPROPER: AnswerForm = { kind: 'improper' };
export const WHOLE: AnswerForm = { kind: 'whole' };
export const PERCENT: AnswerForm = { kind: 'percent' };
export const EXACT: AnswerForm = { kind: 'exact' };
export const FACTORED: AnswerForm = { kind: 'factored' };
export const EXPANDED: AnswerForm = { kind: 'expanded' };
export const SCIENTIFIC: AnswerForm = { kind: 'scientific' };
export const ANY_CASE: AnswerForm = { kind: 'anyCase' };
const COMPLEX: AnswerForm = { kind: 'complex' };
const neverZero = (...names: string[]): AnswerForm => ({ kind: 'nonZero', names });
export const places = (n: number): AnswerForm => ({ kind: 'decimalPlaces', places: n });
export const figures = (n: number): AnswerForm => ({ kind: 'significantFigures', figures: n });
const units = (...names: string[]): AnswerForm => ({ kind: 'units', units: names });

/**
 * A key in its forms, and entries that are right (`right`), equal but not in the forms (`notInForm`), and wrong in
 * value whatever their form (`wrong`): the false accepts and the false rejects of each form.
 */
const inForms = (
  note: string,
  forms: AnswerForm[],
  accepted: string,
  { right = [], notInForm = [], wrong = [] }: { right?: string[]; notInForm?: string[]; wrong?: string[] },
): FormCase[] => [
  ...right.map((student) => ({ accepted, forms, student, expected: 'equal' as const, note })),
  ...notInForm.map((student) => ({ accepted, forms, student, expected: 'form' as const, note })),
  ...wrong.map((student) => ({ accepted, forms, student, expected: 'different' as const, note })),
];

/** Every answer form, with keys and entries from school questions ("Write 9/12 in simplest form"). */
export const formCases: FormCase[] = [
  ...inForms('simplest: a proper fraction', [SIMPLEST], '3/4', {
    right: ['3/4', '\\frac{3}{4}', '\\frac34', '3 / 4', '\\dfrac{3}{4}'],
    notInForm: ['9/12', '6/8', '0.75', '\\frac{75}{100}', '\\frac{6}{8}'],
    wrong: ['2/3', '4/3', '0.7', '3/5', '\\frac{4}{3}'],
  }),
  ...inForms('simplest: a negative fraction', [SIMPLEST], '-2/3', {
    right: ['-2/3', '-\\frac{2}{3}'],
    notInForm: ['-4/6', '-\\frac{10}{15}'],
    wrong: ['2/3', '-3/2'],
  }),
  ...inForms('simplest: above one', [SIMPLEST], '7/3', {
    right: ['7/3', '2 1/3', '2\\frac{1}{3}'],
    notInForm: ['14/6', '2 2/6', '\\frac{21}{9}'],
    wrong: ['7/2', '2 1/2'],
  }),
  ...inForms('simplest: with a letter', [SIMPLEST], '\\frac{3x}{2}', {
    right: ['\\frac{3x}{2}', '3x/2'],
    notInForm: ['\\frac{6x}{4}', '\\frac{9x}{6}'],
    wrong: ['\\frac{3x}{4}', '\\frac{2x}{3}'],
  }),
  ...inForms('simplest: a whole number', [SIMPLEST], '3', {
    right: ['3'],
    notInForm: ['6/2', '9/3', '\\frac{12}{4}'],
    wrong: ['4', '1/3'],
  }),
  ...inForms('mixed number', [MIXED], '2 1/3', {
    right: ['2 1/3', '2\\frac{1}{3}', '2 \\frac13'],
    notInForm: ['7/3', '14/6', '\\frac{7}{3}'],
    wrong: ['2 1/2', '2.3', '1 1/3'],
  }),
  ...inForms('mixed number, negative', [MIXED], '-1 1/2', {
    right: ['-1 1/2', '-1\\frac{1}{2}'],
    notInForm: ['-3/2', '-1.5'],
    wrong: ['1 1/2', '-2 1/2'],
  }),
  ...inForms('mixed number in simplest form', [MIXED, SIMPLEST], '2 1/3', {
    right: ['2 1/3'],
    notInForm: ['2 2/6', '7/3', '2 3/9'],
    wrong: ['2 2/3'],
  }),
  ...inForms('improper fraction', [IMPROPER], '7/3', {
    right: ['7/3', '\\frac{7}{3}', '14/6'],
    notInForm: ['2 1/3', '2\\frac{1}{3}'],
    wrong: ['7/4', '3/7'],
  }),
  ...inForms('improper fraction in simplest form', [IMPROPER, SIMPLEST], '7/3', {
    right: ['7/3'],
    notInForm: ['14/6', '2 1/3'],
    wrong: ['8/3'],
  }),
  ...inForms('whole number', [WHOLE], '4', {
    right: ['4', ' 4 '],
    notInForm: ['8/2', '4.0', '2+2', '\\frac{12}{3}'],
    wrong: ['5', '4.5', '1/4'],
  }),
  ...inForms('whole number, negative', [WHOLE], '-4', {
    right: ['-4'],
    notInForm: ['-8/2', '-4.00'],
    wrong: ['4', '-5'],
  }),
  ...inForms('whole number: the numerator asked ("1/2 = []/8")', [WHOLE], '4', {
    right: ['4'],
    notInForm: ['8/2'],
    wrong: ['2', '1/2'],
  }),
  ...inForms('two decimal places', [places(2)], '0.33', {
    right: ['0.33', '.33'],
    notInForm: ['0.333', '1/3', '0.330', '0.3333'],
    wrong: ['0.34', '0.3', '0.32', '0.4'],
  }),
  ...inForms('one decimal place', [places(1)], '2.5', {
    right: ['2.5'],
    notInForm: ['2.50', '5/2', '2\\frac{1}{2}', '2.46'],
    wrong: ['2.6', '2.4', '25'],
  }),
  ...inForms('no decimal places', [places(0)], '12', {
    right: ['12'],
    notInForm: ['12.0', '11.8', '12.4'],
    wrong: ['13', '11'],
  }),
  ...inForms('three decimal places of pi', [places(3)], '3.142', {
    right: ['3.142'],
    notInForm: ['3.1416', '\\pi', '3.14159'],
    wrong: ['3.141', '3.14', '3.143'],
  }),
  ...inForms('three significant figures', [figures(3)], '0.0520', {
    right: ['0.0520'],
    notInForm: ['0.052', '0.05200', '0.05204'],
    wrong: ['0.0530', '0.0521', '0.52'],
  }),
  ...inForms('two significant figures of a whole number', [figures(2)], '1200', {
    right: ['1200'],
    notInForm: ['1230', '1249', '1180'],
    wrong: ['1300', '1100', '120'],
  }),
  ...inForms('four significant figures', [figures(4)], '3.142', {
    right: ['3.142'],
    notInForm: ['3.14159', '3.1416'],
    wrong: ['3.143', '3.14'],
  }),
  ...inForms('percent', [PERCENT], '50%', {
    right: ['50%', '50\\%', '50 \\%', '\\frac{100}{2}\\%'],
    notInForm: ['50'],
    wrong: ['0.5', '5%', '1/2', '500%'],
  }),
  ...inForms('percent with a fraction', [PERCENT], '12.5%', {
    right: ['12.5%', '12\\frac{1}{2}\\%', '12.5\\%'],
    notInForm: ['12.5'],
    wrong: ['0.125', '125%', '1.25%'],
  }),
  ...inForms('exact: a radical', [EXACT], '2\\sqrt{2}', {
    right: ['2\\sqrt{2}', '\\sqrt{8}', '2^{3/2}', '\\sqrt{2}\\cdot 2'],
    notInForm: ['2.82842712475', '2.0\\sqrt{2}'],
    wrong: ['2.83', '3\\sqrt{2}', '\\sqrt{2}'],
  }),
  ...inForms('exact: with pi', [EXACT], '\\frac{\\pi}{2}', {
    right: ['\\frac{\\pi}{2}', '\\pi/2', '\\frac{1}{2}\\pi'],
    notInForm: ['1.57079632679', '0.5\\pi'],
    wrong: ['1.57', '\\pi', '\\frac{\\pi}{3}'],
  }),
  ...inForms('exact: a fraction', [EXACT], '\\frac{1}{3}', {
    right: ['\\frac{1}{3}', '1/3', '\\frac{2}{6}'],
    wrong: ['0.3333333333', '0.33', '1/4'],
  }),
  ...inForms('factored: difference of squares', [FACTORED], '(x-2)(x+2)', {
    right: ['(x-2)(x+2)', '(x+2)(x-2)', '(2+x)(x-2)'],
    notInForm: ['x^2-4', '-4+x^2'],
    wrong: ['(x-2)^2', '(x-4)(x+1)', '(x-2)(x+3)'],
  }),
  ...inForms('factored: a common factor', [FACTORED], '3(x+1)', {
    right: ['3(x+1)', '(x+1)\\cdot 3', '3(1+x)'],
    notInForm: ['3x+3'],
    wrong: ['3(x+2)', '3x+1'],
  }),
  ...inForms('factored: a square', [FACTORED], '(x+1)^2', {
    right: ['(x+1)^2', '(x+1)(x+1)'],
    notInForm: ['x^2+2x+1'],
    wrong: ['(x-1)^2', 'x^2+1'],
  }),
  ...inForms('factored: x outside', [FACTORED], 'x(x-5)', {
    right: ['x(x-5)', '(x-5)x'],
    notInForm: ['x^2-5x'],
    wrong: ['x(x+5)', 'x^2-5'],
  }),
  ...inForms('expanded: a quadratic', [EXPANDED], 'x^2+5x+6', {
    right: ['x^2+5x+6', '6+5x+x^2', 'x^{2}+5x+6'],
    notInForm: ['(x+2)(x+3)', '(x+3)(x+2)'],
    wrong: ['x^2+5x+5', 'x^2+6x+5'],
  }),
  ...inForms('expanded: a common factor', [EXPANDED], '2x^2-8', {
    right: ['2x^2-8', '-8+2x^2'],
    notInForm: ['2(x^2-4)', '2(x-2)(x+2)'],
    wrong: ['2x^2+8', 'x^2-8'],
  }),
  ...inForms('in terms of t', [{ kind: 'variable', name: 't' }], '2t+1', {
    right: ['2t+1', '1+2t', 't+t+1'],
    notInForm: ['2t+1+x-x'],
    wrong: ['2x+1', '2t-1'],
  }),
  ...inForms('scientific notation', [SCIENTIFIC], '3.2\\times10^5', {
    right: ['3.2\\times10^{5}', '3.2\\cdot10^5', '3.2*10^5', '3.2 \\times 10^{5}'],
    notInForm: ['320000', '32\\times10^4', '0.32\\times10^6', '320\\,000'],
    wrong: ['3.2\\times10^4', '3.3\\times10^5', '32\\times10^5'],
  }),
  ...inForms('scientific notation, small', [SCIENTIFIC], '4.5\\times10^{-3}', {
    right: ['4.5\\times10^{-3}', '4.5\\cdot 10^{-3}'],
    notInForm: ['0.0045', '45\\times10^{-4}', '\\frac{9}{2000}'],
    wrong: ['4.5\\times10^{3}', '4.5\\times10^{-2}'],
  }),
  ...inForms('units, two allowed', [units('cm', 'mm')], '5 cm', {
    right: ['5 cm', '50 mm', '5cm', '5\\text{ cm}'],
    notInForm: ['0.05 m', '5'],
    wrong: ['6 cm', '5 m', '5 mm'],
  }),
  ...inForms('units, one allowed', [units('kg')], '2 kg', {
    right: ['2 kg', '2\\,\\mathrm{kg}'],
    notInForm: ['2000 g', '2'],
    wrong: ['3 kg', '2 g'],
  }),
  ...inForms('any letter case', [ANY_CASE], 'y=1+x', {
    right: ['Y=1+X', 'y=1+x', 'Y=X+1'],
    wrong: ['Y=2+X', 'y=1-x'],
  }),
  ...inForms('complex numbers', [COMPLEX], '3+4i', {
    right: ['3+4i', '4i+3', '3+4\\cdot i', '(2+i)^2', '3+\\sqrt{-16}', '\\frac{25}{3-4i}'],
    wrong: ['3-4i', '4+3i', '3+4', '5', '3+4j'],
  }),
  ...inForms('complex numbers: Euler', [COMPLEX], '-1', {
    right: ['e^{i\\pi}', 'i^2', 'e^{\\pi i}', 'i\\cdot i'],
    wrong: ['1', 'i', 'e^{\\pi}'],
  }),
  ...inForms('complex numbers: the unit', [COMPLEX], 'i', {
    right: ['\\sqrt{-1}', 'i', '-i^3', '\\frac{1}{-i}', 'e^{i\\pi/2}'],
    wrong: ['-i', '1', '-1'],
  }),
  ...inForms('complex numbers with a variable', [COMPLEX], '(x+i)(x-i)', {
    right: ['x^2+1', '1+x^2'],
    wrong: ['x^2-1', '(x+1)^2'],
  }),
  ...inForms('complex numbers: modulus and conjugate product', [COMPLEX], '25', {
    right: ['|3+4i|^2', '(3+4i)(3-4i)'],
    wrong: ['|3+4i|', '7'],
  }),
  ...inForms('complex numbers in simplest form', [COMPLEX, SIMPLEST], '\\frac{1}{2}+\\frac{1}{2}i', {
    right: ['\\frac{1}{2}+\\frac{1}{2}i', '\\frac{1}{1-i}'],
    wrong: ['\\frac{1}{2}-\\frac{1}{2}i'],
  }),
  ...inForms('i is a variable unless the blank is marked', [], 'e^{i\\pi}', {
    right: ['e^{\\pi i}'],
    wrong: ['-1', 'i^2'],
  }),
  ...inForms('a letter never zero may be divided by', [neverZero('a')], 'ax=ay', {
    right: ['x=y', 'y=x', 'a^2x=a^2y', 'x-y=0'],
    wrong: ['x=2y', 'a=0', 'x=-y'],
  }),
  ...inForms('a letter that may be zero may not be divided by', [], 'ax=ay', {
    right: ['ay=ax', 'a(x-y)=0'],
    wrong: ['x=y'],
  }),
  ...inForms('a factor never zero in the answer', [neverZero('z', 'w')], 'y=2x-5', {
    right: ['yz=2xz-5z', 'yzw=(2x-5)zw', 'y=2x-5'],
    wrong: ['yz=2xz-5', 'y=2x+5'],
  }),
  ...inForms('letter case by default', [], 'y=1+x', {
    right: ['y=x+1'],
    wrong: ['Y=1+X', 'y=1+X'],
  }),
  { accepted: '3/4', forms: [SIMPLEST], student: '\\frac{3}{', expected: 'unreadable', note: 'unreadable' },
];
