/**
 * The demo test: a saved test of fractions and a matrix, assigned by the demo teacher to the demo student, sat,
 * submitted and released, so every screen that shows answers, keys and options (the student's review, the printed
 * paper and key, the teacher's results, the parent's report) has math to show from the first start.
 */
import { eq, inArray } from 'drizzle-orm';
import { answerCredit } from '../../../common/answers';
import { encodeBlanks, encodeChoices } from '../../../common/answers/wire';
import type { Db } from '../client';
import { questions, testAssignments, testAttemptAnswers, testAttempts, testQuestions, tests, users } from '../schema';
import type { UploadStore } from '../../lib/storage';
import { ensureTags, insertDemoQuestion, type DemoQuestion } from './questions';

export const DEMO_TEST_CODE = 'TEST-DEMQ47';
const DEMO_STUDENT = 'student@demo.academy';
const DEMO_TEACHER = 'teacher@demo.academy';

/** Each question of the demo test with what the demo student answered (wire form, as the sitting page sends it). */
export const DEMO_TEST_QUESTIONS: Array<{ question: DemoQuestion; answer: string; marks: number }> = [
  {
    question: {
      grade: 5,
      source: 'Academy original',
      categories: ['Fractions'],
      focus: ['Reasoning'],
      text: 'Which fractions are equal to $\\frac{1}{2}$? Choose all that apply.',
      options: ['$\\frac{2}{4}$', '$\\frac{3}{5}$', '$\\frac{4}{8}$', '$\\frac{5}{12}$'],
      correct: ['A', 'C'],
      solution: '$\\frac{2}{4}$ and $\\frac{4}{8}$: in each the numerator is half the denominator.',
      hint: 'Is the top half of the bottom?',
    },
    answer: encodeChoices(['A', 'C']),
    marks: 2,
  },
  {
    question: {
      grade: 5,
      source: 'Academy original',
      categories: ['Fractions'],
      focus: ['Computation'],
      text: 'What is $\\frac{2}{3} + \\frac{1}{4}$?',
      options: ['$\\frac{3}{7}$', '$\\frac{11}{12}$', '$\\frac{3}{12}$', '$\\frac{5}{6}$'],
      correct: ['B'],
      solution: 'Twelfths: $\\frac{8}{12} + \\frac{3}{12} = \\frac{11}{12}$.',
      hint: 'Rewrite both fractions in twelfths.',
    },
    answer: encodeChoices(['A']),
    marks: 1,
  },
  {
    question: {
      grade: 5,
      source: 'Academy original',
      categories: ['Fractions'],
      focus: ['Computation'],
      text: 'Add the fractions: $\\frac{3}{8} + \\frac{3}{8} =$ ___1___, then $2 + 5 =$ ___2___',
      blanks: [['3/4', '0.75'], ['7']],
      solution: '$\\frac{3}{8} + \\frac{3}{8} = \\frac{6}{8} = \\frac{3}{4}$, and $2 + 5 = 7$.',
      hint: 'Add the eighths, then simplify.',
    },
    answer: encodeBlanks(['0.75', '7']),
    marks: 2,
  },
  {
    question: {
      grade: 5,
      source: 'Academy original',
      categories: ['Fractions'],
      focus: ['Reasoning'],
      text: 'Write $\\frac{10}{3}$ as a mixed number: ___1___',
      blanks: [['3\\frac{1}{3}', '3 1/3']],
      solution: '$10 \\div 3 = 3$ remainder $1$, so $\\frac{10}{3} = 3\\frac{1}{3}$.',
      hint: 'How many whole threes fit in ten?',
    },
    answer: encodeBlanks(['3\\,\\frac13']),
    marks: 1,
  },
  {
    question: {
      grade: 5,
      source: 'Academy original',
      categories: ['Fractions'],
      focus: ['Reasoning'],
      text: 'Write $\\frac{19}{4}$ as a mixed number: ___1___',
      blanks: [['4\\frac{3}{4}', '4 3/4']],
      solution: '$19 \\div 4 = 4$ remainder $3$, so $\\frac{19}{4} = 4\\frac{3}{4}$.',
      hint: 'How many whole fours fit in nineteen?',
    },
    answer: encodeBlanks(['4\\frac{1}{4}']),
    marks: 1,
  },
  {
    question: {
      grade: 8,
      source: 'Academy original',
      categories: ['Algebra'],
      focus: ['Reasoning'],
      text: 'Write the $2 \\times 2$ identity matrix: ___1___',
      blanks: [['\\begin{bmatrix}1&0\\\\0&1\\end{bmatrix}']],
      solution:
        'The identity matrix has $1$ on the diagonal and $0$ elsewhere: $\\begin{bmatrix}1&0\\\\0&1\\end{bmatrix}$.',
      hint: 'Ones on the diagonal.',
    },
    answer: encodeBlanks(['\\begin{bmatrix}1&0\\\\0&1\\end{bmatrix}']),
    marks: 1,
  },
];

/**
 * Seeds the demo test once (found by its code), with its questions, the demo student's assignment and a sitting
 * submitted 20 minutes after it started and released, scored by the one answer checker. Returns whether it seeded.
 */
export async function seedDemoTest(db: Db, store: UploadStore): Promise<boolean> {
  const [existing] = await db.select({ id: tests.id }).from(tests).where(eq(tests.code, DEMO_TEST_CODE)).limit(1);
  if (existing) return false;
  const [student] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_STUDENT));
  const [teacher] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_TEACHER));
  if (!student || !teacher) return false;
  const tags = await ensureTags(db);
  const ids: string[] = [];
  for (const { question } of DEMO_TEST_QUESTIONS) ids.push(await insertDemoQuestion(db, question, tags, store));
  const keys = new Map(
    (
      await db
        .select({ id: questions.id, type: questions.type, answer: questions.answer, options: questions.options })
        .from(questions)
        .where(inArray(questions.id, ids))
    ).map((q) => [q.id, q]),
  );
  const startedAt = new Date(Date.now() - 2 * 24 * 3600_000);
  const submittedAt = new Date(startedAt.getTime() + 20 * 60_000);
  await db.transaction(async (tx) => {
    const [test] = await tx
      .insert(tests)
      .values({
        title: 'Fractions Check-up',
        code: DEMO_TEST_CODE,
        description: 'Fractions ($\\frac{1}{2}$, $\\frac{3}{4}$ and mixed numbers) and one matrix ($2\\times 2$).',
        instructions: 'Write a fraction as $\\frac{3}{4}$ or 3/4, and a mixed number as $3\\frac{1}{3}$ or 3 1/3.',
        timeLimit: 30,
        createdBy: teacher.id,
      })
      .returning({ id: tests.id });
    await tx
      .insert(testQuestions)
      .values(
        DEMO_TEST_QUESTIONS.map((q, i) => ({ testId: test.id, position: i + 1, questionId: ids[i], marks: q.marks })),
      );
    const [assignment] = await tx
      .insert(testAssignments)
      .values({
        testId: test.id,
        studentId: student.id,
        assignedBy: teacher.id,
        release: 'manual',
        releasedAt: submittedAt,
      })
      .returning({ id: testAssignments.id });
    const awarded = DEMO_TEST_QUESTIONS.map((q, i) => answerCredit(keys.get(ids[i])!, q.answer) * q.marks);
    const [attempt] = await tx
      .insert(testAttempts)
      .values({
        assignmentId: assignment.id,
        studentId: student.id,
        paper: DEMO_TEST_QUESTIONS.map((q, i) => ({ questionId: ids[i], marks: q.marks })),
        startedAt,
        deadline: new Date(startedAt.getTime() + 30 * 60_000),
        submittedAt,
        submittedBy: 'student',
        score: awarded.reduce((sum, n) => sum + n, 0),
        maxMarks: DEMO_TEST_QUESTIONS.reduce((sum, q) => sum + q.marks, 0),
      })
      .returning({ id: testAttempts.id });
    await tx.insert(testAttemptAnswers).values(
      DEMO_TEST_QUESTIONS.map((q, i) => ({
        attemptId: attempt.id,
        questionId: ids[i],
        answer: q.answer,
        savedAt: submittedAt,
        awarded: awarded[i],
      })),
    );
  });
  return true;
}
