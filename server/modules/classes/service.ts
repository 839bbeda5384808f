/**
 * Classes: students taught together by one or more teachers, given courses and tests as a group. What a class gives
 * is read through the class at request time (`student/access.ts` for courses), so a student who joins later gets it
 * and one who leaves loses it without copying rows; a test is the exception, written as one given test per student
 * (test_assignments with class_id), since a sitting hangs on it.
 *
 * Changes of one class's members and of the tests it gives take turns on the class row: a join takes a share lock,
 * giving or taking back a test an exclusive one, so a student joining while a test is given gets it either way.
 */
import { randomInt } from 'node:crypto';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  CLASS_CSV_ROW_MESSAGES as ROW,
  CLASS_LIMITS,
  CLASS_MESSAGES as M,
  JOIN_CODE_ALPHABET,
  JOIN_CODE_LENGTH,
} from '../../../common/rules/classes';
import { TEST_MESSAGES } from '../../../common/rules/tests';
import { TEST_TAKING_MESSAGES } from '../../../common/rules/test-taking';
import type {
  ClassCourse,
  ClassCsvReply,
  ClassCsvRow,
  ClassPerson,
  ClassStudent,
  ClassSummary,
  ClassTest,
  StudentClass,
} from '../../../common/schemas/classes';
import type { classBody, classTestBody, classUpdateBody } from '../../../common/schemas/classes';
import type { AppContext } from '../../context';
import type { Db, Tx } from '../../db/client';
import { rows } from '../../db/prepared';
import { classCourses, classes, classHeldSections, classHeldUnits, classTeachers } from '../../db/schema';
import { Conflict, Invalid, NotFound, isUniqueViolation } from '../../lib/errors';
import { hitLimit, limitPerIp, refundLimits } from '../../lib/rate-limit';
import type { Actor } from '../../policies/actor';
import { mayActForClass, requireClass } from '../../policies/classes';
import { mayActForStudent, requireStudents } from '../../policies/students';

type ClassInput = z.output<typeof classBody>;
type ClassUpdate = z.output<typeof classUpdateBody>;
type ClassTestInput = z.output<typeof classTestBody>;

const iso = (value: string | Date | null): string | null => (value === null ? null : new Date(value).toISOString());
/** A list of uuids as one parameter, however many there are. */
const idArray = (ids: readonly string[]): SQL => sql`string_to_array(${ids.join(',')}, ',')::uuid[]`;
/** A person's shown name: their profile's, or their e-mail when they have none. */
const nameOf = (u: string, p: string) =>
  sql.raw(
    `coalesce(nullif(trim(coalesce(${p}.first_name, '') || ' ' || coalesce(${p}.last_name, '')), ''), ${u}.email)`,
  );

// ---- join codes ----

/** A fresh code, uniformly drawn from the unambiguous alphabet. */
export function newJoinCode(): string {
  let code = '';
  for (let i = 0; i < JOIN_CODE_LENGTH; i++) code += JOIN_CODE_ALPHABET[randomInt(JOIN_CODE_ALPHABET.length)];
  return code;
}

/** A typed code as stored: upper case, without the spaces or dashes a student may type between its letters. */
export const normalizedCode = (typed: string) => typed.replace(/[\s-]/g, '').toUpperCase();

/** Runs `write` with fresh codes until one is unused (the unique index decides, so two classes never share one). */
async function withFreshCode<T>(write: (code: string) => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await write(newJoinCode());
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 5) throw error;
    }
  }
}

// ---- classes ----

/** The classes the actor may act for (one, when `onlyId` is given), newest first, in one statement. */
async function summaries(db: Db | Tx, actor: Actor, onlyId?: string): Promise<ClassSummary[]> {
  const found = await rows<{
    id: string;
    name: string;
    subject: string;
    grade: string;
    term: string;
    join_code: string | null;
    created_at: string | Date;
    teachers: ClassPerson[] | null;
    student_count: number;
    course_count: number;
    test_count: number;
  }>(
    db,
    sql`select c.id, c.name, c.subject, c.grade, c.term, c.join_code, c.created_at,
      (select json_agg(json_build_object('id', t_u.id, 'name', ${nameOf('t_u', 't_p')}, 'email', t_u.email)
                       order by ${nameOf('t_u', 't_p')})
         from class_teachers t_ct join users t_u on t_u.id = t_ct.teacher_id left join profiles t_p on t_p.user_id = t_u.id
         where t_ct.class_id = c.id) as teachers,
      (select count(*)::int from class_students s_cs where s_cs.class_id = c.id) as student_count,
      (select count(*)::int from class_courses s_cc where s_cc.class_id = c.id) as course_count,
      (select count(*)::int from class_tests s_ct where s_ct.class_id = c.id) as test_count
    from classes c
    where ${mayActForClass(actor, sql`c.id`)} ${onlyId ? sql`and c.id = ${onlyId}` : sql``}
    order by c.created_at desc, c.id`,
  );
  return found.map((c) => ({
    id: c.id,
    name: c.name,
    subject: c.subject,
    grade: c.grade,
    term: c.term,
    joinCode: c.join_code,
    teachers: c.teachers ?? [],
    studentCount: Number(c.student_count),
    courseCount: Number(c.course_count),
    testCount: Number(c.test_count),
    createdAt: iso(c.created_at)!,
  }));
}

export const listClasses = (db: Db, actor: Actor) => summaries(db, actor);

export async function getClass(db: Db, actor: Actor, classId: string): Promise<ClassSummary> {
  await requireClass(db, actor, classId);
  const [found] = await summaries(db, actor, classId);
  if (!found) throw NotFound(M.notFound);
  return found;
}

/** Refuses ids that name no teacher account: 404 for an unknown id, 400 for an account of another kind. */
async function requireTeachers(db: Db | Tx, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  const found = await rows<{ id: string; type: string }>(
    db,
    sql`select rt_u.id, rt_u.type from users rt_u where rt_u.id = any(${idArray(ids)})`,
  );
  if (found.length !== ids.length) throw NotFound(M.unknownTeacher);
  if (found.some((u) => u.type !== 'teacher')) throw Invalid(M.notATeacher);
}

/** A teacher creating a class teaches it (with the co-teachers they name); an admin names its teachers. */
export async function createClass(db: Db, actor: Actor, input: ClassInput): Promise<ClassSummary> {
  const teacherIds = actor.type === 'teacher' ? [...new Set([actor.id, ...input.teacherIds])] : input.teacherIds;
  await requireTeachers(db, teacherIds);
  const id = await withFreshCode((joinCode) =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .insert(classes)
        .values({
          name: input.name,
          subject: input.subject,
          grade: input.grade,
          term: input.term,
          joinCode,
          createdBy: actor.id,
        })
        .returning({ id: classes.id });
      if (teacherIds.length)
        await tx.insert(classTeachers).values(teacherIds.map((teacherId) => ({ classId: row.id, teacherId })));
      return row.id;
    }),
  );
  return getClass(db, actor, id);
}

/** Changes only the fields the edit names. */
export async function updateClass(db: Db, actor: Actor, classId: string, input: ClassUpdate): Promise<ClassSummary> {
  await requireClass(db, actor, classId);
  const set = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  if (Object.keys(set).length)
    await db
      .update(classes)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(classes.id, classId));
  return getClass(db, actor, classId);
}

/**
 * Deletes a class. Its students lose what it gave (its courses at once, its tests they have not started) and keep
 * their history: their sittings, answers and the given tests they started (whose class_id the database clears).
 */
export async function deleteClass(db: Db, actor: Actor, classId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await requireClass(tx, actor, classId, true);
    await tx.execute(sql`delete from test_assignments d_ta where d_ta.class_id = ${classId}
      and not exists (select 1 from test_attempts d_at where d_at.assignment_id = d_ta.id)`);
    await tx.delete(classes).where(eq(classes.id, classId));
  });
}

// ---- teachers ----

export async function addTeachers(db: Db, actor: Actor, classId: string, teacherIds: string[]): Promise<ClassSummary> {
  await requireClass(db, actor, classId);
  await requireTeachers(db, teacherIds);
  await db
    .insert(classTeachers)
    .values(teacherIds.map((teacherId) => ({ classId, teacherId })))
    .onConflictDoNothing();
  return getClass(db, actor, classId);
}

/**
 * Removes a teacher from a class; a class keeps at least one (an admin's class may have none from the start). Under
 * the class's lock, so two co-teachers removing each other at once cannot leave it without any.
 */
export async function removeTeacher(db: Db, actor: Actor, classId: string, teacherId: string): Promise<ClassSummary> {
  await db.transaction(async (tx) => {
    await requireClass(tx, actor, classId, true);
    const teachers = await tx
      .select({ id: classTeachers.teacherId })
      .from(classTeachers)
      .where(eq(classTeachers.classId, classId));
    if (!teachers.some((t) => t.id === teacherId)) throw NotFound(M.unknownTeacher);
    if (teachers.length === 1) throw Conflict(M.lastTeacher);
    await tx
      .delete(classTeachers)
      .where(and(eq(classTeachers.classId, classId), eq(classTeachers.teacherId, teacherId)));
  });
  return getClass(db, actor, classId);
}

/** Every teacher account, to pick co-teachers from (staff may know who teaches at the academy). */
export async function teacherOptions(db: Db): Promise<ClassPerson[]> {
  return rows<ClassPerson>(
    db,
    sql`select o_u.id, ${nameOf('o_u', 'o_p')} as name, o_u.email from users o_u
        left join profiles o_p on o_p.user_id = o_u.id where o_u.type = 'teacher' order by 2, o_u.email limit 1000`,
  );
}

// ---- students ----

export async function listStudents(db: Db, actor: Actor, classId: string): Promise<ClassStudent[]> {
  await requireClass(db, actor, classId);
  const found = await rows<{ id: string; name: string; email: string; grade: string | null; joined_at: string | Date }>(
    db,
    sql`select s_u.id, ${nameOf('s_u', 's_p')} as name, s_u.email, s_p.grade_level as grade, s_cs.created_at as joined_at
        from class_students s_cs join users s_u on s_u.id = s_cs.student_id left join profiles s_p on s_p.user_id = s_u.id
        where s_cs.class_id = ${classId} order by 2, s_u.email`,
  );
  return found.map((s) => ({
    id: s.id,
    name: s.name,
    email: s.email,
    grade: s.grade ?? '',
    joinedAt: iso(s.joined_at)!,
  }));
}

/**
 * Puts students into a class and gives them the class's tests, in the caller's transaction, holding a share lock
 * of the class row (taken by the caller). Returns the ids that were not members yet.
 */
async function enroll(tx: Tx, classId: string, studentIds: readonly string[]): Promise<string[]> {
  if (studentIds.length === 0) return [];
  const added = await rows<{ student_id: string }>(
    tx,
    sql`insert into class_students (class_id, student_id)
        select ${classId}, e_s.id from unnest(${idArray(studentIds)}) e_s(id)
        on conflict do nothing returning student_id`,
  );
  const ids = added.map((a) => a.student_id);
  if (ids.length)
    await tx.execute(sql`insert into test_assignments (test_id, student_id, assigned_by, opens_at, closes_at, release, shuffle, class_id)
      select e_ct.test_id, e_s.id, e_ct.assigned_by, e_ct.opens_at, e_ct.closes_at, e_ct.release, e_ct.shuffle, e_ct.class_id
      from class_tests e_ct cross join unnest(${idArray(ids)}) e_s(id) where e_ct.class_id = ${classId}
      on conflict (test_id, student_id) do nothing`);
  return ids;
}

const lockShared = (tx: Tx, classId: string) =>
  tx.execute(sql`select l_c.id from classes l_c where l_c.id = ${classId} for share`);

/** Adds students by id: a teacher only students they may already act for, an admin any student. */
export async function addStudents(db: Db, actor: Actor, classId: string, studentIds: string[]): Promise<number> {
  await requireClass(db, actor, classId);
  await requireStudents(db, actor, studentIds, { unknown: M.unknownStudent, notYours: M.notYourStudent }, 'write');
  return db.transaction(async (tx) => {
    await lockShared(tx, classId);
    return (await enroll(tx, classId, studentIds)).length;
  });
}

/**
 * Adds the students a CSV names by e-mail, row by row: an e-mail must be a student's account and, for a teacher, a
 * student they may already act for (as when picking); each row says what became of it.
 */
export async function addStudentsByEmail(
  db: Db,
  actor: Actor,
  classId: string,
  emails: string[],
): Promise<ClassCsvReply> {
  await requireClass(db, actor, classId);
  const normalized = emails.map((e) => e.trim().toLowerCase());
  const valid = [...new Set(normalized.filter((e) => z.email().safeParse(e).success))];
  const found = valid.length
    ? await rows<{ id: string; email: string; mine: boolean; member: boolean }>(
        db,
        sql`select c_u.id, c_u.email, ${mayActForStudent(actor, sql`c_u.id`, 'write')} as mine,
              exists (select 1 from class_students c_cs where c_cs.class_id = ${classId} and c_cs.student_id = c_u.id) as member
            from users c_u where c_u.type = 'student' and c_u.email in (${sql.join(
              valid.map((e) => sql`${e}`),
              sql`, `,
            )})`,
      )
    : [];
  const byEmail = new Map(found.map((f) => [f.email, f]));
  const seen = new Set<string>();
  const toAdd: string[] = [];
  const result: ClassCsvRow[] = normalized.map((email, i) => {
    const row = i + 2;
    const says = (status: ClassCsvRow['status']): ClassCsvRow => ({ row, email, status, message: ROW[status] });
    if (!z.email().safeParse(email).success) return says('invalid');
    if (seen.has(email)) return says('repeated');
    seen.add(email);
    const student = byEmail.get(email);
    if (!student) return says('unknown');
    if (student.member) return says('already');
    if (!student.mine) return says('notYours');
    toAdd.push(student.id);
    return says('added');
  });
  const added = await db.transaction(async (tx) => {
    await lockShared(tx, classId);
    return enroll(tx, classId, toAdd);
  });
  // A row another call added meanwhile is already in the class, not added by this one.
  const addedSet = new Set(added);
  for (const r of result)
    if (r.status === 'added' && !addedSet.has(byEmail.get(r.email)!.id))
      Object.assign(r, { status: 'already', message: ROW.already });
  return {
    message: `${added.length} ${added.length === 1 ? 'student' : 'students'} added`,
    added: added.length,
    rows: result,
  };
}

/**
 * Takes a student out of a class: they lose its courses at once and the given tests it gave that they have not
 * started; what they did (answers, sittings, the given tests they started) stays theirs.
 */
export async function removeStudent(db: Db, actor: Actor, classId: string, studentId: string): Promise<void> {
  await requireClass(db, actor, classId);
  await db.transaction(async (tx) => {
    await lockShared(tx, classId);
    const removed = await rows<{ student_id: string }>(
      tx,
      sql`delete from class_students r_cs where r_cs.class_id = ${classId} and r_cs.student_id = ${studentId} returning r_cs.student_id`,
    );
    if (removed.length === 0) throw NotFound(M.notAMember);
    await tx.execute(sql`delete from test_assignments r_ta where r_ta.class_id = ${classId} and r_ta.student_id = ${studentId}
      and not exists (select 1 from test_attempts r_at where r_at.assignment_id = r_ta.id)`);
  });
}

// ---- join code ----

export async function regenerateJoinCode(db: Db, actor: Actor, classId: string): Promise<string> {
  await requireClass(db, actor, classId);
  return withFreshCode(async (joinCode) => {
    await db.update(classes).set({ joinCode, updatedAt: new Date() }).where(eq(classes.id, classId));
    return joinCode;
  });
}

export async function turnOffJoinCode(db: Db, actor: Actor, classId: string): Promise<void> {
  await requireClass(db, actor, classId);
  await db.update(classes).set({ joinCode: null, updatedAt: new Date() }).where(eq(classes.id, classId));
}

/**
 * A student joins the class whose code they typed, and gets its tests in the same transaction. Wrong codes are
 * counted per student (a correct one is given back) and every try per address, so codes cannot be guessed.
 */
export async function joinClass(ctx: AppContext, student: Actor, typed: string, ip: string): Promise<StudentClass> {
  await limitPerIp(ctx, 'class-join', ip, CLASS_LIMITS.joinsPerAddressPerHour, 3600);
  const failures = `class-join:user:${student.id}`;
  await hitLimit(
    ctx.db,
    {
      key: failures,
      max: CLASS_LIMITS.joinFailures * ctx.rateLimitFactor,
      windowSeconds: CLASS_LIMITS.joinWindowSeconds,
      message: M.tooManyJoinTries,
    },
    ctx.now(),
  );
  const code = normalizedCode(typed);
  const classId = await ctx.db.transaction(async (tx) => {
    const [found] = await rows<{ id: string }>(
      tx,
      sql`select j_c.id from classes j_c where j_c.join_code = ${code} for share`,
    );
    if (!found) throw NotFound(M.joinCodeWrong);
    const added = await enroll(tx, found.id, [student.id]);
    if (added.length === 0) throw Conflict(M.alreadyMember);
    return found.id;
  });
  await refundLimits(ctx.db, [failures]);
  const [joined] = await studentClasses(ctx.db, student.id, classId);
  return joined;
}

export async function studentClasses(db: Db, studentId: string, onlyId?: string): Promise<StudentClass[]> {
  return rows<StudentClass>(
    db,
    sql`select c.id, c.name, c.subject, c.grade, c.term,
      coalesce((select json_agg(${nameOf('t_u', 't_p')} order by ${nameOf('t_u', 't_p')})
         from class_teachers t_ct join users t_u on t_u.id = t_ct.teacher_id left join profiles t_p on t_p.user_id = t_u.id
         where t_ct.class_id = c.id), '[]'::json) as teachers
    from class_students sc_cs join classes c on c.id = sc_cs.class_id
    where sc_cs.student_id = ${studentId} ${onlyId ? sql`and c.id = ${onlyId}` : sql``}
    order by c.name, c.id`,
  );
}

// ---- courses ----

export async function listCourses(db: Db, actor: Actor, classId: string): Promise<ClassCourse[]> {
  await requireClass(db, actor, classId);
  const given = await rows<{ id: string; title: string; assigned_at: string | Date }>(
    db,
    sql`select l_co.id, l_co.title, l_cc.created_at as assigned_at from class_courses l_cc
        join courses l_co on l_co.id = l_cc.course_id where l_cc.class_id = ${classId} order by l_co.title, l_co.id`,
  );
  if (given.length === 0) return [];
  const tree = await rows<{
    course_id: string;
    unit_id: string;
    unit_title: string;
    unit_held: boolean;
    section_id: string | null;
    section_title: string | null;
    section_held: boolean;
  }>(
    db,
    sql`select l_u.course_id, l_u.id as unit_id, l_u.title as unit_title,
          exists (select 1 from class_held_units l_hu where l_hu.class_id = ${classId} and l_hu.unit_id = l_u.id) as unit_held,
          l_s.id as section_id, l_s.title as section_title,
          exists (select 1 from class_held_sections l_hs where l_hs.class_id = ${classId} and l_hs.section_id = l_s.id) as section_held
        from class_courses l_cc join units l_u on l_u.course_id = l_cc.course_id
        left join sections l_s on l_s.unit_id = l_u.id
        where l_cc.class_id = ${classId}
        order by l_u.unit_number, l_u.id, l_s.section_number, l_s.id`,
  );
  const courses = new Map<string, ClassCourse>(
    given.map((c) => [c.id, { id: c.id, title: c.title, assignedAt: iso(c.assigned_at)!, units: [] }]),
  );
  const units = new Map<string, ClassCourse['units'][number]>();
  for (const r of tree) {
    let unit = units.get(r.unit_id);
    if (!unit) {
      unit = { id: r.unit_id, title: r.unit_title, held: r.unit_held, sections: [] };
      units.set(r.unit_id, unit);
      courses.get(r.course_id)?.units.push(unit);
    }
    if (r.section_id) unit.sections.push({ id: r.section_id, title: r.section_title ?? '', held: r.section_held });
  }
  return [...courses.values()];
}

export async function giveCourse(db: Db, actor: Actor, classId: string, courseId: string): Promise<void> {
  await requireClass(db, actor, classId);
  const [course] = await rows<{ id: string }>(db, sql`select g_co.id from courses g_co where g_co.id = ${courseId}`);
  if (!course) throw NotFound(M.unknownCourse);
  await db.insert(classCourses).values({ classId, courseId, assignedBy: actor.id }).onConflictDoNothing();
}

/** Takes a course back from a class, with what the class held back of it (nothing of it is open through the class). */
export async function takeCourse(db: Db, actor: Actor, classId: string, courseId: string): Promise<void> {
  await requireClass(db, actor, classId);
  await db.transaction(async (tx) => {
    const removed = await tx
      .delete(classCourses)
      .where(and(eq(classCourses.classId, classId), eq(classCourses.courseId, courseId)))
      .returning({ id: classCourses.courseId });
    if (removed.length === 0) throw NotFound(M.courseNotGiven);
    await tx.execute(sql`delete from class_held_units t_hu using units t_u
      where t_hu.class_id = ${classId} and t_hu.unit_id = t_u.id and t_u.course_id = ${courseId}`);
    await tx.execute(sql`delete from class_held_sections t_hs using sections t_s, units t_u
      where t_hs.class_id = ${classId} and t_hs.section_id = t_s.id and t_s.unit_id = t_u.id and t_u.course_id = ${courseId}`);
  });
}

/** Holds back or releases a unit or a section of a course the class has. */
export async function holdItem(
  db: Db,
  actor: Actor,
  classId: string,
  level: 'unit' | 'section',
  itemId: string,
  held: boolean,
): Promise<void> {
  await requireClass(db, actor, classId);
  const [item] = await rows<{ given: boolean }>(
    db,
    level === 'unit'
      ? sql`select exists (select 1 from class_courses h_cc where h_cc.class_id = ${classId} and h_cc.course_id = h_u.course_id) as given
            from units h_u where h_u.id = ${itemId}`
      : sql`select exists (select 1 from class_courses h_cc where h_cc.class_id = ${classId} and h_cc.course_id = h_u.course_id) as given
            from sections h_s join units h_u on h_u.id = h_s.unit_id where h_s.id = ${itemId}`,
  );
  if (!item) throw NotFound(level === 'unit' ? M.unknownUnit : M.unknownSection);
  if (!item.given) throw Conflict(M.courseNotGiven);
  if (level === 'unit') {
    if (held) await db.insert(classHeldUnits).values({ classId, unitId: itemId }).onConflictDoNothing();
    else
      await db
        .delete(classHeldUnits)
        .where(and(eq(classHeldUnits.classId, classId), eq(classHeldUnits.unitId, itemId)));
  } else if (held) await db.insert(classHeldSections).values({ classId, sectionId: itemId }).onConflictDoNothing();
  else
    await db
      .delete(classHeldSections)
      .where(and(eq(classHeldSections.classId, classId), eq(classHeldSections.sectionId, itemId)));
}

// ---- tests ----

export async function listTests(db: Db, actor: Actor, classId: string): Promise<ClassTest[]> {
  await requireClass(db, actor, classId);
  const found = await rows<{
    test_id: string;
    name: string;
    opens_at: string | Date | null;
    closes_at: string | Date | null;
    release: ClassTest['release'];
    shuffle: boolean;
    assigned_at: string | Date;
    given: number;
    started: number;
  }>(
    db,
    sql`select l_ct.test_id, l_t.title as name, l_ct.opens_at, l_ct.closes_at, l_ct.release, l_ct.shuffle,
          l_ct.created_at as assigned_at,
          (select count(*)::int from test_assignments l_ta where l_ta.class_id = l_ct.class_id and l_ta.test_id = l_ct.test_id) as given,
          (select count(*)::int from test_assignments l_ta join test_attempts l_at on l_at.assignment_id = l_ta.id
             where l_ta.class_id = l_ct.class_id and l_ta.test_id = l_ct.test_id) as started
        from class_tests l_ct join tests l_t on l_t.id = l_ct.test_id
        where l_ct.class_id = ${classId} order by l_ct.created_at desc, l_ct.test_id`,
  );
  return found.map((t) => ({
    testId: t.test_id,
    name: t.name,
    opensAt: iso(t.opens_at),
    closesAt: iso(t.closes_at),
    release: t.release,
    shuffle: t.shuffle,
    assignedAt: iso(t.assigned_at)!,
    given: Number(t.given),
    started: Number(t.started),
  }));
}

/**
 * Gives a saved test to a class (or changes the window it was given with): a given test for every student of the
 * class now, and for each who joins later. A student who already holds the test on their own keeps that one.
 */
export async function giveTestToClass(db: Db, actor: Actor, classId: string, input: ClassTestInput): Promise<void> {
  await requireClass(db, actor, classId);
  const [test] = await rows<{ archived_at: string | null; questions: number }>(
    db,
    sql`select g_t.archived_at, (select count(*)::int from test_questions g_tq where g_tq.test_id = g_t.id) as questions
        from tests g_t where g_t.id = ${input.testId}`,
  );
  if (!test) throw NotFound(TEST_MESSAGES.notFound);
  if (test.archived_at) throw Conflict(TEST_MESSAGES.giveArchived);
  if (Number(test.questions) === 0) throw Conflict(TEST_TAKING_MESSAGES.noQuestions);
  const window = {
    opensAt: input.opensAt ? new Date(input.opensAt).toISOString() : null,
    closesAt: input.closesAt ? new Date(input.closesAt).toISOString() : null,
  };
  await db.transaction(async (tx) => {
    await tx.execute(sql`select g_c.id from classes g_c where g_c.id = ${classId} for update`);
    await tx.execute(sql`insert into class_tests (class_id, test_id, opens_at, closes_at, release, shuffle, assigned_by)
      values (${classId}, ${input.testId}, ${window.opensAt}, ${window.closesAt}, ${input.release}, ${input.shuffle}, ${actor.id})
      on conflict (class_id, test_id) do update set opens_at = excluded.opens_at, closes_at = excluded.closes_at,
        release = excluded.release, shuffle = excluded.shuffle`);
    await tx.execute(sql`insert into test_assignments (test_id, student_id, assigned_by, opens_at, closes_at, release, shuffle, class_id)
      select ${input.testId}, g_cs.student_id, ${actor.id}, ${window.opensAt}, ${window.closesAt}, ${input.release}, ${input.shuffle}, ${classId}
      from class_students g_cs where g_cs.class_id = ${classId}
      on conflict (test_id, student_id) do update set opens_at = excluded.opens_at, closes_at = excluded.closes_at,
        release = excluded.release, shuffle = excluded.shuffle
      where test_assignments.class_id = excluded.class_id`);
  });
}

/** Takes a test back from a class: the given tests of it its students have not started go; started ones stay. */
export async function takeTest(db: Db, actor: Actor, classId: string, testId: string): Promise<void> {
  await requireClass(db, actor, classId);
  await db.transaction(async (tx) => {
    await tx.execute(sql`select t_c.id from classes t_c where t_c.id = ${classId} for update`);
    const removed = await rows<{ test_id: string }>(
      tx,
      sql`delete from class_tests t_ct where t_ct.class_id = ${classId} and t_ct.test_id = ${testId} returning t_ct.test_id`,
    );
    if (removed.length === 0) throw NotFound(M.testNotGiven);
    await tx.execute(sql`delete from test_assignments t_ta where t_ta.class_id = ${classId} and t_ta.test_id = ${testId}
      and not exists (select 1 from test_attempts t_at where t_at.assignment_id = t_ta.id)`);
  });
}
