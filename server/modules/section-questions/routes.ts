import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { plural } from '../../../common/rules';
import { messageReply } from '../../../common/schemas/auth';
import { idParam } from '../../../common/schemas/fields';
import {
  addSectionQuestionsBody,
  addSectionQuestionsReply,
  LEARNING_MESSAGES,
  reorderQuestionsBody,
  reorderQuestionsReply,
  sectionQuestionParams,
  sectionQuestionsReply,
} from '../../../common/schemas/learning';
import type { AppContext } from '../../context';
import * as sectionQuestions from './service';

const adminOrTeacher = { access: ['admin', 'teacher'] } as const;
/** A section's questions are content: what students read changes with them. */
const adminOrTeacherWrite = { access: ['admin', 'teacher'], invalidates: ['content'] } as const;

/** A section's questions, for admins and teachers: listed, added from the bank, ordered and removed. */
export function sectionQuestionRoutes(ctx: AppContext) {
  return async function (app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/sections/:id/questions',
      { config: adminOrTeacher, schema: { params: idParam, response: { 200: sectionQuestionsReply } } },
      async (req) => ({
        questions: await sectionQuestions.sectionQuestionList(ctx, req.params.id),
      }),
    );

    r.post(
      '/questions/assign-to-section',
      {
        config: adminOrTeacherWrite,
        schema: { body: addSectionQuestionsBody, response: { 200: addSectionQuestionsReply } },
      },
      async (req) => {
        const { title, added } = await sectionQuestions.addSectionQuestions(
          ctx,
          req.body.sectionId,
          req.body.questionIds,
        );
        return { message: `Successfully assigned ${plural(added, 'question')} to ${title}`, assigned: added };
      },
    );

    r.put(
      '/sections/:id/questions/order',
      {
        config: adminOrTeacherWrite,
        schema: { params: idParam, body: reorderQuestionsBody, response: { 200: reorderQuestionsReply } },
      },
      async (req) => ({
        message: LEARNING_MESSAGES.orderSaved,
        exercises: await sectionQuestions.reorderSectionQuestions(ctx, req.params.id, req.body.questionIds),
      }),
    );

    r.delete(
      '/sections/:sectionId/questions/:questionId',
      { config: adminOrTeacherWrite, schema: { params: sectionQuestionParams, response: { 200: messageReply } } },
      async (req) => {
        await sectionQuestions.removeSectionQuestion(ctx, req.params.sectionId, req.params.questionId);
        return { message: 'Question removed from section' };
      },
    );
  };
}
