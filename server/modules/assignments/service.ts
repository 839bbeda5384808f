import { and, asc, eq, inArray, max, sql } from 'drizzle-orm';
import type { StaffQuestion } from '../../../common/schemas/learning';
import { LEARNING_MESSAGES } from '../../../common/schemas/learning';
import type { AppContext } from '../../context';
import type { Db, Tx } from '../../db/client';
import {
  courses,
  questions,
  sectionQuestions,
  sections,
  studentCourses,
  studentSections,
  studentUnits,
  units,
} from '../../db/schema';
import { Conflict, Invalid, NotFound } from '../../lib/errors';
import type { Actor } from '../../policies/actor';
import { requireStudent } from '../../policies/students';
import { presentQuestions } from '../student/questions';

/** What an assignment call about someone who is not the actor's student is told (404 unknown, 403 not theirs). */
export const STUDENT_REFUSALS = {
  unknown: LEARNING_MESSAGES.studentNotFound,
  notYours: LEARNING_MESSAGES.notYourStudent,
};

const checkStudent = (db: Db, actor: Actor, studentId: string) =>
  requireStudent(db, actor, studentId, STUDENT_REFUSALS, 'write');

/*
 * Assigning a unit needs its course assigned, a section its unit. The assigning transaction holds the parent
 * assignment row (FOR SHARE) until it commits, and a removal deletes the parent row before its children, so a
 * removal running at the same time either waits for the new rows and takes them along, or makes the assignment
 * find no parent: no unit outlives its course, no section its unit (on PostgreSQL; PGlite runs one at a time).
 */
async function holdsCourse(tx: Tx, studentId: string, courseId: string): Promise<boolean> {
  const held = await tx
    .select({ courseId: studentCourses.courseId })
    .from(studentCourses)
    .where(and(eq(studentCourses.studentId, studentId), eq(studentCourses.courseId, courseId)))
    .for('share');
  return held.length > 0;
}

async function holdsUnit(tx: Tx, studentId: string, unitId: string): Promise<boolean> {
  const held = await tx
    .select({ unitId: studentUnits.unitId })
    .from(studentUnits)
    .where(and(eq(studentUnits.studentId, studentId), eq(studentUnits.unitId, unitId)))
    .for('share');
  return held.length > 0;
}

export async function assignCourse(ctx: AppContext, actor: Actor, studentId: string, courseId: string) {
  await checkStudent(ctx.db, actor, studentId);
  const [course] = await ctx.db.select({ id: courses.id }).from(courses).where(eq(courses.id, courseId));
  if (!course) throw NotFound(LEARNING_MESSAGES.courseNotFound);
  await ctx.db
    .insert(studentCourses)
    .values({ studentId, courseId, assignedBy: actor.id, assignedAt: ctx.now() })
    .onConflictDoNothing();
}

/** Removing a course takes the student's units and sections of it along, in one transaction. */
export async function removeCourse(ctx: AppContext, actor: Actor, studentId: string, courseId: string) {
  await checkStudent(ctx.db, actor, studentId);
  const [course] = await ctx.db.select({ id: courses.id }).from(courses).where(eq(courses.id, courseId));
  if (!course) throw NotFound(LEARNING_MESSAGES.courseNotFound);
  const courseUnits = ctx.db.select({ id: units.id }).from(units).where(eq(units.courseId, courseId));
  await ctx.db.transaction(async (tx) => {
    await tx
      .delete(studentCourses)
      .where(and(eq(studentCourses.studentId, studentId), eq(studentCourses.courseId, courseId)));
    await tx
      .delete(studentUnits)
      .where(and(eq(studentUnits.studentId, studentId), inArray(studentUnits.unitId, courseUnits)));
    await tx
      .delete(studentSections)
      .where(
        and(
          eq(studentSections.studentId, studentId),
          inArray(
            studentSections.sectionId,
            tx.select({ id: sections.id }).from(sections).where(inArray(sections.unitId, courseUnits)),
          ),
        ),
      );
  });
}

/**
 * Assigns a unit; with `withSections`, also every section the unit has now, in the same transaction (sections
 * added to the unit later are not assigned by it).
 */
export async function assignUnit(
  ctx: AppContext,
  actor: Actor,
  studentId: string,
  unitId: string,
  withSections = false,
) {
  await checkStudent(ctx.db, actor, studentId);
  const [unit] = await ctx.db.select({ courseId: units.courseId }).from(units).where(eq(units.id, unitId));
  if (!unit) throw NotFound(LEARNING_MESSAGES.unitNotFound);
  const assignedAt = ctx.now();
  await ctx.db.transaction(async (tx) => {
    if (!(await holdsCourse(tx, studentId, unit.courseId))) throw Invalid(LEARNING_MESSAGES.unitNeedsCourse);
    // An update that changes nothing where the unit is already assigned: unlike DO NOTHING it locks the row, so a
    // removal of the unit running now waits for this transaction and takes the new sections along.
    await tx
      .insert(studentUnits)
      .values({ studentId, unitId, assignedBy: actor.id, assignedAt })
      .onConflictDoUpdate({
        target: [studentUnits.studentId, studentUnits.unitId],
        set: { assignedBy: sql`student_units.assigned_by` },
      });
    if (!withSections) return;
    const unitSections = await tx.select({ id: sections.id }).from(sections).where(eq(sections.unitId, unitId));
    if (unitSections.length === 0) return;
    await tx
      .insert(studentSections)
      .values(unitSections.map((section) => ({ studentId, sectionId: section.id, assignedBy: actor.id, assignedAt })))
      .onConflictDoNothing();
  });
}

/** Removing a unit takes the student's sections of it along. */
export async function removeUnit(ctx: AppContext, actor: Actor, studentId: string, unitId: string) {
  await checkStudent(ctx.db, actor, studentId);
  const [unit] = await ctx.db.select({ id: units.id }).from(units).where(eq(units.id, unitId));
  if (!unit) throw NotFound(LEARNING_MESSAGES.unitNotFound);
  await ctx.db.transaction(async (tx) => {
    await tx.delete(studentUnits).where(and(eq(studentUnits.studentId, studentId), eq(studentUnits.unitId, unitId)));
    await tx
      .delete(studentSections)
      .where(
        and(
          eq(studentSections.studentId, studentId),
          inArray(
            studentSections.sectionId,
            tx.select({ id: sections.id }).from(sections).where(eq(sections.unitId, unitId)),
          ),
        ),
      );
  });
}

export async function assignSection(ctx: AppContext, actor: Actor, studentId: string, sectionId: string) {
  await checkStudent(ctx.db, actor, studentId);
  const [section] = await ctx.db.select({ unitId: sections.unitId }).from(sections).where(eq(sections.id, sectionId));
  if (!section) throw NotFound(LEARNING_MESSAGES.sectionNotFound);
  await ctx.db.transaction(async (tx) => {
    if (!(await holdsUnit(tx, studentId, section.unitId))) throw Invalid(LEARNING_MESSAGES.sectionNeedsUnit);
    await tx
      .insert(studentSections)
      .values({ studentId, sectionId, assignedBy: actor.id, assignedAt: ctx.now() })
      .onConflictDoNothing();
  });
}

/** Takes exactly this section away: access is explicit, so nothing else opens or closes. */
export async function removeSection(ctx: AppContext, actor: Actor, studentId: string, sectionId: string) {
  await checkStudent(ctx.db, actor, studentId);
  const [section] = await ctx.db.select({ id: sections.id }).from(sections).where(eq(sections.id, sectionId));
  if (!section) throw NotFound(LEARNING_MESSAGES.sectionNotFound);
  await ctx.db
    .delete(studentSections)
    .where(and(eq(studentSections.studentId, studentId), eq(studentSections.sectionId, sectionId)));
}

async function sectionTitle(db: Db, sectionId: string): Promise<string> {
  const [section] = await db.select({ title: sections.title }).from(sections).where(eq(sections.id, sectionId));
  if (!section) throw NotFound(LEARNING_MESSAGES.sectionNotFound);
  return section.title;
}

/** A section's assigned questions in their order: its `exercises`. */
export async function sectionQuestionList(ctx: AppContext, sectionId: string): Promise<StaffQuestion[]> {
  await sectionTitle(ctx.db, sectionId);
  const list = await ctx.db
    .select({ question: questions })
    .from(sectionQuestions)
    .innerJoin(questions, eq(questions.id, sectionQuestions.questionId))
    .where(eq(sectionQuestions.sectionId, sectionId))
    .orderBy(asc(sectionQuestions.position));
  return presentQuestions(
    ctx.db,
    list.map((r) => r.question),
  );
}

/**
 * Appends questions to a section in the order given, after those already there; duplicates and questions
 * already assigned are skipped. Returns the section's title and how many were added.
 */
export async function assignQuestionsToSection(ctx: AppContext, sectionId: string, questionIds: string[]) {
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

export async function removeQuestionFromSection(ctx: AppContext, sectionId: string, questionId: string) {
  const removed = await ctx.db
    .delete(sectionQuestions)
    .where(and(eq(sectionQuestions.sectionId, sectionId), eq(sectionQuestions.questionId, questionId)))
    .returning({ id: sectionQuestions.questionId });
  if (removed.length === 0) throw NotFound('This question is not assigned to this section');
}

/**
 * Stores a new order of a section's questions (its `exercises`). The list must hold exactly the questions assigned
 * now: one read before someone else's assignment or removal is refused with 409, so nothing is lost or half applied.
 * One statement renumbers every row, under the section's lock that assigning takes too.
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
