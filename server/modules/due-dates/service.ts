import { and, eq, sql } from 'drizzle-orm';
import { DUE_DATE_MESSAGES as M } from '../../../common/rules';
import type { ClassDueDatesReply } from '../../../common/schemas/due-dates';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { rows } from '../../db/prepared';
import { sectionDueDates } from '../../db/schema';
import { NotFound } from '../../lib/errors';
import type { Actor } from '../../policies/actor';
import { requireStudent } from '../../policies/students';
import { requireClass } from '../../policies/classes';
import { classSectionIds } from '../student/access';

const iso = (value: string | Date) => new Date(value).toISOString();

/** A class's sections (of its courses, minus what it holds), each with the class's due date and its students' own. */
export async function classDueDates(ctx: AppContext, actor: Actor, classId: string): Promise<ClassDueDatesReply> {
  await requireClass(ctx.db, actor, classId);
  const [[{ name }], sections, students] = await Promise.all([
    rows<{ name: string }>(ctx.db, sql`select due_c.name from classes due_c where due_c.id = ${classId}`),
    rows<{
      course_id: string;
      course_title: string;
      unit_id: string;
      unit_title: string;
      unit_number: number;
      section_id: string;
      title: string;
      section_number: number;
      due_at: string | Date | null;
      extensions: Array<{ studentId: string; dueAt: string }> | null;
    }>(
      ctx.db,
      sql`select c.id as course_id, c.title as course_title, u.id as unit_id, u.title as unit_title, u.unit_number,
          s.id as section_id, s.title, s.section_number,
          (select d.due_at from section_due_dates d where d.class_id = ${classId} and d.section_id = s.id) as due_at,
          (select json_agg(json_build_object('studentId', x.student_id, 'dueAt', x.due_at) order by x.due_at)
             from section_due_dates x join class_students xs on xs.student_id = x.student_id and xs.class_id = ${classId}
             where x.section_id = s.id) as extensions
        from sections s
        join units u on u.id = s.unit_id
        join courses c on c.id = u.course_id
        where s.id in (${classSectionIds(classId)})
        order by c.title, c.id, u.unit_number, u.title, s.section_number, s.title`,
    ),
    rows<{ id: string; name: string; email: string }>(
      ctx.db,
      sql`select su.id, trim(coalesce(sp.first_name, '') || ' ' || coalesce(sp.last_name, '')) as name, su.email
        from class_students cs join users su on su.id = cs.student_id left join profiles sp on sp.user_id = su.id
        where cs.class_id = ${classId}
        order by sp.last_name, sp.first_name, su.email`,
    ),
  ]);
  return {
    class: { id: classId, name },
    sections: sections.map((s) => ({
      courseId: s.course_id,
      courseTitle: s.course_title,
      unitId: s.unit_id,
      unitTitle: s.unit_title,
      unitNumber: Number(s.unit_number),
      sectionId: s.section_id,
      title: s.title,
      sectionNumber: Number(s.section_number),
      dueAt: s.due_at ? iso(s.due_at) : null,
      extensions: (s.extensions ?? []).map((e) => ({ studentId: e.studentId, dueAt: iso(e.dueAt) })),
    })),
    students: students.map((s) => ({ id: s.id, name: s.name || s.email, email: s.email })),
  };
}

/** Sets a class's due date for one of its sections: one statement, which writes nothing for a section not the class's. */
export async function setClassDueDate(
  ctx: AppContext,
  actor: Actor,
  classId: string,
  sectionId: string,
  dueAt: string,
): Promise<{ dueAt: string }> {
  await requireClass(ctx.db, actor, classId);
  const written = await rows<{ due_at: string | Date }>(
    ctx.db,
    sql`insert into section_due_dates (section_id, class_id, due_at, set_by)
      select ${sectionId}::uuid, ${classId}::uuid, ${dueAt}::timestamptz, ${actor.id}::uuid
      where ${sectionId}::uuid in (${classSectionIds(classId)})
      on conflict (class_id, section_id) do update set due_at = excluded.due_at, set_by = excluded.set_by
      returning due_at`,
  );
  if (!written.length) throw NotFound(M.sectionNotInClass);
  return { dueAt: iso(written[0].due_at) };
}

export async function clearClassDueDate(
  ctx: AppContext,
  actor: Actor,
  classId: string,
  sectionId: string,
): Promise<{ dueAt: null }> {
  await requireClass(ctx.db, actor, classId);
  await ctx.db
    .delete(sectionDueDates)
    .where(and(eq(sectionDueDates.classId, classId), eq(sectionDueDates.sectionId, sectionId)));
  return { dueAt: null };
}

/**
 * Extends a section's due date for one student of the class: their own date, which wins over every class's. One
 * statement checks the section is the class's and the student in it; the refusal then says which was not.
 */
export async function setStudentExtension(
  ctx: AppContext,
  actor: Actor,
  classId: string,
  sectionId: string,
  studentId: string,
  dueAt: string,
): Promise<{ dueAt: string }> {
  await requireClass(ctx.db, actor, classId);
  const written = await rows<{ due_at: string | Date }>(
    ctx.db,
    sql`insert into section_due_dates (section_id, student_id, due_at, set_by)
      select ${sectionId}::uuid, ${studentId}::uuid, ${dueAt}::timestamptz, ${actor.id}::uuid
      where ${sectionId}::uuid in (${classSectionIds(classId)})
        and exists (select 1 from class_students ex_cs where ex_cs.class_id = ${classId} and ex_cs.student_id = ${studentId})
      on conflict (student_id, section_id) do update set due_at = excluded.due_at, set_by = excluded.set_by
      returning due_at`,
  );
  if (written.length) return { dueAt: iso(written[0].due_at) };
  throw NotFound((await isInClass(ctx.db, classId, studentId)) ? M.sectionNotInClass : M.studentNotInClass);
}

/** Takes back a student's extension: the class's date holds for them again. */
export async function clearStudentExtension(
  ctx: AppContext,
  actor: Actor,
  classId: string,
  sectionId: string,
  studentId: string,
): Promise<{ dueAt: null }> {
  await requireClass(ctx.db, actor, classId);
  if (!(await isInClass(ctx.db, classId, studentId))) throw NotFound(M.studentNotInClass);
  await ctx.db
    .delete(sectionDueDates)
    .where(and(eq(sectionDueDates.studentId, studentId), eq(sectionDueDates.sectionId, sectionId)));
  return { dueAt: null };
}

async function isInClass(db: Db, classId: string, studentId: string): Promise<boolean> {
  const [found] = await rows<{ yes: boolean }>(
    db,
    sql`select exists (select 1 from class_students ic where ic.class_id = ${classId} and ic.student_id = ${studentId}) as yes`,
  );
  return found.yes;
}

const studentRefusals = { unknown: M.studentNotFound, notYours: M.notYourStudent };

/** A student's own due date for a section assigned to them alone (student_sections), by staff who may write for them. */
export async function setOwnDueDate(
  ctx: AppContext,
  actor: Actor,
  studentId: string,
  sectionId: string,
  dueAt: string,
): Promise<{ dueAt: string }> {
  await requireStudent(ctx.db, actor, studentId, studentRefusals, 'write');
  const written = await rows<{ due_at: string | Date }>(
    ctx.db,
    sql`insert into section_due_dates (section_id, student_id, due_at, set_by)
      select ${sectionId}::uuid, ${studentId}::uuid, ${dueAt}::timestamptz, ${actor.id}::uuid
      where exists (select 1 from student_sections own_ss where own_ss.student_id = ${studentId} and own_ss.section_id = ${sectionId})
      on conflict (student_id, section_id) do update set due_at = excluded.due_at, set_by = excluded.set_by
      returning due_at`,
  );
  if (!written.length) throw NotFound(M.sectionNotAssigned);
  return { dueAt: iso(written[0].due_at) };
}

export async function clearOwnDueDate(
  ctx: AppContext,
  actor: Actor,
  studentId: string,
  sectionId: string,
): Promise<{ dueAt: null }> {
  await requireStudent(ctx.db, actor, studentId, studentRefusals, 'write');
  await ctx.db
    .delete(sectionDueDates)
    .where(and(eq(sectionDueDates.studentId, studentId), eq(sectionDueDates.sectionId, sectionId)));
  return { dueAt: null };
}
