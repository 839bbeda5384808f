import { inArray } from 'drizzle-orm';
import type { OfferingCurrency, OfferingLevel, OfferingProgram } from '../../../common/rules/offerings';
import type { Db } from '../client';
import { courses, offeringContents, offerings, tests } from '../schema';
import { DEMO_TEST_CODE } from './tests';
import { AMC8_MOCK_CODE, SSAT_MOCK_CODE } from './mocks';

interface DemoOffering {
  slug: string;
  title: string;
  program: OfferingProgram;
  gradeBand: string;
  level: OfferingLevel;
  summary: string;
  description: string;
  units: number;
  mockTests: number;
  sessions: number;
  duration: string;
  priceMinor: number | null;
  currency: OfferingCurrency;
  /** Demo course codes and saved-test codes it grants. */
  courses: string[];
  tests: string[];
}

/** The public catalogue of the demo academy: the six programs of the landing page and the elementary package. */
export const DEMO_OFFERINGS: DemoOffering[] = [
  {
    slug: 'ssat-prep',
    title: 'SSAT Prep',
    program: 'ssat',
    gradeBand: 'Grades 3-8',
    level: 'Middle School',
    summary: 'Quantitative sections, timed practice and full mock tests for the SSAT.',
    description:
      '<p>Every quantitative topic of the SSAT, from fractions such as $\\frac{3}{4} + \\frac{1}{8}$ to word problems, with timed practice and full mock tests.</p>',
    units: 8,
    mockTests: 8,
    sessions: 32,
    duration: '16 weeks',
    priceMinor: 49900,
    currency: 'USD',
    courses: ['SSAT-ELEM'],
    tests: [DEMO_TEST_CODE],
  },
  {
    slug: 'map-test-prep',
    title: 'MAP Test Prep',
    program: 'map',
    gradeBand: 'Grades 2-8',
    level: 'Elementary',
    summary: 'Targeted practice on every NWEA MAP math goal area.',
    description:
      '<p>Targeted practice on every NWEA MAP goal area: ratios such as $3:4$, unit rates, area and volume ($V = l \\times w \\times h$), with adaptive-test pacing.</p>',
    units: 6,
    mockTests: 4,
    sessions: 24,
    duration: '12 weeks',
    priceMinor: 39900,
    currency: 'USD',
    courses: ['MAP-G5'],
    tests: [],
  },
  {
    slug: 'amc-8-prep',
    title: 'AMC 8 Prep',
    program: 'amc8',
    gradeBand: 'Grades 5-8',
    level: 'Middle School',
    summary: 'Problem-solving strategies and past-paper reviews for the AMC 8.',
    description:
      '<p>Counting, number theory and geometry for the AMC 8, from divisibility to the Pythagorean theorem $a^2 + b^2 = c^2$, with reviews of past papers.</p>',
    units: 9,
    mockTests: 6,
    sessions: 36,
    duration: '18 weeks',
    priceMinor: 59900,
    currency: 'USD',
    courses: ['AMC8-FOUND'],
    tests: [],
  },
  {
    slug: 'mathcounts',
    title: 'MATHCOUNTS',
    program: 'mathcounts',
    gradeBand: 'Grades 6-8',
    level: 'Middle School',
    summary: 'Sprint, Target and Team round practice with coaching on speed.',
    description:
      '<p>Sprint, Target and Team rounds: mental math such as $25 \\times 48 = 1200$, quick estimates and teamwork under time.</p>',
    units: 8,
    mockTests: 5,
    sessions: 30,
    duration: '15 weeks',
    priceMinor: 54900,
    currency: 'USD',
    courses: ['AMC8-FOUND'],
    tests: [],
  },
  {
    slug: 'math-competitions',
    title: 'Math Competitions',
    program: 'competitions',
    gradeBand: 'Grades 3-12',
    level: 'All levels',
    summary: 'CEMC, CMS and Caribou contests: strategies and mock contests.',
    description:
      '<p>Strategies for the CEMC, CMS and Caribou contests, and mock contests in their format: logic, patterns and sums such as $1 + 2 + \\dots + n = \\frac{n(n+1)}{2}$.</p>',
    units: 7,
    mockTests: 6,
    sessions: 28,
    duration: '14 weeks',
    priceMinor: 44900,
    currency: 'USD',
    courses: ['AMC8-FOUND'],
    tests: [],
  },
  {
    slug: 'elementary-math',
    title: 'Elementary Math',
    program: 'elementary',
    gradeBand: 'Grades K-5',
    level: 'Elementary',
    summary: 'Number sense, fractions and problem solving built on visual models.',
    description:
      '<p>Number sense, place value and fractions ($\\frac{1}{2} = \\frac{2}{4}$) built on visual models, then word problems.</p>',
    units: 10,
    mockTests: 0,
    sessions: 40,
    duration: '20 weeks',
    priceMinor: 29900,
    currency: 'USD',
    courses: ['SSAT-ELEM', 'MAP-G5'],
    tests: [],
  },
  {
    slug: 'elementary-standardized-test-prep',
    title: 'Elementary Standardized Test Prep',
    program: 'elementary',
    gradeBand: 'Grades 3-4',
    level: 'Elementary',
    summary: 'SSAT and MAP preparation for grades 3 and 4, with a package of full-length mock tests.',
    description:
      '<p>SSAT and MAP preparation for grades 3 and 4: number sense, fractions ($\\frac{3}{4}$ of 12 is 9), geometry and test strategy, with eight full-length mock tests per grade, each with a score report and worked solutions.</p>',
    units: 4,
    mockTests: 16,
    sessions: 20,
    duration: '10 weeks',
    priceMinor: 39900,
    currency: 'USD',
    courses: ['SSAT-ELEM', 'MAP-G5'],
    tests: [DEMO_TEST_CODE],
  },
  {
    slug: 'mock-test-package',
    title: 'Mock Test Additional Package',
    program: 'ssat',
    gradeBand: 'Grades 5-8',
    level: 'Middle School',
    summary: 'Timed mock tests in the form of the SSAT and the AMC 8, each with a score report.',
    description:
      "<p>Mock tests that score and feel like the real exams: sections with their own clocks and a break, an answer sheet with <em>Leave blank</em>, the SSAT's $-\\frac{1}{4}$ for a wrong answer or the AMC 8's $+1$ for each right one. Each comes with a score report: raw score, an estimated scaled score where the academy has a table, the skills to work on, and time per question against the exam's pace.</p>",
    units: 0,
    mockTests: 2,
    sessions: 0,
    duration: 'Self-paced',
    priceMinor: 29900,
    currency: 'USD',
    courses: [],
    tests: [SSAT_MOCK_CODE, AMC8_MOCK_CODE],
  },
];

/**
 * The demo catalogue, published, once: only into an empty catalogue, so an admin's edits, drafts and deletions
 * survive restarts. After the courses and the demo test, which it grants.
 */
export async function seedDemoOfferings(db: Db): Promise<boolean> {
  const [any] = await db.select({ id: offerings.id }).from(offerings).limit(1);
  if (any) return false;
  const courseIds = new Map(
    (
      await db
        .select({ id: courses.id, code: courses.code })
        .from(courses)
        .where(inArray(courses.code, [...new Set(DEMO_OFFERINGS.flatMap((o) => o.courses))]))
    ).map((c) => [c.code, c.id]),
  );
  const testIds = new Map(
    (
      await db
        .select({ id: tests.id, code: tests.code })
        .from(tests)
        .where(inArray(tests.code, [...new Set(DEMO_OFFERINGS.flatMap((o) => o.tests))]))
    ).map((t) => [t.code!, t.id]),
  );
  await db.transaction(async (tx) => {
    for (const [position, o] of DEMO_OFFERINGS.entries()) {
      const { courses: courseCodes, tests: testCodes, ...columns } = o;
      const [row] = await tx
        .insert(offerings)
        .values({ ...columns, published: true, position })
        .returning({ id: offerings.id });
      const links = [
        ...courseCodes.flatMap((code) =>
          courseIds.has(code) ? [{ courseId: courseIds.get(code)!, testId: null }] : [],
        ),
        ...testCodes.flatMap((code) => (testIds.has(code) ? [{ courseId: null, testId: testIds.get(code)! }] : [])),
      ];
      if (links.length)
        await tx.insert(offeringContents).values(links.map((l, i) => ({ ...l, offeringId: row.id, position: i })));
    }
  });
  return true;
}
