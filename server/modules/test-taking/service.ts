/**
 * Students sitting saved tests. The server's clock decides everything: a sitting's deadline is fixed
 * when it starts (start + time limit, capped by the given test's closing time), answers saved after it are refused,
 * and a sitting past its deadline is submitted by the server with what was saved, on the student's next read or by
 * the sweep, whichever comes first. Scores are stored when a sitting is submitted.
 */
import { and, asc, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { answerCredit } from '../../../common/answers';
import type { AttemptStatus } from '../../../common/rules/test-taking';
import { PRACTICE_SIZE, TEST_TAKING_MESSAGES as M, weakestFocusAreas } from '../../../common/rules/test-taking';
import { PRACTICE_MESSAGES } from '../../../common/rules/practice';
import { TEST_MESSAGES } from '../../../common/rules/tests';
import { sittingQuestion } from '../../../common/schemas/learning';
import { DASHBOARD_MESSAGES } from '../../../common/schemas/dashboards';
import type {
  GiveTestInput,
  Attempt,
  ChildTestResult,
  PracticeSet,
  QuestionResult,
  StudentTest,
  GivenTest,
  TestResults,
} from '../../../common/schemas/test-taking';
import type { DisagreeingOverride } from '../../../common/schemas/sitting-review';
import type { AppContext } from '../../context';
import type { Db, Tx } from '../../db/client';
import {
  profiles,
  questions,
  testAssignments,
  testAttemptAnswers,
  testAttempts,
  testQuestions,
  tests,
  users,
} from '../../db/schema';
import { Conflict, DomainError, Forbidden, NotFound } from '../../lib/errors';
import { rows } from '../../db/prepared';
import type { Actor } from '../../policies/actor';
import { mayActForStudent, requireStudent, requireStudents } from '../../policies/students';
import { mayChangeTest } from '../../policies/tests';
import { queueSittingAnswers } from '../mastery/keep';
import { choosePractice, type ChosenItem } from '../practice/choose';
import { giveToPractice, gradeOfStudent, presentItems } from '../practice/service';
import { presentQuestions } from '../student/questions';
import {
  keyedVariant,
  loadTemplated,
  paperSeeds,
  sittingSeeds,
  templatedColumns,
  variantOf,
  type TemplatedQuestion,
} from '../variants/variants';
import {
  EXAM_MESSAGES,
  SECTION_MOVED_ON,
  allowedMs,
  endSection as closeSection,
  examScore,
  maxRaw,
  outcomeOf,
  pointsFor,
  sectionsEnd,
  startSectionNow,
  type SittingExam,
} from '../../../common/rules/exams';
import type { ExamReport } from '../../../common/schemas/exams';
import {
  accommodationsWords,
  examForSitting,
  examReport,
  examView,
  outcomesOf,
  sectionRefusal,
} from '../exams/sitting';
import { keepOverrides, nameDisagreeing, reviewsOf } from './review';
import { questionFigures } from './stats';

/** A test given to one student: a `test_assignments` row. */
type GivenTestRow = typeof testAssignments.$inferSelect;
type AttemptRow = typeof testAttempts.$inferSelect;
type Paper = AttemptRow['paper'];

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const fullName = (p: { firstName: string | null; lastName: string | null } | null, email: string) =>
  `${p?.firstName ?? ''} ${p?.lastName ?? ''}`.trim() || email;

/** A teacher sees only a test given to their own students; an admin sees all. */
const visibleTo = (actor: Actor) => mayActForStudent(actor, testAssignments.studentId);

async function requireTest(db: Db, testId: string) {
  const [test] = await db.select().from(tests).where(eq(tests.id, testId));
  if (!test) throw NotFound(TEST_MESSAGES.notFound);
  return test;
}

const statusOf = (attempt: Pick<AttemptRow, 'submittedAt'> | null | undefined): AttemptStatus =>
  !attempt ? 'not-started' : attempt.submittedAt ? 'submitted' : 'in-progress';

/** The students a test was given to that the actor may see, with their students' names and their sittings' status. */
export async function listGivenTests(ctx: AppContext, actor: Actor, testId: string): Promise<GivenTest[]> {
  await requireTest(ctx.db, testId);
  const rows = await ctx.db
    .select({
      givenTest: testAssignments,
      email: users.email,
      profile: { firstName: profiles.firstName, lastName: profiles.lastName },
      submittedAt: testAttempts.submittedAt,
      attemptId: testAttempts.id,
    })
    .from(testAssignments)
    .innerJoin(users, eq(users.id, testAssignments.studentId))
    .leftJoin(profiles, eq(profiles.userId, testAssignments.studentId))
    .leftJoin(testAttempts, eq(testAttempts.assignmentId, testAssignments.id))
    .where(and(eq(testAssignments.testId, testId), visibleTo(actor)))
    .orderBy(asc(profiles.lastName), asc(profiles.firstName), asc(users.email));
  return rows.map((r) => ({
    ...presentGivenTest(r.givenTest),
    studentName: fullName(r.profile, r.email),
    status: r.attemptId ? statusOf({ submittedAt: r.submittedAt }) : 'not-started',
  }));
}

const presentGivenTest = (a: GivenTestRow) => ({
  id: a.id,
  testId: a.testId,
  studentId: a.studentId,
  opensAt: iso(a.opensAt),
  closesAt: iso(a.closesAt),
  release: a.release,
  maxAttempts: 1 as const,
  shuffle: a.shuffle,
  releasedAt: iso(a.releasedAt),
});

/**
 * Gives a test to students. Giving it again to a student who has it changes its window and release; a sitting
 * already started keeps its deadline.
 */
export async function giveTest(
  ctx: AppContext,
  actor: Actor,
  testId: string,
  body: GiveTestInput,
): Promise<GivenTest[]> {
  const [test] = await ctx.db
    .select({
      id: tests.id,
      archivedAt: tests.archivedAt,
      questionCount:
        sql<number>`(select count(tq.question_id) from test_questions tq where tq.test_id = ${tests.id})`.mapWith(
          Number,
        ),
    })
    .from(tests)
    .where(eq(tests.id, testId));
  if (!test) throw NotFound(TEST_MESSAGES.notFound);
  if (test.archivedAt) throw Conflict(TEST_MESSAGES.giveArchived);
  if (test.questionCount === 0) throw Conflict(M.noQuestions);
  await requireStudents(
    ctx.db,
    actor,
    body.studentIds,
    { unknown: M.unknownStudent, notYours: M.notYourStudent },
    'write',
  );
  const window = {
    opensAt: body.opensAt ? new Date(body.opensAt) : null,
    closesAt: body.closesAt ? new Date(body.closesAt) : null,
    release: body.release,
    shuffle: body.shuffle,
  };
  await ctx.db
    .insert(testAssignments)
    .values(body.studentIds.map((studentId) => ({ testId, studentId, assignedBy: actor.id, ...window })))
    .onConflictDoUpdate({ target: [testAssignments.testId, testAssignments.studentId], set: window });
  const all = await listGivenTests(ctx, actor, testId);
  const given = new Set(body.studentIds);
  return all.filter((a) => given.has(a.studentId));
}

/** Submits every sitting of a student whose time has run out (the student's reads call it first). */
async function submitExpiredOf(ctx: AppContext, studentId: string): Promise<void> {
  const expired = await ctx.db
    .select({ id: testAttempts.id })
    .from(testAttempts)
    .where(
      and(
        eq(testAttempts.studentId, studentId),
        isNull(testAttempts.submittedAt),
        lte(testAttempts.deadline, ctx.now()),
      ),
    );
  for (const { id } of expired) await submitAttempt(ctx, id, 'server', ctx.now());
}

/**
 * The sweep: submits up to `limit` sittings whose deadline has passed, whoever holds them. Safe with several
 * instances: each sitting is scored under its row lock and only while still unsubmitted.
 */
export async function submitExpired(ctx: AppContext, limit = 200): Promise<number> {
  const expired = await ctx.db
    .select({ id: testAttempts.id })
    .from(testAttempts)
    .where(and(isNull(testAttempts.submittedAt), lte(testAttempts.deadline, ctx.now())))
    .limit(limit);
  let submitted = 0;
  for (const { id } of expired) if (await submitAttempt(ctx, id, 'server', ctx.now())) submitted++;
  return submitted;
}

/**
 * Submits and scores a sitting, once: false when it was already submitted. The server submits at the deadline
 * (the time it ran out, whenever the sweep comes); the student at the moment they submit.
 */
async function submitAttempt(
  ctx: AppContext,
  attemptId: string,
  by: 'student' | 'server',
  now: Date,
): Promise<boolean> {
  const submitted = await ctx.db.transaction(async (tx) => {
    const [attempt] = await tx
      .select()
      .from(testAttempts)
      .where(and(eq(testAttempts.id, attemptId), isNull(testAttempts.submittedAt)))
      .for('update');
    if (!attempt) return false;
    const { score } = await scoreAnswers(tx, attempt, 'changed');
    const submittedAt = by === 'server' && attempt.deadline ? attempt.deadline : now;
    await tx.update(testAttempts).set({ submittedAt, submittedBy: by, score }).where(eq(testAttempts.id, attemptId));
    // A sitting is a mixed assessment: its answers confirm or lower the student's skills.
    await queueSittingAnswers(tx, attemptId);
    return true;
  });
  if (submitted) ctx.skills.soon();
  return submitted;
}

/**
 * Scores a sitting's saved answers against the questions as they are now, storing each answer's marks; returns
 * the sitting's score. The one scoring rule, for a submission and for staff's explicit re-score. Each answer was
 * checked when it was saved (`saveAnswer`): a submission checks again only those never checked and those whose
 * question changed (or went) since, so it adds up rather than checks (200 checks held one request for a second of
 * CPU). A re-score, which staff ask for after correcting a question, checks them all.
 */
async function scoreAnswers(
  tx: Tx,
  attempt: AttemptRow,
  recheck: 'changed' | 'all',
): Promise<{ score: number; moved: Array<{ questionId: string; before: number | null; after: number }> }> {
  const answers = await tx
    .select({
      questionId: testAttemptAnswers.questionId,
      answer: testAttemptAnswers.answer,
      awarded: testAttemptAnswers.awarded,
      savedAt: testAttemptAnswers.savedAt,
      changedAt: questions.updatedAt,
    })
    .from(testAttemptAnswers)
    .leftJoin(questions, eq(questions.id, testAttemptAnswers.questionId))
    .where(eq(testAttemptAnswers.attemptId, attempt.id));
  const stale = (a: (typeof answers)[number]) =>
    recheck === 'all' || a.awarded === null || a.changedAt === null || a.changedAt >= a.savedAt;
  const keys = await checkable(
    tx,
    attempt.paper.filter((p) => answers.some((a) => a.questionId === p.questionId && stale(a))),
  );
  const marksOf = new Map(attempt.paper.flatMap((p) => (p.questionId ? [[p.questionId, p.marks] as const] : [])));
  const indexOf = new Map(attempt.paper.flatMap((p, i) => (p.questionId ? [[p.questionId, i] as const] : [])));
  const exam = attempt.exam;
  // Under an exam's rule an answer earns the points of its outcome (a blank is not wrong); otherwise its marks in
  // proportion to its credit.
  const pointsOf = (questionId: string, answer: string, credit: number) =>
    exam
      ? pointsFor(exam.rules, indexOf.get(questionId) ?? 0, outcomeOf(answer, credit))
      : credit * (marksOf.get(questionId) ?? 0);
  let score = 0;
  const moved: Array<{ questionId: string; before: number | null; after: number }> = [];
  for (const answer of answers) {
    if (!stale(answer)) {
      score += answer.awarded!;
      continue;
    }
    const key = keys.get(answer.questionId);
    const awarded = key ? pointsOf(answer.questionId, answer.answer, answerCredit(key, answer.answer)) : 0;
    score += awarded;
    if (awarded === answer.awarded) continue;
    moved.push({ questionId: answer.questionId, before: answer.awarded, after: awarded });
    await tx
      .update(testAttemptAnswers)
      .set({ awarded })
      .where(and(eq(testAttemptAnswers.attemptId, attempt.id), eq(testAttemptAnswers.questionId, answer.questionId)));
  }
  if (!exam) return { score: round2(score), moved };
  return {
    score: await scoreExam(tx, attempt.id, attempt.paper, exam, attempt.submittedAt ?? attempt.startedAt),
    moved,
  };
}

/**
 * An exam-scored sitting's total: each question never answered is written as left blank (with its blank points), so
 * every question has its row, and the total is the exam's rule over the outcomes, its cap applied.
 */
async function scoreExam(tx: Tx, attemptId: string, paper: Paper, exam: SittingExam, at: Date): Promise<number> {
  const blanks = paper.flatMap((p, i) =>
    p.questionId
      ? [{ attemptId, questionId: p.questionId, answer: '', savedAt: at, awarded: pointsFor(exam.rules, i, 'blank') }]
      : [],
  );
  if (blanks.length) await tx.insert(testAttemptAnswers).values(blanks).onConflictDoNothing();
  const saved = await tx
    .select({
      questionId: testAttemptAnswers.questionId,
      answer: testAttemptAnswers.answer,
      awarded: testAttemptAnswers.awarded,
    })
    .from(testAttemptAnswers)
    .where(eq(testAttemptAnswers.attemptId, attemptId));
  return examScore(exam.rules, outcomesOf(exam, paper, new Map(saved.map((a) => [a.questionId, a])))).raw;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** The answer keys of a paper's questions still in the bank, each as the variant the paper gave its student. */
async function checkable(db: Db | Tx, paper: Paper) {
  const ids = paper.flatMap((p) => (p.questionId ? [p.questionId] : []));
  if (ids.length === 0) return new Map<string, TemplatedQuestion>();
  const seedOf = paperSeeds(paper);
  const rows = await templatedOf(db, ids, false);
  return new Map(rows.map((r) => [r.id, keyedVariant(r, seedOf.get(r.id))]));
}

/** The questions by id with what drawing their variants needs; only those with random numbers unless `all`. */
function templatedOf(db: Db | Tx, ids: string[], onlyTemplated = true): Promise<TemplatedQuestion[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select(templatedColumns)
    .from(questions)
    .where(and(inArray(questions.id, ids), onlyTemplated ? isNotNull(questions.template) : undefined));
}

/** The test given to the student, or 404 (a test given to another student is as unknown as a missing one). */
async function givenTestOf(db: Db, studentId: string, givenTestId: string) {
  const [row] = await db
    .select({ givenTest: testAssignments, test: tests })
    .from(testAssignments)
    .innerJoin(tests, eq(tests.id, testAssignments.testId))
    .where(and(eq(testAssignments.id, givenTestId), eq(testAssignments.studentId, studentId)));
  if (!row) throw NotFound(M.givenTestNotFound);
  return row;
}

/** `GET /api/student/tests`: every test given to the student with its sitting's status (and score once released). */
export async function studentTests(ctx: AppContext, studentId: string): Promise<StudentTest[]> {
  await submitExpiredOf(ctx, studentId);
  const rows = await ctx.db
    .select({
      givenTest: testAssignments,
      test: {
        id: tests.id,
        title: tests.title,
        type: tests.type,
        code: tests.code,
        timeLimit: tests.timeLimit,
        totalMarks: tests.totalMarks,
      },
      questionCount:
        sql<number>`(select count(tq.question_id) from test_questions tq where tq.test_id = ${tests.id})`.mapWith(
          Number,
        ),
      attempt: {
        id: testAttempts.id,
        submittedAt: testAttempts.submittedAt,
        score: testAttempts.score,
        maxMarks: testAttempts.maxMarks,
      },
    })
    .from(testAssignments)
    .innerJoin(tests, eq(tests.id, testAssignments.testId))
    .leftJoin(testAttempts, eq(testAttempts.assignmentId, testAssignments.id))
    .where(eq(testAssignments.studentId, studentId))
    .orderBy(sql`${testAssignments.closesAt} asc nulls last`, asc(testAssignments.createdAt));
  return rows.map((r) => {
    const status = r.attempt?.id ? statusOf(r.attempt) : 'not-started';
    const released = status === 'submitted' && isReleased(r.givenTest);
    return {
      assignmentId: r.givenTest.id,
      testId: r.test.id,
      name: r.test.title,
      type: r.test.type,
      testCode: r.test.code,
      timeLimit: r.test.timeLimit,
      totalMarks: r.test.totalMarks,
      questionCount: r.questionCount,
      opensAt: iso(r.givenTest.opensAt),
      closesAt: iso(r.givenTest.closesAt),
      status,
      ...(r.attempt?.id ? { attemptId: r.attempt.id } : {}),
      ...(released && r.attempt ? { score: scoreOf(r.attempt.score ?? 0, r.attempt.maxMarks, r.test.totalMarks) } : {}),
    };
  });
}

/**
 * `GET /api/parent/children/{id}/tests`: the child's released results, newest first. Any id that is not one of the
 * parent's children, another parent's child included, is 404 like an unknown one.
 */
export async function childTestResults(ctx: AppContext, parentId: string, childId: string): Promise<ChildTestResult[]> {
  await requireStudent(ctx.db, { id: parentId, type: 'parent' }, childId, {
    unknown: DASHBOARD_MESSAGES.childNotFound,
    notYours: DASHBOARD_MESSAGES.childNotFound,
  });
  const sittings = await ctx.db
    .select({
      givenTest: { id: testAssignments.id, release: testAssignments.release, releasedAt: testAssignments.releasedAt },
      test: { id: tests.id, title: tests.title, type: tests.type, code: tests.code, totalMarks: tests.totalMarks },
      attempt: {
        id: testAttempts.id,
        submittedAt: testAttempts.submittedAt,
        score: testAttempts.score,
        maxMarks: testAttempts.maxMarks,
        paper: testAttempts.paper,
        reviewComment: testAttempts.reviewComment,
        hasReport: sql<boolean>`${testAttempts.exam} is not null`,
      },
    })
    .from(testAttempts)
    .innerJoin(testAssignments, eq(testAssignments.id, testAttempts.assignmentId))
    .innerJoin(tests, eq(tests.id, testAssignments.testId))
    .where(and(eq(testAssignments.studentId, childId), isNotNull(testAttempts.submittedAt)))
    .orderBy(sql`${testAttempts.submittedAt} desc`);
  const released = sittings.filter((r) => isReleased(r.givenTest));
  const reviews = await reviewsOf(
    ctx.db,
    released.map((r) => r.attempt.id),
  );
  return released.map((r) => {
    const reviewOf = reviews.get(r.attempt.id);
    return {
      assignmentId: r.givenTest.id,
      testId: r.test.id,
      name: r.test.title,
      type: r.test.type,
      testCode: r.test.code,
      totalMarks: r.test.totalMarks,
      submittedAt: r.attempt.submittedAt!.toISOString(),
      score: scoreOf(r.attempt.score ?? 0, r.attempt.maxMarks, r.test.totalMarks),
      attemptId: r.attempt.id,
      hasReport: r.attempt.hasReport,
      comment: r.attempt.reviewComment,
      questionComments: r.attempt.paper.flatMap((p, i) => {
        const comment = p.questionId ? reviewOf?.get(p.questionId)?.comment : null;
        return comment ? [{ number: i + 1, comment }] : [];
      }),
    };
  });
}

const isReleased = (a: Pick<GivenTestRow, 'release' | 'releasedAt'>) =>
  a.release === 'on-submit' || a.releasedAt !== null;

function scoreOf(marks: number, maxMarks: number, totalMarks: number | null) {
  const share = maxMarks === 0 ? 0 : marks / maxMarks;
  return {
    marks,
    maxMarks,
    percentage: Math.round(share * 1000) / 10,
    scaled: totalMarks === null ? null : round2(share * totalMarks),
  };
}

/**
 * Starts the student's sitting of a given test, or returns the one they started (after a reload, on another
 * device): two starts at once make one sitting, as a given test holds at most one.
 */
export async function startAttempt(ctx: AppContext, studentId: string, givenTestId: string): Promise<Attempt> {
  const { givenTest, test } = await givenTestOf(ctx.db, studentId, givenTestId);
  await submitExpiredOf(ctx, studentId);
  const [existing] = await ctx.db.select().from(testAttempts).where(eq(testAttempts.assignmentId, givenTestId));
  if (existing) return presentAttempt(ctx, existing, givenTest, test);
  const now = ctx.now();
  if (givenTest.opensAt && now < givenTest.opensAt) throw Conflict(M.notOpenYet);
  if (givenTest.closesAt && now >= givenTest.closesAt) throw Conflict(M.closed);
  await ctx.db.transaction(async (tx) => {
    // The given test is held while the paper is read and the sitting written: a delete of its test either came first
    // (the given test is gone: 404) or waits and then sees the sitting (and refuses, as a test that has been sat is
    // archived instead).
    const [held] = await tx
      .select({ id: testAssignments.id })
      .from(testAssignments)
      .where(eq(testAssignments.id, givenTestId))
      .for('key share');
    if (!held) throw NotFound(M.givenTestNotFound);
    const entries = await tx
      .select({ questionId: testQuestions.questionId, marks: testQuestions.marks })
      .from(testQuestions)
      .where(eq(testQuestions.testId, test.id))
      .orderBy(testQuestions.position);
    // A question deleted from the bank is a gap in the saved test; a sitting starting now does not show it.
    const kept = entries.filter((e) => e.questionId !== null);
    if (kept.length === 0) throw Conflict(M.noQuestions);
    // A question with random numbers is the student's own variant, written into their paper.
    const seeds = sittingSeeds(
      await templatedOf(
        tx,
        kept.map((e) => e.questionId!),
      ),
    );
    const paper: Paper = kept.map((e) => (seeds.has(e.questionId!) ? { ...e, seed: seeds.get(e.questionId!) } : e));
    // An exam's rule and the student's accommodations are copied: a later change moves no sitting begun.
    const { exam, accommodations } = await examForSitting(tx, test.examProfileId, studentId);
    if (givenTest.shuffle) shuffleWithin(paper, exam);
    // Under an exam's rule each question is worth its section's points for a right answer.
    if (exam) paper.forEach((p, i) => (p.marks = pointsFor(exam.rules, i, 'right')));
    const byTime = exam?.plan
      ? new Date(sectionsEnd(exam.plan, { index: 0, startedAt: now.getTime() }))
      : test.timeLimit
        ? new Date(now.getTime() + allowedMs(test.timeLimit, accommodations))
        : null;
    const deadline = earliest(byTime, givenTest.closesAt);
    await tx
      .insert(testAttempts)
      .values({
        assignmentId: givenTestId,
        studentId,
        paper,
        startedAt: now,
        deadline,
        maxMarks: exam ? maxRaw(exam.rules, paper.length) : paper.reduce((sum, p) => sum + p.marks, 0),
        exam,
        accommodations,
        ...(exam?.plan ? { sectionIndex: 0, sectionStartedAt: now } : {}),
      })
      .onConflictDoNothing({ target: testAttempts.assignmentId });
  });
  const [attempt] = await ctx.db.select().from(testAttempts).where(eq(testAttempts.assignmentId, givenTestId));
  return presentAttempt(ctx, attempt, givenTest, test);
}

const earliest = (...dates: Array<Date | null>) =>
  dates.filter((d): d is Date => d !== null).sort((a, b) => a.getTime() - b.getTime())[0] ?? null;

/** Shuffles a paper; an exam's questions only within their sections, which keep their places. */
function shuffleWithin(paper: Paper, exam: SittingExam | null): void {
  const sizes = exam?.rules.sections.length ? exam.rules.sections.map((s) => s.questions) : [paper.length];
  let start = 0;
  for (const size of sizes) {
    const end = Math.min(paper.length, start + size);
    for (let i = end - 1; i > start; i--) {
      const j = start + Math.floor(Math.random() * (i - start + 1));
      [paper[i], paper[j]] = [paper[j], paper[i]];
    }
    start = end;
  }
}

/** The student's own sitting, or 404 for anyone else's. */
async function attemptOf(ctx: AppContext, studentId: string, attemptId: string) {
  const [row] = await ctx.db
    .select({ attempt: testAttempts, givenTest: testAssignments, test: tests })
    .from(testAttempts)
    .innerJoin(testAssignments, eq(testAssignments.id, testAttempts.assignmentId))
    .innerJoin(tests, eq(tests.id, testAssignments.testId))
    .where(and(eq(testAttempts.id, attemptId), eq(testAttempts.studentId, studentId)));
  if (!row) throw NotFound(M.attemptNotFound);
  return row;
}

export async function readAttempt(ctx: AppContext, studentId: string, attemptId: string): Promise<Attempt> {
  await submitExpiredOf(ctx, studentId);
  const { attempt, givenTest, test } = await attemptOf(ctx, studentId, attemptId);
  return presentAttempt(ctx, attempt, givenTest, test);
}

/**
 * "Practice my weak spots" after a released result: the practice choice (server/modules/practice/choose.ts) drawn
 * from the skills of its weakest focus areas that its questions practice, matched to the student's grade, up to
 * PRACTICE_SIZE questions the student has never met (no check of theirs, on none of their test papers, in no earlier
 * practice) and on no test whose results some student still waits for. Kept as the sitting's practice session, so
 * asking again (a reload, another device) gives the same set; the sitting's row is locked while the set is made, so
 * two clicks make one set.
 */
export async function weakSpotPractice(ctx: AppContext, studentId: string, attemptId: string): Promise<PracticeSet> {
  const result = await readAttempt(ctx, studentId, attemptId);
  if (!result.released || !result.results) throw Conflict(M.practiceNotYet);
  const focusNames = weakestFocusAreas(result.results);
  const chosen = await ctx.db.transaction(async (tx): Promise<{ items: ChosenItem[]; noGrade?: true }> => {
    await tx.select({ id: testAttempts.id }).from(testAttempts).where(eq(testAttempts.id, attemptId)).for('update');
    const [kept] = await rows<{ items: ChosenItem[] }>(
      tx,
      sql`select ws_ps.items from practice_sessions ws_ps where ws_ps.attempt_id = ${attemptId}`,
    );
    if (kept) return { items: kept.items };
    if (focusNames.length === 0) return { items: [] };
    const grade = await gradeOfStudent(tx, studentId);
    // Questions are matched to the student's grade: without one none can be, and the student is told why.
    if (grade === null) return { items: [], noGrade: true };
    const { items } = await choosePractice(
      tx,
      studentId,
      grade,
      { kind: 'weak spot', attemptId, focusNames },
      { size: PRACTICE_SIZE, unmetOnly: true },
    );
    if (items.length === 0) return { items: [] };
    await tx.execute(sql`insert into practice_sessions (student_id, attempt_id, items, created_at)
      values (${studentId}, ${attemptId}, ${JSON.stringify(items)}::jsonb, ${ctx.now().toISOString()}::timestamptz)`);
    await giveToPractice(tx, studentId, items, attemptId);
    return { items };
  });
  return {
    focusAreas: focusNames,
    questions: (await presentItems(ctx, studentId, chosen.items)).map((c) => c.question),
    message: chosen.noGrade ? PRACTICE_MESSAGES.noGradeWeakSpots : null,
  };
}

/**
 * Saves one answer of an open sitting. The sitting's row is read under a share lock, so a submission (which
 * takes it for update) either comes before, and the answer is refused, or waits for the answer to be stored.
 */
export async function saveAnswer(
  ctx: AppContext,
  studentId: string,
  attemptId: string,
  questionId: string,
  answer: string,
): Promise<Date> {
  const now = ctx.now();
  // The answer is checked now, before the transaction (PGlite runs nothing else while one is open), so the
  // submission only adds up. Checked against the question as read after `now`: one changed later has a later
  // updated_at than this saved_at, and the submission checks its answer again.
  // Only for a question on an open sitting of this student's: nobody else's answer costs a check.
  const [key] = await ctx.db
    .select({
      type: questions.type,
      answer: questions.answer,
      options: questions.options,
      answerForms: questions.answerForms,
      varies: sql<boolean>`${questions.template} is not null`,
      // The variant the paper gave this student, for a question with random numbers.
      seed: sql<number | null>`(select (sa_pe.value->>'seed')::int from test_attempts sa_ta
          cross join lateral jsonb_array_elements(sa_ta.paper) sa_pe
          where sa_ta.id = ${attemptId} and sa_pe.value->>'questionId' = ${questionId} limit 1)`,
    })
    .from(questions)
    .where(
      and(
        eq(questions.id, questionId),
        sql`exists (select 1 from test_attempts ta where ta.id = ${attemptId} and ta.student_id = ${studentId} and ta.submitted_at is null
          and ta.paper @> ${JSON.stringify([{ questionId }])}::jsonb)`,
      ),
    );
  const variant =
    key?.varies && key.seed
      ? await variantOf(ctx, questionId, key.seed, () => loadTemplated(ctx.db, questionId))
      : null;
  const credit = variant ? answerCredit(variant, answer) : key ? answerCredit(key, answer) : 0;
  const outcome = await ctx.db.transaction(async (tx) => {
    const [attempt] = await tx
      .select()
      .from(testAttempts)
      .where(and(eq(testAttempts.id, attemptId), eq(testAttempts.studentId, studentId)))
      .for('share');
    if (!attempt) throw NotFound(M.attemptNotFound);
    if (attempt.submittedAt) throw Conflict(M.submitted);
    if (attempt.deadline && now >= attempt.deadline) return 'time-up' as const;
    const index = attempt.paper.findIndex((p) => p.questionId === questionId);
    if (index < 0) throw NotFound(M.notInTest);
    const refusal = sectionRefusal(attempt, index, now);
    if (refusal) throw new DomainError(409, SECTION_MOVED_ON, SECTION_REFUSALS[refusal]);
    const awarded = attempt.exam
      ? pointsFor(attempt.exam.rules, index, outcomeOf(answer, credit))
      : credit * attempt.paper[index].marks;
    await tx
      .insert(testAttemptAnswers)
      .values({ attemptId, questionId, answer, savedAt: now, firstSavedAt: now, awarded })
      .onConflictDoUpdate({
        target: [testAttemptAnswers.attemptId, testAttemptAnswers.questionId],
        set: { answer, savedAt: now, awarded },
      });
    return 'saved' as const;
  });
  if (outcome === 'time-up') {
    await submitAttempt(ctx, attemptId, 'server', now);
    throw Conflict(M.timeUp);
  }
  return now;
}

const SECTION_REFUSALS = {
  closed: EXAM_MESSAGES.sectionClosed,
  upcoming: EXAM_MESSAGES.sectionNotStarted,
  break: EXAM_MESSAGES.onBreak,
} as const;

/**
 * The student ends the section in progress before its time (the break before the next begins now), or, during a
 * break, starts the next section at once. Ending the last section submits the sitting. Under the sitting's row lock,
 * so two clicks move the clock once: the second finds the section already ended (409).
 */
export async function moveSection(
  ctx: AppContext,
  studentId: string,
  attemptId: string,
  move: 'end' | 'start',
): Promise<Attempt> {
  const now = ctx.now();
  const outcome = await ctx.db.transaction(async (tx) => {
    const [attempt] = await tx
      .select()
      .from(testAttempts)
      .where(and(eq(testAttempts.id, attemptId), eq(testAttempts.studentId, studentId)))
      .for('update');
    if (!attempt) throw NotFound(M.attemptNotFound);
    if (attempt.submittedAt) throw Conflict(M.submitted);
    const plan = attempt.exam?.plan;
    if (!plan || attempt.sectionIndex === null || !attempt.sectionStartedAt) throw Conflict(EXAM_MESSAGES.notSectioned);
    if (attempt.deadline && now >= attempt.deadline) return 'time-up' as const;
    const state = { index: attempt.sectionIndex, startedAt: attempt.sectionStartedAt.getTime() };
    const next =
      move === 'end' ? closeSection(plan, state, now.getTime()) : startSectionNow(plan, state, now.getTime());
    if (!next) throw Conflict(move === 'end' ? EXAM_MESSAGES.noSectionToEnd : EXAM_MESSAGES.noBreak);
    if (next.index >= plan.sectionMs.length) return 'last' as const;
    const [given] = await tx
      .select({ closesAt: testAssignments.closesAt })
      .from(testAssignments)
      .where(eq(testAssignments.id, attempt.assignmentId));
    await tx
      .update(testAttempts)
      .set({
        sectionIndex: next.index,
        sectionStartedAt: new Date(next.startedAt),
        deadline: earliest(new Date(sectionsEnd(plan, next)), given?.closesAt ?? null),
      })
      .where(eq(testAttempts.id, attemptId));
    return 'moved' as const;
  });
  if (outcome === 'last') await submitAttempt(ctx, attemptId, 'student', now);
  if (outcome === 'time-up') await submitAttempt(ctx, attemptId, 'server', now);
  return readAttempt(ctx, studentId, attemptId);
}

/** Submits the student's sitting; a submit that finds it submitted, before or by a submit running at once, is 409. */
export async function submitByStudent(ctx: AppContext, studentId: string, attemptId: string): Promise<Attempt> {
  const { attempt } = await attemptOf(ctx, studentId, attemptId);
  if (attempt.submittedAt) throw Conflict(M.submitted);
  const late = attempt.deadline !== null && ctx.now() >= attempt.deadline;
  if (!(await submitAttempt(ctx, attemptId, late ? 'server' : 'student', ctx.now()))) throw Conflict(M.submitted);
  return readAttempt(ctx, studentId, attemptId);
}

/**
 * A sitting as its student may see it: the questions through the student presenter (no answer, no solution) less
 * their hints and sources, and the saved answers; once submitted and released, the score and each question's
 * outcome with the right answer and the solution.
 */
async function presentAttempt(
  ctx: AppContext,
  attempt: AttemptRow,
  givenTest: GivenTestRow,
  test: typeof tests.$inferSelect,
): Promise<Attempt> {
  const ids = attempt.paper.flatMap((p) => (p.questionId ? [p.questionId] : []));
  const [rows, saved] = await Promise.all([
    ids.length ? ctx.db.select().from(questions).where(inArray(questions.id, ids)) : Promise.resolve([]),
    ctx.db.select().from(testAttemptAnswers).where(eq(testAttemptAnswers.attemptId, attempt.id)),
  ]);
  const presented = new Map((await presentQuestions(ctx, rows, paperSeeds(attempt.paper))).map((q) => [q.id, q]));
  const { view: exam, shows } = examView(attempt, ctx.now());
  // While sections run, the student sees only the current one's questions and answers.
  const shown = new Set(attempt.paper.flatMap((p, i) => (p.questionId && shows(i) ? [p.questionId] : [])));
  const answers = Object.fromEntries(saved.flatMap((a) => (shown.has(a.questionId) ? [[a.questionId, a.answer]] : [])));
  const released = attempt.submittedAt !== null && isReleased(givenTest);
  const base: Attempt = {
    id: attempt.id,
    assignmentId: givenTest.id,
    testId: test.id,
    name: test.title,
    instructions: test.instructions,
    startedAt: attempt.startedAt.toISOString(),
    deadline: iso(attempt.deadline),
    serverNow: ctx.now().toISOString(),
    submittedAt: iso(attempt.submittedAt),
    submittedBy: (attempt.submittedBy as 'student' | 'server' | null) ?? null,
    questions: attempt.paper.flatMap((p, i) => {
      if (!shows(i)) return [];
      const question = p.questionId ? presented.get(p.questionId) : undefined;
      return [{ number: i + 1, marks: p.marks, question: question ? sittingQuestion.parse(question) : null }];
    }),
    answers,
    released,
    exam,
    accommodations: accommodationsWords(attempt.accommodations),
    largeText: attempt.accommodations?.largeText ?? false,
  };
  if (!released) return base;
  const awarded = new Map(saved.map((a) => [a.questionId, a.awarded ?? 0]));
  const [tags, reviews] = await Promise.all([focusAndCategory(ctx.db, ids), reviewsOf(ctx.db, [attempt.id])]);
  const reviewOf = reviews.get(attempt.id);
  const results: QuestionResult[] = attempt.paper.map((p, i) => {
    const question = p.questionId ? presented.get(p.questionId) : undefined;
    const review = p.questionId ? reviewOf?.get(p.questionId) : undefined;
    const override = review?.overrideMarks ?? null;
    return {
      number: i + 1,
      questionId: p.questionId,
      marks: p.marks,
      awarded: override ?? ((p.questionId && awarded.get(p.questionId)) || 0),
      comment: review?.comment ?? null,
      adjusted: override !== null,
      answer: (p.questionId && answers[p.questionId]) ?? null,
      correctAnswer: question?.answer ?? null,
      solution: question?.solution ?? '',
      focus: (p.questionId && tags.get(p.questionId)?.focus) || null,
      category: (p.questionId && tags.get(p.questionId)?.category) || null,
    };
  });
  return {
    ...base,
    score: scoreOf(attempt.score ?? 0, attempt.maxMarks, test.totalMarks),
    results,
    reviewComment: attempt.reviewComment,
    ...(attempt.exam ? { report: await reportOf(ctx.db, attempt, attempt.exam, saved, tags) } : {}),
  };
}

function reportOf(
  db: Db,
  attempt: AttemptRow,
  exam: SittingExam,
  saved: Array<typeof testAttemptAnswers.$inferSelect>,
  tags: Map<string, { focus: string | null; category: string | null }>,
): Promise<ExamReport> {
  return examReport(db, { ...attempt, exam }, new Map(saved.map((a) => [a.questionId, a])), tags, isReleased);
}

/**
 * `GET /api/parent/children/{id}/tests/{attemptId}/report`: the score report of a child's released exam-scored
 * sitting, as the child reads it. Any other child's, or one not yet released, is 404.
 */
export async function childExamReport(
  ctx: AppContext,
  parentId: string,
  childId: string,
  attemptId: string,
): Promise<{ name: string; submittedAt: string; report: ExamReport }> {
  await requireStudent(ctx.db, { id: parentId, type: 'parent' }, childId, {
    unknown: DASHBOARD_MESSAGES.childNotFound,
    notYours: DASHBOARD_MESSAGES.childNotFound,
  });
  const found = await attemptOf(ctx, childId, attemptId).catch(() => null);
  const sitting = found && (await presentAttempt(ctx, found.attempt, found.givenTest, found.test));
  if (!sitting?.report || !sitting.submittedAt) throw NotFound(M.noReport);
  return { name: sitting.name, submittedAt: sitting.submittedAt, report: sitting.report };
}

/** Each question's first focus area and category by name, for the per-area figures. */
async function focusAndCategory(db: Db, ids: string[]) {
  const tags = new Map<string, { focus: string | null; category: string | null }>();
  if (ids.length === 0) return tags;
  const rows = await db.execute(sql`
    select q.id as question_id,
      (select f.name from question_focus qf join focus_areas f on f.id = qf.focus_id where qf.question_id = q.id order by f.name limit 1) as focus,
      (select c.name from question_categories qc join categories c on c.id = qc.category_id where qc.question_id = q.id order by c.name limit 1) as category
    from questions q where q.id in (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`);
  for (const r of (
    rows as unknown as { rows: Array<{ question_id: string; focus: string | null; category: string | null }> }
  ).rows) {
    tags.set(r.question_id, { focus: r.focus, category: r.category });
  }
  return tags;
}

/**
 * `GET /api/tests/{id}/results`: the actor's students' sittings, per-question and per-focus-area figures. Kept
 * between reads while nothing they show changes (kept.ts): read afresh, a test of a hundred sittings costs some
 * 15 ms of processor.
 */
export async function testResults(ctx: AppContext, actor: Actor, testId: string): Promise<TestResults> {
  const test = await requireTest(ctx.db, testId);
  const key = `${testId} ${actor.type === 'admin' ? '*' : actor.id}`;
  const stamp = test.updatedAt.toISOString();
  const memo = ctx.memos.testResults;
  const kept = memo.get(key);
  if (kept?.stamp === stamp) return kept.reply;
  if (kept) memo.evict(key);
  // Through the memo's own load: a notice that empties it meanwhile keeps results read before it from being kept.
  const read = await memo.remember(
    key,
    async () => ({ stamp, reply: await readTestResults(ctx, actor, test) }),
    (value) => value.reply.students.every((s) => s.status !== 'in-progress'),
  );
  return read.reply;
}

async function readTestResults(
  ctx: AppContext,
  actor: Actor,
  test: Awaited<ReturnType<typeof requireTest>>,
): Promise<TestResults> {
  const testId = test.id;
  await submitExpired(ctx);
  // A sitting's paper and answers are read by questionFigures, summed per question in the database: a test of the
  // year's academy has a hundred sittings of twenty questions, whose rows cost more to carry here than to sum there.
  const rows = await ctx.db
    .select({
      givenTest: testAssignments,
      email: users.email,
      profile: { firstName: profiles.firstName, lastName: profiles.lastName },
      attempt: {
        id: testAttempts.id,
        startedAt: testAttempts.startedAt,
        submittedAt: testAttempts.submittedAt,
        score: testAttempts.score,
        maxMarks: testAttempts.maxMarks,
        accommodations: testAttempts.accommodations,
      },
    })
    .from(testAssignments)
    .innerJoin(users, eq(users.id, testAssignments.studentId))
    .leftJoin(profiles, eq(profiles.userId, testAssignments.studentId))
    .leftJoin(testAttempts, eq(testAttempts.assignmentId, testAssignments.id))
    .where(and(eq(testAssignments.testId, testId), visibleTo(actor)))
    .orderBy(asc(profiles.lastName), asc(profiles.firstName), asc(users.email));
  const entries = await ctx.db
    .select()
    .from(testQuestions)
    .where(eq(testQuestions.testId, testId))
    .orderBy(testQuestions.position);
  const maxMarks = entries.reduce((sum, e) => sum + (e.questionId ? e.marks : 0), 0);
  const asked = entries.flatMap((e) => (e.questionId ? [e.questionId] : []));
  const [figures, texts, tags] = await Promise.all([
    questionFigures(ctx.db, actor, testId),
    textsOf(ctx.db, asked),
    focusAndCategory(ctx.db, asked),
  ]);
  // Per focus area: the marks earned (an override counting, as in the sitting's total) of the marks of its
  // questions, over the submitted sittings' papers.
  const byFocus = new Map<string, { got: number; of: number }>();
  for (const [questionId, figure] of figures) {
    const focus = tags.get(questionId)?.focus;
    if (!focus) continue;
    const f = byFocus.get(focus) ?? { got: 0, of: 0 };
    byFocus.set(focus, { got: f.got + figure.marksGot, of: f.of + figure.marksOf });
  }
  const now = ctx.now().getTime();
  return {
    test: { id: test.id, name: test.title, totalMarks: test.totalMarks, maxMarks },
    students: rows.map((r) => ({
      assignmentId: r.givenTest.id,
      studentId: r.givenTest.studentId,
      studentName: fullName(r.profile, r.email),
      email: r.email,
      attemptId: r.attempt?.id ?? null,
      status: r.attempt ? statusOf(r.attempt) : 'not-started',
      released: isReleased(r.givenTest),
      timeUsed: r.attempt
        ? Math.round(((r.attempt.submittedAt?.getTime() ?? now) - r.attempt.startedAt.getTime()) / 1000)
        : null,
      accommodations: accommodationsWords(r.attempt?.accommodations ?? null),
      score: r.attempt?.submittedAt ? scoreOf(r.attempt.score ?? 0, r.attempt.maxMarks, test.totalMarks) : null,
    })),
    questions: entries.map((e) => {
      const q = e.questionId ? figures.get(e.questionId) : undefined;
      return {
        number: e.position,
        questionId: e.questionId,
        marks: e.marks,
        text: (e.questionId && texts.get(e.questionId)) ?? null,
        sat: q?.sat ?? 0,
        percentCorrect: q ? Math.round((q.full / q.sat) * 1000) / 10 : null,
        averageMarks: q ? q.averageMarks : null,
        wrongAnswers: q?.wrongAnswers ?? [],
        byVariant: (q?.byVariant ?? []).map((v) => ({
          variant: v.variant,
          sat: v.sat,
          percentCorrect: Math.round((v.full / v.sat) * 1000) / 10,
          averageMarks: v.averageMarks,
          wrongAnswers: v.wrongAnswers,
        })),
      };
    }),
    focusAreas: [...byFocus]
      .map(([name, f]) => ({ name, averagePercent: f.of === 0 ? 0 : Math.round((f.got / f.of) * 1000) / 10 }))
      .sort((a, b) => a.averagePercent - b.averagePercent),
    awaitingRelease: rows.filter((r) => r.attempt?.submittedAt && !isReleased(r.givenTest)).length,
  };
}

/** The text of each question still in the bank. */
async function textsOf(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const found = await db
    .select({ id: questions.id, text: questions.questionText })
    .from(questions)
    .where(inArray(questions.id, ids));
  return new Map(found.map((q) => [q.id, q.text]));
}

/**
 * Staff's explicit re-score: the submitted sittings of the actor's students are scored again against the
 * questions and the checker as they are now (a corrected answer key, say). Stored scores change only here, and only
 * by the test's author or an admin (403 for anyone else).
 */
export async function rescoreResults(
  ctx: AppContext,
  actor: Actor,
  testId: string,
): Promise<{ rescored: number; changed: number; disagreeing: DisagreeingOverride[] }> {
  const test = await requireTest(ctx.db, testId);
  if (!mayChangeTest(actor, test)) throw Forbidden(TEST_MESSAGES.rescoreNotYours);
  const submitted = await ctx.db
    .select({ id: testAttempts.id })
    .from(testAttempts)
    .innerJoin(testAssignments, eq(testAssignments.id, testAttempts.assignmentId))
    .where(and(eq(testAssignments.testId, testId), isNotNull(testAttempts.submittedAt), visibleTo(actor)));
  let changed = 0;
  const disagreeing: Array<Omit<DisagreeingOverride, 'studentName'>> = [];
  for (const { id } of submitted) {
    const moved = await ctx.db.transaction(async (tx) => {
      const [attempt] = await tx.select().from(testAttempts).where(eq(testAttempts.id, id)).for('update');
      const scored = await scoreAnswers(tx, attempt, 'all');
      // An exam's rule has no overrides: its total is the rule's.
      if (attempt.exam) {
        await tx.update(testAttempts).set({ score: scored.score }).where(eq(testAttempts.id, id));
        return scored.score !== attempt.score;
      }
      // The total keeps the overrides: the automatic marks under them moved, the teacher's marks did not.
      const kept = await keepOverrides(tx, actor, attempt, scored.moved);
      disagreeing.push(...kept.disagreeing.map((d) => ({ attemptId: id, ...d })));
      return kept.score !== attempt.score;
    });
    if (moved) changed++;
  }
  return { rescored: submitted.length, changed, disagreeing: await nameDisagreeing(ctx.db, disagreeing) };
}

/** Releases the results of the actor's students' sittings of a test that wait for release; returns how many. */
export async function releaseResults(ctx: AppContext, actor: Actor, testId: string): Promise<number> {
  await requireTest(ctx.db, testId);
  const released = await ctx.db
    .update(testAssignments)
    .set({ releasedAt: ctx.now() })
    .where(
      and(
        eq(testAssignments.testId, testId),
        eq(testAssignments.release, 'manual'),
        isNull(testAssignments.releasedAt),
        visibleTo(actor),
      ),
    )
    .returning({ id: testAssignments.id });
  return released.length;
}

/** The teacher dashboard's Pending Reviews: submitted sittings of the actor's students that wait for release. */
export async function pendingReviews(ctx: AppContext, actor: Actor): Promise<number> {
  const [row] = await ctx.db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(testAttempts)
    .innerJoin(testAssignments, eq(testAssignments.id, testAttempts.assignmentId))
    .where(
      and(
        isNotNull(testAttempts.submittedAt),
        eq(testAssignments.release, 'manual'),
        isNull(testAssignments.releasedAt),
        visibleTo(actor),
      ),
    );
  return row.n;
}
