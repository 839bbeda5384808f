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
import type { LevelChange, LevelName, LevelReply, SaveTarget } from './service';

const courseList = z.array(courseReply);
const unitList = z.array(unitReply);
const sectionList = z.array(sectionReply);
const sectionSummaryList = z.array(sectionSummaryReply);
/** Optional narrowing of the admin and teacher lists (extra query parameters; without them the whole list). */
const listFilter = z.object({ courseId: z.uuid('Not found').optional(), unitId: z.uuid('Not found').optional() });

/** What the create and edit routes of a level differ in: its address, its bodies and its reply. */
interface LevelRoutes<L extends LevelName> {
  /** `/units`: a unit is edited at `/units/:id`. */
  path: string;
  /** Where a new one is posted under its parent (`/courses/:id/units`); a new course is posted at its own path. */
  under?: string;
  body: z.ZodType<LevelChange[L]>;
  update: z.ZodType<LevelChange[L]>;
  reply: z.ZodType<LevelReply[L]>;
}
const LEVEL_ROUTES: { [L in LevelName]: LevelRoutes<L> } = {
  course: { path: '/courses', body: courseBody, update: courseUpdateBody, reply: courseReply },
  unit: { path: '/units', under: '/courses', body: unitBody, update: unitUpdateBody, reply: unitReply },
  section: { path: '/sections', under: '/units', body: sectionBody, update: sectionUpdateBody, reply: sectionReply },
};

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

    /** A level's create (201) and edit routes, for staff. */
    const levelRoutes = (name: LevelName) => {
      const { path, under, body, update, reply: saved } = LEVEL_ROUTES[name];
      const create = (reply: FastifyReply, target: SaveTarget, input: LevelChange[LevelName]) => {
        reply.code(201);
        return courses.saveLevel(ctx, name, target, input);
      };
      const createSchema = { body, response: { 201: saved } };
      if (under)
        r.post(`${under}/:id${path}`, { config: staffWrite, schema: { params, ...createSchema } }, (req, reply) =>
          create(reply, { parentId: req.params.id, userId: req.user!.id }, req.body),
        );
      else
        r.post(path, { config: staffWrite, schema: createSchema }, (req, reply) =>
          create(reply, { parentId: null, userId: req.user!.id }, req.body),
        );
      r.put(`${path}/:id`, { config: staffWrite, schema: { params, body: update, response: { 200: saved } } }, (req) =>
        courses.saveLevel(ctx, name, { id: req.params.id }, req.body),
      );
    };
    /** Deleting a unit or a section needs no confirmation (a course's does, below). */
    const levelDelete = (name: 'unit' | 'section', message: string) =>
      r.delete(
        `${LEVEL_ROUTES[name].path}/:id`,
        { config: staffWrite, schema: { params, response: { 200: messageReply } } },
        async (req) => {
          await courses.deleteLevel(ctx.db, name, req.params.id);
          return { message };
        },
      );

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
    levelRoutes('course');
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
    levelRoutes('unit');
    levelDelete('unit', 'Unit deleted successfully');
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
    levelRoutes('section');
    levelDelete('section', 'Section deleted successfully');
    const summariesSchema = { querystring: listFilter, response: { 200: sectionSummaryList } };
    const filteredSections = async (req: { query: { courseId?: string; unitId?: string } }, reply: FastifyReply) =>
      sendJsonText(reply, await courses.sectionSummaries(ctx.db, req.query));
    r.get('/admin/sections', { config: { ...admin, kept: summaries }, schema: summariesSchema }, filteredSections);
    r.get('/teacher/sections', { config: { ...teacher, kept: summaries }, schema: summariesSchema }, filteredSections);
  };
}
