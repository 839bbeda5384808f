import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { STAFF_TYPES } from '../../../common/rules';
import { EXAM_MESSAGES as M } from '../../../common/rules/exams';
import { messageReply } from '../../../common/schemas/auth';
import {
  accommodationsBody,
  accommodationsReply,
  examProfileBody,
  examProfileReply,
  examProfilesReply,
  scoreTableBody,
  scoreTableParams,
} from '../../../common/schemas/exams';
import { idParam } from '../../../common/schemas/fields';
import type { AppContext } from '../../context';
import { actorOf } from '../../policies/actor';
import { readAccommodations, setAccommodations } from './accommodations';
import { createProfile, deleteProfile, deleteTable, listProfiles, saveTable, updateProfile } from './profiles';

/**
 * Exam profiles: staff read them to choose one for a test; admins add, change and delete their own and enter score
 * tables. Accommodations: a student's teachers and admins (the service checks the student is theirs).
 */
export function examRoutes(ctx: AppContext) {
  return async function (app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const staff = { access: STAFF_TYPES } as const;
    const admin = { access: ['admin'] } as const;
    const teachers = { access: ['admin', 'teacher'] } as const;

    r.get('/exam-profiles', { config: staff, schema: { response: { 200: examProfilesReply } } }, async () => ({
      profiles: await listProfiles(ctx.db),
    }));
    r.post(
      '/exam-profiles',
      { config: admin, schema: { body: examProfileBody, response: { 201: examProfileReply } } },
      async (req, reply) =>
        reply.code(201).send({ message: M.profileSaved, profile: await createProfile(ctx.db, req.body) }),
    );
    r.put(
      '/exam-profiles/:id',
      { config: admin, schema: { params: idParam, body: examProfileBody, response: { 200: examProfileReply } } },
      async (req) => ({ message: M.profileSaved, profile: await updateProfile(ctx.db, req.params.id, req.body) }),
    );
    r.delete(
      '/exam-profiles/:id',
      { config: admin, schema: { params: idParam, response: { 200: messageReply } } },
      async (req) => {
        await deleteProfile(ctx.db, req.params.id);
        return { message: M.profileDeleted };
      },
    );
    r.put(
      '/exam-profiles/:id/table',
      { config: admin, schema: { params: idParam, body: scoreTableBody, response: { 200: examProfileReply } } },
      async (req) => ({ message: M.tableSaved, profile: await saveTable(ctx.db, req.params.id, req.body) }),
    );
    r.delete(
      '/exam-profiles/:id/tables/:tableId',
      { config: admin, schema: { params: scoreTableParams, response: { 200: examProfileReply } } },
      async (req) => ({
        message: M.tableDeleted,
        profile: await deleteTable(ctx.db, req.params.id, req.params.tableId),
      }),
    );

    r.get(
      '/students/:id/accommodations',
      { config: teachers, schema: { params: idParam, response: { 200: accommodationsReply } } },
      async (req) => ({ accommodations: await readAccommodations(ctx.db, actorOf(req.user!), req.params.id) }),
    );
    r.put(
      '/students/:id/accommodations',
      {
        config: teachers,
        schema: { params: idParam, body: accommodationsBody, response: { 200: accommodationsReply } },
      },
      async (req) => ({
        message: M.accommodationsSaved,
        accommodations: await setAccommodations(ctx.db, actorOf(req.user!), req.params.id, req.body),
      }),
    );
  };
}
