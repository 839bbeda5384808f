/**
 * The admin's analytics over a range of UTC days: three statements whatever the range or the academy's size, each
 * reading a summary kept as answers are stored (student_days, category_days) or an index of its own table
 * (enrollments by creation; migration 0025), never the answers. The days and the test results by week read the
 * sums of closed days kept as they are read (academy_days; days.ts says why they stay right), and student_days and
 * test_attempts (by submission) for the rest: a year is some 366 rows, not a row per student and day and one per
 * sitting. Likewise the categories read the sums of closed months (category_months; categories.ts) and
 * category_days for the range's ends.
 *
 * A program narrows each figure as follows (ANALYTICS_MESSAGES.programMeaning says it to the admin):
 * - days and test results: the students with an active enrollment (now) in an offering of the program;
 * - enrollments: those in an offering of the program;
 * - category accuracy: not at all. category_days are kept per day, grade and category, not per student, and
 *   narrowing them by student would mean reading the answers; the page says so beside the chart.
 */
import { sql, type SQL } from 'drizzle-orm';
import { toCsv } from '../../../common/csv';
import { addDays, mondayOf, resolveRange } from '../../../common/rules/analytics';
import { OFFERING_PROGRAMS, type OfferingProgram } from '../../../common/rules/offerings';
import { accuracyPercent } from '../../../common/rules/progress-charts';
import type {
  AnalyticsCategory,
  AnalyticsDay,
  AnalyticsEnrollmentWeek,
  AnalyticsQuery,
  AnalyticsReply,
  AnalyticsTestWeek,
} from '../../../common/schemas/analytics';
import type { AppContext } from '../../context';
import { rows } from '../../db/prepared';
import { Invalid } from '../../lib/errors';
import { categoryFigure, categorySums } from './categories';
import { daySums, type DaySums } from './days';

interface Range {
  from: string;
  to: string;
  program: OfferingProgram | null;
}

/** The filters with their defaults, or a 400 with the message saying what is wrong. */
export function rangeOf(query: AnalyticsQuery, now: Date): Range {
  const range = resolveRange(query, now.toISOString().slice(0, 10));
  if (!range.ok) throw Invalid(range.message);
  return { from: range.from, to: range.to, program: query.program || null };
}

/** The range as instants: from the first day's midnight (UTC) to the midnight after the last. */
const instants = (range: Range) => ({
  start: sql`${`${range.from}T00:00:00Z`}::timestamptz`,
  end: sql`${`${addDays(range.to, 1)}T00:00:00Z`}::timestamptz`,
});

/** Every day from `from` to `to`, and every Monday of the weeks they touch. */
function daysOf(range: Range): string[] {
  const days: string[] = [];
  for (let day = range.from; day <= range.to; day = addDays(day, 1)) days.push(day);
  return days;
}
function mondaysOf(range: Range): string[] {
  const weeks: string[] = [];
  for (let week = mondayOf(range.from); week <= range.to; week = addDays(week, 7)) weeks.push(week);
  return weeks;
}

function dayFigures(range: Range, found: DaySums[]): AnalyticsDay[] {
  const byDay = new Map(found.map((r) => [r.day, r]));
  return daysOf(range).map((date) => {
    const r = byDay.get(date);
    return {
      date,
      activeStudents: r?.active_students ?? 0,
      checks: r?.checks ?? 0,
      firstTries: r?.first_tries ?? 0,
      firstTryAccuracy: r ? accuracyPercent(r.first_tries, r.first_tries_right) : null,
    };
  });
}

async function categoryFigures(ctx: AppContext, range: Range): Promise<AnalyticsCategory[]> {
  return (await categorySums(ctx.db, range, ctx.now())).map(categoryFigure);
}

async function enrollmentFigures(ctx: AppContext, range: Range): Promise<AnalyticsEnrollmentWeek[]> {
  const { start, end } = instants(range);
  const narrowed: SQL = range.program
    ? sql`and a_e.offering_id in (select a_o.id from offerings a_o where a_o.program = ${range.program})`
    : sql``;
  const found = await rows<{ week_start: string; status: string; n: number }>(
    ctx.db,
    // The week written as text once per week and status, not once per enrollment (half the time over a year).
    sql`select to_char(a_w.week, 'YYYY-MM-DD') as week_start, a_w.status, a_w.n
      from (select date_trunc('week', a_e.created_at at time zone 'UTC') as week, a_e.status, count(*)::int as n
        from enrollments a_e
        where a_e.created_at >= ${start} and a_e.created_at < ${end} ${narrowed}
        group by 1, a_e.status) a_w`,
  );
  const weeks = new Map<string, AnalyticsEnrollmentWeek>(
    mondaysOf(range).map((weekStart) => [
      weekStart,
      { weekStart, enrollments: 0, pending: 0, active: 0, cancelled: 0, refunded: 0 },
    ]),
  );
  for (const r of found) {
    const week = weeks.get(r.week_start);
    if (!week) continue;
    week.enrollments += r.n;
    if (r.status === 'pending' || r.status === 'active' || r.status === 'cancelled' || r.status === 'refunded')
      week[r.status] += r.n;
  }
  return [...weeks.values()];
}

/** The scored sittings of each week the range touches (its days only), and their average score in percent. */
function testFigures(range: Range, found: DaySums[]): AnalyticsTestWeek[] {
  const weeks = new Map(mondaysOf(range).map((weekStart) => [weekStart, { sittings: 0, percentSum: 0 }]));
  for (const r of found) {
    const week = weeks.get(mondayOf(r.day));
    if (!week || r.day < range.from || r.day > range.to) continue;
    week.sittings += r.sittings;
    week.percentSum += Number(r.score_percent_sum);
  }
  return [...weeks].map(([weekStart, w]) => ({
    weekStart,
    sittings: w.sittings,
    averagePercent: w.sittings > 0 ? Math.round((w.percentSum / w.sittings) * 10) / 10 : null,
  }));
}

/** The analytics of a range and program. */
export async function readAnalytics(ctx: AppContext, query: AnalyticsQuery): Promise<AnalyticsReply> {
  const range = rangeOf(query, ctx.now());
  // The checks are counted into the day tables as they are written, behind the answers: count the last ones in.
  await ctx.attempts.flush();
  const [found, categories, enrollments] = await Promise.all([
    daySums(ctx.db, range, ctx.now()),
    categoryFigures(ctx, range),
    enrollmentFigures(ctx, range),
  ]);
  const [days, tests] = [dayFigures(range, found), testFigures(range, found)];
  return { from: range.from, to: range.to, program: range.program, days, categories, enrollments, tests };
}

export const CSV_COLUMNS = [
  'Figure',
  'Date',
  'Program',
  'Category',
  'Grade',
  'Active students',
  'Checks',
  'First tries',
  'First-try accuracy %',
  'Correct',
  'Accuracy %',
  'Enrollments',
  'Pending',
  'Active',
  'Cancelled',
  'Refunded',
  'Test sittings',
  'Average test score %',
] as const;
type CsvRow = Record<(typeof CSV_COLUMNS)[number], string | number>;

/**
 * The analytics as one CSV: a row per day, then per category and grade, then per week of enrollments and of test
 * results, the first column naming which; a figure's row leaves the other figures' columns empty. Dates are the
 * day or the week's Monday (UTC).
 */
export function analyticsCsv(reply: AnalyticsReply): string {
  const program = reply.program ? OFFERING_PROGRAMS[reply.program] : 'All programs';
  const blank = Object.fromEntries(CSV_COLUMNS.map((c) => [c, ''])) as CsvRow;
  const pct = (value: number | null) => (value === null ? '' : value);
  const out: CsvRow[] = [
    ...reply.days.map((d) => ({
      ...blank,
      Figure: 'Day',
      Date: d.date,
      Program: program,
      'Active students': d.activeStudents,
      Checks: d.checks,
      'First tries': d.firstTries,
      'First-try accuracy %': pct(d.firstTryAccuracy),
    })),
    ...reply.categories.map((c) => ({
      ...blank,
      Figure: 'Category and grade',
      Date: `${reply.from} to ${reply.to}`,
      Program: 'All programs',
      Category: c.category,
      Grade: c.grade,
      Checks: c.checks,
      Correct: c.correct,
      'Accuracy %': c.accuracy,
    })),
    ...reply.enrollments.map((w) => ({
      ...blank,
      Figure: 'Enrollments week',
      Date: w.weekStart,
      Program: program,
      Enrollments: w.enrollments,
      Pending: w.pending,
      Active: w.active,
      Cancelled: w.cancelled,
      Refunded: w.refunded,
    })),
    ...reply.tests.map((w) => ({
      ...blank,
      Figure: 'Test results week',
      Date: w.weekStart,
      Program: program,
      'Test sittings': w.sittings,
      'Average test score %': pct(w.averagePercent),
    })),
  ];
  return toCsv(out, CSV_COLUMNS);
}
