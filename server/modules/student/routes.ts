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
  courseProgressReply,
  LEARNING_LIMITS,
  LEARNING_MESSAGES,
  solutionReply,
  studentCoursesReply,
  studentQuestion,
  studentQuestionList,
  variantQuery,
  sectionProgressReply,
  studentStatsReply,
} from '../../../common/schemas/learning';
import type { AppContext } from '../../context';
import { BatchedLimit } from '../../lib/rate-limit';
import type { KeyRequest } from '../../lib/kept/declare';
import type { CurrentUser } from '../sessions/store';
import { questionBatchView, studentCoursesView, studentCourseView } from './kept';
import {
  anotherVariant,
  checkQuestionAnswer,
  courseSectionProgress,
  questionBatch,
  questionSolution,
  recordHintOpened,
  sectionProgress,
  studentCourseDetail,
  studentCourseList,
  studentStats,
} from './service';

const student = { access: ['student'] } as const;
const learners = { access: ['student', ...STAFF_TYPES] } as const;
const caller = (user: CurrentUser) => ({ id: user.id, isStudent: user.type === 'student' });

export function studentRoutes(ctx: AppContext) {
  return async function (app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    // Every student check is stored: this bounds what one account can write (and compute), per user of any type.
    const checksPerUser = new BatchedLimit({
      max: LEARNING_LIMITS.checksPerHour,
      windowSeconds: 3600,
      message: LEARNING_MESSAGES.tooManyChecks,
    });

    // What a student reads changes only with content and assignments (or, for the figures, their own checks): the
    // lists and the course view are kept views, the questions batch too, by caller and ids as asked.
    const myCourses = { view: studentCoursesView, key: (req: KeyRequest) => ({ student: req.user!.id }) };
    r.get(
      '/student/courses',
      { config: { ...student, kept: myCourses }, schema: { response: { 200: studentCoursesReply } } },
      async (req) => ({
        courses: await studentCourseList(ctx, req.user!.id),
      }),
    );

    const courseView = {
      view: studentCourseView,
      key: (req: KeyRequest) => ({ student: req.user!.id, course: req.params.id }),
    };
    r.get(
      '/student/courses/:id',
      { config: { ...student, kept: courseView }, schema: { params: idParam, response: { 200: courseDetailReply } } },
      (req) => studentCourseDetail(ctx, req.user!.id, req.params.id),
    );

    // Not kept as a view: it moves with each of the student's checks, and is read from the kept outline and totals.
    r.get(
      '/student/courses/:id/progress',
      { config: student, schema: { params: idParam, response: { 200: courseProgressReply } } },
      async (req) => courseSectionProgress(ctx, req.user!.id, req.params.id),
    );

    r.get('/student/stats', { config: student, schema: { response: { 200: studentStatsReply } } }, async (req) =>
      studentStats(ctx, req.user!.id),
    );
    r.get(
      '/student/sections/:id/progress',
      { config: student, schema: { params: idParam, response: { 200: sectionProgressReply } } },
      async (req) => sectionProgress(ctx, req.user!.id, req.params.id),
    );

    const batch = {
      view: questionBatchView,
      // A staff caller's id is never named as a student: their batch goes with its questions.
      key: (req: KeyRequest) => ({
        student: req.user!.id,
        questions: (req.body as { questionIds: string[] }).questionIds,
      }),
    };
    r.post(
      '/questions/batch',
      { config: { ...learners, kept: batch }, schema: { body: batchBody, response: { 200: batchReply } } },
      async (req) => {
        const who = caller(req.user!);
        const list = await questionBatch(ctx, who, req.body.questionIds);
        // The student presenter has no answer or solution key: parsing strips them, whatever the service returned.
        return who.isStudent ? studentQuestionList.parse(list) : list;
      },
    );

    r.post(
      '/questions/check-answer',
      { config: learners, schema: { body: checkAnswerBody, response: { 200: checkAnswerReply } } },
      async (req) => {
        await checksPerUser.hit(ctx, `check:user:${req.user!.id}`);
        return { result: await checkQuestionAnswer(ctx, caller(req.user!), req.body) };
      },
    );

    r.post(
      '/student/questions/:id/hint-opened',
      { config: student, schema: { params: idParam } },
      async (req, reply) => {
        await recordHintOpened(ctx, req.user!.id, req.params.id);
        return reply.code(204).send();
      },
    );

    // Not kept: whether it may be seen changes with each of the student's own checks.
    r.get(
      '/questions/:id/solution',
      { config: learners, schema: { params: idParam, querystring: variantQuery, response: { 200: solutionReply } } },
      (req) => questionSolution(ctx, caller(req.user!), req.params.id, req.query.variant),
    );

    r.post(
      '/student/questions/:id/another',
      // The student's kept batch shows the variant: it is emptied before the new one is answered.
      {
        config: { ...student, invalidates: ['content'] },
        schema: { params: idParam, response: { 200: studentQuestion } },
      },
      async (req) => studentQuestion.parse(await anotherVariant(ctx, req.user!.id, req.params.id)),
    );
  };
}
