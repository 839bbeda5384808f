import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { STAFF_TYPES } from '../../../common/rules';
import { messageReply } from '../../../common/schemas/auth';
import { idParam } from '../../../common/schemas/fields';
import { tagBody, tagReply } from '../../../common/schemas/questions';
import type { AppContext } from '../../context';
import { addTag, CATEGORY, deleteTag, FOCUS, listTags, type TagKind } from './service';

/** `/api/category` and `/api/focus`: list, add and delete, for staff only. */
export function categoryRoutes(ctx: AppContext) {
  return async function (app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const staff = { access: STAFF_TYPES } as const;
    // Tag names take part in the bank's text search, so its kept pages and counts go with any change.
    const staffWrite = { access: STAFF_TYPES, invalidates: ['bank'] } as const;

    const routesFor = (path: string, kind: TagKind) => {
      r.get(path, { config: staff, schema: { response: { 200: z.array(tagReply) } } }, () => listTags(ctx.db, kind));
      r.post(
        path,
        { config: staffWrite, schema: { body: tagBody(kind.label), response: { 201: tagReply } } },
        async (req, reply) => reply.code(201).send(await addTag(ctx.db, kind, req.body.name)),
      );
      r.delete(
        `${path}/:id`,
        { config: staffWrite, schema: { params: idParam, response: { 200: messageReply } } },
        async (req) => {
          await deleteTag(ctx.db, kind, req.params.id);
          return { message: `${kind.label} deleted successfully` };
        },
      );
    };
    routesFor('/category', CATEGORY);
    routesFor('/focus', FOCUS);
  };
}
