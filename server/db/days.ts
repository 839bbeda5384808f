import { sql, type SQL } from 'drizzle-orm';
import type { Db } from './client';

/**
 * A student's activity per UTC day (student_days) and the academy's per day, grade and category (category_days),
 * counted from the checks as they are stored and, once, from the stored history (rebuildDays). One rule, two readers:
 *
 * - checks: every stored check; solved: a check right on a question the student had never got right before;
 * - first tries (and right): a question's first stored check by that student;
 * - active minutes: the minutes a student spent answering, a session being checks less than ACTIVE_GAP apart. A
 *   session counts the minutes of the clock it spans, first and last included: a check opening a session adds 1,
 *   a check within one adds the minute boundaries crossed since the previous check. So the total does not depend on
 *   how the checks were cut into statements, and a lone check is a minute.
 */
export const ACTIVE_GAP = sql.raw(`interval '5 minutes'`);

/** The minute of the clock a time falls in. */
const minuteOf = (at: SQL) => sql`floor(extract(epoch from ${at}) / 60)::bigint`;

/** What a check adds to its day's active minutes after the previous check of the same day (null: none). */
function minutesAfter(previous: SQL, at: SQL): SQL {
  return sql`case when ${previous} is null then 1
    when ${at} < ${previous} then 0
    when ${at} - ${previous} < ${ACTIVE_GAP} then ${minuteOf(at)} - ${minuteOf(previous)}
    else 1 end`;
}

/**
 * The CTEs that add a statement's checks to the day tables, for the attempt insert: `batch` names its rows
 * (student_id, question_id, is_correct, created_at, ord), read with the snapshot before the statement, so the
 * stored answers are those before the batch. Returns the SQL of the CTE bodies, by name.
 */
export function dayCountingCtes(batch: string): { checks: SQL; days: SQL; storedDays: SQL; storedCategories: SQL } {
  const b = sql.raw(batch);
  const checks = sql`select c_b.student_id, c_b.question_id, c_b.is_correct, c_b.created_at,
      (c_b.created_at at time zone 'UTC')::date as day,
      not exists (select 1 from answer_attempts c_p
        where c_p.student_id = c_b.student_id and c_p.question_id = c_b.question_id) as unseen,
      not exists (select 1 from answer_attempts c_p
        where c_p.student_id = c_b.student_id and c_p.question_id = c_b.question_id and c_p.is_correct) as unsolved,
      row_number() over (partition by c_b.student_id, c_b.question_id order by c_b.created_at, c_b.ord) as try_in_batch,
      row_number() over (partition by c_b.student_id, c_b.question_id, c_b.is_correct order by c_b.created_at, c_b.ord) as rank_in_outcome,
      lag(c_b.created_at) over (partition by c_b.student_id, (c_b.created_at at time zone 'UTC')::date
        order by c_b.created_at, c_b.ord) as previous_at
    from ${b} c_b`;
  const days = sql`select d_c.student_id, d_c.day, count(*)::int as checks,
      count(*) filter (where d_c.is_correct and d_c.unsolved and d_c.rank_in_outcome = 1)::int as solved,
      count(*) filter (where d_c.unseen and d_c.try_in_batch = 1)::int as first_tries,
      count(*) filter (where d_c.unseen and d_c.try_in_batch = 1 and d_c.is_correct)::int as first_tries_right,
      sum(case when d_c.previous_at is null then 0 else ${minutesAfter(sql`d_c.previous_at`, sql`d_c.created_at`)} end)::int as minutes_within,
      min(d_c.created_at) as first_at, max(d_c.created_at) as last_at
    from checks d_c group by d_c.student_id, d_c.day`;
  // The minutes joining the day's earlier checks are computed on the locked row (the update's), so two statements
  // of the same student's day in flight at once both count against the row as it stands. Every statement locks its
  // rows in key order: in the order its grouping left them, two statements in flight could each wait for a row the
  // other holds (a deadlock, which PostgreSQL ends by failing one).
  const storedDays = sql`insert into student_days (student_id, day, checks, solved, first_tries, first_tries_right, active_minutes, last_check_at)
    select s_d.student_id, s_d.day, s_d.checks, s_d.solved, s_d.first_tries, s_d.first_tries_right, s_d.minutes_within + 1, s_d.last_at
    from days s_d
    order by s_d.student_id, s_d.day
    on conflict (student_id, day) do update set
      checks = student_days.checks + excluded.checks,
      solved = student_days.solved + excluded.solved,
      first_tries = student_days.first_tries + excluded.first_tries,
      first_tries_right = student_days.first_tries_right + excluded.first_tries_right,
      active_minutes = student_days.active_minutes + excluded.active_minutes - 1 + (select ${minutesAfter(sql`student_days.last_check_at`, sql`j_d.first_at`)}
        from days j_d where j_d.student_id = excluded.student_id and j_d.day = excluded.day),
      last_check_at = greatest(student_days.last_check_at, excluded.last_check_at)
    returning 1 as n`;
  const storedCategories = sql`insert into category_days (day, grade, category_id, checks, correct)
    select k_c.day, k_q.grade, k_qc.category_id, count(*)::int, count(*) filter (where k_c.is_correct)::int
    from checks k_c
    join questions k_q on k_q.id = k_c.question_id
    join question_categories k_qc on k_qc.question_id = k_c.question_id
    group by k_c.day, k_q.grade, k_qc.category_id
    order by k_c.day, k_q.grade, k_qc.category_id
    on conflict (day, grade, category_id) do update set
      checks = category_days.checks + excluded.checks,
      correct = category_days.correct + excluded.correct
    returning 1 as n`;
  return { checks, days, storedDays, storedCategories };
}

/**
 * Fills student_days and category_days from the stored answers, replacing what they held: for an academy with
 * history from before the tables were kept, and the demo. Same rule as the counting on store (see above). The
 * analytics' sums of closed days and months (academy_days, category_months) are emptied, to be summed again.
 */
export async function rebuildDays(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    // And the analytics' sums of closed days: a read waits for the rebuild to commit before summing some to keep.
    await tx.execute(sql`lock table student_days, category_days, academy_days, category_months in exclusive mode`);
    await tx.execute(sql`delete from academy_days`);
    await tx.execute(sql`delete from category_months`);
    await tx.execute(sql`delete from student_days`);
    await tx.execute(sql`delete from category_days`);
    await tx.execute(sql`insert into student_days (student_id, day, checks, solved, first_tries, first_tries_right, active_minutes, last_check_at)
      select r_c.student_id, r_c.day, count(*)::int,
        count(*) filter (where r_c.is_correct and r_c.rank_in_outcome = 1)::int,
        count(*) filter (where r_c.try_number = 1)::int,
        count(*) filter (where r_c.try_number = 1 and r_c.is_correct)::int,
        sum(${minutesAfter(sql`r_c.previous_at`, sql`r_c.created_at`)})::int,
        max(r_c.created_at)
      from (select r_a.student_id, r_a.is_correct, r_a.created_at, (r_a.created_at at time zone 'UTC')::date as day,
          row_number() over (partition by r_a.student_id, r_a.question_id order by r_a.created_at, r_a.id) as try_number,
          row_number() over (partition by r_a.student_id, r_a.question_id, r_a.is_correct order by r_a.created_at, r_a.id) as rank_in_outcome,
          lag(r_a.created_at) over (partition by r_a.student_id, (r_a.created_at at time zone 'UTC')::date
            order by r_a.created_at, r_a.id) as previous_at
        from answer_attempts r_a) r_c
      group by r_c.student_id, r_c.day`);
    await tx.execute(sql`insert into category_days (day, grade, category_id, checks, correct)
      select (r_a.created_at at time zone 'UTC')::date, r_q.grade, r_qc.category_id, count(*)::int,
        count(*) filter (where r_a.is_correct)::int
      from answer_attempts r_a
      join questions r_q on r_q.id = r_a.question_id
      join question_categories r_qc on r_qc.question_id = r_a.question_id
      group by 1, r_q.grade, r_qc.category_id`);
  });
}
