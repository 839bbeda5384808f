/**
 * The exercises of each demo section, about that section's own lesson (server/db/demo/courses.ts), keyed by the
 * section's title. A section of the demo catalogue given to the demo student gets these; other sections get
 * questions of their grade from the bank.
 */
import type { DemoQuestion } from './questions';

type Exercise = Omit<DemoQuestion, 'grade' | 'source' | 'focus'> & Partial<Pick<DemoQuestion, 'focus'>>;

const SOURCE = 'Academy lesson exercise';

const lesson = (grade: number, exercises: Exercise[]): DemoQuestion[] =>
  exercises.map((e) => ({ grade, source: SOURCE, focus: ['Reasoning'], ...e }));

export const SECTION_EXERCISES: Record<string, DemoQuestion[]> = {
  'What a fraction means': lesson(4, [
    {
      categories: ['Fractions'],
      text: 'A chocolate bar is cut into $6$ equal pieces and Sam eats $1$ piece. What fraction of the bar did Sam eat?',
      options: ['$\\frac{1}{6}$', '$\\frac{1}{5}$', '$\\frac{5}{6}$', '$\\frac{6}{1}$'],
      correct: ['A'],
      solution:
        'The whole is cut into $6$ equal pieces (the denominator) and Sam has $1$ of them (the numerator): $\\frac{1}{6}$.',
      hint: 'The bottom number counts the equal pieces of the whole.',
    },
    {
      categories: ['Fractions'],
      focus: ['Computation'],
      text: 'A pizza is cut into $8$ equal slices and you eat $3$. You ate ___1___ of the pizza, and ___2___ of it is left.',
      blanks: [
        ['\\frac{3}{8}', '3/8'],
        ['\\frac{5}{8}', '5/8'],
      ],
      solution:
        'You ate $3$ of $8$ equal slices: $\\frac{3}{8}$. The other $5$ slices are left: $\\frac{5}{8}$. Check: $\\frac{3}{8} + \\frac{5}{8} = 1$.',
      hint: 'Count the slices you ate, then the slices left, out of all $8$.',
    },
    {
      categories: ['Fractions'],
      text: 'In the fraction $\\frac{3}{4}$, what does the denominator $4$ tell us?',
      options: [
        'How many equal parts the whole is cut into',
        'How many parts we have',
        'How many wholes there are',
        'How big each whole is',
      ],
      correct: ['A'],
      solution:
        'The denominator (the bottom number) says the whole is cut into $4$ equal parts; the numerator $3$ says how many of them we have.',
      hint: 'Denominator: down below, it names the size of the pieces.',
    },
  ]),
  'Equivalent fractions': lesson(4, [
    {
      categories: ['Fractions'],
      focus: ['Computation'],
      text: '$\\frac{1}{2}$ is the same amount as $\\frac{\\square}{8}$. The missing number is ___1___',
      blanks: [['4']],
      solution:
        'The bottom was multiplied by $4$ ($2 \\times 4 = 8$), so multiply the top by $4$ too: $\\frac{1 \\times 4}{2 \\times 4} = \\frac{4}{8}$.',
      hint: 'What was the bottom number multiplied by?',
    },
    {
      categories: ['Fractions'],
      text: 'Which fraction is equal to $\\frac{2}{3}$?',
      options: ['$\\frac{4}{6}$', '$\\frac{3}{4}$', '$\\frac{2}{6}$', '$\\frac{4}{3}$'],
      correct: ['A'],
      solution: '$\\frac{2 \\times 2}{3 \\times 2} = \\frac{4}{6}$: the top and the bottom were both doubled.',
      hint: 'Multiply the top and the bottom by the same number.',
    },
    {
      categories: ['Fractions'],
      focus: ['Computation'],
      text: 'Write $\\frac{9}{12}$ in simplest form: ___1___',
      blanks: [['\\frac{3}{4}', '3/4']],
      solution: 'Both $9$ and $12$ divide by $3$: $\\frac{9 \\div 3}{12 \\div 3} = \\frac{3}{4}$.',
      hint: 'Find a number that goes into both $9$ and $12$.',
    },
  ]),
  'Adding fractions with the same denominator': lesson(4, [
    {
      categories: ['Fractions'],
      focus: ['Computation'],
      text: '$\\frac{2}{7} + \\frac{3}{7} =$ ___1___',
      blanks: [['\\frac{5}{7}', '5/7']],
      solution: 'The pieces are all sevenths, so count them: $2 + 3 = 5$ sevenths, $\\frac{5}{7}$.',
      hint: 'Add the tops and keep the bottom.',
    },
    {
      categories: ['Fractions'],
      focus: ['Computation'],
      text: 'What is $\\frac{1}{2} + \\frac{1}{4}$?',
      options: ['$\\frac{2}{6}$', '$\\frac{3}{4}$', '$\\frac{2}{4}$', '$\\frac{1}{6}$'],
      correct: ['B'],
      solution: 'Rename $\\frac{1}{2}$ as $\\frac{2}{4}$, then $\\frac{2}{4} + \\frac{1}{4} = \\frac{3}{4}$.',
      hint: 'Make the pieces the same size first.',
    },
    {
      categories: ['Fractions'],
      focus: ['Problem Solving'],
      text: 'Tom ate $\\frac{1}{5}$ of a cake and Ana ate $\\frac{2}{5}$ of it. Together they ate ___1___ of the cake.',
      blanks: [['\\frac{3}{5}', '3/5']],
      solution: '$\\frac{1}{5} + \\frac{2}{5} = \\frac{3}{5}$ of the cake.',
      hint: 'Both ate fifths: count the fifths.',
    },
  ]),
  'Read, plan, solve, check': lesson(4, [
    {
      categories: ['Number Sense'],
      focus: ['Problem Solving'],
      text: 'Maya has $24$ stickers and gives $\\frac{1}{3}$ of them to her brother. She gives away ___1___ stickers and keeps ___2___.',
      blanks: [['8'], ['16']],
      solution: 'One third of $24$ is $24 \\div 3 = 8$ given away, so she keeps $24 - 8 = 16$.',
      hint: 'Find one third first, then take it away.',
    },
    {
      categories: ['Number Sense'],
      focus: ['Problem Solving'],
      text: 'A class has $18$ girls and $15$ boys. Which number sentence tells how many children there are altogether?',
      options: ['$18 + 15$', '$18 - 15$', '$18 \\times 15$', '$18 \\div 15$'],
      correct: ['A'],
      solution: '"Altogether" puts the two groups together: add, $18 + 15 = 33$.',
      hint: 'Which word in the question tells you the operation?',
    },
    {
      categories: ['Number Sense'],
      focus: ['Problem Solving'],
      text: 'Leo reads $12$ pages every day. How many pages does he read in $5$ days? ___1___',
      blanks: [['60']],
      solution: 'Five equal groups of $12$: $12 \\times 5 = 60$ pages.',
      hint: 'The same number of pages each day: multiply.',
    },
  ]),
  'Writing ratios': lesson(5, [
    {
      categories: ['Number Sense'],
      text: 'A class has $12$ girls and $10$ boys. What is the ratio of boys to girls, in simplest form?',
      options: ['$12:10$', '$5:6$', '$6:5$', '$10:22$'],
      correct: ['B'],
      solution: 'Boys first: $10:12$. Both divide by $2$: $5:6$.',
      hint: 'Order matters: the boys come first.',
    },
    {
      categories: ['Number Sense'],
      focus: ['Computation'],
      text: 'Write the ratio $8:12$ in simplest form: ___1___ : ___2___',
      blanks: [['2'], ['3']],
      solution: 'Both $8$ and $12$ divide by $4$: $8:12 = 2:3$.',
      hint: 'Divide both numbers by the biggest number that goes into both.',
    },
    {
      categories: ['Number Sense'],
      focus: ['Computation'],
      text: 'Complete the equivalent ratio: $2:3 = 10:$ ___1___',
      blanks: [['15']],
      solution: '$2 \\times 5 = 10$, so $3 \\times 5 = 15$.',
      hint: 'What was $2$ multiplied by to make $10$?',
    },
  ]),
  'Unit rates': lesson(5, [
    {
      categories: ['Number Sense'],
      focus: ['Computation'],
      text: 'If $3$ notebooks cost $\\$6$, how many dollars does one notebook cost? ___1___',
      blanks: [['2']],
      solution: '$\\$6 \\div 3 = \\$2$ per notebook.',
      hint: 'Share the cost equally among the notebooks.',
    },
    {
      categories: ['Number Sense'],
      focus: ['Problem Solving'],
      text: 'Which is the better buy?',
      options: ['$5$ apples for $\\$4$', '$8$ apples for $\\$6$'],
      correct: ['B'],
      solution:
        '$\\$4 \\div 5 = \\$0.80$ per apple and $\\$6 \\div 8 = \\$0.75$ per apple: the bag of $8$ costs less per apple.',
      hint: 'Work out the price of one apple in each bag.',
    },
    {
      categories: ['Number Sense'],
      focus: ['Computation'],
      text: 'A car travels $150$ km in $3$ hours at a steady speed. How many km does it travel in one hour? ___1___',
      blanks: [['50']],
      solution: '$150 \\div 3 = 50$ km per hour.',
      hint: 'How far for one hour?',
    },
  ]),
  'Area of rectangles and triangles': lesson(5, [
    {
      categories: ['Geometry'],
      focus: ['Computation'],
      text: 'A rug is $3$ m long and $4$ m wide. What is its area in m$^2$? ___1___',
      blanks: [['12']],
      solution: '$A = l \\times w = 3 \\times 4 = 12$ m$^2$.',
      hint: 'Length times width.',
    },
    {
      categories: ['Geometry'],
      focus: ['Computation'],
      text: 'What is the area of a triangle with base $6$ cm and height $5$ cm?',
      options: ['$30$ cm$^2$', '$15$ cm$^2$', '$11$ cm$^2$', '$22$ cm$^2$'],
      correct: ['B'],
      solution: '$A = \\frac{1}{2} \\times 6 \\times 5 = 15$ cm$^2$.',
      hint: 'A triangle is half of a rectangle.',
    },
    {
      categories: ['Geometry'],
      focus: ['Problem Solving'],
      text: 'A rectangle has an area of $24$ cm$^2$ and a width of $4$ cm. How long is it, in cm? ___1___',
      blanks: [['6']],
      solution: '$l \\times 4 = 24$, so $l = 24 \\div 4 = 6$ cm.',
      hint: 'Which number times $4$ makes $24$?',
    },
  ]),
  'Volume of boxes': lesson(5, [
    {
      categories: ['Geometry'],
      focus: ['Computation'],
      text: 'A box is $5$ cm long, $3$ cm wide and $2$ cm tall. What is its volume in cm$^3$? ___1___',
      blanks: [['30']],
      solution: '$V = 5 \\times 3 \\times 2 = 30$ cm$^3$.',
      hint: 'Length times width times height.',
    },
    {
      categories: ['Geometry'],
      focus: ['Problem Solving'],
      text: 'The bottom layer of a box holds $12$ cubes and the box is $4$ layers tall. How many cubes fill the box?',
      options: ['$16$', '$48$', '$36$', '$8$'],
      correct: ['B'],
      solution: '$4$ layers of $12$ cubes: $12 \\times 4 = 48$ cubes.',
      hint: 'Count one layer, then the layers.',
    },
    {
      categories: ['Geometry'],
      focus: ['Computation'],
      text: 'A cube has edges $3$ cm long. What is its volume in cm$^3$? ___1___',
      blanks: [['27']],
      solution: '$V = 3 \\times 3 \\times 3 = 27$ cm$^3$.',
      hint: 'All three edges of a cube are the same length.',
    },
  ]),
  'Solving one-step equations': lesson(5, [
    {
      categories: ['Algebra'],
      focus: ['Computation'],
      text: 'Solve $x + 7 = 12$. $x =$ ___1___',
      blanks: [['5']],
      solution: 'Take $7$ from both sides: $x = 12 - 7 = 5$.',
      hint: 'Undo the $+7$.',
    },
    {
      categories: ['Algebra'],
      focus: ['Computation'],
      text: 'Solve $4x = 20$.',
      options: ['$x = 16$', '$x = 5$', '$x = 24$', '$x = 80$'],
      correct: ['B'],
      solution: 'Divide both sides by $4$: $x = 5$. Check: $4 \\times 5 = 20$.',
      hint: 'Undo the multiplication by $4$.',
    },
    {
      categories: ['Algebra'],
      focus: ['Computation'],
      text: 'Solve $y - 9 = 6$. $y =$ ___1___',
      blanks: [['15']],
      solution: 'Add $9$ to both sides: $y = 6 + 9 = 15$.',
      hint: 'Undo the $-9$.',
    },
  ]),
  'Two-step equations': lesson(5, [
    {
      categories: ['Algebra'],
      focus: ['Computation'],
      text: 'Solve $2x + 3 = 11$. $x =$ ___1___',
      blanks: [['4']],
      solution: 'Subtract $3$: $2x = 8$. Divide by $2$: $x = 4$.',
      hint: 'Undo the last step first: the $+3$.',
    },
    {
      categories: ['Algebra'],
      text: 'What is the first step to solve $5x - 2 = 18$?',
      options: [
        'Add $2$ to both sides',
        'Divide both sides by $5$',
        'Subtract $5$ from both sides',
        'Multiply both sides by $2$',
      ],
      correct: ['A'],
      solution: 'The $-2$ was done last, so undo it first: $5x = 20$, then $x = 4$.',
      hint: 'Undo in reverse order.',
    },
    {
      categories: ['Algebra'],
      focus: ['Computation'],
      text: 'Solve $3x - 4 = 11$. $x =$ ___1___',
      blanks: [['5']],
      solution: 'Add $4$: $3x = 15$. Divide by $3$: $x = 5$.',
      hint: 'First add $4$ to both sides.',
    },
  ]),
  'The multiplication principle': lesson(7, [
    {
      categories: ['Data and Probability'],
      focus: ['Problem Solving'],
      text: 'With $3$ shirts and $4$ pairs of shorts, how many different outfits can you make? ___1___',
      blanks: [['12']],
      solution: 'Each of the $3$ shirts goes with each of the $4$ shorts: $3 \\times 4 = 12$.',
      hint: 'Choices multiply.',
    },
    {
      categories: ['Data and Probability'],
      focus: ['Problem Solving'],
      text: 'How many three-digit numbers have all their digits odd?',
      options: ['$15$', '$125$', '$60$', '$243$'],
      correct: ['B'],
      solution: 'Each digit can be $1, 3, 5, 7$ or $9$: $5 \\times 5 \\times 5 = 125$.',
      hint: 'How many odd digits are there?',
    },
    {
      categories: ['Data and Probability'],
      focus: ['Problem Solving'],
      text: 'A menu has $2$ soups and $5$ main dishes. How many meals of one soup and one main dish are there? ___1___',
      blanks: [['10']],
      solution: '$2 \\times 5 = 10$ meals.',
      hint: 'Pick the soup, then the main dish.',
    },
  ]),
  'Arrangements and factorials': lesson(7, [
    {
      categories: ['Data and Probability'],
      focus: ['Computation'],
      text: 'In how many ways can four friends stand in a line? ___1___',
      blanks: [['24']],
      solution: '$4! = 4 \\times 3 \\times 2 \\times 1 = 24$.',
      hint: 'Four choices for the first place, then three, ...',
    },
    {
      categories: ['Data and Probability'],
      focus: ['Problem Solving'],
      text: 'In how many ways can gold and silver medals go to $2$ of $5$ runners?',
      options: ['$10$', '$20$', '$25$', '$120$'],
      correct: ['B'],
      solution: 'Order matters: $5$ choices for gold, then $4$ for silver, $5 \\times 4 = 20$.',
      hint: 'Gold and silver are different, so order matters.',
    },
    {
      categories: ['Data and Probability'],
      focus: ['Computation'],
      text: 'How many teams of $2$ can be chosen from $5$ players? ___1___',
      blanks: [['10']],
      solution: 'Ordered pairs: $5 \\times 4 = 20$; each team was counted twice, so $\\binom{5}{2} = 10$.',
      hint: 'Count ordered pairs, then halve.',
    },
  ]),
  'Probability as a fraction': lesson(8, [
    {
      categories: ['Data and Probability'],
      focus: ['Computation'],
      text: 'A fair die is rolled. What is the probability of an even number? ___1___',
      blanks: [['\\frac{1}{2}', '1/2', '0.5']],
      solution: 'Even: $2, 4, 6$, so $3$ of $6$ outcomes: $\\frac{3}{6} = \\frac{1}{2}$.',
      hint: 'Favorable over possible.',
    },
    {
      categories: ['Data and Probability'],
      focus: ['Problem Solving'],
      text: 'Two fair dice are rolled. What is the probability that the sum is $7$?',
      options: ['$\\frac{1}{6}$', '$\\frac{7}{36}$', '$\\frac{1}{12}$', '$\\frac{1}{36}$'],
      correct: ['A'],
      solution:
        '$36$ outcomes; a sum of $7$ happens $6$ ways ($1+6, 2+5, \\dots, 6+1$): $\\frac{6}{36} = \\frac{1}{6}$.',
      hint: 'List the pairs that add to $7$.',
    },
    {
      categories: ['Data and Probability'],
      focus: ['Computation'],
      text: 'A bag has $3$ red and $5$ blue marbles. One is drawn without looking. What is the probability that it is red? ___1___',
      blanks: [['\\frac{3}{8}', '3/8']],
      solution: '$3$ red out of $3 + 5 = 8$ marbles: $\\frac{3}{8}$.',
      hint: 'How many marbles are there in all?',
    },
  ]),
};
