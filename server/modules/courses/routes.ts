import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { STAFF_TYPES } from '../../../common/rules';
import { messageReply } from '../../../common/schemas/auth';
import { idParam } from '../../../common/schemas/fields';
import { courseBody, courseReply, sectionBody, type SectionSummary, sectionReply, sectionSummaryReply, unitBody, unitReply } from '../../../common/schemas/courses';
import type { AppContext } from '../../context';
import { clearViewsAfterWrites, sendView } from '../../lib/view-cache';
import * as courses from './service';

const courseList = z.array(courseReply);
const unitList = z.array(unitReply);
const sectionList = z.array(sectionReply);
const sectionSummaryList = z.array(sectionSummaryReply);
/** Optional narrowing of the admin and teacher lists (extra query parameters, DESIGN section 4). */
const listFilter = z.object({ courseId: z.uuid('Not found').optional(), unitId: z.uuid('Not found').optional() });

/**
 * Courses, units and sections (staff.md section 7). Staff manage them through the shared routes; the admin and
 * teacher lists follow DESIGN section 12 (each prefix for its own role).
 */
export function courseRoutes(ctx: AppContext) {
  return async function (app: FastifyInstance) {
    clearViewsAfterWrites(app, ctx.views, ctx.bankViews);
    const r = app.withTypeProvider<ZodTypeProvider>();
    const staff = { access: STAFF_TYPES } as const;
    const admin = { access: ['admin'] } as const;
    const teacher = { access: ['teacher'] } as const;
    const params = idParam;

    // Every list is read on each step of course management and changes rarely: lists are kept rendered with the
    // learning views and emptied by the same content triggers (and at once by this module's own writes).
    const sendKept = async <T>(req: FastifyRequest, reply: FastifyReply, key: string, compute: () => Promise<T>): Promise<T> =>
      sendView<T>(req, reply, await ctx.views.view(key, compute));
    // The units of a course are the same list whichever route asks (and both answer 404 for an unknown course).
    const unitsOf = (req: FastifyRequest, reply: FastifyReply, courseId?: string) =>
      sendKept(req, reply, `units:${courseId ?? '*'}`, async () => unitList.parse(await courses.listUnits(ctx.db, courseId)));

    // ---- courses ----
    const catalogue = (req: FastifyRequest, reply: FastifyReply) => sendKept(req, reply, 'courses', async () => courseList.parse(await courses.listCourses(ctx.db)));
    r.get('/courses', { config: staff, schema: { response: { 200: courseList } } }, catalogue);
    r.get('/admin/courses', { config: admin, schema: { response: { 200: courseList } } }, catalogue);
    r.post('/courses', { config: staff, schema: { body: courseBody, response: { 201: courseReply } } }, async (req, reply) => {
      reply.code(201);
      return courses.createCourse(ctx, req.user!.id, req.body);
    });
    r.put('/courses/:id', { config: staff, schema: { params, body: courseBody, response: { 200: courseReply } } }, (req) =>
      courses.updateCourse(ctx, req.params.id, req.body),
    );
    r.delete('/courses/:id', { config: staff, schema: { params, response: { 200: messageReply } } }, async (req) => {
      await courses.deleteCourse(ctx.db, req.params.id);
      return { message: 'Course deleted successfully' };
    });

    // ---- units ----
    r.get('/courses/:id/units', { config: staff, schema: { params, response: { 200: unitList } } }, (req, reply) => unitsOf(req, reply, req.params.id));
    r.post('/courses/:id/units', { config: staff, schema: { params, body: unitBody, response: { 201: unitReply } } }, async (req, reply) => {
      reply.code(201);
      return courses.createUnit(ctx, req.params.id, req.body);
    });
    r.put('/units/:id', { config: staff, schema: { params, body: unitBody, response: { 200: unitReply } } }, (req) =>
      courses.updateUnit(ctx, req.params.id, req.body),
    );
    r.delete('/units/:id', { config: staff, schema: { params, response: { 200: messageReply } } }, async (req) => {
      await courses.deleteUnit(ctx.db, req.params.id);
      return { message: 'Unit deleted successfully' };
    });
    const unitsSchema = { querystring: listFilter.pick({ courseId: true }), response: { 200: unitList } };
    r.get('/admin/units', { config: admin, schema: unitsSchema }, (req, reply) => unitsOf(req, reply, req.query.courseId));
    r.get('/teacher/units', { config: teacher, schema: unitsSchema }, (req, reply) => unitsOf(req, reply, req.query.courseId));

    // ---- sections ----
    r.get('/units/:id/sections', { config: staff, schema: { params, response: { 200: sectionList } } }, (req, reply) =>
      sendKept(req, reply, `sections:${req.params.id}`, async () => sectionList.parse(await courses.listSections(ctx.db, req.params.id))),
    );
    r.post('/units/:id/sections', { config: staff, schema: { params, body: sectionBody, response: { 201: sectionReply } } }, async (req, reply) => {
      reply.code(201);
      return courses.createSection(ctx, req.params.id, req.body);
    });
    r.put('/sections/:id', { config: staff, schema: { params, body: sectionBody, response: { 200: sectionReply } } }, (req) =>
      courses.updateSection(ctx, req.params.id, req.body),
    );
    r.delete('/sections/:id', { config: staff, schema: { params, response: { 200: messageReply } } }, async (req) => {
      await courses.deleteSection(ctx.db, req.params.id);
      return { message: 'Section deleted successfully' };
    });
    const summariesSchema = { querystring: listFilter, response: { 200: sectionSummaryList } };
    const filteredSections = async (req: FastifyRequest<{ Querystring: { courseId?: string; unitId?: string } }>, reply: FastifyReply) => {
      const key = `section-summaries:${req.query.courseId ?? '*'}:${req.query.unitId ?? '*'}`;
      return sendView<SectionSummary[]>(req, reply, await ctx.views.viewOfJson(key, () => courses.sectionSummaries(ctx.db, req.query)));
    };
    r.get('/admin/sections', { config: admin, schema: summariesSchema }, filteredSections);
    r.get('/teacher/sections', { config: teacher, schema: summariesSchema }, filteredSections);
  };
}
