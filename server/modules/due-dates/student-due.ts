import { sql } from 'drizzle-orm';
import { dueState, testWindowState } from '../../../common/rules';
import type { DueItem } from '../../../common/schemas/due-dates';
import type { Db } from '../../db/client';
import { rows } from '../../db/prepared';
import { accessibleSectionIds } from '../student/access';
import { sectionFinishedAt, type StudentOutline, type StudentTotals } from '../student/progress';
import { effectiveDueDates } from './effective';

const iso = (value: string | Date) => new Date(value).toISOString();

interface SectionRow {
  section_id: string;
  title: string;
  course_id: string;
  course_title: string;
  unit_title: string;
  due_at: string | Date;
  finished_at: string | Date | null;
}

interface TestRow {
  id: string;
  title: string;
  opens_at: string | Date | null;
  closes_at: string | Date | null;
  submitted: boolean;
}

/**
 * The sections open to a student that have a due date for them, with the moment each was finished: when the last of
 * its exercises was first answered right, or null while one is unsolved (or it has none). One statement.
 */
async function dueSections(db: Db, studentId: string): Promise<SectionRow[]> {
  return rows<SectionRow>(
    db,
    sql`select d.section_id, s.title, c.id as course_id, c.title as course_title, u.title as unit_title, d.due_at,
        (select case when count(*) > 0 and count(f.first_ok) = count(*) then max(f.first_ok) end
           from (select (select min(aa.created_at) from answer_attempts aa
                   where aa.student_id = ${studentId} and aa.question_id = sq.question_id and aa.is_correct) as first_ok
                 from section_questions sq where sq.section_id = d.section_id) f) as finished_at
      from (${effectiveDueDates(studentId)}) d
      join sections s on s.id = d.section_id
      join units u on u.id = s.unit_id
      join courses c on c.id = u.course_id
      where d.section_id in (${accessibleSectionIds(studentId)})`,
  );
}

/** A student's given tests with a window (an opening or a closing moment), and whether each was submitted. */
async function windowedTests(db: Db, studentId: string): Promise<TestRow[]> {
  return rows<TestRow>(
    db,
    sql`select ta.id, t.title, ta.opens_at, ta.closes_at,
        exists (select 1 from test_attempts tat where tat.assignment_id = ta.id and tat.submitted_at is not null) as submitted
      from test_assignments ta join tests t on t.id = ta.test_id
      where ta.student_id = ${studentId} and (ta.opens_at is not null or ta.closes_at is not null)`,
  );
}

/** Everything a student has due, with its state at `now`, soonest first. */
export async function studentDueItems(db: Db, studentId: string, now: Date): Promise<DueItem[]> {
  const [sections, tests] = await Promise.all([dueSections(db, studentId), windowedTests(db, studentId)]);
  const items: DueItem[] = [
    ...sections.map((s): DueItem => {
      const dueAt = new Date(s.due_at);
      const finishedAt = s.finished_at ? new Date(s.finished_at) : null;
      return {
        kind: 'section',
        id: s.section_id,
        title: s.title,
        courseId: s.course_id,
        courseTitle: s.course_title,
        unitTitle: s.unit_title,
        dueAt: dueAt.toISOString(),
        finishedAt: finishedAt?.toISOString() ?? null,
        state: dueState(dueAt, finishedAt, now),
      };
    }),
    ...tests.map((t): DueItem => {
      const opensAt = t.opens_at ? new Date(t.opens_at) : null;
      const closesAt = t.closes_at ? new Date(t.closes_at) : null;
      return {
        kind: 'test',
        id: t.id,
        title: t.title,
        opensAt: opensAt?.toISOString() ?? null,
        closesAt: closesAt?.toISOString() ?? null,
        dueAt: iso((closesAt ?? opensAt)!),
        state: testWindowState(opensAt, closesAt, t.submitted, now),
      };
    }),
  ];
  return items.sort((a, b) => Date.parse(a.dueAt) - Date.parse(b.dueAt) || a.title.localeCompare(b.title));
}

/** A section's due date for a student (effectiveDueDates), in milliseconds since 1970. */
export interface SectionDueDate {
  sectionId: string;
  dueAt: number;
}

/** Every section's due date for a student, open to them or not (what is open changes apart: their outline). */
export async function studentDueDates(db: Db, studentId: string): Promise<SectionDueDate[]> {
  return rows<SectionDueDate>(
    db,
    sql`select d.section_id as "sectionId", extract(epoch from d.due_at)::float8 * 1000 as "dueAt"
      from (${effectiveDueDates(studentId)}) d`,
  );
}

/**
 * The sections open to a student that they still have to finish by a due date that has not passed: what the
 * dashboard's "Assignments Due" adds to the given tests open now. Missing work is not counted: it is no longer due,
 * it is overdue, and the Assignments list shows it. From their outline and totals, which count a check as it is
 * taken, as `dueSections` counts the stored ones.
 */
export function openSectionsDue(
  dueDates: SectionDueDate[],
  outline: StudentOutline,
  totals: StudentTotals,
  now: Date,
): number {
  const open = new Map(outline.sections.map((section) => [section.sectionId, section]));
  return dueDates.filter((due) => {
    const section = open.get(due.sectionId);
    return section && dueState(new Date(due.dueAt), sectionFinishedAt(section, totals), now) === 'open';
  }).length;
}
