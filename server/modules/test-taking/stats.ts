/**
 * Per-question figures of a test's results, over the submitted sittings of the students the actor may read, in one
 * statement whatever the number of questions: how many sat it, how many earned its full marks, the average marks
 * (an override counts, as in the sitting's total), and the three most common wrong answers with their counts; for a
 * question with random numbers the same figures per variant (the seed the sitting's paper gave it), its wrong answers
 * counted within their variant only (the same answer to other numbers is another mistake).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rows } from '../../db/prepared';
import type { Actor } from '../../policies/actor';
import { mayActForStudent } from '../../policies/students';

/** How many wrong answers each question shows. */
export const COMMON_WRONG_ANSWERS = 3;

export interface QuestionFigures {
  sat: number;
  full: number;
  averageMarks: number;
  /** The marks earned over the sittings, and the marks the papers gave the question: the focus areas' figures. */
  marksGot: number;
  marksOf: number;
  wrongAnswers: Array<{ answer: string; count: number }>;
  byVariant: Array<{
    variant: number;
    sat: number;
    full: number;
    averageMarks: number;
    wrongAnswers: Array<{ answer: string; count: number }>;
  }>;
}

export async function questionFigures(db: Db, actor: Actor, testId: string): Promise<Map<string, QuestionFigures>> {
  const found = await rows<{
    question_id: string;
    sat: string | number;
    full: string | number;
    average: string | number;
    got: string | number;
    marks: string | number;
    wrong: Array<{ answer: string; count: number }> | string;
    by_variant:
      | Array<{
          variant: number;
          sat: number;
          full: number;
          average: number;
          wrong: Array<{ answer: string; count: number }>;
        }>
      | string;
  }>(
    db,
    // Each sitting's answers and reviews are read once, by its key, and looked up per question of its paper. Joined
    // per question instead, the planner guessed a hundred questions a paper, chose to read every sitting's answers
    // of the academy (4 million in a year) and priced the statement past jit_above_cost, whose compiling cost more
    // than the rest; the lists of wrong answers are joined, not a subquery per question, for the same price.
    sql`with marked as (
          select pe.value->>'questionId' as question_id,
            (pe.value->>'marks')::float8 as marks,
            (pe.value->>'seed')::int as seed,
            tan.answers -> (pe.value->>'questionId') ->> 0 as answer,
            coalesce((tsr.overrides ->> (pe.value->>'questionId'))::float8,
              (tan.answers -> (pe.value->>'questionId') ->> 1)::float8, 0) as got
          from test_attempts ta
          join test_assignments tas on tas.id = ta.assignment_id
          cross join lateral (select jsonb_object_agg(taa.question_id::text, jsonb_build_array(taa.answer, taa.awarded)) as answers
            from test_attempt_answers taa where taa.attempt_id = ta.id) tan
          cross join lateral (select jsonb_object_agg(sr.question_id::text, sr.override_marks) as overrides
            from sitting_reviews sr where sr.attempt_id = ta.id) tsr
          cross join lateral jsonb_array_elements(ta.paper) pe
          where tas.test_id = ${testId}
            and ta.submitted_at is not null
            and pe.value->>'questionId' is not null
            and ${mayActForStudent(actor, sql`tas.student_id`)}
        ),
        wrong as (
          select m.question_id, m.seed, m.answer, count(*) as n,
            row_number() over (partition by m.question_id, m.seed order by count(*) desc, m.answer) as place
          from marked m
          where m.answer is not null and btrim(m.answer) <> '' and m.got < m.marks
          group by m.question_id, m.seed, m.answer
        ),
        wrong_lists as (
          select w.question_id, w.seed,
            jsonb_agg(jsonb_build_object('answer', w.answer, 'count', w.n) order by w.place) as list
          from wrong w
          where w.place <= ${COMMON_WRONG_ANSWERS}
          group by w.question_id, w.seed
        ),
        variants as (
          select v.question_id,
            jsonb_agg(jsonb_build_object('variant', v.seed, 'sat', v.n, 'full', v.full, 'average', v.average,
              'wrong', coalesce(vw.list, '[]'::jsonb)) order by v.n desc, v.seed) as list
          from (select vm.question_id, vm.seed, count(*) as n,
              count(*) filter (where vm.marks > 0 and vm.got >= vm.marks) as full, avg(vm.got) as average
            from marked vm
            where vm.seed is not null
            group by vm.question_id, vm.seed) v
          left join wrong_lists vw on vw.question_id = v.question_id and vw.seed = v.seed
          group by v.question_id
        )
        select f.question_id, f.sat, f.full, f.average, f.got, f.marks, coalesce(fw.list, '[]'::jsonb) as wrong,
          coalesce(fv.list, '[]'::jsonb) as by_variant
        from (select m.question_id, count(*) as sat,
            count(*) filter (where m.marks > 0 and m.got >= m.marks) as full, avg(m.got) as average,
            sum(m.got) as got, sum(m.marks) as marks
          from marked m
          group by m.question_id) f
        left join wrong_lists fw on fw.question_id = f.question_id and fw.seed is null
        left join variants fv on fv.question_id = f.question_id`,
  );
  return new Map(
    found.map((r) => {
      const wrong = typeof r.wrong === 'string' ? (JSON.parse(r.wrong) as typeof r.wrong) : r.wrong;
      const byVariant = (typeof r.by_variant === 'string' ? JSON.parse(r.by_variant) : r.by_variant) as Array<{
        variant: number;
        sat: number;
        full: number;
        average: number;
        wrong: Array<{ answer: string; count: number }>;
      }>;
      return [
        r.question_id,
        {
          sat: Number(r.sat),
          full: Number(r.full),
          averageMarks: Math.round(Number(r.average) * 100) / 100,
          marksGot: Number(r.got),
          marksOf: Number(r.marks),
          wrongAnswers: (wrong as Array<{ answer: string; count: number }>).map((w) => ({
            answer: w.answer,
            count: Number(w.count),
          })),
          byVariant: byVariant.map((v) => ({
            variant: Number(v.variant),
            sat: Number(v.sat),
            full: Number(v.full),
            averageMarks: Math.round(Number(v.average) * 100) / 100,
            wrongAnswers: v.wrong.map((w) => ({ answer: w.answer, count: Number(w.count) })),
          })),
        },
      ];
    }),
  );
}
