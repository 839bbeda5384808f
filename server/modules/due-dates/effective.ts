import { sql, type Placeholder, type SQL } from 'drizzle-orm';

type StudentRef = string | Placeholder | SQL;

/**
 * A student's due date of each section that has one, as a subquery of (section_id, due_at): their own date (a
 * section given to them alone, or an extension) wins over their classes'; of several classes' dates, the latest, so
 * a student in two classes is never held to the stricter one. Aliases are the query's own (`due_*`).
 */
export function effectiveDueDates(studentId: StudentRef): SQL {
  return sql`
    select due_own.section_id, due_own.due_at from section_due_dates due_own where due_own.student_id = ${studentId}
    union all
    select due_cls.section_id, max(due_cls.due_at) from section_due_dates due_cls
    join class_students due_cs on due_cs.class_id = due_cls.class_id
    where due_cs.student_id = ${studentId}
      and not exists (select 1 from section_due_dates due_x where due_x.student_id = ${studentId} and due_x.section_id = due_cls.section_id)
    group by due_cls.section_id`;
}
