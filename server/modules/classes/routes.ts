import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageReply } from '../../../common/schemas/auth';
import {
  classBody,
  classCourseBody,
  classCoursesReply,
  classCsvBody,
  classCsvReply,
  classHoldBody,
  classItemParams,
  classListReply,
  classMemberParams,
  classParams,
  classReply,
  classStudentsBody,
  classStudentsReply,
  classTeachersBody,
  classTestBody,
  classTestsReply,
  classUpdateBody,
  joinClassBody,
  joinClassReply,
  joinCodeReply,
  studentClassesReply,
} from '../../../common/schemas/classes';
import type { AppContext } from '../../context';
import { actorOf } from '../../policies/actor';
import * as classes from './service';

const teacherListReply = z.object({
  teachers: z.array(z.object({ id: z.string(), name: z.string(), email: z.string() })),
});

/**
 * Classes under /api/classes for admins and teachers (which classes a teacher may touch is the policy's,
 * `policies/classes.ts`), and a student's side under /api/student/classes.
 */
export function classRoutes(ctx: AppContext) {
  return async function (app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const managers = { access: ['admin', 'teacher'] } as const;
    // Members and what a class gives are read by the students' kept learning views (content) and by the
    // teachers' kept student lists (users).
    const write = { ...managers, invalidates: ['content', 'users'] } as const;
    const actor = actorOf;
    const db = ctx.db;

    r.get('/classes', { config: managers, schema: { response: { 200: classListReply } } }, async (req) => ({
      classes: await classes.listClasses(db, actor(req.user!)),
    }));
    r.post(
      '/classes',
      { config: write, schema: { body: classBody, response: { 201: classReply } } },
      async (req, reply) => {
        reply.code(201);
        return { class: await classes.createClass(db, actor(req.user!), req.body) };
      },
    );
    r.get('/classes/teachers', { config: managers, schema: { response: { 200: teacherListReply } } }, async () => ({
      teachers: await classes.teacherOptions(db),
    }));
    r.get(
      '/classes/:id',
      { config: managers, schema: { params: classParams, response: { 200: classReply } } },
      async (req) => ({ class: await classes.getClass(db, actor(req.user!), req.params.id) }),
    );
    r.patch(
      '/classes/:id',
      { config: write, schema: { params: classParams, body: classUpdateBody, response: { 200: classReply } } },
      async (req) => ({ class: await classes.updateClass(db, actor(req.user!), req.params.id, req.body) }),
    );
    r.delete(
      '/classes/:id',
      { config: write, schema: { params: classParams, response: { 200: messageReply } } },
      async (req) => {
        await classes.deleteClass(db, actor(req.user!), req.params.id);
        return { message: 'Class deleted' };
      },
    );

    // Teachers
    r.post(
      '/classes/:id/teachers',
      { config: write, schema: { params: classParams, body: classTeachersBody, response: { 200: classReply } } },
      async (req) => ({
        class: await classes.addTeachers(db, actor(req.user!), req.params.id, req.body.teacherIds),
      }),
    );
    r.delete(
      '/classes/:id/teachers/:userId',
      { config: write, schema: { params: classMemberParams, response: { 200: classReply } } },
      async (req) => ({
        class: await classes.removeTeacher(db, actor(req.user!), req.params.id, req.params.userId),
      }),
    );

    // Students
    r.get(
      '/classes/:id/students',
      { config: managers, schema: { params: classParams, response: { 200: classStudentsReply } } },
      async (req) => ({ students: await classes.listStudents(db, actor(req.user!), req.params.id) }),
    );
    r.post(
      '/classes/:id/students',
      { config: write, schema: { params: classParams, body: classStudentsBody, response: { 200: messageReply } } },
      async (req) => {
        const added = await classes.addStudents(db, actor(req.user!), req.params.id, req.body.studentIds);
        return { message: `${added} ${added === 1 ? 'student' : 'students'} added` };
      },
    );
    r.post(
      '/classes/:id/students/csv',
      { config: write, schema: { params: classParams, body: classCsvBody, response: { 200: classCsvReply } } },
      async (req) => classes.addStudentsByEmail(db, actor(req.user!), req.params.id, req.body.emails),
    );
    r.delete(
      '/classes/:id/students/:userId',
      { config: write, schema: { params: classMemberParams, response: { 200: messageReply } } },
      async (req) => {
        await classes.removeStudent(db, actor(req.user!), req.params.id, req.params.userId);
        return { message: 'Student removed from the class' };
      },
    );

    // Join code
    r.post(
      '/classes/:id/join-code',
      { config: managers, schema: { params: classParams, response: { 200: joinCodeReply } } },
      async (req) => ({ joinCode: await classes.regenerateJoinCode(db, actor(req.user!), req.params.id) }),
    );
    r.delete(
      '/classes/:id/join-code',
      { config: managers, schema: { params: classParams, response: { 200: joinCodeReply } } },
      async (req) => {
        await classes.turnOffJoinCode(db, actor(req.user!), req.params.id);
        return { joinCode: null };
      },
    );

    // Courses
    r.get(
      '/classes/:id/courses',
      { config: managers, schema: { params: classParams, response: { 200: classCoursesReply } } },
      async (req) => ({ courses: await classes.listCourses(db, actor(req.user!), req.params.id) }),
    );
    r.post(
      '/classes/:id/courses',
      { config: write, schema: { params: classParams, body: classCourseBody, response: { 200: messageReply } } },
      async (req) => {
        await classes.giveCourse(db, actor(req.user!), req.params.id, req.body.courseId);
        return { message: 'Course given to the class' };
      },
    );
    r.delete(
      '/classes/:id/courses/:itemId',
      { config: write, schema: { params: classItemParams, response: { 200: messageReply } } },
      async (req) => {
        await classes.takeCourse(db, actor(req.user!), req.params.id, req.params.itemId);
        return { message: 'Course taken back from the class' };
      },
    );
    for (const level of ['unit', 'section'] as const)
      r.put(
        `/classes/:id/${level}s/:itemId/hold`,
        { config: write, schema: { params: classItemParams, body: classHoldBody, response: { 200: messageReply } } },
        async (req) => {
          await classes.holdItem(db, actor(req.user!), req.params.id, level, req.params.itemId, req.body.held);
          const name = level === 'unit' ? 'Unit' : 'Section';
          return { message: req.body.held ? `${name} held back` : `${name} released` };
        },
      );

    // Tests
    r.get(
      '/classes/:id/tests',
      { config: managers, schema: { params: classParams, response: { 200: classTestsReply } } },
      async (req) => ({ tests: await classes.listTests(db, actor(req.user!), req.params.id) }),
    );
    r.post(
      '/classes/:id/tests',
      { config: write, schema: { params: classParams, body: classTestBody, response: { 200: messageReply } } },
      async (req) => {
        await classes.giveTestToClass(db, actor(req.user!), req.params.id, req.body);
        return { message: 'Test given to the class' };
      },
    );
    r.delete(
      '/classes/:id/tests/:itemId',
      { config: write, schema: { params: classItemParams, response: { 200: messageReply } } },
      async (req) => {
        await classes.takeTest(db, actor(req.user!), req.params.id, req.params.itemId);
        return { message: 'Test taken back from the class' };
      },
    );

    // A student's side
    const student = { access: ['student'] } as const;
    r.get('/student/classes', { config: student, schema: { response: { 200: studentClassesReply } } }, async (req) => ({
      classes: await classes.studentClasses(db, req.user!.id),
    }));
    r.post(
      '/student/classes/join',
      {
        config: { ...student, invalidates: ['content', 'users'] },
        schema: { body: joinClassBody, response: { 200: joinClassReply } },
      },
      async (req) => {
        const joined = await classes.joinClass(ctx, actor(req.user!), req.body.code, req.ip);
        return { message: `You joined ${joined.name}`, class: joined };
      },
    );
  };
}
