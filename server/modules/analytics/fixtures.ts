/**
 * What the analytics' tests build: enrollments straight into the table, and the figures per day, per category and
 * per week of test results summed straight from student_days, category_days and test_attempts, as the route read them
 * before closed days and months were kept (academy_days, category_months), to compare the route's answers with.
 */
import { sql } from 'drizzle-orm';
import { addDays, mondayOf } from '../../../common/rules/analytics';
import type { OfferingProgram } from '../../../common/rules/offerings';
import { accuracyPercent } from '../../../common/rules/progress-charts';
import type { AnalyticsCategory, AnalyticsDay, AnalyticsTestWeek } from '../../../common/schemas/analytics';
import type { Db } from '../../db/client';
import { rows } from '../../db/prepared';
import { enrollments } from '../../db/schema';
import { categoryFigure, type CategorySums } from './categories';
import { programStudents, type DaySums } from './days';

export function enroll(
  db: Db,
  studentId: string,
  offering: { id: string; title: string },
  status: 'pending' | 'active' | 'cancelled' | 'refunded',
  createdAt = new Date('2026-01-01T09:00:00Z'),
) {
  return db.insert(enrollments).values({
    offeringId: offering.id,
    offeringTitle: offering.title,
    studentId,
    status,
    method: 'academy',
    amountMinor: 0,
    currency: 'USD',
    searchText: offering.title,
    createdAt,
  });
}

/** The figures of each day from `from` to `to`, summed from every student_days row of the range. */
export async function directDays(
  db: Db,
  range: { from: string; to: string; program?: OfferingProgram },
): Promise<AnalyticsDay[]> {
  const narrowed = range.program ? sql`and x_d.student_id in (${programStudents(range.program)})` : sql``;
  const found = await rows<DaySums>(
    db,
    sql`select to_char(x_d.day, 'YYYY-MM-DD') as day, count(*) filter (where x_d.checks > 0)::int as active_students,
        sum(x_d.checks)::int as checks, sum(x_d.first_tries)::int as first_tries,
        sum(x_d.first_tries_right)::int as first_tries_right
      from student_days x_d
      where x_d.day >= ${range.from}::date and x_d.day <= ${range.to}::date ${narrowed}
      group by x_d.day`,
  );
  const byDay = new Map(found.map((r) => [r.day, r]));
  const days: AnalyticsDay[] = [];
  for (let date = range.from; date <= range.to; date = addDays(date, 1)) {
    const r = byDay.get(date);
    days.push({
      date,
      activeStudents: r?.active_students ?? 0,
      checks: r?.checks ?? 0,
      firstTries: r?.first_tries ?? 0,
      firstTryAccuracy: r ? accuracyPercent(r.first_tries, r.first_tries_right) : null,
    });
  }
  return days;
}

/** Checks and right ones per category and grade from `from` to `to`, summed from every category_days row. */
export async function directCategories(db: Db, range: { from: string; to: string }): Promise<AnalyticsCategory[]> {
  const found = await rows<CategorySums>(
    db,
    sql`select x_cd.category_id, x_c.name, x_cd.grade, sum(x_cd.checks)::int as checks, sum(x_cd.correct)::int as correct
      from category_days x_cd
      join categories x_c on x_c.id = x_cd.category_id
      where x_cd.day >= ${range.from}::date and x_cd.day <= ${range.to}::date
      group by x_cd.category_id, x_c.name, x_cd.grade
      having sum(x_cd.checks) > 0
      order by lower(x_c.name), x_c.name, x_cd.grade`,
  );
  return found.map(categoryFigure);
}

/** The scored sittings of each week from `from` to `to` and their average score, straight from test_attempts. */
export async function directTests(
  db: Db,
  range: { from: string; to: string; program?: OfferingProgram },
): Promise<AnalyticsTestWeek[]> {
  const narrowed = range.program ? sql`and x_t.student_id in (${programStudents(range.program)})` : sql``;
  const found = await rows<{ week_start: string; sittings: number; average_percent: number | string }>(
    db,
    sql`select to_char(date_trunc('week', x_t.submitted_at at time zone 'UTC'), 'YYYY-MM-DD') as week_start,
        count(*)::int as sittings, avg(x_t.score * 100.0 / x_t.max_marks)::float8 as average_percent
      from test_attempts x_t
      where x_t.submitted_at >= ${`${range.from}T00:00:00Z`}::timestamptz
        and x_t.submitted_at < ${`${addDays(range.to, 1)}T00:00:00Z`}::timestamptz
        and x_t.score is not null and x_t.max_marks > 0 ${narrowed}
      group by 1`,
  );
  const byWeek = new Map(found.map((r) => [r.week_start, r]));
  const weeks: AnalyticsTestWeek[] = [];
  for (let week = mondayOf(range.from); week <= range.to; week = addDays(week, 7)) {
    const r = byWeek.get(week);
    weeks.push({
      weekStart: week,
      sittings: r?.sittings ?? 0,
      averagePercent: r ? Math.round(Number(r.average_percent) * 10) / 10 : null,
    });
  }
  return weeks;
}
