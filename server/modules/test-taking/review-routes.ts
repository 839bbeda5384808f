import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { REVIEW_MESSAGES as R } from '../../../common/rules/test-taking';
import {
  sittingReviewBody,
  sittingReviewParams,
  sittingReviewReply,
  sittingReviewSaved,
} from '../../../common/schemas/sitting-review';
import type { AppContext } from '../../context';
import { actorOf } from '../../policies/actor';
import { readReview, saveReview } from './review';

/**
 * A teacher's review of one sitting: read it, and save overrides and comments. Staff who may read the student
 * (an admin, a teacher of the student); data-entry staff are refused by role, other teachers by the service.
 */
export function sittingReviewRoutes(ctx: AppContext) {
  return async function (app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const reviewers = { access: ['admin', 'teacher'] } as const;

    r.get(
      '/tests/:id/sittings/:attemptId',
      { config: reviewers, schema: { params: sittingReviewParams, response: { 200: sittingReviewReply } } },
      async (req) => ({
        review: await readReview(ctx, actorOf(req.user!), req.params.id, req.params.attemptId),
      }),
    );
    // Invalidates content: a sitting's new total is written to test_attempts, which the kept views of a student's
    // grades read.
    r.put(
      '/tests/:id/sittings/:attemptId',
      {
        config: { ...reviewers, invalidates: ['content'] },
        schema: { params: sittingReviewParams, body: sittingReviewBody, response: { 200: sittingReviewSaved } },
      },
      async (req) => {
        const actor = actorOf(req.user!);
        const changed = await saveReview(ctx, actor, req.params.id, req.params.attemptId, req.body);
        return {
          message: changed ? R.saved : R.unchanged,
          review: await readReview(ctx, actor, req.params.id, req.params.attemptId),
        };
      },
    );
  };
}
