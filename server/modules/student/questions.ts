import { inArray } from 'drizzle-orm';
import { multipleAnswers } from '../../../common/answers';
import type { AnswerForm } from '../../../common/rules/answer-forms';
import type { StaffQuestion } from '../../../common/schemas/learning';
import type { AppContext } from '../../context';
import { attachments, type questions } from '../../db/schema';
import { sampleSeed, storedTemplate, variantOf } from '../variants/variants';

type QuestionRow = typeof questions.$inferSelect;

/**
 * Questions as the API presents them, with their attachments loaded in one more query (not one per question).
 * A question with random numbers is shown as the variant `seeds` names for it (a student's own), else as its first
 * approved or drawn one. The caller's response schema decides what leaves the server: students' has no answer or
 * solution.
 */
export async function presentQuestions(
  ctx: AppContext,
  list: QuestionRow[],
  seeds: ReadonlyMap<string, number> = new Map(),
): Promise<StaffQuestion[]> {
  if (list.length === 0) return [];
  const [files, shown] = await Promise.all([
    ctx.db
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
      ),
    Promise.all(list.map((q) => shownVariant(ctx, q, seeds.get(q.id)))),
  ]);
  return list.map((row, i) => {
    const q = shown[i];
    return {
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
      multipleAnswers: multipleAnswers(row),
      answerForms: q.answerForms as AnswerForm[][],
      answer: q.answer,
      solution: q.solution,
      variant: q.variant,
    };
  });
}

/** The question as shown: itself, or the variant given (or its sample) with the seed it was drawn from. */
async function shownVariant(
  ctx: AppContext,
  row: QuestionRow,
  given: number | undefined,
): Promise<QuestionRow & { variant: number | null }> {
  if (row.template === null) return { ...row, variant: null };
  const template = given === undefined ? storedTemplate(row.template) : null;
  const seed = given ?? (template && sampleSeed(template));
  const variant = seed === null ? null : await variantOf(ctx, row.id, seed, async () => row);
  return variant === null ? { ...row, variant: null } : { ...row, ...variant, variant: seed };
}
