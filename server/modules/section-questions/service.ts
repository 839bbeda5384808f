/**
 * A section's questions (its `exercises`): the bank questions staff place into a section on the page titled
 * "Question Assignment", their order, and their removal.
 */
import { and, asc, eq, inArray, max, sql } from 'drizzle-orm';
import type { StaffQuestion } from '../../../common/schemas/learning';
import { LEARNING_MESSAGES } from '../../../common/schemas/learning';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { questions, sectionQuestions, sections } from '../../db/schema';
import { Conflict, NotFound } from '../../lib/errors';
import { presentQuestions } from '../student/questions';

async function sectionTitle(db: Db, sectionId: string): Promise<string> {
  const [section] = await db.select({ title: sections.title }).from(sections).where(eq(sections.id, sectionId));
  if (!section) throw NotFound(LEARNING_MESSAGES.sectionNotFound);
  return section.title;
}

/** A section's questions in their order: its `exercises`. */
export async function sectionQuestionList(ctx: AppContext, sectionId: string): Promise<StaffQuestion[]> {
  await sectionTitle(ctx.db, sectionId);
  const list = await ctx.db
    .select({ question: questions })
    .from(sectionQuestions)
    .innerJoin(questions, eq(questions.id, sectionQuestions.questionId))
    .where(eq(sectionQuestions.sectionId, sectionId))
    .orderBy(asc(sectionQuestions.position));
  return presentQuestions(
    ctx,
    list.map((r) => r.question),
  );
}

/**
 * Appends questions to a section in the order given, after those already there; duplicates and questions
 * already there are skipped. Returns the section's title and how many were added.
 */
export async function addSectionQuestions(ctx: AppContext, sectionId: string, questionIds: string[]) {
  const title = await sectionTitle(ctx.db, sectionId);
  const wanted = [...new Set(questionIds)];
  const known = await ctx.db.select({ id: questions.id }).from(questions).where(inArray(questions.id, wanted));
  if (known.length !== wanted.length) throw NotFound(LEARNING_MESSAGES.questionNotFound);
  const added = await ctx.db.transaction(async (tx) => {
    // Lock the section row so two concurrent calls cannot take the same positions.
    await tx.execute(sql`select s.id from sections s where s.id = ${sectionId} for update`);
    const present = await tx
      .select({ id: sectionQuestions.questionId })
      .from(sectionQuestions)
      .where(eq(sectionQuestions.sectionId, sectionId));
    const [{ last }] = await tx
      .select({ last: max(sectionQuestions.position) })
      .from(sectionQuestions)
      .where(eq(sectionQuestions.sectionId, sectionId));
    const taken = new Set(present.map((p) => p.id));
    const fresh = wanted.filter((q) => !taken.has(q));
    if (fresh.length > 0) {
      await tx
        .insert(sectionQuestions)
        .values(fresh.map((questionId, i) => ({ sectionId, questionId, position: (last ?? 0) + i + 1 })));
    }
    return fresh.length;
  });
  return { title, added };
}

export async function removeSectionQuestion(ctx: AppContext, sectionId: string, questionId: string) {
  const removed = await ctx.db
    .delete(sectionQuestions)
    .where(and(eq(sectionQuestions.sectionId, sectionId), eq(sectionQuestions.questionId, questionId)))
    .returning({ id: sectionQuestions.questionId });
  if (removed.length === 0) throw NotFound('This question is not assigned to this section');
}

/**
 * Stores a new order of a section's questions (its `exercises`). The list must hold exactly the section's questions
 * now: one read before someone else's addition or removal is refused with 409, so nothing is lost or half applied.
 * One statement renumbers every row, under the section's lock that adding takes too.
 */
export async function reorderSectionQuestions(
  ctx: AppContext,
  sectionId: string,
  questionIds: string[],
): Promise<string[]> {
  await sectionTitle(ctx.db, sectionId);
  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select s.id from sections s where s.id = ${sectionId} for update`);
    const present = await tx
      .select({ id: sectionQuestions.questionId })
      .from(sectionQuestions)
      .where(eq(sectionQuestions.sectionId, sectionId));
    const wanted = new Set(questionIds);
    if (present.length !== wanted.size || present.some((p) => !wanted.has(p.id)))
      throw Conflict(LEARNING_MESSAGES.orderMismatch);
    if (present.length === 0) return;
    await tx.execute(sql`
      update section_questions sq set position = o.position
      from jsonb_array_elements_text(${JSON.stringify(questionIds)}::jsonb) with ordinality as o(question_id, position)
      where sq.section_id = ${sectionId} and sq.question_id = o.question_id::uuid`);
  });
  return questionIds;
}
