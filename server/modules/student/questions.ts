import { inArray } from 'drizzle-orm';
import { multipleAnswers } from '../../../common/answers';
import type { AnswerForm } from '../../../common/rules/answer-forms';
import type { StaffQuestion } from '../../../common/schemas/learning';
import type { Db } from '../../db/client';
import { attachments, type questions } from '../../db/schema';

type QuestionRow = typeof questions.$inferSelect;

/**
 * Questions as the API presents them, with their attachments loaded in one more query (not one per question).
 * The caller's response schema decides what leaves the server: students' has no answer or solution.
 */
export async function presentQuestions(db: Db, list: QuestionRow[]): Promise<StaffQuestion[]> {
  if (list.length === 0) return [];
  const files = await db
    .select({
      questionId: attachments.questionId,
      filename: attachments.filename,
      originalname: attachments.originalName,
    })
    .from(attachments)
    .where(
      inArray(
        attachments.questionId,
        list.map((q) => q.id),
      ),
    );
  return list.map((q) => ({
    id: q.id,
    questionText: q.questionText,
    type: q.type,
    grade: q.grade,
    options: q.options,
    attachments: files
      .filter((f) => f.questionId === q.id)
      .map(({ filename, originalname }) => ({ filename, originalname })),
    hint: q.hint,
    source: q.source,
    multipleAnswers: multipleAnswers(q),
    answerForms: q.answerForms as AnswerForm[][],
    answer: q.answer,
    solution: q.solution,
  }));
}
