import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rows } from '../../db/prepared';

/**
 * What a student may open (the one home of this rule; docs/DESIGN-NOTES.md), granted in two ways that add up:
 * - on their own: a course when it is assigned to them, a unit when it and its course are, and a section when it, its
 *   unit and its course are. This access is explicit: taking an item away closes exactly that item, and nothing
 *   opens by being left without individual assignments;
 * - through a class they are in: every unit and section of a course given to the class, those added later included,
 *   except the units and sections the class holds back. Leaving the class closes what only it gave.
 *
 * Each function is a subquery of ids, for `in (...)` and joins. Its aliases are its own (`open_*`), so it neither
 * captures nor is captured by the names of the query it is embedded in; the student may be a column of that query
 * (`sql`child.id``), for a list of students in one statement.
 */
type StudentRef = string | Placeholder | SQL;

/** The courses assigned to a student, on their own or through a class. */
export function assignedCourseIds(studentId: StudentRef): SQL {
  return sql`
    select open_sc.course_id from student_courses open_sc where open_sc.student_id = ${studentId}
    union
    select open_cc.course_id from class_students open_cs
    join class_courses open_cc on open_cc.class_id = open_cs.class_id
    where open_cs.student_id = ${studentId}`;
}

/** The units open to a student. */
export function accessibleUnitIds(studentId: StudentRef): SQL {
  return sql`
    select open_su.unit_id from student_units open_su
    join units open_u on open_u.id = open_su.unit_id
    join student_courses open_sc on open_sc.course_id = open_u.course_id and open_sc.student_id = open_su.student_id
    where open_su.student_id = ${studentId}
    union
    select open_cu.id from class_students open_cs
    join class_courses open_cc on open_cc.class_id = open_cs.class_id
    join units open_cu on open_cu.course_id = open_cc.course_id
    where open_cs.student_id = ${studentId}
      and not exists (select 1 from class_held_units open_hu where open_hu.class_id = open_cc.class_id and open_hu.unit_id = open_cu.id)`;
}

/** The sections open to a student. */
export function accessibleSectionIds(studentId: StudentRef): SQL {
  return sql`
    select open_ss.section_id from student_sections open_ss
    join sections open_s on open_s.id = open_ss.section_id
    join units open_u on open_u.id = open_s.unit_id
    join student_units open_su on open_su.unit_id = open_s.unit_id and open_su.student_id = open_ss.student_id
    join student_courses open_sc on open_sc.course_id = open_u.course_id and open_sc.student_id = open_ss.student_id
    where open_ss.student_id = ${studentId}
    union
    select open_given.id from class_students open_cs
    cross join lateral (${classSectionIds(sql`open_cs.class_id`)}) open_given
    where open_cs.student_id = ${studentId}`;
}

/**
 * The sections a class gives its students: every section of its courses, those added later included, but the ones it
 * holds back, alone or with their unit. The class may be a column of the query it is embedded in.
 */
export function classSectionIds(classId: string | SQL): SQL {
  return sql`
    select open_cls.id from class_courses open_clc
    join units open_clu on open_clu.course_id = open_clc.course_id
    join sections open_cls on open_cls.unit_id = open_clu.id
    where open_clc.class_id = ${classId}
      and not exists (select 1 from class_held_units open_clhu where open_clhu.class_id = open_clc.class_id and open_clhu.unit_id = open_clu.id)
      and not exists (select 1 from class_held_sections open_clhs where open_clhs.class_id = open_clc.class_id and open_clhs.section_id = open_cls.id)`;
}

/**
 * The students a change of these courses can reach: by the rule above nothing of a course is open to a student it is
 * not assigned to, on their own or through a class, and a course not assigned is in none of their lists.
 */
export async function studentsOfCourses(db: Db, courseIds: string[]): Promise<string[]> {
  const named = sql.join(
    courseIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const found = await rows<{ student_id: string }>(
    db,
    sql`select sc.student_id from student_courses sc where sc.course_id in (${named})
        union select cs.student_id from class_courses cc join class_students cs on cs.class_id = cc.class_id
        where cc.course_id in (${named})`,
  );
  return found.map((row) => row.student_id);
}
