import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { STUDENT_WORK_LIMITS as LIMITS, STUDENT_WORK_MESSAGES as M } from '../../../common/rules/student-work';
import { accuracyBy, type AttemptStatus } from '../../../common/rules/test-taking';
import type { QuestionType } from '../../../common/rules/questions';
import { DASHBOARD_MESSAGES } from '../../../common/schemas/dashboards';
import type {
  Note,
  NoteBody,
  SharedNote,
  StudentWork,
  WorkAttempt,
  WorkSection,
  WorkSitting,
} from '../../../common/schemas/student-work';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { rows } from '../../db/prepared';
import { Conflict, Forbidden, Invalid, NotFound } from '../../lib/errors';
import type { Actor } from '../../policies/actor';
import { mayActForStudent, requireStudent } from '../../policies/students';
import { outlineOf } from '../student/outline';
import { chooseSeed, loadTemplated, storedTemplate, variantOf } from '../variants/variants';
import { TEMPLATE_MESSAGES } from '../../../common/rules/templates';
import { drawVariant, valuesLatex } from '../../../common/templates';

const isUuid = (id: string) => z.uuid().safeParse(id).success;
const iso = (at: string | Date | null) => (at === null ? null : new Date(at).toISOString());
const idList = (ids: readonly string[]) => sql`string_to_array(${ids.join(',')}, ',')::uuid[]`;

/** Staff reading a student: 404 for an id that names no student, 403 for a student who is not theirs. */
const requireTheirStudent = (db: Db, actor: Actor, studentId: string) =>
  requireStudent(db, actor, studentId, { unknown: M.studentNotFound, notYours: M.notYourStudent });

interface ExerciseRow {
  id: string;
  question_text: string;
  type: QuestionType;
  options: unknown;
  attempt_count: number;
  attempts: Array<{ answer: string | null; isCorrect: boolean; at: string; variant: number | null }>;
  varies: boolean;
  variant: number | null;
  hint_opened_at: string | null;
  solution_opened_at: string | null;
}

/**
 * The exercises of a page of sections in one statement: each question with the count of the student's checks, the
 * latest `attemptsPerExercise` of them oldest first (answer_attempts_student_idx), and when help was first opened.
 * Attempts are the question's, whichever section it was reached through, as the student's progress counts them.
 */
async function exercisesOf(db: Db, studentId: string, questionIds: string[]): Promise<Map<string, ExerciseRow>> {
  if (questionIds.length === 0) return new Map();
  const found = await rows<ExerciseRow>(
    db,
    sql`select w_q.id, w_q.question_text, w_q.type, w_q.options, w_q.template is not null as varies,
          (select w_v.seed from student_variants w_v where w_v.student_id = ${studentId} and w_v.question_id = w_q.id) as variant,
          (select count(*)::int from answer_attempts w_c where w_c.student_id = ${studentId} and w_c.question_id = w_q.id) as attempt_count,
          coalesce((select json_agg(json_build_object('answer', w_l.answer->>'studentAnswer', 'isCorrect', w_l.is_correct, 'at', w_l.created_at, 'variant', w_l.seed)
                      order by w_l.created_at, w_l.id)
                    from (select w_a.id, w_a.answer, w_a.is_correct, w_a.created_at, w_a.seed from answer_attempts w_a
                          where w_a.student_id = ${studentId} and w_a.question_id = w_q.id
                          order by w_a.created_at desc, w_a.id desc limit ${LIMITS.attemptsPerExercise}) w_l), '[]'::json) as attempts,
          (select w_h.created_at from help_opened w_h where w_h.student_id = ${studentId} and w_h.question_id = w_q.id and w_h.kind = 'hint') as hint_opened_at,
          (select w_s.created_at from help_opened w_s where w_s.student_id = ${studentId} and w_s.question_id = w_q.id and w_s.kind = 'solution') as solution_opened_at
        from questions w_q where w_q.id = any(${idList(questionIds)})`,
  );
  return new Map(found.map((row) => [row.id, row]));
}

/** The student's sittings, newest first (test_attempts_student_idx), with the marks staff see before release. */
async function sittingsOf(db: Db, studentId: string): Promise<WorkSitting[]> {
  const found = await rows<{
    attempt_id: string;
    test_id: string;
    name: string;
    submitted_at: string | null;
    score: number | null;
    max_marks: number;
    released: boolean;
  }>(
    db,
    sql`select s_at.id as attempt_id, s_t.id as test_id, s_t.title as name, s_at.submitted_at, s_at.score, s_at.max_marks,
          (s_ta.release = 'on-submit' or s_ta.released_at is not null) as released
        from test_attempts s_at
        join test_assignments s_ta on s_ta.id = s_at.assignment_id
        join tests s_t on s_t.id = s_ta.test_id
        where s_at.student_id = ${studentId}
        order by coalesce(s_at.submitted_at, s_at.started_at) desc, s_at.id
        limit ${LIMITS.sittings}`,
  );
  return found.map((s) => {
    const status: AttemptStatus = s.submitted_at === null ? 'in-progress' : 'submitted';
    const marks = s.score ?? 0;
    return {
      attemptId: s.attempt_id,
      testId: s.test_id,
      name: s.name,
      status,
      score:
        status === 'submitted'
          ? {
              marks,
              maxMarks: s.max_marks,
              percentage: s.max_marks === 0 ? 0 : Math.round((marks / s.max_marks) * 1000) / 10,
            }
          : null,
      released: s.released,
      submittedAt: iso(s.submitted_at),
    };
  });
}

/**
 * The weakest focus areas and categories, by the test-taking rule of accuracy (`accuracyBy`, weakest first), over
 * both kinds of work: each exercise tried counts one mark, earned when its first check was right (the progress
 * rules' first-try accuracy), and each question of a submitted sitting counts its marks and what it was awarded.
 * A question counts under its first focus area and category by name, as a sitting's review counts it. Summed per
 * focus area and category in the database: one statement, a row per pair.
 */
async function weakAreasOf(db: Db, studentId: string): Promise<StudentWork['weakAreas']> {
  const sums = await rows<{ focus: string | null; category: string | null; marks: number; awarded: number }>(
    db,
    sql`with w_checks as (
          select w_f.question_id, 1::float8 as marks, case when w_f.is_correct then 1 else 0 end::float8 as awarded
          from (select distinct on (w_a.question_id) w_a.question_id, w_a.is_correct from answer_attempts w_a
                where w_a.student_id = ${studentId} order by w_a.question_id, w_a.created_at, w_a.id) w_f
        ), w_sat as (
          select (w_p.value->>'questionId')::uuid as question_id, (w_p.value->>'marks')::float8 as marks,
                 coalesce(w_ans.awarded, 0)::float8 as awarded
          from test_attempts w_at cross join lateral jsonb_array_elements(w_at.paper) w_p
          left join test_attempt_answers w_ans on w_ans.attempt_id = w_at.id and w_ans.question_id = (w_p.value->>'questionId')::uuid
          where w_at.student_id = ${studentId} and w_at.submitted_at is not null and w_p.value->>'questionId' is not null
        ), w_all as (select * from w_checks union all select * from w_sat)
        select w_tag.focus, w_tag.category, sum(w_all.marks)::float8 as marks, sum(w_all.awarded)::float8 as awarded
        from w_all cross join lateral (
          select (select w_fa.name from question_focus w_qf join focus_areas w_fa on w_fa.id = w_qf.focus_id
                  where w_qf.question_id = w_all.question_id order by w_fa.name limit 1) as focus,
                 (select w_ca.name from question_categories w_qc join categories w_ca on w_ca.id = w_qc.category_id
                  where w_qc.question_id = w_all.question_id order by w_ca.name limit 1) as category
        ) w_tag
        where w_tag.focus is not null or w_tag.category is not null
        group by w_tag.focus, w_tag.category`,
  );
  const results = sums.map((s) => ({ ...s, marks: Number(s.marks), awarded: Number(s.awarded) }));
  const weakest = (by: 'focus' | 'category') =>
    accuracyBy(results, by)
      .filter((a) => a.got < a.of)
      .slice(0, LIMITS.weakAreas);
  return { focus: weakest('focus'), categories: weakest('category') };
}

interface NoteRow {
  id: string;
  body: string;
  for_parents: boolean;
  author_id: string | null;
  author: string | null;
  created_at: string;
  updated_at: string;
}

const noteColumns = sql`n_n.id, n_n.body, n_n.for_parents, n_n.author_id, n_n.created_at, n_n.updated_at,
  nullif(trim(coalesce(n_p.first_name, '') || ' ' || coalesce(n_p.last_name, '')), '') as author`;

const presentNote = (actor: Actor, n: NoteRow): Note => ({
  id: n.id,
  body: n.body,
  forParents: n.for_parents,
  author: n.author,
  createdAt: iso(n.created_at)!,
  updatedAt: iso(n.updated_at)!,
  mine: actor.type === 'admin' || n.author_id === actor.id,
});

/** A student's notes, newest first, at most LIMITS.notes (student_notes_student_idx); `parentsOnly` for a parent. */
function notesOf(db: Db, studentId: string, parentsOnly = false): Promise<NoteRow[]> {
  return rows<NoteRow>(
    db,
    sql`select ${noteColumns} from student_notes n_n left join profiles n_p on n_p.user_id = n_n.author_id
        where n_n.student_id = ${studentId} ${parentsOnly ? sql`and n_n.for_parents` : sql``}
        order by n_n.created_at desc, n_n.id desc limit ${LIMITS.notes}`,
  );
}

/**
 * `GET /api/students/:id/work`: one page of the student's open sections, in course order, with each exercise's
 * attempts and help opened; their sittings, weak areas and notes. Staff who may read the student only (403 for
 * another teacher's student, 404 for an id that names no student). Five statements, whatever the page holds.
 */
export async function studentWork(
  ctx: AppContext,
  actor: Actor,
  studentId: string,
  page: number,
): Promise<StudentWork> {
  await requireTheirStudent(ctx.db, actor, studentId);
  // The checks written behind their answers are the student's work too.
  await ctx.attempts.flush();
  const [outline, [who], sittings, weakAreas, notes] = await Promise.all([
    outlineOf(ctx, studentId),
    rows<{ name: string | null; email: string }>(
      ctx.db,
      sql`select nullif(trim(coalesce(sw_p.first_name, '') || ' ' || coalesce(sw_p.last_name, '')), '') as name, sw_u.email
          from users sw_u left join profiles sw_p on sw_p.user_id = sw_u.id where sw_u.id = ${studentId}`,
    ),
    sittingsOf(ctx.db, studentId),
    weakAreasOf(ctx.db, studentId),
    notesOf(ctx.db, studentId),
  ]);
  const pageSize = LIMITS.sectionsPerPage;
  const shown = outline.sections.slice((page - 1) * pageSize, page * pageSize);
  const exercises = await exercisesOf(ctx.db, studentId, [...new Set(shown.flatMap((s) => s.questionIds))]);
  const variants = await variantsShown(ctx, exercises);
  const courseNames = new Map(outline.courses.map((c) => [c.id, c.name]));
  const sections: WorkSection[] = shown.map((s) => ({
    sectionId: s.sectionId,
    courseId: s.courseId,
    courseName: courseNames.get(s.courseId) ?? '',
    unitTitle: s.unitTitle,
    unitNumber: s.unitNumber,
    title: s.title,
    sectionNumber: s.sectionNumber,
    exercises: s.questionIds.flatMap((questionId, i) => {
      const q = exercises.get(questionId);
      if (!q) return [];
      const attempts: WorkAttempt[] = q.attempts.map((a) => ({
        answer: a.answer ?? '',
        isCorrect: a.isCorrect,
        at: iso(a.at)!,
        variant: a.variant ?? null,
      }));
      const shownVariant = variants.get(questionId);
      return [
        {
          questionId,
          number: i + 1,
          questionText: shownVariant?.questionText ?? q.question_text,
          type: q.type,
          options: shownVariant?.options ?? q.options,
          varies: q.varies,
          variant: shownVariant ? { seed: shownVariant.seed, values: shownVariant.values } : null,
          attemptCount: q.attempt_count,
          attempts,
          hintOpenedAt: iso(q.hint_opened_at),
          solutionOpenedAt: iso(q.solution_opened_at),
        },
      ];
    }),
  }));
  return {
    student: { id: studentId, name: who.name ?? who.email },
    sections,
    sectionPage: { page, pageSize, total: outline.sections.length },
    sittings,
    weakAreas,
    notes: notes.map((n) => presentNote(actor, n)),
  };
}

/** The variant each exercise with random numbers shows the student now: its text, options and values. */
async function variantsShown(ctx: AppContext, exercises: Map<string, ExerciseRow>) {
  const shown = new Map<string, { seed: number; values: string; questionText: string; options: unknown }>();
  for (const q of exercises.values()) {
    if (!q.varies || q.variant === null) continue;
    const seed = q.variant;
    const load = () => loadTemplated(ctx.db, q.id);
    const [variant, question] = await Promise.all([variantOf(ctx, q.id, seed, load), load()]);
    const template = question && storedTemplate(question.template);
    const drawn = template && drawVariant(template, seed);
    if (!variant || !drawn?.ok) continue;
    shown.set(q.id, {
      seed,
      values: valuesLatex(drawn.values),
      questionText: variant.questionText,
      options: variant.options,
    });
  }
  return shown;
}

/**
 * Gives a student a new variant of a question with random numbers (staff who may change what the student studies:
 * an admin, or their teacher): the next time they open it they find new numbers, and answer it afresh.
 */
export async function giveNewVariant(
  ctx: AppContext,
  actor: Actor,
  studentId: string,
  questionId: string,
): Promise<{ message: string; variant: number }> {
  await requireStudent(ctx.db, actor, studentId, { unknown: M.studentNotFound, notYours: M.notYourStudent }, 'write');
  const outline = await outlineOf(ctx, studentId);
  const section = outline.sections.find((s) => s.questionIds.includes(questionId));
  if (!section) throw NotFound(M.notOpenToStudent);
  const question = await loadTemplated(ctx.db, questionId);
  const template = question && storedTemplate(question.template);
  if (!question || !template) throw Invalid(TEMPLATE_MESSAGES.notTemplate);
  const [current] = await rows<{ seed: number }>(
    ctx.db,
    sql`select nv_v.seed from student_variants nv_v where nv_v.student_id = ${studentId} and nv_v.question_id = ${questionId}`,
  );
  const next = chooseSeed(template, question, current?.seed ?? null);
  if (next === null) throw Conflict(TEMPLATE_MESSAGES.noOtherVariant);
  await rows(
    ctx.db,
    sql`insert into student_variants (student_id, question_id, seed) values (${studentId}, ${questionId}, ${next})
        on conflict (student_id, question_id) do update
        set seed = excluded.seed, replaced = student_variants.replaced + 1, updated_at = ${ctx.now().toISOString()}::timestamptz`,
  );
  ctx.memos.studentVariant.evict({ student: studentId, question: questionId });
  return { message: M.newVariant(section.questionIds.indexOf(questionId) + 1), variant: next };
}

/** `GET /api/students/:id/notes`: every note of the student, for staff who may read them. */
export async function listNotes(ctx: AppContext, actor: Actor, studentId: string): Promise<Note[]> {
  await requireTheirStudent(ctx.db, actor, studentId);
  return (await notesOf(ctx.db, studentId)).map((n) => presentNote(actor, n));
}

/** Reads one note back with its author's name, as the routes answer it. */
async function noteById(db: Db, actor: Actor, noteId: string): Promise<Note> {
  const [found] = await rows<NoteRow>(
    db,
    sql`select ${noteColumns} from student_notes n_n left join profiles n_p on n_p.user_id = n_n.author_id where n_n.id = ${noteId}`,
  );
  if (!found) throw NotFound(M.noteNotFound);
  return presentNote(actor, found);
}

/** `POST /api/students/:id/notes`: a note by the actor, who may read the student. */
export async function addNote(ctx: AppContext, actor: Actor, studentId: string, body: NoteBody): Promise<Note> {
  await requireTheirStudent(ctx.db, actor, studentId);
  const now = ctx.now().toISOString();
  // The rule is checked again in the insert: a teacher unlinked in between writes nothing.
  const [created] = await rows<{ id: string }>(
    ctx.db,
    sql`insert into student_notes (student_id, author_id, body, for_parents, created_at, updated_at)
        select n_s.id, ${actor.id}, ${body.body}, ${body.forParents ?? false}, ${now}::timestamptz, ${now}::timestamptz
        from users n_s where n_s.id = ${studentId} and ${mayActForStudent(actor, sql`n_s.id`)}
        returning student_notes.id`,
  );
  if (!created) throw Forbidden(M.notYourStudent);
  return noteById(ctx.db, actor, created.id);
}

/**
 * Finds a note of the student for a change: 404 unless it is one of this student's, and the student one the actor
 * may read; 403 unless the actor wrote it or is an admin. The change itself repeats the author condition, so a
 * note that changed hands in between is not touched.
 */
async function requireOwnNote(ctx: AppContext, actor: Actor, studentId: string, noteId: string) {
  await requireTheirStudent(ctx.db, actor, studentId);
  if (!isUuid(noteId)) throw NotFound(M.noteNotFound);
  const [found] = await rows<{ author_id: string | null }>(
    ctx.db,
    sql`select n_n.author_id from student_notes n_n where n_n.id = ${noteId} and n_n.student_id = ${studentId}`,
  );
  if (!found) throw NotFound(M.noteNotFound);
  if (actor.type !== 'admin' && found.author_id !== actor.id) throw Forbidden(M.notYourNote);
}

/** Who may change a note, in the statement that changes it: its author or an admin, still allowed to read the student. */
const authorCondition = (actor: Actor) =>
  sql`${actor.type === 'admin' ? sql`true` : sql`n_n.author_id = ${actor.id}`} and ${mayActForStudent(actor, sql`n_n.student_id`)}`;

/** `PUT /api/students/:id/notes/:noteId`: its author or an admin changes the text and whether parents see it. */
export async function updateNote(
  ctx: AppContext,
  actor: Actor,
  studentId: string,
  noteId: string,
  body: NoteBody,
): Promise<Note> {
  await requireOwnNote(ctx, actor, studentId, noteId);
  const changed = await rows<{ id: string }>(
    ctx.db,
    sql`update student_notes n_n set body = ${body.body}, for_parents = ${body.forParents ?? false},
          updated_at = ${ctx.now().toISOString()}::timestamptz
        where n_n.id = ${noteId} and n_n.student_id = ${studentId} and ${authorCondition(actor)}
        returning n_n.id`,
  );
  if (changed.length === 0) throw NotFound(M.noteNotFound);
  return noteById(ctx.db, actor, noteId);
}

/** `DELETE /api/students/:id/notes/:noteId`: its author or an admin. */
export async function deleteNote(ctx: AppContext, actor: Actor, studentId: string, noteId: string): Promise<void> {
  await requireOwnNote(ctx, actor, studentId, noteId);
  const gone = await rows<{ id: string }>(
    ctx.db,
    sql`delete from student_notes n_n where n_n.id = ${noteId} and n_n.student_id = ${studentId} and ${authorCondition(actor)}
        returning n_n.id`,
  );
  if (gone.length === 0) throw NotFound(M.noteNotFound);
}

const shared = (n: NoteRow): SharedNote => ({
  id: n.id,
  body: n.body,
  author: n.author,
  createdAt: iso(n.created_at)!,
});

/** `GET /api/student/notes`: every note left for the signed-in student, newest first. */
export async function myNotes(ctx: AppContext, studentId: string): Promise<SharedNote[]> {
  return (await notesOf(ctx.db, studentId)).map(shared);
}

/**
 * `GET /api/parent/children/:id/notes`: the child's notes marked for parents. Any id that is not one of the
 * parent's children is 404, like an unknown one.
 */
export async function childNotes(ctx: AppContext, parentId: string, childId: string): Promise<SharedNote[]> {
  await requireStudent(ctx.db, { id: parentId, type: 'parent' }, childId, {
    unknown: DASHBOARD_MESSAGES.childNotFound,
    notYours: DASHBOARD_MESSAGES.childNotFound,
  });
  return (await notesOf(ctx.db, childId, true)).map(shared);
}
