/**
 * The demo question bank: real questions for grades 3 to 8 in the style of the SSAT, MAP Growth and AMC 8,
 * with LaTeX, worked solutions and hints, some with a figure drawn at seed time. Idempotent.
 */
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../client';
import { attachments, categories, focusAreas, questionCategories, questionFocus, questions } from '../schema';
import type { UploadStore } from '../../lib/storage';
import { FIGURES, type FigureName } from './figures';
import type { AnswerForm } from '../../../common/rules/answer-forms';
import type { QuestionTemplate } from '../../../common/templates';

const CATEGORY_NAMES = ['Number Sense', 'Fractions', 'Algebra', 'Geometry', 'Data and Probability'] as const;
const FOCUS_NAMES = ['Problem Solving', 'Computation', 'Reasoning'] as const;
export type Category = (typeof CATEGORY_NAMES)[number];
export type Focus = (typeof FOCUS_NAMES)[number];

export interface DemoQuestion {
  grade: number;
  source: string;
  categories: Category[];
  focus: Focus[];
  text: string;
  /** Multiple choice: the options A, B, C... and the correct letters. */
  options?: string[];
  correct?: string[];
  /** Fill in the blank: the accepted answers of each blank. */
  blanks?: string[][];
  solution: string;
  hint: string;
  figure?: FigureName;
  /** The forms each blank's answer must take. */
  answerForms?: AnswerForm[][];
  /** Random numbers: the text, options, key, hint and solution name the variables as `{a}`. */
  template?: QuestionTemplate;
}

const p = (html: string) => `<p>${html}</p>`;

const BANK: DemoQuestion[] = [
  // Grade 3
  {
    grade: 3,
    source: 'MAP Growth practice',
    categories: ['Number Sense'],
    focus: ['Computation'],
    text: 'What is $347 + 285$?',
    options: ['$522$', '$632$', '$622$', '$532$'],
    correct: ['B'],
    solution:
      '$347 + 285 = 632$: $7 + 5 = 12$ (write 2, carry 1), $4 + 8 + 1 = 13$ (write 3, carry 1), $3 + 2 + 1 = 6$.',
    hint: 'Add the ones first and remember to carry.',
  },
  {
    grade: 3,
    source: 'MAP Growth practice',
    categories: ['Number Sense'],
    focus: ['Computation'],
    text: 'Fill in the blank: $6 \\times 7 =$ ___1___',
    blanks: [['42']],
    solution: '$6 \\times 7$ is six groups of seven: $7 + 7 + 7 + 7 + 7 + 7 = 42$.',
    hint: 'Think of $6 \\times 7$ as $5 \\times 7$ plus one more $7$.',
  },
  {
    grade: 3,
    source: 'SSAT Elementary practice',
    categories: ['Fractions'],
    focus: ['Reasoning'],
    text: 'Which fraction is the largest?',
    options: ['$\\frac{1}{4}$', '$\\frac{1}{2}$', '$\\frac{1}{8}$', '$\\frac{1}{3}$'],
    correct: ['B'],
    solution:
      'With the same numerator, the fraction with the smallest denominator is largest: the whole is cut into the fewest pieces, so $\\frac{1}{2}$ is largest.',
    hint: 'Picture one pizza cut into 2, 3, 4 or 8 equal slices.',
  },
  {
    grade: 3,
    source: 'MAP Growth practice',
    categories: ['Geometry'],
    focus: ['Computation'],
    text: 'A rectangle is $9$ cm long and $4$ cm wide. What is its perimeter?',
    options: ['$13$ cm', '$26$ cm', '$36$ cm', '$18$ cm'],
    correct: ['B'],
    solution: 'Perimeter $= 2 \\times (9 + 4) = 2 \\times 13 = 26$ cm.',
    hint: 'The perimeter is the distance all the way around.',
  },
  {
    grade: 3,
    source: 'SSAT Elementary practice',
    categories: ['Number Sense'],
    focus: ['Reasoning'],
    text: 'Round $4{,}672$ to the nearest hundred: ___1___',
    blanks: [['4700', '4,700']],
    solution: 'The tens digit is $7$, which is $5$ or more, so round up: $4{,}672 \\approx 4{,}700$.',
    hint: 'Look at the tens digit to decide.',
  },
  {
    grade: 3,
    source: 'MAP Growth practice',
    categories: ['Fractions'],
    focus: ['Reasoning'],
    text: 'What fraction of the grid is shaded?',
    options: ['$\\frac{5}{7}$', '$\\frac{5}{12}$', '$\\frac{7}{12}$', '$\\frac{1}{5}$'],
    correct: ['B'],
    solution: 'The grid has $3 \\times 4 = 12$ equal squares and $5$ are shaded, so $\\frac{5}{12}$ is shaded.',
    hint: 'Count all the squares first, then the shaded ones.',
    figure: 'shadedGrid',
  },
  {
    grade: 3,
    source: 'Academy original',
    categories: ['Number Sense'],
    focus: ['Problem Solving'],
    text: 'Maya has $48$ stickers and shares them equally among $6$ friends. Each friend gets ___1___ stickers.',
    blanks: [['8']],
    solution: '$48 \\div 6 = 8$, because $6 \\times 8 = 48$.',
    hint: 'Which number times $6$ makes $48$?',
  },
  {
    grade: 3,
    source: 'MAP Growth practice',
    categories: ['Data and Probability'],
    focus: ['Reasoning'],
    text: 'The bar chart shows books read by four students (each grid line is one book). How many more books did the fourth student read than the third?',
    options: ['$2$', '$3$', '$4$', '$6$'],
    correct: ['C'],
    solution: 'The fourth bar reaches $6$ and the third reaches $2$: $6 - 2 = 4$ more books.',
    hint: 'Read the height of each bar against the grid lines.',
    figure: 'barChart',
  },
  {
    grade: 3,
    source: 'SSAT Elementary practice',
    categories: ['Number Sense'],
    focus: ['Computation'],
    text: 'What is $503 - 268$?',
    options: ['$235$', '$245$', '$335$', '$365$'],
    correct: ['A'],
    solution: 'Regroup: $503 - 268 = 235$. Check: $235 + 268 = 503$.',
    hint: 'You need to borrow across the zero.',
  },
  {
    grade: 3,
    source: 'Academy original',
    categories: ['Geometry'],
    focus: ['Reasoning'],
    text: 'How many sides does a hexagon have? ___1___',
    blanks: [['6', 'six']],
    solution: 'A hexagon has $6$ sides (hexa- means six).',
    hint: 'A honeycomb cell is a hexagon.',
  },

  // Grade 4
  {
    grade: 4,
    source: 'MAP Growth practice',
    categories: ['Number Sense'],
    focus: ['Computation'],
    text: 'What is $36 \\times 25$?',
    options: ['$800$', '$900$', '$850$', '$925$'],
    correct: ['B'],
    solution: '$36 \\times 25 = 9 \\times 4 \\times 25 = 9 \\times 100 = 900$.',
    hint: 'Four 25s make 100.',
  },
  {
    grade: 4,
    source: 'SSAT Elementary practice',
    categories: ['Fractions'],
    focus: ['Computation'],
    text: 'What is $\\frac{3}{8} + \\frac{2}{8}$? Write the answer as a fraction: ___1___',
    blanks: [['\\frac{5}{8}', '5/8']],
    solution: 'Same denominators: add the numerators. $\\frac{3}{8} + \\frac{2}{8} = \\frac{5}{8}$.',
    hint: 'The size of the pieces (eighths) does not change.',
  },
  {
    grade: 4,
    source: 'MAP Growth practice',
    categories: ['Fractions'],
    focus: ['Reasoning'],
    text: 'Which fractions are equal to $\\frac{1}{2}$? Choose all that apply.',
    options: ['$\\frac{2}{4}$', '$\\frac{3}{5}$', '$\\frac{4}{8}$', '$\\frac{5}{12}$'],
    correct: ['A', 'C'],
    solution:
      '$\\frac{2}{4} = \\frac{1}{2}$ and $\\frac{4}{8} = \\frac{1}{2}$ because the numerator is half the denominator; $\\frac{3}{5}$ and $\\frac{5}{12}$ are not.',
    hint: 'Is the top number exactly half of the bottom number?',
  },
  {
    grade: 4,
    source: 'Academy original',
    categories: ['Number Sense'],
    focus: ['Problem Solving'],
    text: 'A school orders $14$ boxes of pencils with $24$ pencils in each box. How many pencils is that? ___1___',
    blanks: [['336']],
    solution: '$14 \\times 24 = 14 \\times 20 + 14 \\times 4 = 280 + 56 = 336$.',
    hint: 'Split $24$ into $20 + 4$.',
  },
  {
    grade: 4,
    source: 'MAP Growth practice',
    categories: ['Geometry'],
    focus: ['Computation'],
    text: 'A square has a perimeter of $36$ inches. What is the length of one side?',
    options: ['$6$ in', '$9$ in', '$12$ in', '$18$ in'],
    correct: ['B'],
    solution: 'A square has $4$ equal sides: $36 \\div 4 = 9$ inches.',
    hint: 'How many equal sides does a square have?',
  },
  {
    grade: 4,
    source: 'SSAT Elementary practice',
    categories: ['Number Sense'],
    focus: ['Reasoning'],
    text: 'Which number is a multiple of both $4$ and $6$?',
    options: ['$18$', '$20$', '$24$', '$30$'],
    correct: ['C'],
    solution:
      '$24 = 4 \\times 6$ is divisible by both. $18$ is not divisible by $4$, $20$ not by $6$, $30$ not by $4$.',
    hint: 'Test each choice: does it divide evenly by 4? By 6?',
  },
  {
    grade: 4,
    source: 'MAP Growth practice',
    categories: ['Fractions'],
    focus: ['Reasoning'],
    text: 'What number does the point on the number line show? The long ticks are $0$, $1$ and $2$.',
    options: ['$\\frac{5}{4}$', '$\\frac{3}{2}$', '$1\\frac{1}{2}$', '$\\frac{5}{8}$'],
    correct: ['A'],
    solution:
      'Each whole is cut into $4$ equal parts. The point is $1$ tick past $1$, so it shows $1\\frac{1}{4} = \\frac{5}{4}$.',
    hint: 'Count how many equal parts each whole is split into.',
    figure: 'numberLine',
  },
  {
    grade: 4,
    source: 'Academy original',
    categories: ['Data and Probability'],
    focus: ['Computation'],
    text: 'The temperatures on four days were $12$, $15$, $9$ and $16$ degrees. What was the mean temperature? ___1___ degrees',
    blanks: [['13']],
    solution: 'Sum: $12 + 15 + 9 + 16 = 52$. Mean: $52 \\div 4 = 13$ degrees.',
    hint: 'Add them up, then share equally among the days.',
  },
  {
    grade: 4,
    source: 'SSAT Elementary practice',
    categories: ['Algebra'],
    focus: ['Reasoning'],
    text: 'What number goes in the box? $\\square \\div 7 = 9$',
    options: ['$56$', '$63$', '$72$', '$16$'],
    correct: ['B'],
    solution: 'Undo the division: $\\square = 9 \\times 7 = 63$.',
    hint: 'Multiplication undoes division.',
  },
  {
    grade: 4,
    source: 'MAP Growth practice',
    categories: ['Geometry'],
    focus: ['Reasoning'],
    text: 'How many right angles does a rectangle have? ___1___',
    blanks: [['4', 'four']],
    solution: 'All four corners of a rectangle are right angles.',
    hint: 'Look at each corner of a sheet of paper.',
  },

  // Grade 5
  {
    grade: 5,
    source: 'MAP Growth practice',
    categories: ['Fractions'],
    focus: ['Computation'],
    text: 'What is $\\frac{2}{3} + \\frac{1}{4}$?',
    options: ['$\\frac{3}{7}$', '$\\frac{11}{12}$', '$\\frac{3}{12}$', '$\\frac{5}{6}$'],
    correct: ['B'],
    solution: 'Common denominator $12$: $\\frac{8}{12} + \\frac{3}{12} = \\frac{11}{12}$.',
    hint: 'Rewrite both fractions in twelfths.',
  },
  {
    grade: 5,
    source: 'SSAT Middle Level practice',
    categories: ['Number Sense'],
    focus: ['Computation'],
    text: 'What is $4.6 \\times 0.5$? ___1___',
    blanks: [['2.3']],
    solution: 'Multiplying by $0.5$ is taking half: $4.6 \\div 2 = 2.3$.',
    hint: 'Half of 4.6.',
  },
  {
    grade: 5,
    source: 'MAP Growth practice',
    categories: ['Geometry'],
    focus: ['Problem Solving'],
    text: 'A box is $5$ cm long, $4$ cm wide and $3$ cm tall. What is its volume?',
    options: ['$12$ cm$^3$', '$47$ cm$^3$', '$60$ cm$^3$', '$94$ cm$^3$'],
    correct: ['C'],
    solution: 'Volume $= 5 \\times 4 \\times 3 = 60$ cm$^3$.',
    hint: 'Volume of a box is length times width times height.',
  },
  {
    grade: 5,
    source: 'Academy original',
    categories: ['Fractions'],
    focus: ['Problem Solving'],
    text: 'A recipe needs $\\frac{3}{4}$ cup of sugar. How much sugar is needed for $3$ batches? ___1___ cups',
    blanks: [['2\\frac{1}{4}', '9/4', '2.25', '2 1/4']],
    solution: '$3 \\times \\frac{3}{4} = \\frac{9}{4} = 2\\frac{1}{4}$ cups.',
    hint: 'Multiply the numerator by 3.',
  },
  {
    grade: 5,
    source: 'MAP Growth practice',
    categories: ['Algebra'],
    focus: ['Reasoning'],
    text: 'What is the value of $3 + 4 \\times (6 - 2)$?',
    options: ['$28$', '$19$', '$22$', '$13$'],
    correct: ['B'],
    solution: 'Parentheses first: $6 - 2 = 4$. Then multiply: $4 \\times 4 = 16$. Then add: $3 + 16 = 19$.',
    hint: 'Order of operations: parentheses, then multiplication, then addition.',
  },
  {
    grade: 5,
    source: 'SSAT Middle Level practice',
    categories: ['Number Sense'],
    focus: ['Reasoning'],
    text: 'Which is the value of the digit $7$ in $3.472$?',
    options: ['$7$', '$0.7$', '$0.07$', '$0.007$'],
    correct: ['C'],
    solution:
      'In $3.472$ the digits after the point are tenths ($4$), hundredths ($7$) and thousandths ($2$), so the $7$ is worth $0.07$.',
    hint: 'Name each place after the decimal point.',
  },
  {
    grade: 5,
    source: 'Academy original',
    categories: ['Geometry'],
    focus: ['Problem Solving'],
    text: 'The L-shaped floor is made of a $10$ m by $4$ m strip and a $4$ m by $6$ m strip on top of its left end. What is the area of the floor? ___1___ m$^2$',
    blanks: [['64']],
    solution: 'Split it into two rectangles: $10 \\times 4 = 40$ and $4 \\times 6 = 24$. Total: $40 + 24 = 64$ m$^2$.',
    hint: 'Cut the shape into two rectangles.',
    figure: 'lShape',
  },
  {
    grade: 5,
    source: 'MAP Growth practice',
    categories: ['Data and Probability'],
    focus: ['Reasoning'],
    text: 'A spinner has $8$ equal sections. What fraction of the spinner is shaded?',
    options: ['$\\frac{3}{5}$', '$\\frac{3}{8}$', '$\\frac{5}{8}$', '$\\frac{1}{3}$'],
    correct: ['B'],
    solution: '$3$ of the $8$ equal sections are shaded: $\\frac{3}{8}$.',
    hint: 'Count the shaded sections and all the sections.',
    figure: 'pie',
  },
  {
    grade: 5,
    source: 'SSAT Middle Level practice',
    categories: ['Fractions'],
    focus: ['Computation'],
    text: 'Write $\\frac{7}{20}$ as a decimal: ___1___',
    blanks: [['0.35', '.35']],
    solution: '$\\frac{7}{20} = \\frac{35}{100} = 0.35$.',
    hint: 'Make the denominator 100.',
  },
  {
    grade: 5,
    source: 'MAP Growth practice',
    categories: ['Number Sense'],
    focus: ['Computation'],
    text: 'What is $1{,}248 \\div 8$?',
    options: ['$156$', '$146$', '$166$', '$126$'],
    correct: ['A'],
    solution: '$1{,}248 \\div 8 = 156$, since $8 \\times 156 = 1{,}248$.',
    hint: 'Divide step by step: $12 \\div 8$, then bring down the next digit.',
  },

  // Grade 6
  {
    grade: 6,
    source: 'MAP Growth practice',
    categories: ['Algebra'],
    focus: ['Computation'],
    text: 'Solve for $x$: $3x + 7 = 22$',
    options: ['$x = 3$', '$x = 5$', '$x = 7$', '$x = 9$'],
    correct: ['B'],
    solution: 'Subtract $7$: $3x = 15$. Divide by $3$: $x = 5$.',
    hint: 'Undo the addition first, then the multiplication.',
  },
  {
    grade: 6,
    source: 'SSAT Middle Level practice',
    categories: ['Number Sense'],
    focus: ['Computation'],
    text: 'What is $25\\%$ of $160$? ___1___',
    blanks: [['40']],
    solution: '$25\\% = \\frac{1}{4}$, and $\\frac{1}{4}$ of $160$ is $40$.',
    hint: '25% is one quarter.',
  },
  {
    grade: 6,
    source: 'AMC 8 style',
    categories: ['Number Sense'],
    focus: ['Problem Solving'],
    text: 'The ratio of cats to dogs at a shelter is $3:5$. There are $40$ dogs. How many cats are there?',
    options: ['$15$', '$24$', '$25$', '$64$'],
    correct: ['B'],
    solution: '$5$ parts are $40$ dogs, so one part is $8$ animals. Cats are $3$ parts: $3 \\times 8 = 24$.',
    hint: 'Find the size of one part.',
  },
  {
    grade: 6,
    source: 'MAP Growth practice',
    categories: ['Geometry'],
    focus: ['Computation'],
    text: 'What is the area of a triangle with base $12$ cm and height $7$ cm?',
    options: ['$19$ cm$^2$', '$42$ cm$^2$', '$84$ cm$^2$', '$38$ cm$^2$'],
    correct: ['B'],
    solution: 'Area $= \\frac{1}{2} \\times 12 \\times 7 = 42$ cm$^2$.',
    hint: 'A triangle is half of a rectangle with the same base and height.',
  },
  {
    grade: 6,
    source: 'SSAT Middle Level practice',
    categories: ['Data and Probability'],
    focus: ['Computation'],
    text: 'What is the median of $3, 9, 4, 7, 12$? ___1___',
    blanks: [['7']],
    solution: 'In order: $3, 4, 7, 9, 12$. The middle value is $7$.',
    hint: 'Put the numbers in order first.',
  },
  {
    grade: 6,
    source: 'AMC 8 style',
    categories: ['Number Sense'],
    focus: ['Reasoning'],
    text: 'What is the least common multiple of $6$ and $8$?',
    options: ['$2$', '$14$', '$24$', '$48$'],
    correct: ['C'],
    solution: 'Multiples of $8$: $8, 16, 24, \\dots$; the first one divisible by $6$ is $24$.',
    hint: 'List multiples of the larger number.',
  },
  {
    grade: 6,
    source: 'MAP Growth practice',
    categories: ['Algebra'],
    focus: ['Reasoning'],
    text: 'Evaluate $2a + b^2$ when $a = 4$ and $b = 3$: ___1___',
    blanks: [['17']],
    solution: '$2(4) + 3^2 = 8 + 9 = 17$.',
    hint: 'Substitute, then follow the order of operations.',
  },
  {
    grade: 6,
    source: 'SSAT Middle Level practice',
    categories: ['Fractions'],
    focus: ['Computation'],
    text: 'What is $\\frac{3}{4} \\div \\frac{3}{8}$?',
    options: ['$\\frac{9}{32}$', '$2$', '$\\frac{1}{2}$', '$\\frac{3}{2}$'],
    correct: ['B'],
    solution: 'Multiply by the reciprocal: $\\frac{3}{4} \\times \\frac{8}{3} = \\frac{24}{12} = 2$.',
    hint: 'How many $\\frac{3}{8}$ fit in $\\frac{3}{4}$?',
  },
  {
    grade: 6,
    source: 'Academy original',
    categories: ['Data and Probability'],
    focus: ['Problem Solving'],
    text: 'A bag holds $4$ red and $6$ blue marbles. One marble is drawn at random. The probability that it is red is ___1___',
    blanks: [['\\frac{2}{5}', '2/5', '0.4', '\\frac{4}{10}', '40\\%']],
    solution: '$4$ red out of $10$ marbles: $\\frac{4}{10} = \\frac{2}{5}$.',
    hint: 'Favorable outcomes over all outcomes.',
  },
  {
    grade: 6,
    source: 'MAP Growth practice',
    categories: ['Number Sense'],
    focus: ['Reasoning'],
    text: 'Which of these numbers are prime? Choose all that apply.',
    options: ['$21$', '$29$', '$31$', '$33$'],
    correct: ['B', 'C'],
    solution:
      '$21 = 3 \\times 7$ and $33 = 3 \\times 11$ are composite; $29$ and $31$ have no divisors other than $1$ and themselves.',
    hint: 'Try dividing by 2, 3 and 5.',
  },

  // Grade 7
  {
    grade: 7,
    source: 'AMC 8 style',
    categories: ['Algebra'],
    focus: ['Problem Solving'],
    text: 'A train travels $180$ miles in $3$ hours at a constant speed. How far does it travel in $5$ hours?',
    options: ['$240$ miles', '$300$ miles', '$360$ miles', '$900$ miles'],
    correct: ['B'],
    solution: 'Speed: $180 \\div 3 = 60$ miles per hour. In $5$ hours: $60 \\times 5 = 300$ miles.',
    hint: 'Find the distance in one hour first.',
  },
  {
    grade: 7,
    source: 'MAP Growth practice',
    categories: ['Number Sense'],
    focus: ['Computation'],
    text: 'What is $-8 + 3 - (-6)$? ___1___',
    blanks: [['1']],
    solution: '$-8 + 3 = -5$, and subtracting $-6$ adds $6$: $-5 + 6 = 1$.',
    hint: 'Subtracting a negative is adding a positive.',
  },
  {
    grade: 7,
    source: 'SSAT Middle Level practice',
    categories: ['Geometry'],
    focus: ['Computation'],
    text: 'A circle has radius $5$ cm. What is its circumference?',
    options: ['$5\\pi$ cm', '$10\\pi$ cm', '$25\\pi$ cm', '$100\\pi$ cm'],
    correct: ['B'],
    solution: '$C = 2\\pi r = 2 \\pi \\cdot 5 = 10\\pi$ cm.',
    hint: 'Circumference is $2\\pi r$.',
  },
  {
    grade: 7,
    source: 'AMC 8 style',
    categories: ['Number Sense'],
    focus: ['Problem Solving'],
    text: 'A jacket costs $\\$80$. It is on sale for $15\\%$ off. What is the sale price? $\\$$___1___',
    blanks: [['68', '68.00']],
    solution: '$15\\%$ of $80$ is $12$, so the sale price is $80 - 12 = \\$68$.',
    hint: 'Find $10\\%$ and $5\\%$ of $80$ and add them.',
  },
  {
    grade: 7,
    source: 'MAP Growth practice',
    categories: ['Algebra'],
    focus: ['Reasoning'],
    text: 'Which expression is equivalent to $3(2x - 4) + 5$?',
    options: ['$6x - 7$', '$6x + 1$', '$5x - 7$', '$6x - 12$'],
    correct: ['A'],
    solution: 'Distribute: $6x - 12 + 5 = 6x - 7$.',
    hint: 'Multiply both terms in the parentheses by 3.',
  },
  {
    grade: 7,
    source: 'SSAT Middle Level practice',
    categories: ['Data and Probability'],
    focus: ['Reasoning'],
    text: 'Two fair coins are tossed. What is the probability of getting two heads?',
    options: ['$\\frac{1}{2}$', '$\\frac{1}{3}$', '$\\frac{1}{4}$', '$\\frac{3}{4}$'],
    correct: ['C'],
    solution: 'Outcomes: HH, HT, TH, TT. Only HH works: $\\frac{1}{4}$.',
    hint: 'List all the outcomes.',
  },
  {
    grade: 7,
    source: 'Academy original',
    categories: ['Algebra'],
    focus: ['Computation'],
    text: 'Solve: $\\frac{x}{4} - 3 = 5$. $x =$ ___1___',
    blanks: [['32']],
    solution: 'Add $3$: $\\frac{x}{4} = 8$. Multiply by $4$: $x = 32$.',
    hint: 'Undo the subtraction, then the division.',
  },
  {
    grade: 7,
    source: 'AMC 8 style',
    categories: ['Geometry'],
    focus: ['Reasoning'],
    text: 'Two angles of a triangle measure $48^\\circ$ and $67^\\circ$. What is the third angle?',
    options: ['$55^\\circ$', '$65^\\circ$', '$75^\\circ$', '$115^\\circ$'],
    correct: ['B'],
    solution: 'The angles of a triangle add to $180^\\circ$: $180 - 48 - 67 = 65^\\circ$.',
    hint: 'The three angles of a triangle always add to $180^\\circ$.',
  },
  {
    grade: 7,
    source: 'MAP Growth practice',
    categories: ['Fractions'],
    focus: ['Computation'],
    text: 'What is $-\\frac{2}{3} \\times \\frac{9}{10}$? ___1___',
    blanks: [['-\\frac{3}{5}', '-3/5', '-0.6']],
    solution: '$-\\frac{2 \\cdot 9}{3 \\cdot 10} = -\\frac{18}{30} = -\\frac{3}{5}$.',
    hint: 'Simplify before multiplying: cancel the 3 with the 9.',
  },
  {
    grade: 7,
    source: 'SSAT Middle Level practice',
    categories: ['Number Sense'],
    focus: ['Reasoning'],
    text: 'What is $|{-9}| + |4|$? ___1___',
    blanks: [['13']],
    solution: '$|{-9}| = 9$ and $|4| = 4$, so the sum is $13$.',
    hint: 'Absolute value is distance from zero.',
  },

  // Grade 8
  {
    grade: 8,
    source: 'AMC 8 style',
    categories: ['Geometry'],
    focus: ['Problem Solving'],
    text: 'The legs of the right triangle are $6$ and $8$ units long. How long is the hypotenuse?',
    options: ['$10$', '$12$', '$14$', '$\\sqrt{28}$'],
    correct: ['A'],
    solution: 'By the Pythagorean theorem: $c^2 = 6^2 + 8^2 = 36 + 64 = 100$, so $c = 10$.',
    hint: 'Use $a^2 + b^2 = c^2$.',
    figure: 'rightTriangle',
  },
  {
    grade: 8,
    source: 'MAP Growth practice',
    categories: ['Algebra'],
    focus: ['Computation'],
    text: 'What is the slope of the line through $(1, 2)$ and $(4, 11)$? ___1___',
    blanks: [['3']],
    solution: 'Slope $= \\frac{11 - 2}{4 - 1} = \\frac{9}{3} = 3$.',
    hint: 'Rise over run.',
  },
  {
    grade: 8,
    source: 'AMC 8 style',
    categories: ['Number Sense'],
    focus: ['Computation'],
    text: 'What is $2^5 - 3^2$?',
    options: ['$1$', '$23$', '$19$', '$41$'],
    correct: ['B'],
    solution: '$2^5 = 32$ and $3^2 = 9$; $32 - 9 = 23$.',
    hint: 'Work out each power first.',
  },
  {
    grade: 8,
    source: 'SSAT Upper Level practice',
    categories: ['Algebra'],
    focus: ['Reasoning'],
    text: 'Solve the system: $x + y = 10$ and $x - y = 4$. Then $x =$ ___1___ and $y =$ ___2___',
    blanks: [['7'], ['3']],
    solution: 'Add the equations: $2x = 14$, so $x = 7$. Then $y = 10 - 7 = 3$.',
    hint: 'Add the two equations to eliminate $y$.',
  },
  {
    grade: 8,
    source: 'MAP Growth practice',
    categories: ['Number Sense'],
    focus: ['Reasoning'],
    text: 'Which of these numbers are irrational? Choose all that apply.',
    options: ['$\\sqrt{16}$', '$\\sqrt{2}$', '$\\pi$', '$0.\\overline{3}$'],
    correct: ['B', 'C'],
    solution:
      '$\\sqrt{16} = 4$ and $0.\\overline{3} = \\frac{1}{3}$ are rational; $\\sqrt{2}$ and $\\pi$ cannot be written as fractions.',
    hint: 'Can the number be written as a fraction of whole numbers?',
  },
  {
    grade: 8,
    source: 'AMC 8 style',
    categories: ['Geometry'],
    focus: ['Computation'],
    text: 'A cylinder has radius $3$ cm and height $10$ cm. Its volume is ___1___ cm$^3$ (in terms of $\\pi$).',
    blanks: [['90\\pi', '90pi', '90 \\pi']],
    solution: '$V = \\pi r^2 h = \\pi \\cdot 9 \\cdot 10 = 90\\pi$ cm$^3$.',
    hint: 'Area of the circular base times the height.',
  },
  {
    grade: 8,
    source: 'SSAT Upper Level practice',
    categories: ['Data and Probability'],
    focus: ['Problem Solving'],
    text: 'The mean of five numbers is $14$. Four of them are $10$, $12$, $15$ and $18$. What is the fifth number?',
    options: ['$13$', '$14$', '$15$', '$16$'],
    correct: ['C'],
    solution:
      'The five numbers sum to $5 \\times 14 = 70$. The four known sum to $55$, so the fifth is $70 - 55 = 15$.',
    hint: 'Mean times count gives the total.',
  },
  {
    grade: 8,
    source: 'MAP Growth practice',
    categories: ['Algebra'],
    focus: ['Computation'],
    text: 'Write $3.2 \\times 10^{4}$ in standard form: ___1___',
    blanks: [['32000', '32,000']],
    solution: 'Move the decimal point $4$ places right: $32{,}000$.',
    hint: 'Multiplying by $10^4$ moves the decimal point four places.',
  },
  {
    grade: 8,
    source: 'AMC 8 style',
    categories: ['Algebra'],
    focus: ['Problem Solving'],
    text: 'The sum of three consecutive integers is $72$. What is the largest of them?',
    options: ['$23$', '$24$', '$25$', '$26$'],
    correct: ['C'],
    solution: 'Let them be $n-1, n, n+1$: $3n = 72$, so $n = 24$ and the largest is $25$.',
    hint: 'The middle number is the average.',
  },
  {
    grade: 8,
    source: 'SSAT Upper Level practice',
    categories: ['Fractions'],
    focus: ['Reasoning'],
    text: 'Write the repeating decimal $0.\\overline{36}$ as a fraction in lowest terms: ___1___',
    blanks: [['\\frac{4}{11}', '4/11']],
    solution:
      'Let $x = 0.\\overline{36}$. Then $100x = 36.\\overline{36}$, so $99x = 36$ and $x = \\frac{36}{99} = \\frac{4}{11}$.',
    hint: 'Multiply by 100 to shift one repeating block.',
  },
];

export async function ensureTags(db: Db) {
  await db
    .insert(categories)
    .values(CATEGORY_NAMES.map((name) => ({ name })))
    .onConflictDoNothing();
  await db
    .insert(focusAreas)
    .values(FOCUS_NAMES.map((name) => ({ name })))
    .onConflictDoNothing();
  const cats = await db
    .select()
    .from(categories)
    .where(inArray(categories.name, [...CATEGORY_NAMES]));
  const focus = await db
    .select()
    .from(focusAreas)
    .where(inArray(focusAreas.name, [...FOCUS_NAMES]));
  return { category: new Map(cats.map((c) => [c.name, c.id])), focus: new Map(focus.map((f) => [f.name, f.id])) };
}

/** Seeds the demo bank once; later starts find its first question and leave the bank alone. Returns how many were added. */
export async function seedDemoQuestions(db: Db, store: UploadStore): Promise<number> {
  const tags = await ensureTags(db);
  const [existing] = await db
    .select({ id: questions.id })
    .from(questions)
    .where(eq(questions.questionText, p(BANK[0].text)))
    .limit(1);
  if (existing) return 0;
  const start = Date.now() - BANK.length * 60_000;
  for (const [i, q] of BANK.entries()) await insertDemoQuestion(db, q, tags, store, new Date(start + i * 60_000));
  return BANK.length;
}

type Tags = Awaited<ReturnType<typeof ensureTags>>;

/** One demo question with its tags and figure, in one transaction; returns its id. */
export async function insertDemoQuestion(
  db: Db,
  q: DemoQuestion,
  tags: Tags,
  store: UploadStore,
  stamp = new Date(),
): Promise<string> {
  const isChoice = q.options !== undefined;
  // Stored before the transaction: the store writes its own listing, which must not wait for this transaction.
  const file = q.figure ? await store.save(FIGURES[q.figure](), `${q.figure}.png`, 'image/png') : null;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(questions)
      .values({
        questionText: p(q.text),
        grade: q.grade,
        type: isChoice ? 'Multiple Choice' : 'Fill in the Blank',
        options: isChoice ? Object.fromEntries(q.options!.map((text, k) => [String.fromCharCode(65 + k), text])) : {},
        answer: isChoice ? { a1: q.correct! } : q.blanks!,
        answerForms: q.answerForms ?? [],
        template: q.template ?? null,
        solution: p(q.solution),
        hint: q.hint,
        source: q.source,
        createdAt: stamp,
        updatedAt: stamp,
      })
      .returning({ id: questions.id });
    await tx
      .insert(questionCategories)
      .values(q.categories.map((c) => ({ questionId: row.id, categoryId: tags.category.get(c)! })));
    await tx.insert(questionFocus).values(q.focus.map((f) => ({ questionId: row.id, focusId: tags.focus.get(f)! })));
    if (file) {
      await tx.insert(attachments).values({
        questionId: row.id,
        filename: file.filename,
        originalName: file.originalName,
        mime: file.mime,
        size: file.size,
      });
      await store.claim(tx, [file.filename]);
    }
    return row.id;
  });
}
