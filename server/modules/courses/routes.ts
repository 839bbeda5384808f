import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { STAFF_TYPES } from '../../../common/rules';
import { messageReply } from '../../../common/schemas/auth';
import { idParam } from '../../../common/schemas/fields';
import {
  COURSE_DELETE_MESSAGES,
  courseBody,
  courseDeletePreview,
  courseDeleteQuery,
  courseReply,
  courseUpdateBody,
  sectionBody,
  sectionReply,
  sectionSummaryReply,
  sectionUpdateBody,
  unitBody,
  unitReply,
  unitUpdateBody,
} from '../../../common/schemas/courses';
import type { AppContext } from '../../context';
import type { KeyRequest } from '../../lib/kept/declare';
import { sendJsonText } from '../../lib/kept/reply';
import { coursesView, sectionsView, sectionSummariesView, unitsView } from './kept';
import * as courses from './service';

const courseList = z.array(courseReply);
const unitList = z.array(unitReply);
const sectionList = z.array(sectionReply);
const sectionSummaryList = z.array(sectionSummaryReply);
/** Optional narrowing of the admin and teacher lists (extra query parameters; without them the whole list). */
const listFilter = z.object({ courseId: z.uuid('Not found').optional(), unitId: z.uuid('Not found').optional() });

/**
 * Courses, units and sections. Staff manage them through the shared routes; the admin and teacher lists are each
 * for their own role (/api/admin for admins, /api/teacher for teachers).
 */
export function courseRoutes(ctx: AppContext) {
  return async function (app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    // Every list is read on each step of course management and changes rarely: lists are kept views (kept.ts)
    // emptied by content changes, which every write here makes.
    const staff = { access: STAFF_TYPES } as const;
    const staffWrite = { access: STAFF_TYPES, invalidates: ['content'] } as const;
    const admin = { access: ['admin'] } as const;
    const teacher = { access: ['teacher'] } as const;
    const params = idParam;
    const catalogue = { view: coursesView, key: () => [] };
    // The units of a course are the same list whichever route asks (and both answer 404 for an unknown course).
    const unitsOfCourse = { view: unitsView, key: (req: KeyRequest) => [req.params.id] };
    const unitsFiltered = {
      view: unitsView,
      key: (req: KeyRequest) => [req.query.courseId as string | undefined],
    };
    const summaries = {
      view: sectionSummariesView,
      key: (req: KeyRequest) => [req.query.courseId as string | undefined, req.query.unitId as string | undefined],
    };

    // ---- courses ----
    const listCourses = () => courses.listCourses(ctx.db);
    r.get(
      '/courses',
      { config: { ...staff, kept: catalogue }, schema: { response: { 200: courseList } } },
      listCourses,
    );
    r.get(
      '/admin/courses',
      { config: { ...admin, kept: catalogue }, schema: { response: { 200: courseList } } },
      listCourses,
    );
    r.post(
      '/courses',
      { config: staffWrite, schema: { body: courseBody, response: { 201: courseReply } } },
      async (req, reply) => {
        reply.code(201);
        return courses.createCourse(ctx, req.user!.id, req.body);
      },
    );
    r.put(
      '/courses/:id',
      { config: staffWrite, schema: { params, body: courseUpdateBody, response: { 200: courseReply } } },
      (req) => courses.updateCourse(ctx, req.params.id, req.body),
    );
    // Deleting a course takes it from every student it is assigned to: an admin's call, confirmed once it has students.
    const adminWrite = {
      access: ['admin'],
      invalidates: ['content'],
      refusal: COURSE_DELETE_MESSAGES.adminOnly,
    } as const;
    r.get(
      '/courses/:id/delete-preview',
      {
        config: { ...admin, refusal: COURSE_DELETE_MESSAGES.adminOnly },
        schema: { params, response: { 200: courseDeletePreview } },
      },
      (req) => courses.courseDeletePreview(ctx.db, req.params.id),
    );
    r.delete(
      '/courses/:id',
      { config: adminWrite, schema: { params, querystring: courseDeleteQuery, response: { 200: messageReply } } },
      async (req) => {
        await courses.deleteCourse(ctx.db, req.params.id, req.query.confirm === 'true');
        return { message: 'Course deleted successfully' };
      },
    );

    // ---- units ----
    r.get(
      '/courses/:id/units',
      { config: { ...staff, kept: unitsOfCourse }, schema: { params, response: { 200: unitList } } },
      (req) => courses.listUnits(ctx.db, req.params.id),
    );
    r.post(
      '/courses/:id/units',
      { config: staffWrite, schema: { params, body: unitBody, response: { 201: unitReply } } },
      async (req, reply) => {
        reply.code(201);
        return courses.createUnit(ctx, req.params.id, req.body);
      },
    );
    r.put(
      '/units/:id',
      { config: staffWrite, schema: { params, body: unitUpdateBody, response: { 200: unitReply } } },
      (req) => courses.updateUnit(ctx, req.params.id, req.body),
    );
    r.delete('/units/:id', { config: staffWrite, schema: { params, response: { 200: messageReply } } }, async (req) => {
      await courses.deleteUnit(ctx.db, req.params.id);
      return { message: 'Unit deleted successfully' };
    });
    const unitsSchema = { querystring: listFilter.pick({ courseId: true }), response: { 200: unitList } };
    r.get('/admin/units', { config: { ...admin, kept: unitsFiltered }, schema: unitsSchema }, (req) =>
      courses.listUnits(ctx.db, req.query.courseId),
    );
    r.get('/teacher/units', { config: { ...teacher, kept: unitsFiltered }, schema: unitsSchema }, (req) =>
      courses.listUnits(ctx.db, req.query.courseId),
    );

    // ---- sections ----
    r.get(
      '/units/:id/sections',
      {
        config: { ...staff, kept: { view: sectionsView, key: (req) => [req.params.id] } },
        schema: { params, response: { 200: sectionList } },
      },
      (req) => courses.listSections(ctx.db, req.params.id),
    );
    r.post(
      '/units/:id/sections',
      { config: staffWrite, schema: { params, body: sectionBody, response: { 201: sectionReply } } },
      async (req, reply) => {
        reply.code(201);
        return courses.createSection(ctx, req.params.id, req.body);
      },
    );
    r.put(
      '/sections/:id',
      { config: staffWrite, schema: { params, body: sectionUpdateBody, response: { 200: sectionReply } } },
      (req) => courses.updateSection(ctx, req.params.id, req.body),
    );
    r.delete(
      '/sections/:id',
      { config: staffWrite, schema: { params, response: { 200: messageReply } } },
      async (req) => {
        await courses.deleteSection(ctx.db, req.params.id);
        return { message: 'Section deleted successfully' };
      },
    );
    const summariesSchema = { querystring: listFilter, response: { 200: sectionSummaryList } };
    const filteredSections = async (req: { query: { courseId?: string; unitId?: string } }, reply: FastifyReply) =>
      sendJsonText(reply, await courses.sectionSummaries(ctx.db, req.query));
    r.get('/admin/sections', { config: { ...admin, kept: summaries }, schema: summariesSchema }, filteredSections);
    r.get('/teacher/sections', { config: { ...teacher, kept: summaries }, schema: summariesSchema }, filteredSections);
  };
}
