import { gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { CLASS_MESSAGES } from '../../../common/rules/classes';
import { dueState } from '../../../common/rules/due-dates';
import {
  gradebookReply,
  type GradebookQuery,
  type GradebookReply,
  type GradebookSection,
  type SectionCell,
  type TestCell,
} from '../../../common/schemas/gradebook';
import type { AppContext } from '../../context';
import { rows } from '../../db/prepared';
import { Forbidden, NotFound } from '../../lib/errors';
import type { Actor } from '../../policies/actor';
import { mayActForClass } from '../../policies/classes';
import { effectiveDueDates } from '../due-dates/effective';
import { classSectionIds } from '../student/access';
import { totalsJson, type StudentTotals } from '../student/progress';
import type { KeptGradebook } from './kept';

/**
 * A class's gradebook. Statements are per class, never per student: the students, the class's sections, their due
 * dates, the tests' sittings, each one statement. The figures come from each student's kept totals (the memo the
 * dashboards read, counted on as checks are taken), so a read costs no scan of the answer attempts; the students not
 * yet kept are read together in one statement.
 */

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
const epochMs = (column: string) => sql.raw(`floor(extract(epoch from ${column}) * 1000)::float8`);

type ClassSection = GradebookSection & { questionIds: string[] };

/** The sections the class gives with exercises to grade, in the order of its courses, units and sections. */
async function classSections(ctx: AppContext, classId: string): Promise<ClassSection[]> {
  return rows<ClassSection>(
    ctx.db,
    sql`select gb_s.id, gb_c.title as "courseTitle", gb_u.id as "unitId", gb_u.unit_number as "unitNumber",
          gb_u.title as "unitTitle", gb_s.section_number as "sectionNumber", gb_s.title,
          coalesce((select json_agg(gb_sq.question_id order by gb_sq.position) from section_questions gb_sq
            where gb_sq.section_id = gb_s.id), '[]'::json) as "questionIds"
        from sections gb_s
        join units gb_u on gb_u.id = gb_s.unit_id
        join courses gb_c on gb_c.id = gb_u.course_id
        where gb_s.id in (${classSectionIds(classId)})
          and exists (select 1 from section_questions gb_e where gb_e.section_id = gb_s.id)
        order by lower(gb_c.title), gb_c.id, gb_u.unit_number, gb_u.title, gb_s.section_number, gb_s.title`,
  ).then((found) => found.map((s) => ({ ...s, exercises: s.questionIds.length })));
}

async function classStudents(ctx: AppContext, classId: string) {
  return rows<{ id: string; name: string }>(
    ctx.db,
    sql`select gb_cs.student_id as id, trim(coalesce(gb_p.first_name, '') || ' ' || coalesce(gb_p.last_name, '')) as name
        from class_students gb_cs
        join users gb_u on gb_u.id = gb_cs.student_id
        left join profiles gb_p on gb_p.user_id = gb_cs.student_id
        where gb_cs.class_id = ${classId}
        order by lower(gb_p.last_name), lower(gb_p.first_name), gb_u.email`,
  );
}

/** Each student's due date of each section that has one (their own, or their classes'), as "student section" keys. */
async function dueDates(ctx: AppContext, classId: string): Promise<Map<string, number>> {
  const found = await rows<{ student_id: string; section_id: string; due_ms: number }>(
    ctx.db,
    sql`select gb_cs.student_id, gb_d.section_id, ${epochMs('gb_d.due_at')} as due_ms
        from class_students gb_cs
        cross join lateral (${effectiveDueDates(sql`gb_cs.student_id`)}) gb_d
        where gb_cs.class_id = ${classId}`,
  );
  return new Map(found.map((d) => [`${d.student_id} ${d.section_id}`, d.due_ms]));
}

/**
 * The students' kept totals; those not kept are read in one statement (the attempts still queued behind a check
 * written first, as a single student's read does), and kept for the next read.
 */
async function totalsOf(ctx: AppContext, studentIds: string[]): Promise<StudentTotals[]> {
  const memo = ctx.memos.studentTotals;
  const missing = studentIds.filter((id) => memo.get({ student: id }) === undefined);
  let batch: Promise<Map<string, StudentTotals>> | null = null;
  const load = (ids: string[]) => async () => {
    await ctx.attempts.flush();
    const found = await rows<{ id: string; totals: StudentTotals }>(
      ctx.db,
      sql`select gb_t.id, ${totalsJson(sql`gb_t.id`)} as totals
          from unnest(string_to_array(${ids.join(',')}, ',')::uuid[]) as gb_t(id)`,
    );
    return new Map(found.map((row) => [row.id, row.totals]));
  };
  return Promise.all(
    studentIds.map((id) =>
      memo.remember({ student: id }, async () => {
        // A student evicted since the look above is read alone.
        batch ??= load(missing.includes(id) ? missing : [id])();
        const found = (await batch).get(id) ?? (await load([id])()).get(id);
        return found!;
      }),
    ),
  );
}

interface TestRow {
  test_id: string;
  student_id: string;
  given: boolean;
  closes_ms: number | null;
  started: boolean;
  submitted_ms: number | null;
  score: number | null;
  max_marks: number | null;
}

async function classTests(ctx: AppContext, classId: string, query: GradebookQuery) {
  const from = query.from ?? null;
  const to = query.to ?? null;
  const columns = await rows<{
    id: string;
    title: string;
    opens_ms: number | null;
    closes_ms: number | null;
    shown: boolean;
  }>(
    ctx.db,
    sql`select gb_t.id, gb_t.title, ${epochMs('gb_ct.opens_at')} as opens_ms, ${epochMs('gb_ct.closes_at')} as closes_ms,
          (${to}::timestamptz is null or coalesce(gb_ct.opens_at, gb_ct.created_at) < ${to}::timestamptz)
            and (${from}::timestamptz is null or gb_ct.closes_at is null or gb_ct.closes_at >= ${from}::timestamptz) as shown
        from class_tests gb_ct join tests gb_t on gb_t.id = gb_ct.test_id
        where gb_ct.class_id = ${classId}
        order by coalesce(gb_ct.opens_at, gb_ct.created_at), lower(gb_t.title), gb_t.id`,
  );
  const shown = columns.filter((c) => c.shown && (!query.test || c.id === query.test));
  const cells = shown.length
    ? await rows<TestRow>(
        ctx.db,
        sql`select gb_ct.test_id, gb_cs.student_id, gb_ta.id is not null as given, ${epochMs('gb_ta.closes_at')} as closes_ms,
              gb_at.id is not null as started, ${epochMs('gb_at.submitted_at')} as submitted_ms, gb_at.score, gb_at.max_marks
            from class_tests gb_ct
            join class_students gb_cs on gb_cs.class_id = gb_ct.class_id
            left join test_assignments gb_ta on gb_ta.test_id = gb_ct.test_id and gb_ta.student_id = gb_cs.student_id
            left join test_attempts gb_at on gb_at.assignment_id = gb_ta.id
            where gb_ct.class_id = ${classId}
              and gb_ct.test_id = any(string_to_array(${shown.map((c) => c.id).join(',')}, ',')::uuid[])`,
      )
    : [];
  return {
    all: columns.map((c) => ({ id: c.id, title: c.title })),
    shown: shown.map((c) => ({ id: c.id, title: c.title, opensAt: iso(c.opens_ms), closesAt: iso(c.closes_ms) })),
    cells: new Map(cells.map((c) => [`${c.student_id} ${c.test_id}`, c])),
  };
}

/** A test's cell for one student: what they did with their given test, and its marks once submitted. */
export function testCellOf(row: TestRow | undefined, now: number): TestCell {
  const blank = { score: null, maxMarks: null, submittedAt: null };
  if (!row || !row.given) return { state: 'not-given', ...blank };
  if (row.submitted_ms !== null)
    return {
      state: row.closes_ms !== null && row.submitted_ms > row.closes_ms ? 'late' : 'submitted',
      score: row.score,
      maxMarks: row.max_marks,
      submittedAt: iso(row.submitted_ms),
    };
  // A sitting begun and past its time is submitted by the server's sweep with what was saved: still in progress.
  if (row.started) return { state: 'in-progress', ...blank };
  return { state: row.closes_ms !== null && now >= row.closes_ms ? 'missing' : 'not-started', ...blank };
}

/**
 * A section's cell, by the rules of progress.ts over the student's totals: solved is any correct check, first try
 * right at the first check. Within a date range only the questions first tried (tried, first try) or first solved
 * (solved) in it count. The state is the due-date rule's (dueState): finished when the last exercise was first
 * answered right.
 */
export function sectionCellOf(
  section: { questionIds: string[] },
  totals: StudentTotals,
  dueAt: number | null,
  now: number,
  range: { from: number; to: number },
): SectionCell {
  let solved = 0;
  let tried = 0;
  let firstTry = 0;
  let triedEver = false;
  let finishedAt: number | null = section.questionIds.length > 0 ? 0 : null;
  const within = (at: number) => at >= range.from && at < range.to;
  for (const questionId of section.questionIds) {
    const question = totals.questions[questionId];
    if (!question) {
      finishedAt = null;
      continue;
    }
    const [, solvedOn, firstAt, solvedAt] = question;
    triedEver = true;
    if (within(firstAt)) {
      tried += 1;
      if (solvedOn === 1) firstTry += 1;
    }
    if (solvedOn > 0 && within(solvedAt)) solved += 1;
    if (solvedOn === 0) finishedAt = null;
    else if (finishedAt !== null) finishedAt = Math.max(finishedAt, solvedAt);
  }
  const due = dueState(
    dueAt === null ? null : new Date(dueAt),
    finishedAt === null ? null : new Date(finishedAt),
    new Date(now),
  );
  return {
    solved,
    tried,
    firstTry,
    state: due === 'open' ? (triedEver ? 'in-progress' : 'not-started') : due,
  };
}

const mean = (values: number[]) =>
  values.length === 0 ? null : Math.round(values.reduce((a, b) => a + b, 0) / values.length);

/** The gradebook computed afresh, with the moment a state of it would change by the clock alone. */
async function buildGradebook(
  ctx: AppContext,
  found: { id: string; name: string },
  query: GradebookQuery,
): Promise<{ reply: GradebookReply; validUntil: number; checks: number }> {
  const classId = found.id;
  const [students, allSections, due, tests] = await Promise.all([
    classStudents(ctx, classId),
    classSections(ctx, classId),
    dueDates(ctx, classId),
    classTests(ctx, classId, query),
  ]);
  const totals = await totalsOf(
    ctx,
    students.map((s) => s.id),
  );
  // Summed in the same turn the cells are counted in: a check counted later changes the sum, and the reply is read again.
  const checks = totals.reduce((sum, t) => sum + t.attempts, 0);
  const now = ctx.now().getTime();
  const range = {
    from: query.from ? Date.parse(query.from) : -Infinity,
    to: query.to ? Date.parse(query.to) : Infinity,
  };
  const sections = allSections.filter((s) => !query.unit || s.unitId === query.unit);
  const rowsOut = students.map((student, i) => ({
    id: student.id,
    name: student.name,
    sections: sections.map((section) =>
      sectionCellOf(section, totals[i], due.get(`${student.id} ${section.id}`) ?? null, now, range),
    ),
    tests: tests.shown.map((test) => testCellOf(tests.cells.get(`${student.id} ${test.id}`), now)),
  }));
  const future = [...due.values(), ...[...tests.cells.values()].map((c) => c.closes_ms ?? Infinity)].filter(
    (at) => at > now,
  );
  const validUntil = Math.min(Infinity, ...future);
  const units = new Map<string, GradebookReply['units'][number]>();
  for (const s of allSections)
    units.set(s.unitId, { id: s.unitId, courseTitle: s.courseTitle, unitNumber: s.unitNumber, title: s.unitTitle });
  const reply: GradebookReply = {
    class: found,
    sections: sections.map(({ questionIds: _, ...column }) => column),
    tests: tests.shown,
    units: [...units.values()],
    allTests: tests.all,
    students: rowsOut,
    averages: {
      sections: sections.map((section, c) => ({
        solvedPercent:
          section.exercises === 0 ? null : mean(rowsOut.map((r) => (r.sections[c].solved / section.exercises) * 100)),
        firstTryPercent: mean(
          rowsOut
            .filter((r) => r.sections[c].tried > 0)
            .map((r) => (r.sections[c].firstTry / r.sections[c].tried) * 100),
        ),
      })),
      tests: tests.shown.map((_, c) => ({
        scorePercent: mean(
          rowsOut
            .map((r) => r.tests[c])
            .filter((cell) => cell.score !== null && cell.maxMarks)
            .map((cell) => (cell.score! / cell.maxMarks!) * 100),
        ),
      })),
    },
  };
  return { reply, validUntil, checks };
}

/**
 * The class named, if the caller may act for it by the class policy (404 for an unknown class, 403 for a class that
 * is not the teacher's), with the stamp of what its kept gradebook cannot hear of: its name, its tests and their
 * windows and titles. One statement, as a kept gradebook's currency costs no more.
 */
async function readableClass(ctx: AppContext, actor: Actor, classId: string) {
  const [found] = await rows<{ id: string; name: string; mine: boolean; stamp: string }>(
    ctx.db,
    sql`select gb_c.id, gb_c.name, ${mayActForClass(actor, sql`gb_c.id`)} as mine,
          gb_c.name || '|' || coalesce((
            select string_agg(gb_ct.test_id::text || ' ' || coalesce(gb_ct.opens_at::text, '') || ' '
              || coalesce(gb_ct.closes_at::text, '') || ' ' || gb_t.title, '|' order by gb_ct.test_id)
            from class_tests gb_ct join tests gb_t on gb_t.id = gb_ct.test_id where gb_ct.class_id = gb_c.id), '') as stamp
        from classes gb_c where gb_c.id = ${classId}`,
  );
  if (!found) throw NotFound(CLASS_MESSAGES.notFound);
  if (!found.mine) throw Forbidden(CLASS_MESSAGES.notYourClass);
  return { found: { id: found.id, name: found.name }, stamp: found.stamp };
}

/** The checks the students' kept totals hold; -1 when one is not kept (the gradebook is then read afresh). */
function keptChecks(ctx: AppContext, studentIds: readonly string[]): number {
  let sum = 0;
  for (const id of studentIds) {
    const totals = ctx.memos.studentTotals.get({ student: id });
    if (!totals) return -1;
    sum += totals.attempts;
  }
  return sum;
}

/**
 * A class's gradebook as JSON text (and gzipped), for an admin or a teacher of the class: kept by class and filters
 * while nothing it shows has changed (see KeptGradebook), else computed afresh and passed through the reply schema.
 */
export async function gradebookText(
  ctx: AppContext,
  actor: Actor,
  classId: string,
  query: GradebookQuery,
): Promise<KeptGradebook> {
  const { found, stamp } = await readableClass(ctx, actor, classId);
  const key = JSON.stringify([classId, query.unit ?? '', query.test ?? '', query.from ?? '', query.to ?? '']);
  const memo = ctx.memos.gradebookReplies;
  const kept = memo.get(key);
  if (
    kept &&
    kept.stamp === stamp &&
    ctx.now().getTime() < kept.validUntil &&
    keptChecks(ctx, kept.studentIds) === kept.checks
  )
    return kept;
  if (kept) memo.evict(key);
  // Through the memo's own load: a notice that empties it meanwhile keeps the gradebook read before it from being kept.
  return memo.remember(key, async () => {
    const { reply, validUntil, checks } = await buildGradebook(ctx, found, query);
    const json = JSON.stringify(gradebookReply.parse(reply));
    return { stamp, studentIds: reply.students.map((s) => s.id), checks, validUntil, json, gzip: gzipSync(json) };
  });
}

/** The gradebook as a value (the tests read it so). */
export async function gradebook(ctx: AppContext, actor: Actor, classId: string, query: GradebookQuery) {
  return JSON.parse((await gradebookText(ctx, actor, classId, query)).json) as GradebookReply;
}
