import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { messageReply } from '../../../common/schemas/auth';
import {
  assignUnitBody,
  courseAssignmentBody,
  sectionAssignmentBody,
  unitAssignmentBody,
} from '../../../common/schemas/learning';
import {
  batchAssignmentBody,
  batchAssignmentReply,
  studentListQuery,
  studentPageReply,
} from '../../../common/schemas/studentAssignments';
import type { AppContext } from '../../context';
import { actorOf, type Actor } from '../../policies/actor';
import type { KeyRequest } from '../../lib/kept/declare';
import { studentPageView } from './kept';
import { batchChange } from './batch';
import * as assignments from './service';
import { studentPage } from './students';

/**
 * Student-to-course assignment under both prefixes (/api/admin and /api/teacher): the service decides what a
 * teacher may touch (their own students), the prefix only names the caller's role.
 */
export function assignmentRoutes(ctx: AppContext) {
  return async function (app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();

    for (const role of ['admin', 'teacher'] as const) {
      const config = { access: [role] } as const;
      const writeConfig = { access: [role], invalidates: ['content'] } as const;
      // The route admits only `role`, so the signed-in user is of that role.
      const actor = actorOf;
      const post = <
        B extends
          | typeof courseAssignmentBody
          | typeof unitAssignmentBody
          | typeof assignUnitBody
          | typeof sectionAssignmentBody,
      >(
        path: string,
        body: B,
        action: (a: Actor, input: B['_output']) => Promise<void>,
        message: string,
      ) =>
        r.post(
          `/${role}/${path}`,
          { config: writeConfig, schema: { body, response: { 200: messageReply } } },
          async (req) => {
            await action(actor(req.user!), req.body as B['_output']);
            return { message };
          },
        );

      // Paged, filtered and counted by the database, never in memory: a school has thousands of students.
      // Kept: steady reads cost no statement (p99 budget at 5,000 students); a minute in the key ages the "recent" card.
      const studentPageKept = {
        view: studentPageView,
        key: (req: KeyRequest) => {
          const q = req.query as z.output<typeof studentListQuery>;
          return [
            role === 'admin' ? 'admin' : req.user!.id,
            q.group,
            q.q ?? '',
            q.page,
            q.pageSize,
            Math.floor(ctx.now().getTime() / 60_000),
          ];
        },
      } as const;
      r.get(
        `/${role}/students`,
        {
          config: { ...config, kept: studentPageKept },
          schema: { querystring: studentListQuery, response: { 200: studentPageReply } },
        },
        (req) => studentPage(ctx, actor(req.user!), req.query),
      );
      post(
        'assign-course',
        courseAssignmentBody,
        (a, b) => assignments.assignCourse(ctx, a, b.studentId, b.courseId),
        'Course assigned successfully',
      );
      post(
        'remove-course',
        courseAssignmentBody,
        (a, b) => assignments.removeCourse(ctx, a, b.studentId, b.courseId),
        'Course removed successfully',
      );
      post(
        'remove-course-assignment',
        courseAssignmentBody,
        (a, b) => assignments.removeCourse(ctx, a, b.studentId, b.courseId),
        'Course removed successfully',
      );
      post(
        'assign-unit',
        assignUnitBody,
        (a, b) => assignments.assignUnit(ctx, a, b.studentId, b.unitId, b.withSections),
        'Unit assigned successfully',
      );
      post(
        'remove-unit',
        unitAssignmentBody,
        (a, b) => assignments.removeUnit(ctx, a, b.studentId, b.unitId),
        'Unit removed successfully',
      );
      post(
        'assign-section',
        sectionAssignmentBody,
        (a, b) => assignments.assignSection(ctx, a, b.studentId, b.sectionId),
        'Section assigned successfully',
      );
      post(
        'remove-section',
        sectionAssignmentBody,
        (a, b) => assignments.removeSection(ctx, a, b.studentId, b.sectionId),
        'Section removed successfully',
      );
      // The batch call: one course, unit or section for many students in one call (a class, or a whole filter).
      r.post(
        `/${role}/batch-assignments`,
        { config: writeConfig, schema: { body: batchAssignmentBody, response: { 200: batchAssignmentReply } } },
        (req) => batchChange(ctx, actor(req.user!), req.body),
      );
    }
  };
}
