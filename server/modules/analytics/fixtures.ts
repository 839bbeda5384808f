/**
 * What the analytics' tests build: enrollments straight into the table, and the figures per day summed straight
 * from student_days, as the route read them before the closed days were kept (academy_days), to compare the
 * route's answers with.
 */
import { sql } from 'drizzle-orm';
import { addDays } from '../../../common/rules/analytics';
import type { OfferingProgram } from '../../../common/rules/offerings';
import { accuracyPercent } from '../../../common/rules/progress-charts';
import type { AnalyticsDay } from '../../../common/schemas/analytics';
import type { Db } from '../../db/client';
import { rows } from '../../db/prepared';
import { enrollments } from '../../db/schema';
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
