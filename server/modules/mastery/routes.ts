import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { classSkillsReply, skillsParam, studentSkillsReply } from '../../../common/schemas/mastery';
import type { AppContext } from '../../context';
import { actorOf } from '../../policies/actor';
import * as mastery from './service';

/**
 * Skill levels: the student reads their own, a parent their child's, staff a student they may read and a class they
 * act for (the heat map). Data entry reads no student.
 */
export function masteryRoutes(ctx: AppContext) {
  return async function (app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/student/skills',
      { config: { access: ['student'] }, schema: { response: { 200: studentSkillsReply } } },
      async (req) => ({ skills: await mastery.skillsOfStudent(ctx, req.user!.id) }),
    );
    r.get(
      '/parent/children/:id/skills',
      { config: { access: ['parent'] }, schema: { params: skillsParam, response: { 200: studentSkillsReply } } },
      async (req) => ({ skills: await mastery.childSkills(ctx, req.user!.id, req.params.id) }),
    );
    r.get(
      '/students/:id/skills',
      {
        config: { access: ['admin', 'teacher'] },
        schema: { params: skillsParam, response: { 200: studentSkillsReply } },
      },
      async (req) => ({ skills: await mastery.studentSkills(ctx, actorOf(req.user!), req.params.id) }),
    );
    r.get(
      '/classes/:id/skills',
      {
        config: { access: ['admin', 'teacher'] },
        schema: { params: skillsParam, response: { 200: classSkillsReply } },
      },
      (req) => mastery.classSkills(ctx, actorOf(req.user!), req.params.id),
    );
  };
}
