import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messageReply } from '../../../common/schemas/auth';
import { idParam } from '../../../common/schemas/fields';
import {
  assignQuestionsBody,
  assignQuestionsReply,
  assignUnitBody,
  courseAssignmentBody,
  sectionAssignmentBody,
  sectionQuestionParams,
  sectionQuestionsReply,
  studentsReply,
  unitAssignmentBody,
} from '../../../common/schemas/learning';
import type { AppContext } from '../../context';
import * as assignments from './service';

const adminOrTeacher = { access: ['admin', 'teacher'] } as const;
/** Assignments and a section's questions are content: what students read changes with them. */
const adminOrTeacherWrite = { access: ['admin', 'teacher'], invalidates: ['content'] } as const;

/**
 * Student-to-course assignment (staff.md sections 4 and 7) under both prefixes: the service decides
 * what a teacher may touch (their own students), the prefix only mirrors the spec's calls.
 */
export function assignmentRoutes(ctx: AppContext) {
  return async function (app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();

    for (const role of ['admin', 'teacher'] as const) {
      const config = { access: [role] } as const;
      const writeConfig = { access: [role], invalidates: ['content'] } as const;
      const actor = (user: { id: string }) => ({ id: user.id, isAdmin: role === 'admin' });
      const post = <B extends typeof courseAssignmentBody | typeof unitAssignmentBody | typeof assignUnitBody | typeof sectionAssignmentBody>(
        path: string,
        body: B,
        action: (a: assignments.Actor, input: B['_output']) => Promise<void>,
        message: string,
      ) =>
        r.post(`/${role}/${path}`, { config: writeConfig, schema: { body, response: { 200: messageReply } } }, async (req) => {
          await action(actor(req.user!), req.body as B['_output']);
          return { message };
        });

      r.get(`/${role}/students`, { config, schema: { response: { 200: studentsReply } } }, async (req) => ({
        students: await assignments.listStudents(ctx, actor(req.user!)),
      }));
      post('assign-course', courseAssignmentBody, (a, b) => assignments.assignCourse(ctx, a, b.studentId, b.courseId), 'Course assigned successfully');
      post('remove-course', courseAssignmentBody, (a, b) => assignments.removeCourse(ctx, a, b.studentId, b.courseId), 'Course removed successfully');
      post('remove-course-assignment', courseAssignmentBody, (a, b) => assignments.removeCourse(ctx, a, b.studentId, b.courseId), 'Course removed successfully');
      post('assign-unit', assignUnitBody, (a, b) => assignments.assignUnit(ctx, a, b.studentId, b.unitId, b.withSections), 'Unit assigned successfully');
      post('remove-unit', unitAssignmentBody, (a, b) => assignments.removeUnit(ctx, a, b.studentId, b.unitId), 'Unit removed successfully');
      post('assign-section', sectionAssignmentBody, (a, b) => assignments.assignSection(ctx, a, b.studentId, b.sectionId), 'Section assigned successfully');
      post('remove-section', sectionAssignmentBody, (a, b) => assignments.removeSection(ctx, a, b.studentId, b.sectionId), 'Section removed successfully');
    }

    r.get('/sections/:id/questions', { config: adminOrTeacher, schema: { params: idParam, response: { 200: sectionQuestionsReply } } }, async (req) => ({
      questions: await assignments.sectionQuestionList(ctx, req.params.id),
    }));

    r.post('/questions/assign-to-section', { config: adminOrTeacherWrite, schema: { body: assignQuestionsBody, response: { 200: assignQuestionsReply } } }, async (req) => {
      const { title, added } = await assignments.assignQuestionsToSection(ctx, req.body.sectionId, req.body.questionIds);
      return { message: `Successfully assigned ${added} questions to ${title}`, assigned: added };
    });

    r.delete(
      '/sections/:sectionId/questions/:questionId',
      { config: adminOrTeacherWrite, schema: { params: sectionQuestionParams, response: { 200: messageReply } } },
      async (req) => {
        await assignments.removeQuestionFromSection(ctx, req.params.sectionId, req.params.questionId);
        return { message: 'Question removed from section' };
      },
    );
  };
}
