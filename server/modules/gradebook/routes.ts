import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { classIdParam, gradebookClasses, gradebookQuery, gradebookReply } from '../../../common/schemas/gradebook';
import type { AppContext } from '../../context';
import { actorOf } from '../../policies/actor';
import { classesOf } from './class-access';
import { gradebook } from './service';

const readers = { access: ['admin', 'teacher'] } as const;

/** A class's gradebook, for an admin or a teacher of the class, and the classes a caller may open one of. */
export function gradebookRoutes(ctx: AppContext) {
  return async function (app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get('/gradebook/classes', { config: readers, schema: { response: { 200: gradebookClasses } } }, async (req) => ({
      classes: await classesOf(ctx.db, actorOf(req.user!)),
    }));
    r.get(
      '/classes/:classId/gradebook',
      {
        config: readers,
        schema: { params: classIdParam, querystring: gradebookQuery, response: { 200: gradebookReply } },
      },
      (req) => gradebook(ctx, actorOf(req.user!), req.params.classId, req.query),
    );
  };
}
