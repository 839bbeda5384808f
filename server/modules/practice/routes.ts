import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { practiceFinishReply, practiceSessionParam, practiceSessionReply } from '../../../common/schemas/practice';
import type { AppContext } from '../../context';
import * as practice from './service';

/** The student's practice sessions: read the open one, start one (or get the open one), finish it. Students only. */
export function practiceRoutes(ctx: AppContext) {
  return async function (app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const student = { access: ['student'] } as const;

    r.get('/student/practice', { config: student, schema: { response: { 200: practiceSessionReply } } }, (req) =>
      practice.openSession(ctx, req.user!.id),
    );
    // A new session gives its questions to practice (practice_questions): the answer waits until this instance has
    // heard the notice, so the first check of one is allowed at once.
    r.post(
      '/student/practice',
      { config: { ...student, invalidates: ['content'] }, schema: { response: { 200: practiceSessionReply } } },
      (req) => practice.startSession(ctx, req.user!.id),
    );
    r.post(
      '/student/practice/:id/finish',
      { config: student, schema: { params: practiceSessionParam, response: { 200: practiceFinishReply } } },
      async (req) => {
        await practice.finishSession(ctx, req.user!.id, req.params.id);
        return { finished: true as const };
      },
    );
  };
}
