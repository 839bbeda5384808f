import { sql, type Placeholder, type SQL } from 'drizzle-orm';

/**
 * What a student may open (the one home of this rule; README, design notes):
 * - a course when it is assigned to them;
 * - a unit when it is assigned to them (and its course is);
 * - a section when its unit is accessible and either the section itself is assigned, or no section of that unit is
 *   assigned individually. Assigning a unit opens all its sections; assigning some of its sections narrows it to those.
 *
 * A subquery of the ids of the student's accessible sections, for `in (...)` and joins.
 */
export function accessibleSectionIds(studentId: string | Placeholder): SQL {
  return sql`
    select s.id from sections s
    join units u on u.id = s.unit_id
    join student_units su on su.unit_id = s.unit_id and su.student_id = ${studentId}
    join student_courses sc on sc.course_id = u.course_id and sc.student_id = ${studentId}
    where exists (select 1 from student_sections ss where ss.section_id = s.id and ss.student_id = ${studentId})
       or not exists (
         select 1 from student_sections ss join sections picked on picked.id = ss.section_id
         where ss.student_id = ${studentId} and picked.unit_id = s.unit_id)`;
}
