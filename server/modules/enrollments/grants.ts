/**
 * What an enrollment gives while it is active: its offering's courses (whole: every unit and section) and saved
 * tests, to its student. Each course or test the enrollment gave is recorded in enrollment_grants when the student
 * did not have it yet, or had it from another active enrollment. Content a teacher or an admin assigned on their own
 * is never recorded, so it survives the enrollment ending; what enrollments gave goes once no other active
 * enrollment of the student still grants it. (A whole course opened by an enrollment over a teacher's partial
 * assignment keeps its units and sections open afterwards: the course row was the teacher's.)
 */
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { rows } from '../../db/prepared';
import { dropCourses, openWholeCourses } from '../assignments/whole-courses';

/** The advisory lock space of a student's grants ("grnt" in ASCII): their grants and removals take turns. */
const GRANTS_LOCK = 0x67726e74;

const lockStudent = (tx: Tx, studentId: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(${GRANTS_LOCK}, hashtext(${studentId}))`);

/** Gives an enrollment's content to its student; called in the transaction that made the enrollment active. */
export async function grantEnrollment(
  tx: Tx,
  enrollment: { id: string; studentId: string; offeringId: string | null },
  now: Date,
): Promise<void> {
  if (!enrollment.offeringId) return;
  const { id, studentId, offeringId } = enrollment;
  await lockStudent(tx, studentId);
  // Courses: the rows this enrollment adds, and the ones another active enrollment of the student already gave.
  await tx.execute(sql`
    with g_content as (
      select g_oc.course_id from offering_contents g_oc
      where g_oc.offering_id = ${offeringId} and g_oc.course_id is not null
    ), g_added as (
      insert into student_courses (student_id, course_id, assigned_by, created_at)
      select ${studentId}::uuid, g_c.course_id, null, ${now.toISOString()}::timestamptz from g_content g_c
      on conflict do nothing
      returning student_courses.course_id
    )
    insert into enrollment_grants (enrollment_id, student_id, course_id)
    select ${id}::uuid, ${studentId}::uuid, g_a.course_id from g_added g_a
    union
    select ${id}::uuid, ${studentId}::uuid, g_c.course_id from g_content g_c
    where exists (
      select 1 from enrollment_grants g_g join enrollments g_e on g_e.id = g_g.enrollment_id
      where g_g.student_id = ${studentId} and g_g.course_id = g_c.course_id and g_e.status = 'active'
        and g_e.id <> ${id}
    )
    on conflict do nothing`);
  const courses = await rows<{ course_id: string }>(
    tx,
    sql`select g_oc.course_id from offering_contents g_oc where g_oc.offering_id = ${offeringId} and g_oc.course_id is not null`,
  );
  await openWholeCourses(
    tx,
    studentId,
    courses.map((c) => c.course_id),
    now,
  );
  // Saved tests, the same way: given with the defaults (no window, results on submit).
  await tx.execute(sql`
    with g_content as (
      select g_oc.test_id from offering_contents g_oc
      where g_oc.offering_id = ${offeringId} and g_oc.test_id is not null
    ), g_added as (
      insert into test_assignments (test_id, student_id, assigned_by, created_at)
      select g_c.test_id, ${studentId}::uuid, null, ${now.toISOString()}::timestamptz from g_content g_c
      on conflict do nothing
      returning test_assignments.test_id
    )
    insert into enrollment_grants (enrollment_id, student_id, test_id)
    select ${id}::uuid, ${studentId}::uuid, g_a.test_id from g_added g_a
    union
    select ${id}::uuid, ${studentId}::uuid, g_c.test_id from g_content g_c
    where exists (
      select 1 from enrollment_grants g_g join enrollments g_e on g_e.id = g_g.enrollment_id
      where g_g.student_id = ${studentId} and g_g.test_id = g_c.test_id and g_e.status = 'active'
        and g_e.id <> ${id}
    )
    on conflict do nothing`);
}

/**
 * Takes back what an enrollment gave, in the transaction that ended it: each course or test it recorded, unless
 * another active enrollment of the student still grants it.
 */
export async function revokeEnrollment(tx: Tx, enrollment: { id: string; studentId: string }): Promise<void> {
  const { id, studentId } = enrollment;
  await lockStudent(tx, studentId);
  const gone = await rows<{ course_id: string | null; test_id: string | null }>(
    tx,
    sql`
      delete from enrollment_grants r_g where r_g.enrollment_id = ${id}
        and not exists (
          select 1 from enrollment_grants r_o join enrollments r_e on r_e.id = r_o.enrollment_id
          where r_o.student_id = ${studentId} and r_e.status = 'active' and r_e.id <> ${id}
            and (r_o.course_id = r_g.course_id or r_o.test_id = r_g.test_id)
        )
      returning r_g.course_id, r_g.test_id`,
  );
  await tx.execute(sql`delete from enrollment_grants r_g where r_g.enrollment_id = ${id}`);
  await dropCourses(
    tx,
    studentId,
    gone.flatMap((g) => (g.course_id ? [g.course_id] : [])),
  );
  const tests = gone.flatMap((g) => (g.test_id ? [g.test_id] : []));
  if (tests.length)
    await tx.execute(
      sql`delete from test_assignments r_t where r_t.student_id = ${studentId}
        and r_t.test_id = any(string_to_array(${tests.join(',')}, ',')::uuid[])`,
    );
}
