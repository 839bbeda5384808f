import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { STAFF_TYPES } from '../../../common/rules';
import { SKILL_MESSAGES } from '../../../common/rules/skills';
import { messageReply } from '../../../common/schemas/auth';
import {
  skillBody,
  skillListReply,
  skillParams,
  skillPrerequisitesBody,
  skillReply,
  skillUpdateBody,
} from '../../../common/schemas/skills';
import type { AppContext } from '../../context';
import { createSkill, deleteSkill, listSkills, setPrerequisites, updateSkill } from './service';

/** `/api/skills`: staff list, add, edit and delete skills and set their prerequisites, as they edit categories. */
export function skillRoutes(ctx: AppContext) {
  return async function (app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const staff = { access: STAFF_TYPES } as const;
    // Which skills a student's or a class's sections practice is kept in memory; a skill's prerequisites are not.
    const skillWrite = { access: STAFF_TYPES, invalidates: ['bank'] } as const;

    r.get('/skills', { config: staff, schema: { response: { 200: skillListReply } } }, () => listSkills(ctx.db));
    r.post(
      '/skills',
      { config: skillWrite, schema: { body: skillBody, response: { 201: skillReply } } },
      async (req, reply) => reply.code(201).send(await createSkill(ctx.db, req.body)),
    );
    r.patch(
      '/skills/:id',
      { config: skillWrite, schema: { params: skillParams, body: skillUpdateBody, response: { 200: skillReply } } },
      (req) => updateSkill(ctx.db, req.params.id, req.body),
    );
    r.delete(
      '/skills/:id',
      { config: skillWrite, schema: { params: skillParams, response: { 200: messageReply } } },
      async (req) => {
        await deleteSkill(ctx.db, req.params.id);
        return { message: SKILL_MESSAGES.deleted };
      },
    );
    r.put(
      '/skills/:id/prerequisites',
      {
        config: staff,
        schema: { params: skillParams, body: skillPrerequisitesBody, response: { 200: skillReply } },
      },
      (req) => setPrerequisites(ctx.db, req.params.id, req.body),
    );
  };
}
