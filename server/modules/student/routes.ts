import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { STAFF_TYPES } from '../../../common/rules';
import { idParam } from '../../../common/schemas/fields';
import {
  batchBody,
  batchReply,
  checkAnswerBody,
  checkAnswerReply,
  courseDetailReply,
  LEARNING_LIMITS,
  LEARNING_MESSAGES,
  type CourseDetail,
  studentCoursesReply,
  studentQuestionList,
  studentStatsReply,
} from '../../../common/schemas/learning';
import type { AppContext } from '../../context';
import { BatchedLimit } from '../../lib/rate-limit';
import { sendView } from '../../lib/view-cache';
import type { CurrentUser } from '../sessions/store';
import { checkQuestionAnswer, questionBatch, studentCourseDetail, studentCourseList, studentStats } from './service';

const student = { access: ['student'] } as const;
const learners = { access: ['student', ...STAFF_TYPES] } as const;
const caller = (user: CurrentUser) => ({ id: user.id, isStudent: user.type === 'student' });

export function studentRoutes(ctx: AppContext) {
  return async function (app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    // Every student check is stored: this bounds what one account can write (and compute), per user of any type.
    const checksPerUser = new BatchedLimit({ max: LEARNING_LIMITS.checksPerHour, windowSeconds: 3600, message: LEARNING_MESSAGES.tooManyChecks });

    r.get('/student/courses', { config: student, schema: { response: { 200: studentCoursesReply } } }, async (req) => ({
      courses: await studentCourseList(ctx, req.user!.id),
    }));

    // Read far more often than content changes: the rendered view is kept until a change is announced.
    r.get('/student/courses/:id', { config: student, schema: { params: idParam, response: { 200: courseDetailReply } } }, async (req, reply) => {
      const view = await ctx.views.view(`course:${req.user!.id}:${req.params.id}`, async () =>
        courseDetailReply.parse(await studentCourseDetail(ctx, req.user!.id, req.params.id)),
      );
      return sendView<CourseDetail>(req, reply, view);
    });

    r.get('/student/stats', { config: student, schema: { response: { 200: studentStatsReply } } }, async (req) => studentStats(ctx, req.user!.id));

    r.post('/questions/batch', { config: learners, schema: { body: batchBody, response: { 200: batchReply } } }, async (req) => {
      const who = caller(req.user!);
      const list = await questionBatch(ctx, who, req.body.questionIds);
      // The student presenter has no answer or solution key: parsing strips them, whatever the service returned.
      return who.isStudent ? studentQuestionList.parse(list) : list;
    });

    r.post('/questions/check-answer', { config: learners, schema: { body: checkAnswerBody, response: { 200: checkAnswerReply } } }, async (req) => {
      await checksPerUser.hit(ctx, `check:user:${req.user!.id}`);
      return { result: await checkQuestionAnswer(ctx, caller(req.user!), req.body) };
    });
  };
}
