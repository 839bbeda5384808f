/**
 * The demo bank's questions with random numbers: each student gets their own numbers. Seeded once, after the bank;
 * a later start finds the first of them and leaves them alone.
 */
import { eq } from 'drizzle-orm';
import type { UploadStore } from '../../lib/storage';
import type { Db } from '../client';
import { questions } from '../schema';
import { ensureTags, insertDemoQuestion, type DemoQuestion } from './questions';

const range = (name: string, min: number, max: number, step = 1) => ({
  name,
  kind: 'range' as const,
  min: String(min),
  max: String(max),
  step: String(step),
});
const computed = (name: string, expression: string) => ({ name, kind: 'computed' as const, expression });

export const DEMO_TEMPLATES: DemoQuestion[] = [
  {
    grade: 5,
    source: 'Academy practice',
    categories: ['Fractions'],
    focus: ['Computation'],
    text: 'Add $\\frac{a}{b}$ and $\\frac{c}{b}$. Write the sum in simplest form: ___1___',
    blanks: [['{r}']],
    answerForms: [[{ kind: 'simplest' }]],
    solution:
      'The denominators match, so add the numerators: $\\frac{{a} + {c}}{b} = \\frac{s}{b}$, which is ${r}$ in simplest form.',
    hint: 'Keep the denominator {b} and add the numerators.',
    template: {
      variables: [
        range('b', 5, 12),
        range('a', 1, 11),
        range('c', 1, 11),
        computed('s', 'a + c'),
        computed('r', 's / b'),
      ],
      constraints: ['a < b', 'c < b', 'a != c', 's < b', 'gcd(a, b) = 1', 'gcd(c, b) = 1'],
      seeds: null,
    },
  },
  {
    grade: 7,
    source: 'Academy practice',
    categories: ['Algebra'],
    focus: ['Computation'],
    text: 'Solve for $x$: $x {+b} = {c}$',
    options: ['$x = {x}$', '$x = {w1}$', '$x = {w2}$', '$x = {w3}$'],
    correct: ['A'],
    solution: 'Subtract {b} from both sides: $x = {c} - ({b}) = {x}$.',
    hint: 'Do the same to both sides to get $x$ alone.',
    template: {
      variables: [
        range('x', -12, 12),
        range('b', -15, 15),
        computed('c', 'x + b'),
        computed('w1', 'c + b'),
        computed('w2', '-x'),
        computed('w3', 'x + 1'),
      ],
      constraints: ['b != 0', 'x != 0', 'w1 != x', 'w2 != x', 'w1 != w2', 'w1 != w3', 'w2 != w3'],
      seeds: null,
    },
  },
  {
    grade: 4,
    source: 'Academy practice',
    categories: ['Number Sense'],
    focus: ['Problem Solving'],
    text: '{who} packs {n} boxes with {k} apples in each box. How many apples is that? ___1___',
    blanks: [['{t}']],
    solution: '{n} boxes of {k} apples: ${n} \\times {k} = {t}$ apples.',
    hint: 'Multiply the number of boxes by the apples in each box.',
    template: {
      variables: [
        { name: 'who', kind: 'choice', values: ['Ana', 'Ben', 'Chloe', 'Dev', 'Emma', 'Farid'] },
        range('n', 3, 12),
        range('k', 6, 24),
        computed('t', 'n * k'),
      ],
      constraints: ['n != k'],
      seeds: null,
    },
  },
];

/** Seeds the questions with random numbers once; returns how many were added. */
export async function seedDemoTemplates(db: Db, store: UploadStore): Promise<number> {
  const tags = await ensureTags(db);
  const [existing] = await db
    .select({ id: questions.id })
    .from(questions)
    .where(eq(questions.questionText, `<p>${DEMO_TEMPLATES[0].text}</p>`))
    .limit(1);
  if (existing) return 0;
  for (const q of DEMO_TEMPLATES) await insertDemoQuestion(db, q, tags, store);
  return DEMO_TEMPLATES.length;
}
