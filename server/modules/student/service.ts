import { eq, inArray, sql } from 'drizzle-orm';
import { checkAnswerWhole, type CheckableQuestion, type CheckResult } from '../../../common/answers';
import type {
  CourseDetail,
  CourseProgressReply,
  SectionProgress,
  StaffQuestion,
  StudentCourse,
  StudentStats,
} from '../../../common/schemas/learning';
import { LEARNING_MESSAGES, SOLUTION_AFTER_WRONG } from '../../../common/schemas/learning';
import type { AppContext } from '../../context';
import type { QuestionToCheck, ReachableQuestion, TestWindow } from './kept';
import type { Db } from '../../db/client';
import { helpOpened, questions } from '../../db/schema';
import { rows } from '../../db/prepared';
import { Conflict, Forbidden, Invalid, NotFound } from '../../lib/errors';
import { accessibleSectionIds } from './access';
import { openSectionsDue, studentDueDates } from '../due-dates/student-due';
import { recordAttempt } from './attempts';
import { isSolved, progressOf, questionsOf, totalsJson, type StudentOutline, type StudentTotals } from './progress';
import { courseStructureOf, outlineOf } from './outline';
import { presentQuestions } from './questions';
import type { Memo, Scope } from '../../lib/kept/stores';
import {
  chooseSeed,
  loadTemplated,
  sampleSeed,
  storedTemplate,
  studentSeed,
  studentSeeds,
  variantOf,
} from '../variants/variants';
import { ANOTHER_AFTER_WRONG, TEMPLATE_MESSAGES } from '../../../common/rules/templates';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The student's assigned courses, with the question ids of their open sections in order: from their kept outline,
 * which the dashboard and the checks read too, so no statement once kept.
 */
export async function studentCourseList(ctx: AppContext, studentId: string): Promise<StudentCourse[]> {
  const outline = await outlineOf(ctx, studentId);
  return outline.courses.map((c) => ({
    id: c.id,
    name: c.name,
    code: c.code,
    description: c.description,
    exercises: [...new Set(outline.sections.filter((s) => s.courseId === c.id).flatMap((s) => s.questionIds))],
    // Courses have no body text of their own in our model; lessons live in sections.
    content: '',
  }));
}

/**
 * One assigned course with every unit and section flagged `hasAccess`: the course's kept structure seen through the
 * student's kept outline, so no statement once both are kept. Locked sections keep their title (the student sees
 * what is coming) but carry no content or exercises.
 */
export async function studentCourseDetail(ctx: AppContext, studentId: string, courseId: string): Promise<CourseDetail> {
  const outline = await outlineOf(ctx, studentId);
  if (!outline.courses.some((c) => c.id === courseId)) throw NotFound(LEARNING_MESSAGES.courseNotFound);
  const structure = await courseStructureOf(ctx, courseId);
  if (!structure) throw NotFound(LEARNING_MESSAGES.courseNotFound);
  const openUnits = new Set(outline.unitIds);
  const openSections = new Set(outline.sections.map((section) => section.sectionId));
  return {
    course: structure.course,
    units: structure.units.map((unit) => ({
      ...unit,
      hasAccess: openUnits.has(unit.id),
      sections: unit.sections.map(({ id, title, sectionNumber, grade, unitId, content, video, exercises }) =>
        openSections.has(id)
          ? { id, title, sectionNumber, grade, unitId, hasAccess: true, content, video, exercises }
          : { id, title, sectionNumber, grade, unitId, hasAccess: false },
      ),
    })),
  };
}

/**
 * The questions on the student's sittings not yet submitted: while a test is open its questions are not practice,
 * or checking them (and reading their worked solutions) would answer the test. One statement on the student's
 * sittings (test_attempts_student_idx), kept until a sitting of theirs starts or ends.
 */
function openTestQuestions(ctx: AppContext, studentId: string): Promise<string[]> {
  return ctx.memos.openTestQuestions.remember({ student: studentId }, async () => {
    const found = await rows<{ id: string }>(
      ctx.db,
      sql`select distinct pe.value->>'questionId' as id
          from test_attempts ta cross join lateral jsonb_array_elements(ta.paper) pe
          where ta.student_id = ${studentId} and ta.submitted_at is null and pe.value->>'questionId' is not null`,
    );
    return found.map((row) => row.id);
  });
}

/** Refuses (403) a student's practice of a question on a test they are sitting. */
async function refuseWhileInTest(ctx: AppContext, studentId: string, questionIds: string[]): Promise<void> {
  const inTest = await openTestQuestions(ctx, studentId);
  if (inTest.length === 0) return;
  const blocked = questionIds.filter((id) => inTest.includes(id));
  if (blocked.length === 0) return;
  throw Forbidden(questionIds.length === 1 ? LEARNING_MESSAGES.inOpenTest : LEARNING_MESSAGES.someInOpenTest);
}

/**
 * Questions by id, in the order asked. A student gets only those reachable through their accessible sections;
 * the others are left out without a word, so ids cannot be probed. A student asking for a question of a test they
 * are sitting is refused (403), the batch whole. A question with random numbers is the student's own variant
 * (given now when they have none), staff's its first approved or drawn one.
 */
export async function questionBatch(
  ctx: AppContext,
  caller: { id: string; isStudent: boolean },
  questionIds: string[],
): Promise<StaffQuestion[]> {
  const ids = [...new Set(questionIds.filter((q) => UUID.test(q)))];
  if (ids.length === 0) return [];
  if (caller.isStudent) await refuseWhileInTest(ctx, caller.id, ids);
  // A student reaches the exercises of their open sections, which their kept outline lists.
  const reachable = caller.isStudent ? ids.filter(await questionsInOutline(ctx, caller.id)) : ids;
  if (reachable.length === 0) return [];
  const found = await ctx.db.select().from(questions).where(inArray(questions.id, reachable));
  const byId = new Map(found.map((q) => [q.id, q]));
  const seeds = caller.isStudent ? await studentSeeds(ctx, caller.id, found) : undefined;
  return presentQuestions(
    ctx,
    ids.flatMap((q) => (byId.has(q) ? [byId.get(q)!] : [])),
    seeds,
  );
}

/** Whether a question is an exercise of one of the student's open sections. */
async function questionsInOutline(ctx: AppContext, studentId: string): Promise<(questionId: string) => boolean> {
  const outline = await outlineOf(ctx, studentId);
  const open = new Set(outline.sections.flatMap((section) => section.questionIds));
  return (questionId) => open.has(questionId);
}

/** A question as a check needs it, read once for every student until content or the bank change; null when none. */
function checkableQuestion(ctx: AppContext, questionId: string): Promise<QuestionToCheck | null> {
  return ctx.memos.checkableQuestion.remember(
    { question: questionId },
    async () => {
      const [row] = await ctx.db
        .select({
          type: questions.type,
          answer: questions.answer,
          options: questions.options,
          answerForms: questions.answerForms,
          varies: sql<boolean>`${questions.template} is not null`,
        })
        .from(questions)
        .where(eq(questions.id, questionId));
      return row ? { ...row, verdicts: new Map() } : null;
    },
    (found) => found !== null,
  );
}

/**
 * The longest answer whose verdict is cached: school answers are short, and a short entry cannot nest deep enough to
 * overflow the stack (which could end one check and not the next).
 */
const CACHED_VERDICT_LENGTH = 100;
/** The most verdicts cached per question: the wrong answers of a class are many, the common ones few. */
const CACHED_VERDICTS = 200;
/** What a cached verdict adds to its question's bytes, besides the answer itself. */
const VERDICT_BYTES = 64;

/** What holds a question's verdict cache: the question's own memo, or its variants'. */
type VerdictHolder<K extends Scope> = Memo<{ verdicts: Map<string, CheckResult> } | null, K>;

/**
 * Checks an answer to a kept question (or variant), or takes the verdict the same answer got before from its
 * verdict cache. A verdict is cached with the question the memo holds now (and counted in its bytes), unless the
 * check ran out of budget, when another might not.
 */
function checkWithVerdictCache<K extends Scope>(
  memo: VerdictHolder<K>,
  key: K,
  question: CheckableQuestion & { verdicts: Map<string, CheckResult> },
  studentAnswer: string,
): CheckResult {
  const known = question.verdicts.get(studentAnswer);
  if (known) return known;
  const { result, whole } = checkAnswerWhole(question, studentAnswer);
  const current = memo.get(key);
  if (
    whole &&
    studentAnswer.length <= CACHED_VERDICT_LENGTH &&
    current?.verdicts === question.verdicts &&
    current.verdicts.size < CACHED_VERDICTS
  ) {
    memo.update(
      key,
      (current) => {
        current?.verdicts.set(studentAnswer, result);
        return current;
      },
      () => Buffer.byteLength(studentAnswer) + VERDICT_BYTES,
    );
  }
  return result;
}

/** The open section a student reaches a question through: the one they are in when it holds it, else the first in order. */
function sectionReaching(outline: StudentOutline, questionId: string, preferred: string | undefined): string | null {
  let first: string | null = null;
  for (const section of outline.sections) {
    if (!section.questionIds.includes(questionId)) continue;
    if (section.sectionId === preferred) return section.sectionId;
    first ??= section.sectionId;
  }
  return first;
}

async function givenToPractice(db: Db, studentId: string, questionId: string): Promise<boolean> {
  const [row] = await rows<{ given: boolean }>(
    db,
    sql`select exists (select 1 from practice_questions pq where pq.student_id = ${studentId} and pq.question_id = ${questionId}) as given`,
  );
  return row.given;
}

/**
 * A question a student may check, with the open section they reach it through (null for one given to practice),
 * or null. Kept per student like the course view, and made from what is kept anyway: the student's outline (their
 * open sections with their exercises) and the question as every student's check needs it, so after a content
 * change it costs no statement unless the question is in none of their sections.
 */
async function reachableQuestion(
  ctx: AppContext,
  studentId: string,
  body: { questionId: string; sectionId?: string },
): Promise<ReachableQuestion | null> {
  return ctx.memos.reachableQuestion.remember(
    { student: studentId, question: body.questionId, section: body.sectionId ?? null },
    async () => {
      const via = sectionReaching(await outlineOf(ctx, studentId), body.questionId, body.sectionId);
      if (!via && !(await givenToPractice(ctx.db, studentId, body.questionId))) return null;
      const question = await checkableQuestion(ctx, body.questionId);
      return question && { ...question, via };
    },
    (found) => found !== null,
  );
}

/**
 * Checks an answer. A student's check needs the question to be reachable, through an open section or given to
 * practice (404 otherwise, as for an unknown id), and on no test they are sitting (403), and is stored as an attempt with the section it was reached
 * through, none for practice (written behind the answer, see recordAttempt); staff checks and answers right but
 * not in the form asked are not recorded.
 */
export async function checkQuestionAnswer(
  ctx: AppContext,
  caller: { id: string; isStudent: boolean },
  body: { questionId: string; studentAnswer: string; sectionId?: string; variant?: number },
): Promise<CheckResult> {
  if (!caller.isStudent) {
    const question = await checkableQuestion(ctx, body.questionId);
    if (!question) throw NotFound(LEARNING_MESSAGES.questionNotFound);
    // Staff answer the variant they are shown (a batch's), or the seed they name.
    const seed = question.varies ? (body.variant ?? (await sampleOf(ctx, body.questionId))) : null;
    return await checkVariantOrQuestion(ctx, body.questionId, question, seed, body.studentAnswer);
  }
  await refuseWhileInTest(ctx, caller.id, [body.questionId]);
  const question = await reachableQuestion(ctx, caller.id, body);
  if (!question) throw NotFound(LEARNING_MESSAGES.questionNotFound);
  const seed = question.varies ? await ownSeed(ctx, caller.id, body.questionId) : null;
  const result = await checkVariantOrQuestion(ctx, body.questionId, question, seed, body.studentAnswer);
  // Right in value but not in the form asked is a nudge, not a try: nothing is stored, so it neither counts as a
  // wrong try (for the levels, the figures or the solution) nor uses up the question's first try.
  if (result.formMissed) return result;
  await recordAttempt(ctx, {
    studentId: caller.id,
    questionId: body.questionId,
    sectionId: question.via,
    studentAnswer: body.studentAnswer,
    isCorrect: result.isCorrect,
    seed,
    createdAt: ctx.now(),
  });
  return result;
}

/** The seed of a student's own variant of a question with random numbers (given now when they have none). */
async function ownSeed(ctx: AppContext, studentId: string, questionId: string): Promise<number | null> {
  const kept = ctx.memos.studentVariant.get({ student: studentId, question: questionId });
  if (kept !== undefined) return kept;
  const question = await loadTemplated(ctx.db, questionId);
  return question && studentSeed(ctx, studentId, question);
}

/** The variant staff are shown of a question with random numbers. */
async function sampleOf(ctx: AppContext, questionId: string): Promise<number | null> {
  const question = await loadTemplated(ctx.db, questionId);
  const template = question && storedTemplate(question.template);
  return template && sampleSeed(template);
}

/**
 * A check against the variant `seed` (through the variant's verdict cache) or, for a question without random
 * numbers, the question itself (through its own).
 */
async function checkVariantOrQuestion(
  ctx: AppContext,
  questionId: string,
  question: QuestionToCheck,
  seed: number | null,
  studentAnswer: string,
): Promise<CheckResult> {
  if (seed === null)
    return checkWithVerdictCache(ctx.memos.checkableQuestion, { question: questionId }, question, studentAnswer);
  const key = { question: questionId, seed };
  const variant = await variantOf(ctx, questionId, seed, () => loadTemplated(ctx.db, questionId));
  if (!variant) throw NotFound(LEARNING_MESSAGES.questionNotFound);
  return checkWithVerdictCache(ctx.memos.questionVariant, key, variant, studentAnswer);
}

/** A student's checks summed per question (see progress.ts); the attempts still queued are theirs too. */
async function loadTotals(ctx: AppContext, studentId: string): Promise<StudentTotals> {
  await ctx.attempts.flush();
  const [row] = await rows<{ totals: StudentTotals }>(ctx.db, sql`select ${totalsJson(studentId)} as totals`);
  return row.totals;
}

/**
 * A question's worked solution. A student gets it for a question they can reach or were given to practice (404
 * otherwise, as for an unknown id) once their stored attempts hold a correct answer or two wrong ones (403 before),
 * and never while it is on a test they are sitting (403);
 * staff always. Attempts still queued behind a check are written first, so the answer that earned it counts.
 * With random numbers it is the solution of the student's own variant, and the two wrong answers must be to that
 * variant: a new one ("Show me another") is not solved for them by the last one's misses.
 */
export async function questionSolution(
  ctx: AppContext,
  caller: { id: string; isStudent: boolean },
  questionId: string,
  variant?: number,
): Promise<{ solution: string }> {
  if (!caller.isStudent) {
    const [row] = await ctx.db
      .select({ solution: questions.solution, varies: sql<boolean>`${questions.template} is not null` })
      .from(questions)
      .where(eq(questions.id, questionId));
    if (!row) throw NotFound(LEARNING_MESSAGES.questionNotFound);
    if (!row.varies) return { solution: row.solution };
    const seed = variant ?? (await sampleOf(ctx, questionId));
    const shown =
      seed === null ? null : await variantOf(ctx, questionId, seed, () => loadTemplated(ctx.db, questionId));
    return { solution: shown?.solution ?? row.solution };
  }
  await refuseWhileInTest(ctx, caller.id, [questionId]);
  const reachable = await reachableQuestion(ctx, caller.id, { questionId });
  if (!reachable) throw NotFound(LEARNING_MESSAGES.questionNotFound);
  const seed = reachable.varies ? await ownSeed(ctx, caller.id, questionId) : null;
  await ctx.attempts.flush();
  // The same statement records the first time the solution was given (help_opened, its `created_at` the time
  // opened), for the student's teachers.
  const [row] = await rows<{ solution: string; solved: boolean; wrong: number }>(
    ctx.db,
    sql`with found as (
          select q.id, q.solution,
            exists (select 1 from answer_attempts a where a.student_id = ${caller.id} and a.question_id = q.id and a.is_correct) as solved,
            (select count(*)::int from answer_attempts w where w.student_id = ${caller.id} and w.question_id = q.id and not w.is_correct
               and w.seed is not distinct from ${seed}::int) as wrong
          from questions q
          where q.id = ${questionId}
            and (q.id in (select sq.question_id from section_questions sq where sq.section_id in (${accessibleSectionIds(caller.id)}))
              or exists (select 1 from practice_questions pq where pq.student_id = ${caller.id} and pq.question_id = q.id))
        ), opened as (
          insert into help_opened (student_id, question_id, kind, created_at)
          select ${caller.id}, found.id, 'solution', ${ctx.now().toISOString()}::timestamptz from found
          where found.solved or found.wrong >= ${SOLUTION_AFTER_WRONG}
          on conflict do nothing
        )
        select found.solution, found.solved, found.wrong from found`,
  );
  if (!row) throw NotFound(LEARNING_MESSAGES.questionNotFound);
  if (!row.solved && row.wrong < SOLUTION_AFTER_WRONG) throw Forbidden(LEARNING_MESSAGES.solutionNotYet);
  if (seed === null) return { solution: row.solution };
  const own = await variantOf(ctx, questionId, seed, () => loadTemplated(ctx.db, questionId));
  return { solution: own?.solution ?? row.solution };
}

/**
 * "Show me another": a new variant of a question with random numbers, for a student who answered theirs wrong twice
 * (403 before; 400 for a question without random numbers, 404 for one they cannot reach, 403 on a test they are
 * sitting). The attempts stay with the variant they were given to, so the first earns no credit; the new one is
 * answered afresh. One statement changes the seed only while it is still the one the misses were counted on, so two
 * requests at once give one new variant.
 */
export async function anotherVariant(ctx: AppContext, studentId: string, questionId: string): Promise<StaffQuestion> {
  await refuseWhileInTest(ctx, studentId, [questionId]);
  const reachable = await reachableQuestion(ctx, studentId, { questionId });
  if (!reachable) throw NotFound(LEARNING_MESSAGES.questionNotFound);
  if (!reachable.varies) throw Invalid(TEMPLATE_MESSAGES.notTemplate);
  const question = await loadTemplated(ctx.db, questionId);
  const template = question && storedTemplate(question.template);
  const current = await ownSeed(ctx, studentId, questionId);
  if (!question || !template || current === null) throw NotFound(LEARNING_MESSAGES.questionNotFound);
  const next = chooseSeed(template, question, current);
  if (next === null) throw Conflict(TEMPLATE_MESSAGES.noOtherVariant);
  await ctx.attempts.flush();
  const changed = await rows<{ seed: number }>(
    ctx.db,
    sql`update student_variants sv set seed = ${next}, replaced = sv.replaced + 1, updated_at = ${ctx.now().toISOString()}::timestamptz
        where sv.student_id = ${studentId} and sv.question_id = ${questionId} and sv.seed = ${current}
          and (select count(*) from answer_attempts sv_a where sv_a.student_id = sv.student_id and sv_a.question_id = sv.question_id
               and sv_a.seed = sv.seed and not sv_a.is_correct) >= ${ANOTHER_AFTER_WRONG}
        returning sv.seed`,
  );
  if (changed.length === 0) throw Forbidden(TEMPLATE_MESSAGES.anotherNotYet);
  ctx.memos.studentVariant.evict({ student: studentId, question: questionId });
  const [row] = await ctx.db.select().from(questions).where(eq(questions.id, questionId));
  const [shown] = await presentQuestions(ctx, [row], new Map([[questionId, next]]));
  return shown;
}

/**
 * Records the first time a student opened a question's hint: the question must be one they may check (reachable
 * through an open section or given to practice, 404 otherwise, and on no test they are sitting, 403), as for
 * check-answer. Opening it again keeps the first time.
 */
export async function recordHintOpened(ctx: AppContext, studentId: string, questionId: string): Promise<void> {
  await refuseWhileInTest(ctx, studentId, [questionId]);
  if (!(await reachableQuestion(ctx, studentId, { questionId }))) throw NotFound(LEARNING_MESSAGES.questionNotFound);
  await ctx.db
    .insert(helpOpened)
    .values({ studentId, questionId, kind: 'hint', openedAt: ctx.now() })
    .onConflictDoNothing();
}

/**
 * Both are kept per student: the outline until content or assignments change, the totals counted on by the student's
 * own checks as they are taken (recordAttempt), so the figures show an answer at once without a query per read.
 */
const keptProgress = (ctx: AppContext, studentId: string) =>
  Promise.all([
    outlineOf(ctx, studentId),
    ctx.memos.studentTotals.remember({ student: studentId }, () => loadTotals(ctx, studentId)),
  ]);

/** The dashboard's figures: enrolled courses, questions solved and first-try accuracy, each course's progress, the last section. */
export async function studentStats(ctx: AppContext, studentId: string): Promise<StudentStats> {
  const [[outline, totals], testsDue, dueDates] = await Promise.all([
    keptProgress(ctx, studentId),
    openTestsDue(ctx, studentId),
    ctx.memos.studentDueDates.remember({ student: studentId }, () => studentDueDates(ctx.db, studentId)),
  ]);
  return {
    enrolledCourses: outline.courses.length,
    // The given tests open now and the sections not yet finished whose due date has not passed.
    assignmentsDue: testsDue + openSectionsDue(dueDates, outline, totals, ctx.now()),
    attempts: totals.attempts,
    correctAttempts: totals.correctAttempts,
    ...progressOf(outline, totals),
  };
}

/** Each exercise of an open section with its checks and the try that solved it; 404 for a section not open to them. */
export async function sectionProgress(ctx: AppContext, studentId: string, sectionId: string): Promise<SectionProgress> {
  const [outline, totals] = await keptProgress(ctx, studentId);
  const section = outline.sections.find((s) => s.sectionId === sectionId);
  if (!section) throw NotFound(LEARNING_MESSAGES.sectionNotFound);
  return { questions: questionsOf(section, totals) };
}

/**
 * Each open section of one assigned course with its exercises and how many the student has solved: the units and
 * sections pages' progress, from the same kept outline and totals as the dashboard (no query when both are kept, and
 * none per section). 404 for a course not assigned to them.
 */
export async function courseSectionProgress(
  ctx: AppContext,
  studentId: string,
  courseId: string,
): Promise<CourseProgressReply> {
  const [outline, totals] = await keptProgress(ctx, studentId);
  if (!outline.courses.some((c) => c.id === courseId)) throw NotFound(LEARNING_MESSAGES.courseNotFound);
  return {
    sections: outline.sections
      .filter((s) => s.courseId === courseId)
      .map((s) => ({
        sectionId: s.sectionId,
        unitId: s.unitId,
        questions: s.questionIds.length,
        solved: s.questionIds.filter((q) => isSolved(totals, q)).length,
      })),
  };
}

/**
 * Tests the student can sit now (the window is open, or there is none) and has not submitted, counted from their
 * kept windows (studentTestWindows): the count moves with the clock, the windows only with a write, which announces.
 */
async function openTestsDue(ctx: AppContext, studentId: string): Promise<number> {
  const windows = await ctx.memos.studentTestWindows.remember({ student: studentId }, async () => {
    const open = await rows<{ opens_at: number | null; closes_at: number | null }>(
      ctx.db,
      sql`select extract(epoch from ta.opens_at)::float8 * 1000 as opens_at, extract(epoch from ta.closes_at)::float8 * 1000 as closes_at
          from test_assignments ta
          where ta.student_id = ${studentId} and (ta.closes_at is null or ta.closes_at > ${ctx.now().toISOString()}::timestamptz)
            and not exists (select 1 from test_attempts tat where tat.assignment_id = ta.id and tat.submitted_at is not null)`,
    );
    return open.map((w): TestWindow => [w.opens_at, w.closes_at]);
  });
  const now = ctx.now().getTime();
  return windows.filter(
    ([opensAt, closesAt]) => (opensAt === null || opensAt <= now) && (closesAt === null || closesAt > now),
  ).length;
}
