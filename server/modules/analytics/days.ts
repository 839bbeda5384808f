/**
 * The analytics' figures per day: the student_days of the range summed per day, and the scored sittings submitted
 * each day (the test results by week), for every student or a program's.
 *
 * A year is a row per student and day (1.5 million for 10,000 students) and a row per sitting (200,000 for 20,000
 * students): too many to sum on every read. So the sums of each closed day are kept in academy_days, filled here as
 * the analytics read, and only the days not kept yet and the open ones (today, and yesterday for
 * DAY_CLOSES_AFTER_MS) are summed from student_days and test_attempts. Nothing is added to the statement that
 * stores the checks (student/attempts.ts), the learner's hot path.
 *
 * Why a kept day stays right:
 * - the checks are counted into student_days by the statement that stores them, stamped with the time they were
 *   taken and written behind the answer within moments, so no check reaches a day once it is closed; a sitting is
 *   stamped with the moment it is submitted, so none reaches a closed day either;
 * - what else changes a past day deletes from student_days (rebuildDays, a deleted student), and migration 0026's
 *   trigger empties the days it reaches, under a lock that orders it with the reads that fill them; a sitting of a
 *   past day written (a re-score, a review's marks, a delete) empties its day the same way (migration 0032);
 * - a program's days are the sum of its members' (an active enrollment, now, in one of its offerings): every write
 *   that can change who they are (an enrollment made, paid, cancelled, refunded or deleted, an offering's program
 *   changed or the offering deleted, a student deleted) changes the fingerprint of the members, and a day kept
 *   with another fingerprint is summed again. Reading who the members are is one small statement part and catches
 *   every such write, those to come included; invalidating from each writer would have to find them all.
 *
 * The days are counted from a series of integers, whose length the planner knows (see categories.ts).
 *
 * Reading, summing and storing are one statement, so all of it sees one snapshot: the figures are those the direct
 * sum would give at that moment. Two reads filling the same days at once store them once: the rows go in day order
 * and a day already there (from the other read) is left alone unless it was kept for other members. Each row holds
 * the sums and the fingerprint of the same snapshot, so even a read from an older snapshot stores a consistent row.
 */
import { sql, type SQL } from 'drizzle-orm';
import { addDays, daysBetween } from '../../../common/rules/analytics';
import type { OfferingProgram } from '../../../common/rules/offerings';
import type { Db } from '../../db/client';
import { rows } from '../../db/prepared';

/**
 * A day is closed, and its sum kept, this long after it ends (UTC). Its last checks are written behind the answers
 * by whichever instance took them, a few milliseconds later on a healthy database; an hour also covers a database
 * slow to answer and instance clocks apart by minutes.
 */
export const DAY_CLOSES_AFTER_MS = 60 * 60 * 1000;

/** The last closed day at `now`: the day before the one `DAY_CLOSES_AFTER_MS` ago. */
export function lastClosedDay(now: Date): string {
  return addDays(new Date(now.getTime() - DAY_CLOSES_AFTER_MS).toISOString().slice(0, 10), -1);
}

export interface DaySums {
  day: string;
  active_students: number;
  checks: number;
  first_tries: number;
  first_tries_right: number;
  /** The sittings submitted that day with a score, and the sum of their scores in percent of their marks. */
  sittings: number;
  score_percent_sum: number;
}

/** The students a program narrows the figures to: an active enrollment in one of its offerings. */
export const programStudents = (program: OfferingProgram) =>
  sql`select a_e.student_id from enrollments a_e
    join offerings a_o on a_o.id = a_e.offering_id
    where a_o.program = ${program} and a_e.status = 'active'`;

/** The sums of student_days rows per day (`d` the rows' alias), in the shape of academy_days. */
const sums = (d: string) => {
  const a = sql.raw(d);
  return sql`count(*) filter (where ${a}.checks > 0)::int as active_students, sum(${a}.checks)::int as checks,
    sum(${a}.first_tries)::int as first_tries, sum(${a}.first_tries_right)::int as first_tries_right`;
};

/** The scored sittings of test_attempts rows per day (`t` the rows' alias), in the shape of academy_days. */
const sittingSums = (t: string) => {
  const a = sql.raw(t);
  return sql`(${a}.submitted_at at time zone 'UTC')::date as day, count(*)::int as sittings,
    sum(${a}.score * 100.0 / ${a}.max_marks)::float8 as score_percent_sum`;
};
/** Scored sittings (`t` the rows' alias) submitted from the first day's midnight (UTC) to the last day's end. */
const sittingsWithin = (t: string, from: SQL, to: SQL) => {
  const a = sql.raw(t);
  return sql`${a}.submitted_at >= (${from})::timestamp at time zone 'UTC'
    and ${a}.submitted_at < (${to} + 1)::timestamp at time zone 'UTC'
    and ${a}.score is not null and ${a}.max_marks > 0`;
};

/**
 * The sums of the days from `from` to `to` that had any student_days row or scored sitting (of the program's
 * members), in no order; a day without is all zeros. Keeps the closed days it had to sum.
 */
export async function daySums(
  db: Db,
  range: { from: string; to: string; program: OfferingProgram | null },
  now: Date,
): Promise<DaySums[]> {
  const closed = lastClosedDay(now) < range.to ? lastClosedDay(now) : range.to;
  const program = range.program ?? '';
  // Every student: nothing to fingerprint. A program: its members' ids in order, hashed.
  const members: SQL = range.program
    ? sql`members as materialized (select distinct m_s.student_id from (${programStudents(range.program)}) m_s),
      fingerprint as materialized (
        select coalesce(md5(string_agg(f_m.student_id::text, ',' order by f_m.student_id)), '') as members
        from members f_m),`
    : sql`fingerprint as materialized (select '' as members),`;
  const narrowed = (d: string): SQL =>
    range.program ? sql`and ${sql.raw(d)}.student_id in (select n_m.student_id from members n_m)` : sql``;
  const [from, closedDay, to] = [sql`${range.from}::date`, sql`${closed}::date`, sql`${range.to}::date`];
  // The planner prices summing missing days as a scan of every student_days row of the range, though that is read
  // only when days are missing: from twice the bench's academy (some 3 million rows a year) the price passes
  // PostgreSQL's jit_above_cost, and compiling the statement would cost a quarter of a second on every read.
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    return rows<DaySums>(
      tx,
      sql`with ${members}
      kept as materialized (
        select k_a.day, k_a.active_students, k_a.checks, k_a.first_tries, k_a.first_tries_right, k_a.sittings,
          k_a.score_percent_sum
        from academy_days k_a
        where k_a.program = ${program} and k_a.day >= ${range.from}::date and k_a.day <= ${closed}::date
          and k_a.members = (select k_f.members from fingerprint k_f) and k_a.sittings is not null),
      missing as materialized (
        select ${range.from}::date + g_s.i as day
        from generate_series(0, ${daysBetween(range.from, closed) - 1}) g_s(i)
        where not exists (select 1 from kept g_k where g_k.day = ${range.from}::date + g_s.i)),
      summed as materialized (
        select s_d.day, ${sums('s_d')}
        from student_days s_d
        where s_d.day >= ${range.from}::date and s_d.day <= ${closed}::date
          and s_d.day in (select s_m.day from missing s_m) ${narrowed('s_d')}
        group by s_d.day),
      tested as materialized (
        select ${sittingSums('s_t')}
        from test_attempts s_t
        where ${sittingsWithin('s_t', from, closedDay)}
          and (s_t.submitted_at at time zone 'UTC')::date in (select s_m.day from missing s_m) ${narrowed('s_t')}
        group by 1),
      stored as (
        insert into academy_days (program, day, members, active_students, checks, first_tries, first_tries_right,
          sittings, score_percent_sum)
        select ${program}, w_m.day, (select w_f.members from fingerprint w_f), coalesce(w_s.active_students, 0),
          coalesce(w_s.checks, 0), coalesce(w_s.first_tries, 0), coalesce(w_s.first_tries_right, 0),
          coalesce(w_t.sittings, 0), coalesce(w_t.score_percent_sum, 0)
        from missing w_m left join summed w_s on w_s.day = w_m.day left join tested w_t on w_t.day = w_m.day
        order by w_m.day
        on conflict (program, day) do update set members = excluded.members,
          active_students = excluded.active_students, checks = excluded.checks,
          first_tries = excluded.first_tries, first_tries_right = excluded.first_tries_right,
          sittings = excluded.sittings, score_percent_sum = excluded.score_percent_sum
        where academy_days.members <> excluded.members or academy_days.sittings is null),
      open_days as (
        select o_d.day, ${sums('o_d')}
        from student_days o_d
        where o_d.day > ${closed}::date and o_d.day <= ${range.to}::date ${narrowed('o_d')}
        group by o_d.day),
      open_tested as (
        select ${sittingSums('o_t')}
        from test_attempts o_t
        where ${sittingsWithin('o_t', sql`${closedDay} + 1`, to)} ${narrowed('o_t')}
        group by 1),
      summed_days as (
        select coalesce(u_s.day, u_t.day) as day, coalesce(u_s.active_students, 0) as active_students,
          coalesce(u_s.checks, 0) as checks, coalesce(u_s.first_tries, 0) as first_tries,
          coalesce(u_s.first_tries_right, 0) as first_tries_right, coalesce(u_t.sittings, 0) as sittings,
          coalesce(u_t.score_percent_sum, 0) as score_percent_sum
        from summed u_s full join tested u_t on u_t.day = u_s.day
        union all
        select coalesce(u_o.day, u_p.day), coalesce(u_o.active_students, 0), coalesce(u_o.checks, 0),
          coalesce(u_o.first_tries, 0), coalesce(u_o.first_tries_right, 0), coalesce(u_p.sittings, 0),
          coalesce(u_p.score_percent_sum, 0)
        from open_days u_o full join open_tested u_p on u_p.day = u_o.day)
      select to_char(r_k.day, 'YYYY-MM-DD') as day, r_k.active_students, r_k.checks, r_k.first_tries, r_k.first_tries_right,
        r_k.sittings, r_k.score_percent_sum
      from kept r_k
      union all
      select to_char(r_s.day, 'YYYY-MM-DD'), r_s.active_students, r_s.checks, r_s.first_tries, r_s.first_tries_right,
        r_s.sittings, r_s.score_percent_sum
      from summed_days r_s`,
    );
  });
}
