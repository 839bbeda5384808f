/**
 * The demo academy's two short mock tests: an SSAT-style mock of two timed sections with a break, scored as the SSAT
 * Middle Level is (a quarter point off a wrong answer), and an AMC-8-style mock scored one point a right answer.
 * Each has a profile of its own (the real exams are longer; these keep the exams' scoring and pace), and the SSAT
 * style one a table of the academy's own from which its reports give an estimated scaled score.
 */
import { eq, inArray } from 'drizzle-orm';
import type { ScaledRow } from '../../../common/rules/exams';
import type { Db } from '../client';
import { examProfiles, examScoreTables, testQuestions, tests, users } from '../schema';
import type { UploadStore } from '../../lib/storage';
import { AMC8_STYLE_MOCK, SSAT_STYLE_MOCK } from './mock-questions';
import { ensureTags, insertDemoQuestion, type DemoQuestion } from './questions';

export const SSAT_MOCK_CODE = 'TEST-QTMCK6';
export const AMC8_MOCK_CODE = 'TEST-AMC7K3';
const DEMO_TEACHER = 'teacher@demo.academy';

const SSAT_SHORT = {
  name: 'SSAT Middle Level (short practice)',
  description:
    'Two quantitative sections of 5 questions at the SSAT pace (6 minutes each) with a 5-minute break; scored as the SSAT Middle Level: 1 point right, a quarter point off wrong, 0 blank.',
  rulesAsOf: '2024-25',
  source: 'docs/EXAMS.md (SSAT Middle Level)',
  right: 1,
  wrong: -0.25,
  blank: 0,
  sections: [
    { name: 'Quantitative 1', questions: 5, minutes: 6, right: null },
    { name: 'Quantitative 2', questions: 5, minutes: 6, right: null },
  ],
  breakMinutes: 5,
  answerSheet: 'bubbles' as const,
};

const AMC8_SHORT = {
  name: 'AMC 8 (short practice)',
  description: '10 questions in 16 minutes, the AMC 8 pace; 1 point for each right answer, nothing off.',
  rulesAsOf: '2024',
  source: 'docs/EXAMS.md (AMC 8)',
  right: 1,
  wrong: 0,
  blank: 0,
  sections: [{ name: 'AMC 8 practice', questions: 10, minutes: 16, right: null }],
  breakMinutes: 0,
  answerSheet: 'bubbles' as const,
};

/**
 * The academy's own table for the short SSAT-style mock: a raw score of 10 questions to a range on the Middle Level's
 * scale (440-710), made up for the demo. No percentiles: the academy has none to give.
 */
const SSAT_SHORT_TABLE: ScaledRow[] = [
  { raw: -2.5, low: 440, high: 440, percentile: null },
  { raw: 0, low: 450, high: 480, percentile: null },
  { raw: 2, low: 490, high: 520, percentile: null },
  { raw: 4, low: 530, high: 560, percentile: null },
  { raw: 6, low: 570, high: 610, percentile: null },
  { raw: 8, low: 620, high: 660, percentile: null },
  { raw: 9, low: 670, high: 690, percentile: null },
  { raw: 10, low: 710, high: 710, percentile: null },
];

/** Seeds the two mocks once (found by their codes), each with its profile and questions. Returns whether it seeded. */
export async function seedDemoMocks(db: Db, store: UploadStore): Promise<boolean> {
  const [existing] = await db
    .select({ id: tests.id })
    .from(tests)
    .where(inArray(tests.code, [SSAT_MOCK_CODE, AMC8_MOCK_CODE]))
    .limit(1);
  if (existing) return false;
  const [teacher] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_TEACHER));
  if (!teacher) return false;
  const tags = await ensureTags(db);
  const mocks = [
    {
      profile: SSAT_SHORT,
      code: SSAT_MOCK_CODE,
      title: 'SSAT-style mock 1',
      description: 'Two quantitative sections of 5 questions with a break, scored like the SSAT Middle Level.',
      instructions:
        'Each section has its own clock. Fill in one bubble per question, or choose Leave blank: a wrong answer costs a quarter point, a blank costs nothing.',
      questions: SSAT_STYLE_MOCK.flat(),
      table: SSAT_SHORT_TABLE,
    },
    {
      profile: AMC8_SHORT,
      code: AMC8_MOCK_CODE,
      title: 'AMC 8-style mock 1',
      description: '10 contest questions in 16 minutes, scored like the AMC 8.',
      instructions: 'One point for each right answer; nothing is taken off for a wrong one.',
      questions: AMC8_STYLE_MOCK,
      table: null,
    },
  ];
  for (const mock of mocks) {
    const ids: string[] = [];
    for (const question of mock.questions as DemoQuestion[])
      ids.push(await insertDemoQuestion(db, question, tags, store));
    await db.transaction(async (tx) => {
      const [profile] = await tx.insert(examProfiles).values(mock.profile).returning({ id: examProfiles.id });
      if (mock.table)
        await tx
          .insert(examScoreTables)
          .values({ profileId: profile.id, source: "The academy's own table (demo)", rows: mock.table });
      const [test] = await tx
        .insert(tests)
        .values({
          title: mock.title,
          type: 'assessment',
          code: mock.code,
          description: mock.description,
          instructions: mock.instructions,
          timeLimit: mock.profile.sections.reduce((sum, s) => sum + s.minutes, 0),
          examProfileId: profile.id,
          createdBy: teacher.id,
        })
        .returning({ id: tests.id });
      await tx
        .insert(testQuestions)
        .values(ids.map((questionId, i) => ({ testId: test.id, position: i + 1, questionId, marks: 1 })));
    });
  }
  return true;
}
