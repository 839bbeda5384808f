import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { USER_MESSAGES } from '../../../common/rules';
import { messageReply } from '../../../common/schemas/auth';
import { idParam } from '../../../common/schemas/fields';
import {
  importBody,
  importReply,
  registerBody,
  userChangeReply,
  userUpdateBody,
  usersQuery,
  usersReply,
} from '../../../common/schemas/users';
import type { AppContext } from '../../context';
import type { KeyRequest } from '../../lib/kept/declare';
import { userPageView } from './kept';
import { deleteUser, importStudents, listUsers, registerUser, updateUser } from './admin';

const adminOnly = { access: ['admin'] } as const;
/** Account changes: this instance forgets its counts and pages before answering (the others hear the triggers of 0008 and 0011). */
const adminWrite = { access: ['admin'], invalidates: ['users'] } as const;

/** Manage users and register users, and the class-list import. */
export function adminUserRoutes(ctx: AppContext) {
  return async function (app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();

    // Kept: a page costs no statement until an account, a profile or a link changes (p99 budget at 100,000 accounts).
    const userPage = {
      view: userPageView,
      key: (req: KeyRequest) => {
        const q = req.query as z.output<typeof usersQuery>;
        return [q.q ?? '', q.type ?? '', q.status ?? '', q.page, q.limit];
      },
    } as const;
    r.get(
      '/admin/users',
      { config: { ...adminOnly, kept: userPage }, schema: { querystring: usersQuery, response: { 200: usersReply } } },
      async (req) => listUsers(ctx, req.query),
    );

    r.put(
      '/admin/users/:id',
      { config: adminWrite, schema: { params: idParam, body: userUpdateBody, response: { 200: userChangeReply } } },
      async (req) => ({
        message: USER_MESSAGES.updated,
        user: await updateUser(ctx, req.user!, req.params.id, req.body),
      }),
    );

    r.delete(
      '/admin/users/:id',
      { config: adminWrite, schema: { params: idParam, response: { 200: messageReply } } },
      async (req) => {
        await deleteUser(ctx, req.user!, req.params.id);
        return { message: USER_MESSAGES.deleted };
      },
    );

    r.post(
      '/admin/register',
      { config: adminWrite, schema: { body: registerBody, response: { 201: userChangeReply } } },
      async (req, reply) => {
        const user = await registerUser(ctx, req.body);
        return reply.code(201).send({ message: USER_MESSAGES.registered, user });
      },
    );

    r.post(
      '/admin/users/import',
      { config: adminWrite, schema: { body: importBody, response: { 200: importReply } } },
      async (req) => importStudents(ctx, req.body.rows, req.body.dryRun),
    );
  };
}
