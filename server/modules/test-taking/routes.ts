import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SAVES_PER_HOUR, SWEEP_INTERVAL_MS, TEST_TAKING_MESSAGES as M } from '../../../common/rules/test-taking';
import { idParam } from '../../../common/schemas/fields';
import {
  givenTestParam,
  giveTestBody,
  giveTestReply,
  attemptParam,
  attemptReply,
  childTestsReply,
  practiceReply,
  pendingReviewsReply,
  releaseReply,
  rescoreReply,
  saveAnswerBody,
  saveAnswerParams,
  saveAnswerReply,
  studentTestsReply,
  givenTestsReply,
  testResults,
} from '../../../common/schemas/test-taking';
import { examReportReply } from '../../../common/schemas/exams';
import type { AppContext } from '../../context';
import { actorOf } from '../../policies/actor';
import { BatchedLimit } from '../../lib/rate-limit';
import * as taking from './service';

/**
 * Students sitting saved tests, each route for its own roles: admins and teachers give tests and read results
 * (a teacher for their own students, decided by the service); students start, save, submit and read their own.
 */
export function testTakingRoutes(ctx: AppContext) {
  return async function (app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const managers = { access: ['admin', 'teacher'] } as const;
    const student = { access: ['student'] } as const;
    const actor = actorOf;
    // Each save runs the answer checker: this bounds what one account can make the server compute.
    const savesPerUser = new BatchedLimit({ max: SAVES_PER_HOUR, windowSeconds: 3600, message: M.tooManySaves });

    r.get(
      '/tests/pending-reviews',
      { config: managers, schema: { response: { 200: pendingReviewsReply } } },
      async (req) => ({
        count: await taking.pendingReviews(ctx, actor(req.user!)),
      }),
    );
    // Invalidates content: the tests given join their students' Assignments due count (studentTestWindows).
    r.post(
      '/tests/:id/assign',
      {
        config: { ...managers, invalidates: ['content'] },
        schema: { params: idParam, body: giveTestBody, response: { 200: giveTestReply } },
      },
      async (req) => {
        const given = await taking.giveTest(ctx, actor(req.user!), req.params.id, req.body);
        return { message: M.given(given.length), assignments: given };
      },
    );
    r.get(
      '/tests/:id/assignments',
      { config: managers, schema: { params: idParam, response: { 200: givenTestsReply } } },
      async (req) => ({
        assignments: await taking.listGivenTests(ctx, actor(req.user!), req.params.id),
      }),
    );
    r.get(
      '/tests/:id/results',
      { config: managers, schema: { params: idParam, response: { 200: testResults } } },
      (req) => taking.testResults(ctx, actor(req.user!), req.params.id),
    );
    r.post(
      '/tests/:id/release',
      {
        config: { ...managers, invalidates: ['content'] },
        schema: { params: idParam, response: { 200: releaseReply } },
      },
      async (req) => ({
        message: M.released,
        released: await taking.releaseResults(ctx, actor(req.user!), req.params.id),
      }),
    );

    // Stored scores change only here: after a corrected question, staff score the submitted sittings again.
    r.post(
      '/tests/:id/rescore',
      {
        config: { ...managers, invalidates: ['content'] },
        schema: { params: idParam, response: { 200: rescoreReply } },
      },
      async (req) => {
        const { rescored, changed, disagreeing } = await taking.rescoreResults(ctx, actor(req.user!), req.params.id);
        return {
          message: M.rescored(rescored, changed) + M.rescoredOverrides(disagreeing.length),
          rescored,
          changed,
          disagreeing,
        };
      },
    );

    r.get('/student/tests', { config: student, schema: { response: { 200: studentTestsReply } } }, async (req) => ({
      tests: await taking.studentTests(ctx, req.user!.id),
    }));
    // A sitting started or submitted changes what its student may practice (the questions of an open test are not):
    // the answer waits until this instance has heard the sitting's notice.
    const sittingWrite = { ...student, invalidates: ['content'] } as const;
    r.post(
      '/student/tests/:assignmentId/start',
      { config: sittingWrite, schema: { params: givenTestParam, response: { 200: attemptReply } } },
      async (req) => ({
        attempt: await taking.startAttempt(ctx, req.user!.id, req.params.assignmentId),
      }),
    );
    r.put(
      '/student/attempts/:attemptId/answers/:questionId',
      {
        config: student,
        schema: { params: saveAnswerParams, body: saveAnswerBody, response: { 200: saveAnswerReply } },
      },
      async (req) => {
        await savesPerUser.hit(ctx, `test-save:user:${req.user!.id}`);
        const savedAt = await taking.saveAnswer(
          ctx,
          req.user!.id,
          req.params.attemptId,
          req.params.questionId,
          req.body.answer,
        );
        return { savedAt: savedAt.toISOString(), serverNow: ctx.now().toISOString() };
      },
    );
    r.post(
      '/student/attempts/:attemptId/submit',
      { config: sittingWrite, schema: { params: attemptParam, response: { 200: attemptReply } } },
      async (req) => ({
        attempt: await taking.submitByStudent(ctx, req.user!.id, req.params.attemptId),
      }),
    );
    // Ending the last section submits the sitting, which changes what the student may practice.
    r.post(
      '/student/attempts/:attemptId/end-section',
      { config: sittingWrite, schema: { params: attemptParam, response: { 200: attemptReply } } },
      async (req) => ({
        attempt: await taking.moveSection(ctx, req.user!.id, req.params.attemptId, 'end'),
      }),
    );
    r.post(
      '/student/attempts/:attemptId/start-section',
      { config: student, schema: { params: attemptParam, response: { 200: attemptReply } } },
      async (req) => ({
        attempt: await taking.moveSection(ctx, req.user!.id, req.params.attemptId, 'start'),
      }),
    );
    r.get(
      '/student/attempts/:attemptId',
      { config: student, schema: { params: attemptParam, response: { 200: attemptReply } } },
      async (req) => ({
        attempt: await taking.readAttempt(ctx, req.user!.id, req.params.attemptId),
      }),
    );

    r.post(
      '/student/attempts/:attemptId/practice',
      { config: student, schema: { params: attemptParam, response: { 200: practiceReply } } },
      (req) => taking.weakSpotPractice(ctx, req.user!.id, req.params.attemptId),
    );

    // Any string: an id that names none of the parent's children is 404, as for another parent's child.
    r.get(
      '/parent/children/:id/tests',
      {
        config: { access: ['parent'] },
        schema: { params: z.object({ id: z.string() }), response: { 200: childTestsReply } },
      },
      async (req) => ({
        results: await taking.childTestResults(ctx, req.user!.id, req.params.id),
      }),
    );

    r.get(
      '/parent/children/:id/tests/:attemptId/report',
      {
        config: { access: ['parent'] },
        schema: { params: z.object({ id: z.string(), attemptId: z.string() }), response: { 200: examReportReply } },
      },
      (req) => taking.childExamReport(ctx, req.user!.id, req.params.id, req.params.attemptId),
    );

    // The sweep: sittings whose time ran out are submitted even if their student never comes back.
    const sweep = setInterval(() => {
      taking.submitExpired(ctx).catch((error: unknown) => app.log.error({ err: error }, 'test sweep failed'));
    }, SWEEP_INTERVAL_MS);
    sweep.unref();
    app.addHook('onClose', async () => clearInterval(sweep));
  };
}
