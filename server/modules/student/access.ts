import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rows } from '../../db/prepared';

/**
 * What a student may open (the one home of this rule; docs/DESIGN-NOTES.md): a course when it is assigned to them,
 * a unit when it and its course are, and a section when it, its unit and its course are. Access is explicit: taking
 * an item away closes exactly that item, and nothing opens by being left without individual assignments.
 *
 * A subquery of the ids of the student's accessible sections, for `in (...)` and joins. Its aliases are its own
 * (`open_*`), so it neither captures nor is captured by the names of the query it is embedded in; the student may be
 * a column of that query (`sql`child.id``), for a list of students in one statement.
 */
export function accessibleSectionIds(studentId: string | Placeholder | SQL): SQL {
  return sql`
    select open_ss.section_id from student_sections open_ss
    join sections open_s on open_s.id = open_ss.section_id
    join units open_u on open_u.id = open_s.unit_id
    join student_units open_su on open_su.unit_id = open_s.unit_id and open_su.student_id = open_ss.student_id
    join student_courses open_sc on open_sc.course_id = open_u.course_id and open_sc.student_id = open_ss.student_id
    where open_ss.student_id = ${studentId}`;
}

/**
 * The students a change of these courses can reach: by the rule above nothing of a course is open to a student it is
 * not assigned to, and a course not assigned is in none of their lists (student_courses_course_idx).
 */
export async function studentsOfCourses(db: Db, courseIds: string[]): Promise<string[]> {
  const found = await rows<{ student_id: string }>(
    db,
    sql`select sc.student_id from student_courses sc where sc.course_id in (${sql.join(
      courseIds.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  return found.map((row) => row.student_id);
}
