import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../../../common/schemas/fields';
import { courseBody, courseReply, type Course, sectionBody, sectionReply, sectionSummaryReply, unitBody, unitReply } from '../../../common/schemas/courses';
import type { AppContext } from '../../context';
import { clearViewsAfterWrites } from '../../lib/view-cache';
import { STAFF } from '../../plugins/access';
import * as courses from './service';

const messageReply = z.object({ message: z.string() });
const courseList = z.array(courseReply);
/** Optional narrowing of the admin and teacher lists (extra query parameters, DESIGN section 4). */
const listFilter = z.object({ courseId: z.uuid('Not found').optional(), unitId: z.uuid('Not found').optional() });

/**
 * Courses, units and sections (staff.md section 7). Staff manage them through the shared routes; the admin and
 * teacher lists follow DESIGN section 12 (each prefix for its own role).
 */
export function courseRoutes(ctx: AppContext) {
  return async function (app: FastifyInstance) {
    clearViewsAfterWrites(app, ctx.views);
    const r = app.withTypeProvider<ZodTypeProvider>();
    const staff = { access: STAFF } as const;
    const admin = { access: ['admin'] } as const;
    const teacher = { access: ['teacher'] } as const;
    const params = idParam;

    // ---- courses ----
    // The whole catalogue is read on every visit to course management and changes rarely: it is kept with the
    // learning views and emptied by the same content triggers. A string is sent as it is.
    const catalogue = async (reply: FastifyReply) =>
      reply.type('application/json; charset=utf-8').send(
        (await ctx.views.json('catalogue', async () => courseList.parse(await courses.listCourses(ctx.db)))) as unknown as Course[],
      );
    r.get('/courses', { config: staff, schema: { response: { 200: courseList } } }, (_req, reply) => catalogue(reply));
    r.get('/admin/courses', { config: admin, schema: { response: { 200: courseList } } }, (_req, reply) => catalogue(reply));
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
    r.get('/courses/:id/units', { config: staff, schema: { params, response: { 200: z.array(unitReply) } } }, (req) =>
      courses.listUnits(ctx.db, req.params.id),
    );
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
    const unitList = { querystring: listFilter.pick({ courseId: true }), response: { 200: z.array(unitReply) } };
    r.get('/admin/units', { config: admin, schema: unitList }, (req) => courses.listUnits(ctx.db, req.query.courseId));
    r.get('/teacher/units', { config: teacher, schema: unitList }, (req) => courses.listUnits(ctx.db, req.query.courseId));

    // ---- sections ----
    r.get('/units/:id/sections', { config: staff, schema: { params, response: { 200: z.array(sectionReply) } } }, (req) =>
      courses.listSections(ctx.db, req.params.id),
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
    const sectionList = { querystring: listFilter, response: { 200: z.array(sectionSummaryReply) } };
    r.get('/admin/sections', { config: admin, schema: sectionList }, (req) => courses.listSectionSummaries(ctx.db, req.query));
    r.get('/teacher/sections', { config: teacher, schema: sectionList }, (req) => courses.listSectionSummaries(ctx.db, req.query));
  };
}
