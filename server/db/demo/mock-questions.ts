import type { DemoQuestion } from './questions';

/**
 * The questions of the academy's two short demo mocks: original questions written for the academy in the style of
 * the SSAT (middle level, quantitative) and of the AMC 8, copied from no real exam or book. Each is multiple choice
 * with five options and one correct letter, a worked solution and a hint; the categories drive the per-skill report.
 *
 * The SSAT-style mock: two quantitative sections of five questions, grades 6 and 7.
 */
export const SSAT_STYLE_MOCK: DemoQuestion[][] = [
  // Section 1
  [
    {
      grade: 6,
      source: 'Academy original',
      categories: ['Fractions'],
      focus: ['Computation'],
      text: 'What is $\\frac{3}{4} - \\frac{1}{6}$?',
      options: ['$\\frac{1}{3}$', '$\\frac{1}{2}$', '$\\frac{7}{12}$', '$\\frac{2}{3}$', '$\\frac{11}{12}$'],
      correct: ['C'],
      solution:
        'Write both in twelfths: $\\frac{3}{4} = \\frac{9}{12}$ and $\\frac{1}{6} = \\frac{2}{12}$, so $\\frac{9}{12} - \\frac{2}{12} = \\frac{7}{12}$.',
      hint: 'Find a common denominator before you subtract.',
    },
    {
      grade: 6,
      source: 'Academy original',
      categories: ['Number Sense'],
      focus: ['Reasoning'],
      text: 'If $30\\%$ of a number is $18$, what is $45\\%$ of the same number?',
      options: ['$27$', '$33$', '$45$', '$60$', '$81$'],
      correct: ['A'],
      solution:
        'If $30\\%$ is $18$, then $10\\%$ is $18 \\div 3 = 6$, so $45\\%$ is $4.5 \\times 6 = 27$. (The number is $60$, and $0.45 \\times 60 = 27$.)',
      hint: 'Find $10\\%$ of the number first.',
    },
    {
      grade: 7,
      source: 'Academy original',
      categories: ['Algebra'],
      focus: ['Computation'],
      text: 'If $5(n - 2) = 3n + 14$, what is the value of $n$?',
      options: ['$2$', '$3$', '$8$', '$10$', '$12$'],
      correct: ['E'],
      solution:
        'Distribute: $5n - 10 = 3n + 14$. Subtract $3n$ and add $10$ on both sides: $2n = 24$, so $n = 12$. Check: $5(12 - 2) = 50$ and $3 \\times 12 + 14 = 50$.',
      hint: 'Multiply out the parentheses first, then gather the $n$ terms on one side.',
    },
    {
      grade: 6,
      source: 'Academy original',
      categories: ['Geometry'],
      focus: ['Problem Solving'],
      text: 'The length of a rectangle is twice its width, and its perimeter is $42$ cm. What is its area, in square centimeters?',
      options: ['$49$', '$98$', '$110\\frac{1}{4}$', '$147$', '$196$'],
      correct: ['B'],
      solution:
        'Let the width be $w$, so the length is $2w$. The perimeter is $2(w + 2w) = 6w = 42$, so $w = 7$ and the length is $14$. The area is $7 \\times 14 = 98$ cm$^2$.',
      hint: 'Call the width $w$ and write the perimeter in terms of $w$.',
    },
    {
      grade: 6,
      source: 'Academy original',
      categories: ['Data and Probability'],
      focus: ['Problem Solving'],
      text: 'The average of six numbers is $15$. One number is removed, and the average of the other five is $13$. What number was removed?',
      options: ['$2$', '$13$', '$14$', '$25$', '$28$'],
      correct: ['D'],
      solution:
        'The six numbers add up to $6 \\times 15 = 90$ and the five left add up to $5 \\times 13 = 65$, so the removed number is $90 - 65 = 25$.',
      hint: 'Turn each average into a total.',
    },
  ],
  // Section 2
  [
    {
      grade: 7,
      source: 'Academy original',
      categories: ['Number Sense'],
      focus: ['Problem Solving'],
      text: 'The ratio of boys to girls in a chess club is $4:7$. The club has $66$ members. How many more girls than boys are in the club?',
      options: ['$6$', '$18$', '$24$', '$33$', '$42$'],
      correct: ['B'],
      solution:
        'The $4 + 7 = 11$ equal parts make $66$ members, so one part is $66 \\div 11 = 6$. There are $4 \\times 6 = 24$ boys and $7 \\times 6 = 42$ girls, so $42 - 24 = 18$ more girls.',
      hint: 'Find how many members make one part of the ratio.',
    },
    {
      grade: 7,
      source: 'Academy original',
      categories: ['Fractions'],
      focus: ['Reasoning'],
      text: 'Which of these fractions is the greatest?',
      options: ['$\\frac{5}{8}$', '$\\frac{3}{5}$', '$\\frac{7}{12}$', '$\\frac{2}{3}$', '$\\frac{9}{16}$'],
      correct: ['D'],
      solution:
        'In $240$ths: $\\frac{5}{8} = \\frac{150}{240}$, $\\frac{3}{5} = \\frac{144}{240}$, $\\frac{7}{12} = \\frac{140}{240}$, $\\frac{2}{3} = \\frac{160}{240}$ and $\\frac{9}{16} = \\frac{135}{240}$, so $\\frac{2}{3}$ is the greatest.',
      hint: 'Rewrite the fractions with a common denominator, or as decimals.',
    },
    {
      grade: 7,
      source: 'Academy original',
      categories: ['Algebra'],
      focus: ['Reasoning'],
      text: 'If $n$ is an even whole number, which of the following must be odd?',
      options: ['$n + 3$', '$n + 2$', '$3n$', '$n^2$', '$\\frac{n}{2}$'],
      correct: ['A'],
      solution:
        'An even number plus an odd number is odd, so $n + 3$ is always odd. $n + 2$, $3n$ and $n^2$ are always even, and $\\frac{n}{2}$ can be even: for $n = 4$ it is $2$.',
      hint: 'Try $n = 4$ in every option.',
    },
    {
      grade: 6,
      source: 'Academy original',
      categories: ['Geometry'],
      focus: ['Computation'],
      text: 'A square has the same perimeter as a rectangle that is $10$ cm long and $6$ cm wide. What is the area of the square, in square centimeters?',
      options: ['$16$', '$32$', '$36$', '$60$', '$64$'],
      correct: ['E'],
      solution:
        "The rectangle's perimeter is $2(10 + 6) = 32$ cm, so each side of the square is $32 \\div 4 = 8$ cm and its area is $8 \\times 8 = 64$ cm$^2$.",
      hint: 'Find the side of the square from the perimeter.',
    },
    {
      grade: 7,
      source: 'Academy original',
      categories: ['Data and Probability'],
      focus: ['Problem Solving'],
      text: 'A whole number from $1$ to $20$ is chosen at random. What is the probability that it is a multiple of $3$ or a multiple of $5$?',
      options: ['$\\frac{1}{5}$', '$\\frac{3}{10}$', '$\\frac{9}{20}$', '$\\frac{1}{2}$', '$\\frac{11}{20}$'],
      correct: ['C'],
      solution:
        'Multiples of $3$: $3, 6, 9, 12, 15, 18$ (six). Multiples of $5$: $5, 10, 15, 20$ (four). $15$ is in both lists, so $6 + 4 - 1 = 9$ numbers qualify and the probability is $\\frac{9}{20}$.',
      hint: 'List both kinds of multiples and do not count a number twice.',
    },
  ],
];

/** The AMC 8-style mock: ten contest questions for grades 7 and 8, each solvable in one to three minutes. */
export const AMC8_STYLE_MOCK: DemoQuestion[] = [
  {
    grade: 7,
    source: 'Academy original',
    categories: ['Number Sense'],
    focus: ['Computation'],
    text: 'What is the value of $1 - 2 + 3 - 4 + 5 - 6 + \\cdots + 99 - 100$?',
    options: ['$-100$', '$-50$', '$-1$', '$0$', '$50$'],
    correct: ['B'],
    solution:
      'Group the terms in pairs: $(1 - 2) + (3 - 4) + \\cdots + (99 - 100)$. There are $50$ pairs and each equals $-1$, so the sum is $-50$.',
    hint: 'Pair each odd number with the even number after it.',
  },
  {
    grade: 7,
    source: 'Academy original',
    categories: ['Number Sense'],
    focus: ['Reasoning'],
    text: 'What is the units digit of $2^{35}$?',
    options: ['$0$', '$2$', '$4$', '$6$', '$8$'],
    correct: ['E'],
    solution:
      'The units digits of $2^1, 2^2, 2^3, 2^4, 2^5, \\dots$ are $2, 4, 8, 6, 2, \\dots$, repeating every $4$. Since $35 = 4 \\times 8 + 3$, $2^{35}$ ends in the same digit as $2^3 = 8$.',
    hint: 'Write out the units digits of the first few powers of $2$ and look for a cycle.',
  },
  {
    grade: 7,
    source: 'Academy original',
    categories: ['Data and Probability'],
    focus: ['Reasoning'],
    text: 'How many three-digit positive integers have digits that add up to $5$?',
    options: ['$10$', '$12$', '$15$', '$20$', '$21$'],
    correct: ['C'],
    solution:
      'Count by the hundreds digit $h$, from $1$ to $5$: the tens and ones digits add up to $5 - h$, which can happen in $6 - h$ ways. The total is $5 + 4 + 3 + 2 + 1 = 15$.',
    hint: 'The hundreds digit cannot be $0$; fix it first and count the rest.',
  },
  {
    grade: 7,
    source: 'Academy original',
    categories: ['Algebra'],
    focus: ['Problem Solving'],
    text: 'The sum of five consecutive odd integers is $125$. What is the smallest of them?',
    options: ['$21$', '$23$', '$25$', '$27$', '$29$'],
    correct: ['A'],
    solution:
      'The middle integer is the average, $125 \\div 5 = 25$. The five integers are $21, 23, 25, 27, 29$ (sum $125$), so the smallest is $21$.',
    hint: 'The middle number of an evenly spaced list is its average.',
  },
  {
    grade: 8,
    source: 'Academy original',
    categories: ['Algebra'],
    focus: ['Reasoning'],
    text: 'If $x + \\frac{1}{x} = 5$, what is the value of $x^2 + \\frac{1}{x^2}$?',
    options: ['$5$', '$10$', '$21$', '$23$', '$25$'],
    correct: ['D'],
    solution:
      'Square both sides: $x^2 + 2 \\cdot x \\cdot \\frac{1}{x} + \\frac{1}{x^2} = 25$, that is $x^2 + 2 + \\frac{1}{x^2} = 25$, so $x^2 + \\frac{1}{x^2} = 23$.',
    hint: 'Square $x + \\frac{1}{x}$ and watch the middle term.',
  },
  {
    grade: 8,
    source: 'Academy original',
    categories: ['Geometry'],
    focus: ['Problem Solving'],
    text: 'A rectangle has area $48$ and perimeter $28$. How long is its diagonal?',
    options: ['$4\\sqrt{3}$', '$8$', '$10$', '$2\\sqrt{37}$', '$14$'],
    correct: ['C'],
    solution:
      'The length and width add up to $28 \\div 2 = 14$ and multiply to $48$, so they are $8$ and $6$. The diagonal is $\\sqrt{8^2 + 6^2} = \\sqrt{100} = 10$.',
    hint: 'Which two numbers add up to $14$ and multiply to $48$?',
  },
  {
    grade: 7,
    source: 'Academy original',
    categories: ['Geometry'],
    focus: ['Reasoning'],
    text: 'What is the measure of the smaller angle between the hour hand and the minute hand of a clock at 3:40?',
    options: ['$120^\\circ$', '$130^\\circ$', '$140^\\circ$', '$150^\\circ$', '$160^\\circ$'],
    correct: ['B'],
    solution:
      'Measured from 12, the minute hand is at $40 \\times 6^\\circ = 240^\\circ$. The hour hand moves $0.5^\\circ$ a minute, so it is at $3 \\times 30^\\circ + 40 \\times 0.5^\\circ = 110^\\circ$. The angle is $240^\\circ - 110^\\circ = 130^\\circ$.',
    hint: 'The hour hand does not stay on the $3$: it moves as the minutes pass.',
  },
  {
    grade: 8,
    source: 'Academy original',
    categories: ['Data and Probability'],
    focus: ['Computation'],
    text: 'Two fair six-sided dice are rolled. What is the probability that the sum is a multiple of $5$?',
    options: ['$\\frac{1}{12}$', '$\\frac{1}{9}$', '$\\frac{1}{6}$', '$\\frac{7}{36}$', '$\\frac{2}{9}$'],
    correct: ['D'],
    solution:
      'Of the $36$ equally likely outcomes, a sum of $5$ comes $4$ ways ($1+4, 2+3, 3+2, 4+1$) and a sum of $10$ comes $3$ ways ($4+6, 5+5, 6+4$); $15$ is too big. The probability is $\\frac{4 + 3}{36} = \\frac{7}{36}$.',
    hint: 'Which multiples of $5$ can two dice add up to?',
  },
  {
    grade: 8,
    source: 'Academy original',
    categories: ['Data and Probability'],
    focus: ['Problem Solving'],
    text: 'A fair coin is tossed $4$ times. What is the probability that at least one head and at least one tail appear?',
    options: ['$\\frac{1}{8}$', '$\\frac{3}{8}$', '$\\frac{1}{2}$', '$\\frac{3}{4}$', '$\\frac{7}{8}$'],
    correct: ['E'],
    solution:
      'There are $2^4 = 16$ equally likely outcomes. Only HHHH and TTTT fail, so the probability is $\\frac{16 - 2}{16} = \\frac{14}{16} = \\frac{7}{8}$.',
    hint: 'Count the outcomes that fail instead.',
  },
  {
    grade: 7,
    source: 'Academy original',
    categories: ['Fractions'],
    focus: ['Computation'],
    text: 'What is the value of $\\left(1 - \\frac{1}{2}\\right)\\left(1 - \\frac{1}{3}\\right)\\left(1 - \\frac{1}{4}\\right)\\cdots\\left(1 - \\frac{1}{10}\\right)$?',
    options: ['$\\frac{1}{10}$', '$\\frac{1}{9}$', '$\\frac{1}{5}$', '$\\frac{1}{2}$', '$\\frac{9}{10}$'],
    correct: ['A'],
    solution:
      'The product is $\\frac{1}{2} \\cdot \\frac{2}{3} \\cdot \\frac{3}{4} \\cdots \\frac{9}{10}$. Each numerator cancels the denominator before it, leaving $\\frac{1}{10}$.',
    hint: 'Write each factor as a single fraction and see what cancels.',
  },
];
