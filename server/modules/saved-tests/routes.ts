import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { STAFF_TYPES } from '../../../common/rules';
import { TEST_MESSAGES } from '../../../common/rules/tests';
import { idParam } from '../../../common/schemas/fields';
import {
  randomDrawBody,
  randomDrawReply,
  testBody,
  testDeletedReply,
  testUpdateBody,
  testDetail,
  testListQuery,
  testListReply,
  testPapersQuery,
  testPapersReply,
  testSavedReply,
} from '../../../common/schemas/tests';
import type { AppContext } from '../../context';
import { actorOf } from '../../policies/actor';
import {
  archiveTest,
  createTest,
  deleteTest,
  drawRandom,
  duplicateTest,
  getTest,
  listTests,
  testPapers,
  updateTest,
} from './service';

/** Saved tests and the test generator's random draw: staff build tests, no one else. */
export function savedTestRoutes(ctx: AppContext) {
  return async function (app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const staff = { access: STAFF_TYPES } as const;
    // Changing a test is its author's, or an admin's (server/policies/tests.ts).
    const actor = actorOf;

    r.get(
      '/tests',
      { config: staff, schema: { querystring: testListQuery, response: { 200: testListReply } } },
      (req) => listTests(ctx.db, req.query),
    );

    r.post(
      '/tests',
      { config: staff, schema: { body: testBody, response: { 201: testSavedReply } } },
      async (req, reply) =>
        reply.code(201).send({ message: TEST_MESSAGES.saved, test: await createTest(ctx, req.user!, req.body) }),
    );

    // Drawn on the server, so the draw is uniform over every match of the filters, not over the page on screen.
    r.post(
      '/tests/random',
      { config: staff, schema: { body: randomDrawBody, response: { 200: randomDrawReply } } },
      (req) => drawRandom(ctx.db, req.body, { ids: ctx.memos.bankIds }),
    );

    r.get('/tests/:id', { config: staff, schema: { params: idParam, response: { 200: testDetail } } }, (req) =>
      getTest(ctx.db, req.params.id),
    );

    r.get(
      '/tests/:id/papers',
      { config: staff, schema: { params: idParam, querystring: testPapersQuery, response: { 200: testPapersReply } } },
      (req) => testPapers(ctx, req.params.id, req.query.versions),
    );

    r.put(
      '/tests/:id',
      { config: staff, schema: { params: idParam, body: testUpdateBody, response: { 200: testSavedReply } } },
      async (req) => ({
        message: TEST_MESSAGES.saved,
        test: await updateTest(ctx, actor(req.user!), req.params.id, req.body),
      }),
    );

    r.delete(
      '/tests/:id',
      { config: staff, schema: { params: idParam, response: { 200: testDeletedReply } } },
      async (req) => {
        await deleteTest(ctx.db, actor(req.user!), req.params.id);
        return { message: TEST_MESSAGES.deleted };
      },
    );

    // A test that has been sat is archived rather than deleted: kept with its results, out of the lists to use.
    r.post(
      '/tests/:id/archive',
      { config: staff, schema: { params: idParam, response: { 200: testSavedReply } } },
      async (req) => ({
        message: TEST_MESSAGES.archived,
        test: await archiveTest(ctx, actor(req.user!), req.params.id, true),
      }),
    );
    r.post(
      '/tests/:id/restore',
      { config: staff, schema: { params: idParam, response: { 200: testSavedReply } } },
      async (req) => ({
        message: TEST_MESSAGES.restored,
        test: await archiveTest(ctx, actor(req.user!), req.params.id, false),
      }),
    );

    r.post(
      '/tests/:id/duplicate',
      { config: staff, schema: { params: idParam, response: { 201: testSavedReply } } },
      async (req, reply) =>
        reply
          .code(201)
          .send({ message: TEST_MESSAGES.duplicated, test: await duplicateTest(ctx, req.user!, req.params.id) }),
    );
  };
}
