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
    sql`with marked as (
          select pe.value->>'questionId' as question_id,
            (pe.value->>'marks')::float8 as marks,
            (pe.value->>'seed')::int as seed,
            taa.answer as answer,
            coalesce(sr.override_marks, taa.awarded, 0) as got
          from test_attempts ta
          join test_assignments tas on tas.id = ta.assignment_id
          cross join lateral jsonb_array_elements(ta.paper) pe
          left join test_attempt_answers taa
            on taa.attempt_id = ta.id and taa.question_id::text = pe.value->>'questionId'
          left join sitting_reviews sr
            on sr.attempt_id = ta.id and sr.question_id::text = pe.value->>'questionId'
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
        variants as (
          select v.question_id, v.seed, count(*) as n,
            count(*) filter (where v.marks > 0 and v.got >= v.marks) as full, avg(v.got) as average
          from marked v
          where v.seed is not null
          group by v.question_id, v.seed
        )
        select m.question_id,
          count(*) as sat,
          count(*) filter (where m.marks > 0 and m.got >= m.marks) as full,
          avg(m.got) as average,
          coalesce((select jsonb_agg(jsonb_build_object('answer', w.answer, 'count', w.n) order by w.place)
                    from wrong w where w.question_id = m.question_id and w.seed is null and w.place <= ${COMMON_WRONG_ANSWERS}),
                   '[]'::jsonb) as wrong,
          coalesce((select jsonb_agg(jsonb_build_object('variant', vs.seed, 'sat', vs.n, 'full', vs.full, 'average', vs.average,
                      'wrong', coalesce((select jsonb_agg(jsonb_build_object('answer', vw.answer, 'count', vw.n) order by vw.place)
                                         from wrong vw where vw.question_id = vs.question_id and vw.seed = vs.seed
                                           and vw.place <= ${COMMON_WRONG_ANSWERS}), '[]'::jsonb))
                      order by vs.n desc, vs.seed)
                    from variants vs where vs.question_id = m.question_id), '[]'::jsonb) as by_variant
        from marked m
        group by m.question_id`,
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
