/**
 * Who may act for a student, the one answer every module asks:
 * - an admin: every student;
 * - a teacher: the students linked to them (teacher_students) and the students of the classes they teach, alone or
 *   with co-teachers (class_teachers, class_students);
 * - a parent: their children (parent_students), to read and to manage their place in the family (a parent removes
 *   a child from it), never to change what a child studies;
 * - a student: themself, to read only;
 * - anyone else: no student.
 * Two forms of the same rule: a condition that narrows a list in the database, and a check of named ids that
 * refuses the call (one statement, however many ids).
 */
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '../db/client';
import { rows } from '../db/prepared';
import { Forbidden, NotFound } from '../lib/errors';
import type { Actor } from './actor';

/**
 * Reading (reports, results, lists), changing what a student studies (assignments), or managing the student's
 * family links (a parent's children).
 */
export type StudentAccess = 'read' | 'write' | 'manage';

/**
 * The rule as an SQL condition on a student id (a column or an aliased column such as `sql\`st_u.id\``). The id is
 * compared with a set of ids and never referred to inside a subquery, so a column written without its table by
 * drizzle still means the outer row.
 */
export function mayActForStudent(actor: Actor, studentId: AnyColumn | SQL, access: StudentAccess = 'read'): SQL {
  switch (actor.type) {
    case 'admin':
      return sql`true`;
    case 'teacher':
      return access === 'manage'
        ? sql`false`
        : sql`${studentId} in (select pol_ts.student_id from teacher_students pol_ts where pol_ts.teacher_id = ${actor.id}
            union all select pol_cs.student_id from class_students pol_cs
            join class_teachers pol_ct on pol_ct.class_id = pol_cs.class_id where pol_ct.teacher_id = ${actor.id})`;
    case 'parent':
      return access === 'read' || access === 'manage'
        ? sql`${studentId} in (select pol_ps.student_id from parent_students pol_ps where pol_ps.parent_id = ${actor.id})`
        : sql`false`;
    case 'student':
      return access === 'read' ? sql`${studentId} = ${actor.id}` : sql`false`;
    default:
      return sql`false`;
  }
}

/** What a refused call is told: an id that names no student, and a student who is not the actor's. */
export interface StudentRefusals {
  unknown: string;
  notYours: string;
}

/** A list of uuids as one parameter, however many there are. */
const idArray = (ids: readonly string[]): SQL => sql`string_to_array(${ids.join(',')}, ',')::uuid[]`;
const isUuid = (id: string) => z.uuid().safeParse(id).success;

/**
 * Refuses the call unless every id names a student the actor may act for: 404 `unknown` when one is not a
 * student, then `notYours` for one who is not theirs: 404 for a parent or a student, who are told nothing of other
 * families' children, 403 for staff, who may know the student exists.
 */
export async function requireStudents(
  db: Db | Tx,
  actor: Actor,
  ids: readonly string[],
  refusals: StudentRefusals,
  access: StudentAccess = 'read',
): Promise<void> {
  if (!ids.every(isUuid)) throw NotFound(refusals.unknown);
  const found = await rows<{ id: string; mine: boolean }>(
    db,
    sql`select pol_u.id, ${mayActForStudent(actor, sql`pol_u.id`, access)} as mine
      from users pol_u where pol_u.id = any(${idArray(ids)}) and pol_u.type = 'student'`,
  );
  if (found.length !== ids.length) throw NotFound(refusals.unknown);
  if (found.every((s) => s.mine)) return;
  throw actor.type === 'parent' || actor.type === 'student'
    ? NotFound(refusals.notYours)
    : Forbidden(refusals.notYours);
}

/** `requireStudents` for one id. */
export const requireStudent = (
  db: Db | Tx,
  actor: Actor,
  id: string,
  refusals: StudentRefusals,
  access: StudentAccess = 'read',
) => requireStudents(db, actor, [id], refusals, access);
