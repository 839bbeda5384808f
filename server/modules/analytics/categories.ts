/**
 * The analytics' accuracy by category and grade: the category_days of the range summed per category and grade.
 *
 * A year is a row per day, grade and category (175,000 for 40 categories over 12 grades). The sums of each closed
 * month are kept in category_months, filled here as the analytics read, so a year is a dozen months' rows and the
 * days at the range's ends, summed from category_days. A closed month's category_days no longer change: the checks
 * reach only open days (see days.ts), rebuildDays empties category_months with them under its lock, and a deleted
 * category's months go with it. Reading, summing and storing are one statement (one snapshot); two reads storing
 * the same month at once store it once (in key order, on conflict nothing). The months are counted from a series of
 * integers, whose length the planner knows: guessing a thousand months, it priced the statement high enough for
 * PostgreSQL to compile it (JIT) on every read, a quarter of a second.
 */
import { sql } from 'drizzle-orm';
import { addDays } from '../../../common/rules/analytics';
import type { AnalyticsCategory } from '../../../common/schemas/analytics';
import type { Db } from '../../db/client';
import { rows } from '../../db/prepared';
import { lastClosedDay } from './days';

export interface CategorySums {
  category_id: string;
  name: string;
  grade: number;
  checks: number;
  correct: number;
}

/** A category and grade's sums as the reply gives them. */
export const categoryFigure = (r: CategorySums): AnalyticsCategory => ({
  categoryId: r.category_id,
  category: r.name,
  grade: r.grade,
  checks: r.checks,
  correct: r.correct,
  accuracy: Math.round((r.correct / r.checks) * 100),
});

/** The first day of the month after a `YYYY-MM-DD` day's. */
function nextMonth(day: string): string {
  const at = new Date(`${day.slice(0, 7)}-01T00:00:00Z`);
  at.setUTCMonth(at.getUTCMonth() + 1);
  return at.toISOString().slice(0, 10);
}

/**
 * The whole months of the range that are closed at `now`: from `first` (a month's first day) to the day before
 * `after`; none when `first` equals `after`.
 */
export function closedMonths(range: { from: string; to: string }, now: Date): { first: string; after: string } {
  const closed = lastClosedDay(now) < range.to ? lastClosedDay(now) : range.to;
  const first = range.from.endsWith('-01') ? range.from : nextMonth(range.from);
  // The month of the last closed day counts if that day is its last.
  const after = nextMonth(addDays(closed, 1)) === nextMonth(closed) ? closed.slice(0, 8) + '01' : nextMonth(closed);
  return after > first ? { first, after } : { first, after: first };
}

/** Whole months from one month's first day to another's. */
const monthsBetween = (first: string, after: string) =>
  (Number(after.slice(0, 4)) - Number(first.slice(0, 4))) * 12 + Number(after.slice(5, 7)) - Number(first.slice(5, 7));

/** Checks and right ones per category and grade over the range, with the category's name, by name and grade. */
export async function categorySums(db: Db, range: { from: string; to: string }, now: Date): Promise<CategorySums[]> {
  const months = closedMonths(range, now);
  return rows<CategorySums>(
    db,
    sql`with kept as materialized (
        select k_m.month, k_m.grade, k_m.category_id, k_m.checks, k_m.correct
        from category_months k_m
        where k_m.month >= ${months.first}::date and k_m.month < ${months.after}::date),
      missing as materialized (
        select g_s.month
        from (select (${months.first}::date + make_interval(months => g_i.i))::date as month
          from generate_series(0, ${monthsBetween(months.first, months.after) - 1}) g_i(i)) g_s
        where not exists (select 1 from kept g_k where g_k.month = g_s.month)),
      summed as materialized (
        select s_m.month, s_c.grade, s_c.category_id, s_c.checks, s_c.correct
        from missing s_m
        cross join lateral (
          select s_d.grade, s_d.category_id, sum(s_d.checks)::int as checks, sum(s_d.correct)::int as correct
          from category_days s_d
          where s_d.day >= s_m.month and s_d.day < (s_m.month + interval '1 month')::date
          group by s_d.grade, s_d.category_id) s_c),
      stored as (
        insert into category_months (month, grade, category_id, checks, correct)
        select w_s.month, w_s.grade, w_s.category_id, w_s.checks, w_s.correct
        from summed w_s
        order by w_s.month, w_s.grade, w_s.category_id
        on conflict do nothing),
      counted as (
        select c_k.grade, c_k.category_id, c_k.checks, c_k.correct from kept c_k
        union all
        select c_s.grade, c_s.category_id, c_s.checks, c_s.correct from summed c_s
        union all
        select c_d.grade, c_d.category_id, c_d.checks, c_d.correct
        from category_days c_d
        where c_d.day >= ${range.from}::date and c_d.day <= ${range.to}::date
          and (c_d.day < ${months.first}::date or c_d.day >= ${months.after}::date))
      select a_s.category_id, a_c.name, a_s.grade, a_s.checks, a_s.correct
      from (select a_n.category_id, a_n.grade, sum(a_n.checks)::int as checks, sum(a_n.correct)::int as correct
        from counted a_n
        group by a_n.category_id, a_n.grade) a_s
      join categories a_c on a_c.id = a_s.category_id
      where a_s.checks > 0
      order by lower(a_c.name), a_c.name, a_s.grade`,
  );
}
