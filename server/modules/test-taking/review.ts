/**
 * A teacher's review of one submitted sitting: marks changed by hand (with a reason), comments per question and on
 * the whole test, and every change recorded. The sitting's `score` stays what every screen reads: the sum, over the
 * paper, of the override where one is set, else the automatic marks, written in the same transaction as the change
 * that moves it. The sitting's row is locked while a review is saved, so saves of different questions at once each
 * see the other's marks when they add up the total.
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { EXAM_MESSAGES } from '../../../common/rules/exams';
import { REVIEW_MESSAGES as R, TEST_TAKING_MESSAGES as M } from '../../../common/rules/test-taking';
import type {
  DisagreeingOverride,
  ReviewChange,
  SittingReview,
  SittingReviewInput,
} from '../../../common/schemas/sitting-review';
import type { AppContext } from '../../context';
import type { Db, Tx } from '../../db/client';
import { rows } from '../../db/prepared';
import {
  profiles,
  questions,
  sittingReviewChanges,
  sittingReviews,
  testAssignments,
  testAttemptAnswers,
  testAttempts,
  tests,
  users,
} from '../../db/schema';
import { Conflict, Forbidden, Invalid, NotFound } from '../../lib/errors';
import type { Actor } from '../../policies/actor';
import { mayActForStudent } from '../../policies/students';
import { presentQuestions } from '../student/questions';
import { paperSeeds } from '../variants/variants';

type ReviewRow = typeof sittingReviews.$inferSelect;
type ChangeField = ReviewChange['field'];
type Override = { marks: number; reason: string } | null;

const fullName = (p: { firstName: string | null; lastName: string | null } | null, email: string) =>
  `${p?.firstName ?? ''} ${p?.lastName ?? ''}`.trim() || email;

/**
 * The sitting of the test, if the actor may review it: 404 when the test has no such sitting, 403 when its student
 * is not one the actor may read (a teacher reviews their linked students and their classes' students, the same
 * students the test's results show them), 409 while it is not submitted.
 */
async function requireSitting(db: Db | Tx, actor: Actor, testId: string, attemptId: string) {
  const [row] = await db
    .select({
      attempt: testAttempts,
      release: testAssignments.release,
      releasedAt: testAssignments.releasedAt,
      testName: tests.title,
      email: users.email,
      profile: { firstName: profiles.firstName, lastName: profiles.lastName },
      mine: sql<boolean>`${mayActForStudent(actor, testAttempts.studentId)}`,
    })
    .from(testAttempts)
    .innerJoin(testAssignments, eq(testAssignments.id, testAttempts.assignmentId))
    .innerJoin(tests, eq(tests.id, testAssignments.testId))
    .innerJoin(users, eq(users.id, testAttempts.studentId))
    .leftJoin(profiles, eq(profiles.userId, testAttempts.studentId))
    .where(and(eq(testAttempts.id, attemptId), eq(testAssignments.testId, testId)));
  if (!row) throw NotFound(M.attemptNotFound);
  if (!row.mine) throw Forbidden(R.notYourStudent);
  if (!row.attempt.submittedAt) throw Conflict(R.notSubmitted);
  return row;
}

/** `GET /api/tests/{id}/sittings/{attemptId}`: the sitting as its reviewer sees it, with its history. */
export async function readReview(
  ctx: AppContext,
  actor: Actor,
  testId: string,
  attemptId: string,
): Promise<SittingReview> {
  const sitting = await requireSitting(ctx.db, actor, testId, attemptId);
  const { attempt } = sitting;
  const ids = attempt.paper.flatMap((p) => (p.questionId ? [p.questionId] : []));
  const [found, answers, reviews, changes] = await Promise.all([
    ids.length ? ctx.db.select().from(questions).where(inArray(questions.id, ids)) : Promise.resolve([]),
    ctx.db.select().from(testAttemptAnswers).where(eq(testAttemptAnswers.attemptId, attemptId)),
    ctx.db.select().from(sittingReviews).where(eq(sittingReviews.attemptId, attemptId)),
    ctx.db
      .select({
        change: sittingReviewChanges,
        email: users.email,
        profile: { firstName: profiles.firstName, lastName: profiles.lastName },
      })
      .from(sittingReviewChanges)
      .leftJoin(users, eq(users.id, sittingReviewChanges.changedBy))
      .leftJoin(profiles, eq(profiles.userId, sittingReviewChanges.changedBy))
      .where(eq(sittingReviewChanges.attemptId, attemptId))
      .orderBy(desc(sittingReviewChanges.changedAt)),
  ]);
  // Each question as the variant this student's paper gave them, key and all.
  const presented = new Map((await presentQuestions(ctx, found, paperSeeds(attempt.paper))).map((q) => [q.id, q]));
  const answerOf = new Map(answers.map((a) => [a.questionId, a]));
  const reviewOf = new Map(reviews.map((r) => [r.questionId, r]));
  // The newest change of each kind per question (changes come newest first).
  const latest = new Map<string, Date>();
  for (const { change } of changes) {
    const key = `${change.questionId} ${change.field}`;
    if (!latest.has(key)) latest.set(key, change.changedAt);
  }
  const numberOf = new Map(attempt.paper.flatMap((p, i) => (p.questionId ? [[p.questionId, i + 1] as const] : [])));
  return {
    test: { id: testId, name: sitting.testName },
    student: { id: attempt.studentId, name: fullName(sitting.profile, sitting.email), email: sitting.email },
    attemptId,
    submittedAt: attempt.submittedAt!.toISOString(),
    released: sitting.release === 'on-submit' || sitting.releasedAt !== null,
    score: { marks: attempt.score ?? 0, maxMarks: attempt.maxMarks },
    comment: attempt.reviewComment,
    questions: attempt.paper.map((p, i) => {
      const answer = p.questionId ? answerOf.get(p.questionId) : undefined;
      const review = p.questionId ? reviewOf.get(p.questionId) : undefined;
      const automatic = answer?.awarded ?? 0;
      const override = review?.overrideMarks ?? null;
      const rescoredAt = latest.get(`${p.questionId} automatic`);
      const overriddenAt = latest.get(`${p.questionId} override`);
      return {
        number: i + 1,
        questionId: p.questionId,
        marks: p.marks,
        question: (p.questionId && presented.get(p.questionId)) || null,
        answer: answer?.answer ?? null,
        automatic,
        overrideMarks: override,
        overrideReason: review?.overrideReason ?? null,
        comment: review?.comment ?? null,
        awarded: override ?? automatic,
        disagrees:
          override !== null &&
          override !== automatic &&
          rescoredAt !== undefined &&
          (overriddenAt === undefined || rescoredAt > overriddenAt),
      };
    }),
    history: changes.map(({ change, email, profile }) => ({
      id: change.id,
      number: change.questionId ? (numberOf.get(change.questionId) ?? null) : null,
      field: change.field as ChangeField,
      before: change.before,
      after: change.after,
      changedBy: email ? fullName(profile, email) : null,
      changedAt: change.changedAt.toISOString(),
    })),
  };
}

/**
 * `PUT /api/tests/{id}/sittings/{attemptId}`: saves the named questions' overrides and comments and the test's
 * comment, records each change, and writes the new total, all in one transaction under the sitting's row lock.
 * Returns whether anything changed.
 */
export async function saveReview(
  ctx: AppContext,
  actor: Actor,
  testId: string,
  attemptId: string,
  body: SittingReviewInput,
): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    // Locks the sitting first, so the checks below and the total see every save that came before this one.
    await tx.select({ id: testAttempts.id }).from(testAttempts).where(eq(testAttempts.id, attemptId)).for('update');
    const { attempt } = await requireSitting(tx, actor, testId, attemptId);
    const marksOf = new Map(attempt.paper.flatMap((p) => (p.questionId ? [[p.questionId, p.marks] as const] : [])));
    for (const q of body.questions) {
      const max = marksOf.get(q.questionId);
      if (max === undefined) throw Invalid(R.notInSitting);
      if (q.overrideMarks !== null && q.overrideMarks > max) throw Invalid(R.marksAbove(max));
      // An exam's rule scores its sittings: comments are welcome, marks by hand are not.
      if (q.overrideMarks !== null && attempt.exam) throw Conflict(EXAM_MESSAGES.overrideExam);
    }
    const existing = body.questions.length
      ? await tx
          .select()
          .from(sittingReviews)
          .where(
            and(
              eq(sittingReviews.attemptId, attemptId),
              inArray(
                sittingReviews.questionId,
                body.questions.map((q) => q.questionId),
              ),
            ),
          )
      : [];
    const before = new Map<string, ReviewRow>(existing.map((r) => [r.questionId, r]));
    const changes: Array<typeof sittingReviewChanges.$inferInsert> = [];
    const upserts: Array<typeof sittingReviews.$inferInsert> = [];
    const change = (questionId: string | null, field: ChangeField, was: unknown, now: unknown) =>
      changes.push({ attemptId, questionId, field, before: was, after: now, changedBy: actor.id });
    for (const q of body.questions) {
      const was = before.get(q.questionId);
      const wasOverride: Override =
        was?.overrideMarks != null ? { marks: was.overrideMarks, reason: was.overrideReason ?? '' } : null;
      const nowOverride: Override =
        q.overrideMarks !== null ? { marks: q.overrideMarks, reason: q.overrideReason } : null;
      const wasComment = was?.comment ?? null;
      const nowComment = q.comment || null;
      const overrideMoved = JSON.stringify(wasOverride) !== JSON.stringify(nowOverride);
      if (overrideMoved) change(q.questionId, 'override', wasOverride, nowOverride);
      if (wasComment !== nowComment) change(q.questionId, 'comment', wasComment, nowComment);
      if (!overrideMoved && wasComment === nowComment) continue;
      upserts.push({
        attemptId,
        questionId: q.questionId,
        overrideMarks: nowOverride?.marks ?? null,
        overrideReason: nowOverride?.reason ?? null,
        comment: nowComment,
        updatedBy: actor.id,
      });
    }
    const testComment = body.comment === undefined ? attempt.reviewComment : body.comment || null;
    if (testComment !== attempt.reviewComment) {
      change(null, 'test-comment', attempt.reviewComment, testComment);
      await tx.update(testAttempts).set({ reviewComment: testComment }).where(eq(testAttempts.id, attemptId));
    }
    if (changes.length === 0) return false;
    if (upserts.length)
      await tx
        .insert(sittingReviews)
        .values(upserts)
        .onConflictDoUpdate({
          target: [sittingReviews.attemptId, sittingReviews.questionId],
          set: {
            overrideMarks: sql`excluded.override_marks`,
            overrideReason: sql`excluded.override_reason`,
            comment: sql`excluded.comment`,
            updatedBy: sql`excluded.updated_by`,
            updatedAt: sql`now()`,
          },
        });
    await tx.insert(sittingReviewChanges).values(changes);
    await writeTotal(tx, attemptId);
    return true;
  });
}

/**
 * Writes the sitting's total: over the paper, each question's override where set, else its automatic marks (0 for
 * a question left blank). One statement, run under the sitting's row lock by every writer of marks.
 */
export async function writeTotal(tx: Tx, attemptId: string): Promise<number> {
  const [row] = await rows<{ score: number }>(
    tx,
    sql`update test_attempts ta set score = (
          select round(coalesce(sum(coalesce(sr.override_marks, taa.awarded, 0)), 0)::numeric, 2)::float8
          from jsonb_array_elements(ta.paper) pe
          left join test_attempt_answers taa
            on taa.attempt_id = ta.id and taa.question_id::text = pe.value->>'questionId'
          left join sitting_reviews sr
            on sr.attempt_id = ta.id and sr.question_id::text = pe.value->>'questionId'
          where pe.value->>'questionId' is not null)
        where ta.id = ${attemptId}
        returning ta.score as score`,
  );
  return Number(row.score);
}

/**
 * After a re-score moved some automatic marks of a sitting (under its row lock): records the move under each
 * override it touched, writes the total with the overrides kept, and returns the overrides that now differ from
 * their new automatic marks.
 */
export async function keepOverrides(
  tx: Tx,
  actor: Actor,
  attempt: { id: string; paper: Array<{ questionId: string | null }> },
  moved: Array<{ questionId: string; before: number | null; after: number }>,
): Promise<{
  score: number;
  disagreeing: Array<{ questionId: string; number: number; overrideMarks: number; automatic: number }>;
}> {
  const overridden = moved.length
    ? await tx
        .select({ questionId: sittingReviews.questionId, overrideMarks: sittingReviews.overrideMarks })
        .from(sittingReviews)
        .where(
          and(
            eq(sittingReviews.attemptId, attempt.id),
            inArray(
              sittingReviews.questionId,
              moved.map((m) => m.questionId),
            ),
            sql`${sittingReviews.overrideMarks} is not null`,
          ),
        )
    : [];
  const overrideOf = new Map(overridden.map((o) => [o.questionId, o.overrideMarks!]));
  const touched = moved.filter((m) => overrideOf.has(m.questionId));
  if (touched.length)
    await tx.insert(sittingReviewChanges).values(
      touched.map((m) => ({
        attemptId: attempt.id,
        questionId: m.questionId,
        field: 'automatic',
        before: m.before,
        after: m.after,
        changedBy: actor.id,
      })),
    );
  const score = await writeTotal(tx, attempt.id);
  const numberOf = new Map(attempt.paper.flatMap((p, i) => (p.questionId ? [[p.questionId, i + 1] as const] : [])));
  return {
    score,
    disagreeing: touched
      .filter((m) => overrideOf.get(m.questionId) !== m.after)
      .map((m) => ({
        questionId: m.questionId,
        number: numberOf.get(m.questionId) ?? 0,
        overrideMarks: overrideOf.get(m.questionId)!,
        automatic: m.after,
      })),
  };
}

/** Names each disagreeing override's student, for the re-score's reply. */
export async function nameDisagreeing(
  db: Db,
  found: Array<Omit<DisagreeingOverride, 'studentName'>>,
): Promise<DisagreeingOverride[]> {
  if (found.length === 0) return [];
  const names = await db
    .select({
      attemptId: testAttempts.id,
      email: users.email,
      profile: { firstName: profiles.firstName, lastName: profiles.lastName },
    })
    .from(testAttempts)
    .innerJoin(users, eq(users.id, testAttempts.studentId))
    .leftJoin(profiles, eq(profiles.userId, testAttempts.studentId))
    .where(
      inArray(
        testAttempts.id,
        found.map((f) => f.attemptId),
      ),
    );
  const nameOf = new Map(names.map((n) => [n.attemptId, fullName(n.profile, n.email)]));
  return found
    .map((f) => ({ ...f, studentName: nameOf.get(f.attemptId) ?? '' }))
    .sort((a, b) => a.studentName.localeCompare(b.studentName) || a.number - b.number);
}

/**
 * The reviews of released sittings, as their student and parents see them: per sitting, each question's comment and
 * override. Callers pass only sittings whose results are released.
 */
export async function reviewsOf(db: Db, attemptIds: string[]) {
  const found = attemptIds.length
    ? await db
        .select({
          attemptId: sittingReviews.attemptId,
          questionId: sittingReviews.questionId,
          overrideMarks: sittingReviews.overrideMarks,
          comment: sittingReviews.comment,
        })
        .from(sittingReviews)
        .where(inArray(sittingReviews.attemptId, attemptIds))
        .orderBy(asc(sittingReviews.attemptId))
    : [];
  const byAttempt = new Map<string, Map<string, { overrideMarks: number | null; comment: string | null }>>();
  for (const r of found) {
    const of = byAttempt.get(r.attemptId) ?? new Map();
    of.set(r.questionId, { overrideMarks: r.overrideMarks, comment: r.comment });
    byAttempt.set(r.attemptId, of);
  }
  return byAttempt;
}
