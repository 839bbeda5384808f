/**
 * The one home of the practice choice (docs/MASTERY.md, "Practice"): which questions a student practices, and why.
 * Both a practice session (./service.ts) and the weak spots of a released test (test-taking) draw from here, each
 * naming its skills; the rest (grade, open tests, questions already met, the order) is the same rule, in one
 * statement.
 */
import { sql, type SQL } from 'drizzle-orm';
import { PRACTICE_SESSION_SIZE, type PracticeReason } from '../../../common/rules/practice';
import type { Db, Tx } from '../../db/client';
import { rows } from '../../db/prepared';

/**
 * Whether question `question` (an SQL expression of its id) is on a test whose results some student still waits
 * for: given and not yet submitted, or submitted but held for a release that has not come. Given to practice, such
 * a question could be checked and its solution read: an answer key to a test not yet sat or released.
 */
export const onOpenTest = (question: SQL) => sql`exists (select 1 from test_questions ot_tq
    join test_assignments ot_tas on ot_tas.test_id = ot_tq.test_id
    left join test_attempts ot_tat on ot_tat.assignment_id = ot_tas.id
    where ot_tq.question_id = ${question}
      and (ot_tat.submitted_at is null or (ot_tas.release = 'manual' and ot_tas.released_at is null)))`;

/** A question chosen for practice: the skill it practices (null for a focus area without a skill) and why. */
export interface ChosenItem {
  questionId: string;
  skillId: string | null;
  reason: PracticeReason;
}

/**
 * The skills a student's own practice draws on, as `(skill_id, focus_id, reason, source, rank)`: the source orders
 * the reasons, the rank the skills within one.
 * - due: skills whose review date has passed, the longest overdue first;
 * - almost: skills at Attempted or Familiar (just below Proficient), the closest first;
 * - prerequisite: for each skill the student struggles with (below Proficient, with more wrong than right counted
 *   answers), its prerequisites below Proficient, the lowest level first.
 */
const studentTargets = (studentId: string, now: Date) => sql`
  select dt_ss.skill_id, dt_sk.focus_area_id as focus_id, 'due' as reason, 1 as source,
      row_number() over (order by dt_ss.review_due_at, dt_ss.skill_id) as rank
    from student_skills dt_ss join skills dt_sk on dt_sk.id = dt_ss.skill_id
    where dt_ss.student_id = ${studentId} and dt_ss.review_due_at <= ${now.toISOString()}::timestamptz
  union all
  select al_ss.skill_id, al_sk.focus_area_id, 'almost', 2,
      row_number() over (order by al_ss.level desc, al_ss.skill_id)
    from student_skills al_ss join skills al_sk on al_sk.id = al_ss.skill_id
    where al_ss.student_id = ${studentId} and al_ss.level between 1 and 2
  union all
  select pr_sp.prerequisite_id, pr_sk.focus_area_id, 'prerequisite', 3,
      row_number() over (order by coalesce(pr_pre.level, 0), pr_st.level, pr_sp.prerequisite_id)
    from student_skills pr_st
    join skill_prerequisites pr_sp on pr_sp.skill_id = pr_st.skill_id
    join skills pr_sk on pr_sk.id = pr_sp.prerequisite_id
    left join student_skills pr_pre on pr_pre.student_id = pr_st.student_id and pr_pre.skill_id = pr_sp.prerequisite_id
    where pr_st.student_id = ${studentId} and pr_st.level <= 2
      and pr_st.first_tries - pr_st.first_tries_right > pr_st.first_tries_right
      and coalesce(pr_pre.level, 0) < 3`;

/**
 * The weak spots of a released sitting, as targets: the skills of the weakest focus areas that the sitting's
 * questions practice, the student's lowest level first; a weak focus area no skill names is practiced as a whole.
 */
const weakSpotTargets = (studentId: string, attemptId: string, focusNames: readonly string[]) => sql`
  select ws_sk.id as skill_id, ws_sk.focus_area_id as focus_id, 'weak spot' as reason, 1 as source,
      row_number() over (order by coalesce(ws_ss.level, 0), ws_sk.id) as rank
    from skills ws_sk
    join focus_areas ws_fa on ws_fa.id = ws_sk.focus_area_id
    left join student_skills ws_ss on ws_ss.student_id = ${studentId} and ws_ss.skill_id = ws_sk.id
    where ws_fa.name in (${sql.join(
      focusNames.map((n) => sql`${n}`),
      sql`, `,
    )})
      and exists (select 1 from test_attempts ws_ta cross join lateral jsonb_array_elements(ws_ta.paper) ws_pe
        join question_focus ws_qf on ws_qf.question_id::text = ws_pe.value ->> 'questionId'
        where ws_ta.id = ${attemptId} and ws_qf.focus_id = ws_sk.focus_area_id
          and (ws_sk.category_id is null or exists (select 1 from question_categories ws_qc
            where ws_qc.question_id = ws_qf.question_id and ws_qc.category_id = ws_sk.category_id)))
  union all
  select null, wf_fa.id, 'weak spot', 2, row_number() over (order by wf_fa.name)
    from focus_areas wf_fa
    where wf_fa.name in (${sql.join(
      focusNames.map((n) => sql`${n}`),
      sql`, `,
    )})
      and not exists (select 1 from skills wf_sk where wf_sk.focus_area_id = wf_fa.id)`;

export type PracticeSource =
  { kind: 'skills'; now: Date } | { kind: 'weak spot'; attemptId: string; focusNames: readonly string[] };

export interface Choice {
  items: ChosenItem[];
  /** How many skills (or bare focus areas) the choice drew on: 0 means nothing to practice, not no questions. */
  targets: number;
}

/**
 * Chooses up to `size` questions for a student of grade `grade` (0 for kindergarten), in one statement:
 * - the targets of the source, each skill once under its first reason;
 * - for each, the questions practicing it (its focus area, and its category when it names one) that fit the grade:
 *   of the student's grade, or below it within the skill's grade band (never above the student's grade; a skill
 *   without a band gives only questions of the student's grade);
 * - none on a test whose results some student still waits for (`onOpenTest`);
 * - questions the student has not met (checked, on a test paper of theirs, given in practice before) first, or only
 *   those with `unmetOnly`;
 * - taken in turns: the first question of each target in the order of the reasons and ranks, then the second...
 */
export async function choosePractice(
  db: Db | Tx,
  studentId: string,
  grade: number,
  source: PracticeSource,
  { size = PRACTICE_SESSION_SIZE, unmetOnly = false }: { size?: number; unmetOnly?: boolean } = {},
): Promise<Choice> {
  const targets =
    source.kind === 'skills'
      ? studentTargets(studentId, source.now)
      : source.focusNames.length === 0
        ? sql`select null::uuid as skill_id, null::uuid as focus_id, null as reason, 0 as source, 0::bigint as rank where false`
        : weakSpotTargets(studentId, source.attemptId, source.focusNames);
  const found = await rows<{
    targets: number;
    question_id: string | null;
    skill_id: string | null;
    reason: PracticeReason | null;
  }>(
    db,
    sql`with targets as (${targets}),
      chosen as (
        select distinct on (coalesce(tg.skill_id, tg.focus_id)) tg.skill_id, tg.focus_id, tg.reason, tg.source, tg.rank
        from targets tg
        order by coalesce(tg.skill_id, tg.focus_id), tg.source, tg.rank
      ),
      met as (
        select mt_aa.question_id from answer_attempts mt_aa where mt_aa.student_id = ${studentId}
        union select mt_pq.question_id from practice_questions mt_pq where mt_pq.student_id = ${studentId}
        union select (mt_pe.value ->> 'questionId')::uuid from test_attempts mt_ta
          cross join lateral jsonb_array_elements(mt_ta.paper) mt_pe where mt_ta.student_id = ${studentId}
      ),
      candidates as (
        select distinct on (cd_q.id) cd_q.id as question_id, ch.skill_id, ch.focus_id, ch.reason, ch.source, ch.rank,
            exists (select 1 from met cd_m where cd_m.question_id = cd_q.id) as met
          from chosen ch
          left join skills cd_sk on cd_sk.id = ch.skill_id
          join question_focus cd_qf on cd_qf.focus_id = ch.focus_id
          join questions cd_q on cd_q.id = cd_qf.question_id
          where (cd_sk.category_id is null or exists (select 1 from question_categories cd_qc
              where cd_qc.question_id = cd_q.id and cd_qc.category_id = cd_sk.category_id))
            and (cd_q.grade = ${grade}
              or (cd_q.grade < ${grade} and cd_q.grade between cd_sk.grade_min and coalesce(cd_sk.grade_max, ${grade})))
            and not ${onOpenTest(sql`cd_q.id`)}
          order by cd_q.id, ch.source, ch.rank
      ),
      turns as (
        select tu.question_id, tu.skill_id, tu.reason, tu.source, tu.rank,
            row_number() over (partition by coalesce(tu.skill_id, tu.focus_id) order by tu.met, random()) as turn
          from candidates tu
          where ${unmetOnly ? sql`not tu.met` : sql`true`}
      )
      select (select count(*)::int from chosen) as targets, pick.question_id, pick.skill_id, pick.reason
      from (select 1) one
      left join lateral (select tk.question_id, tk.skill_id, tk.reason, tk.turn, tk.source, tk.rank from turns tk
        order by tk.turn, tk.source, tk.rank limit ${size}) pick on true
      order by pick.turn, pick.source, pick.rank`,
  );
  return {
    targets: found[0]?.targets ?? 0,
    items: found.flatMap((f) =>
      f.question_id && f.reason ? [{ questionId: f.question_id, skillId: f.skill_id, reason: f.reason }] : [],
    ),
  };
}
