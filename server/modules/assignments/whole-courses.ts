/**
 * Whole courses given to or taken from a student with their units and sections, in the caller's transaction: a
 * course removed here, and an enrollment's grants (server/modules/enrollments).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { sections, studentCourses, studentSections, studentUnits, units } from '../../db/schema';

/**
 * Takes courses from a student with their units and sections (a removal, or an enrollment ending). The course rows
 * go first, so an assignment of a unit running at the same time finds no parent (see holdsCourse).
 */
export async function dropCourses(tx: Tx, studentId: string, courseIds: readonly string[]): Promise<void> {
  if (courseIds.length === 0) return;
  const courseUnits = tx
    .select({ id: units.id })
    .from(units)
    .where(inArray(units.courseId, [...courseIds]));
  await tx
    .delete(studentCourses)
    .where(and(eq(studentCourses.studentId, studentId), inArray(studentCourses.courseId, [...courseIds])));
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
}

/**
 * Opens every unit and section of the courses to a student who holds them (an enrollment grants a course whole).
 * What the student has already stays as it is.
 */
export async function openWholeCourses(tx: Tx, studentId: string, courseIds: readonly string[], now: Date) {
  if (courseIds.length === 0) return;
  const courseUnits = tx
    .select({ id: units.id })
    .from(units)
    .where(inArray(units.courseId, [...courseIds]));
  await tx
    .insert(studentUnits)
    .select(
      tx
        .select({
          studentId: sql<string>`${studentId}::uuid`.as('student_id'),
          unitId: units.id,
          assignedBy: sql<null>`null::uuid`.as('assigned_by'),
          assignedAt: sql<Date>`${now.toISOString()}::timestamptz`.as('created_at'),
        })
        .from(units)
        .where(inArray(units.courseId, [...courseIds])),
    )
    .onConflictDoNothing();
  await tx
    .insert(studentSections)
    .select(
      tx
        .select({
          studentId: sql<string>`${studentId}::uuid`.as('student_id'),
          sectionId: sections.id,
          assignedBy: sql<null>`null::uuid`.as('assigned_by'),
          assignedAt: sql<Date>`${now.toISOString()}::timestamptz`.as('created_at'),
        })
        .from(sections)
        .where(inArray(sections.unitId, courseUnits)),
    )
    .onConflictDoNothing();
}
