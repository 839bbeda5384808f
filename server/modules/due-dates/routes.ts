import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CLASS_MESSAGES } from '../../../common/rules';
import {
  calendarQuery,
  calendarReply,
  classDueDatesReply,
  classSectionParams,
  classStudentSectionParams,
  dueDateReply,
  feedCreatedReply,
  feedStatusReply,
  feedTokenParams,
  setDueDateBody,
  studentDueReply,
  studentSectionParams,
} from '../../../common/schemas/due-dates';
import type { AppContext } from '../../context';
import { actorOf } from '../../policies/actor';
import { calendarEvents } from './calendar';
import { createFeed, feedStatus, readFeed, revokeFeed } from './feed';
import {
  classDueDates,
  clearClassDueDate,
  clearOwnDueDate,
  clearStudentExtension,
  setClassDueDate,
  setOwnDueDate,
  setStudentExtension,
} from './service';
import { studentDueItems } from './student-due';

/**
 * Due dates of sections (for a class, a student's extension, a section given to one student), the student's due
 * list, the calendar and its iCalendar feed.
 */
export function dueDateRoutes(ctx: AppContext) {
  return async function (app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const classStaff = { access: ['admin', 'teacher'] } as const;
    // A due date written is announced as content naming its students: the dashboard's memo of whether they have any
    // is emptied before the answer, so their next read sees it.
    const classStaffWrite = { ...classStaff, invalidates: ['content'] } as const;
    const calendarUsers = { access: ['student', 'teacher', 'admin'] } as const;
    const classParams = z.object({ id: z.uuid(CLASS_MESSAGES.notFound) });

    r.get(
      '/classes/:id/due-dates',
      { config: classStaff, schema: { params: classParams, response: { 200: classDueDatesReply } } },
      (req) => classDueDates(ctx, actorOf(req.user!), req.params.id),
    );
    r.put(
      '/classes/:id/due-dates/:sectionId',
      {
        config: classStaffWrite,
        schema: { params: classSectionParams, body: setDueDateBody, response: { 200: dueDateReply } },
      },
      (req) => setClassDueDate(ctx, actorOf(req.user!), req.params.id, req.params.sectionId, req.body.dueAt),
    );
    r.delete(
      '/classes/:id/due-dates/:sectionId',
      { config: classStaffWrite, schema: { params: classSectionParams, response: { 200: dueDateReply } } },
      (req) => clearClassDueDate(ctx, actorOf(req.user!), req.params.id, req.params.sectionId),
    );
    r.put(
      '/classes/:id/due-dates/:sectionId/students/:studentId',
      {
        config: classStaffWrite,
        schema: { params: classStudentSectionParams, body: setDueDateBody, response: { 200: dueDateReply } },
      },
      (req) =>
        setStudentExtension(
          ctx,
          actorOf(req.user!),
          req.params.id,
          req.params.sectionId,
          req.params.studentId,
          req.body.dueAt,
        ),
    );
    r.delete(
      '/classes/:id/due-dates/:sectionId/students/:studentId',
      { config: classStaffWrite, schema: { params: classStudentSectionParams, response: { 200: dueDateReply } } },
      (req) =>
        clearStudentExtension(ctx, actorOf(req.user!), req.params.id, req.params.sectionId, req.params.studentId),
    );
    r.put(
      '/students/:studentId/due-dates/:sectionId',
      {
        config: classStaffWrite,
        schema: { params: studentSectionParams, body: setDueDateBody, response: { 200: dueDateReply } },
      },
      (req) => setOwnDueDate(ctx, actorOf(req.user!), req.params.studentId, req.params.sectionId, req.body.dueAt),
    );
    r.delete(
      '/students/:studentId/due-dates/:sectionId',
      { config: classStaffWrite, schema: { params: studentSectionParams, response: { 200: dueDateReply } } },
      (req) => clearOwnDueDate(ctx, actorOf(req.user!), req.params.studentId, req.params.sectionId),
    );

    r.get(
      '/student/due',
      { config: { access: ['student'] }, schema: { response: { 200: studentDueReply } } },
      async (req) => ({ items: await studentDueItems(ctx.db, req.user!.id, ctx.now()) }),
    );

    r.get(
      '/calendar',
      { config: calendarUsers, schema: { querystring: calendarQuery, response: { 200: calendarReply } } },
      async (req) => ({
        events: await calendarEvents(
          ctx.db,
          actorOf(req.user!),
          new Date(req.query.from),
          new Date(req.query.to),
          ctx.now(),
        ),
      }),
    );

    r.get('/calendar/feed', { config: calendarUsers, schema: { response: { 200: feedStatusReply } } }, (req) =>
      feedStatus(ctx, req.user!.id),
    );
    r.post('/calendar/feed', { config: calendarUsers, schema: { response: { 200: feedCreatedReply } } }, (req) =>
      createFeed(ctx, req.user!.id),
    );
    r.delete(
      '/calendar/feed',
      { config: calendarUsers, schema: { response: { 200: feedStatusReply } } },
      async (req) => {
        await revokeFeed(ctx, req.user!.id);
        return { exists: false, createdAt: null };
      },
    );
    // Public: calendar apps send no cookie; the secret in the address is the only key.
    r.get(
      '/calendar/feed/:token.ics',
      { config: { access: 'public' }, schema: { params: feedTokenParams } },
      async (req, reply) => {
        const text = await readFeed(ctx, req.params.token, req.ip);
        return reply
          .header('content-type', 'text/calendar; charset=utf-8')
          .header('cache-control', 'private, no-store')
          .send(text);
      },
    );
  };
}
