import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { classIdParam, gradebookQuery, gradebookReply } from '../../../common/schemas/gradebook';
import type { AppContext } from '../../context';
import { actorOf } from '../../policies/actor';
import { gradebookText } from './service';
import { acceptsGzip, sendJsonText } from '../../lib/kept/reply';

const readers = { access: ['admin', 'teacher'] } as const;

/** A class's gradebook, for an admin or a teacher of the class. */
export function gradebookRoutes(ctx: AppContext) {
  return async function (app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/classes/:id/gradebook',
      {
        config: readers,
        schema: { params: classIdParam, querystring: gradebookQuery, response: { 200: gradebookReply } },
      },
      async (req, reply) => {
        const kept = await gradebookText(ctx, actorOf(req.user!), req.params.id, req.query);
        // Text that passed the reply schema when it was made (service.ts), gzipped once for the browsers that take it.
        reply.header('vary', 'accept-encoding');
        if (acceptsGzip(req.headers['accept-encoding'])) {
          reply.header('content-encoding', 'gzip');
          return (reply as FastifyReply).type('application/json; charset=utf-8').send(kept.gzip);
        }
        return sendJsonText(reply, kept.json);
      },
    );
  };
}
