import { and, eq, inArray, sql } from 'drizzle-orm';
import { LEARNING_MESSAGES } from '../../../common/schemas/learning';
import type { AppContext } from '../../context';
import type { Db, Tx } from '../../db/client';
import { courses, sections, studentCourses, studentSections, studentUnits, units } from '../../db/schema';
import { Invalid, NotFound } from '../../lib/errors';
import { dropCourses } from './whole-courses';
import type { Actor } from '../../policies/actor';
import { requireStudent } from '../../policies/students';

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
  await ctx.db.transaction((tx) => dropCourses(tx, studentId, [courseId]));
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
