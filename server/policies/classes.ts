/**
 * Who may act for a class: an admin for every class, a teacher for the classes they teach (class_teachers), alone
 * or with co-teachers, who all have the same rights. Anyone else for none. Two forms of the same rule: a condition
 * that narrows a list in the database, and a check of one class id that refuses the call.
 */
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { CLASS_MESSAGES } from '../../common/rules/classes';
import type { Db, Tx } from '../db/client';
import { rows } from '../db/prepared';
import { Forbidden, NotFound } from '../lib/errors';
import type { Actor } from './actor';

/** The rule as an SQL condition on a class id (a column or an aliased column such as `sql\`c.id\``). */
export function mayActForClass(actor: Actor, classId: AnyColumn | SQL): SQL {
  switch (actor.type) {
    case 'admin':
      return sql`true`;
    case 'teacher':
      return sql`${classId} in (select pol_ct.class_id from class_teachers pol_ct where pol_ct.teacher_id = ${actor.id})`;
    default:
      return sql`false`;
  }
}

/**
 * Refuses the call unless the class exists and the actor may act for it: 404 for an id that names no class (or
 * is no id), 403 for staff who do not teach it (they may know classes exist).
 * `lock` takes the class row's lock for the rest of the transaction, so changes of one class take turns.
 */
export async function requireClass(db: Db | Tx, actor: Actor, classId: string, lock = false): Promise<void> {
  if (!z.uuid().safeParse(classId).success) throw NotFound(CLASS_MESSAGES.notFound);
  const [found] = await rows<{ mine: boolean }>(
    db,
    sql`select ${mayActForClass(actor, sql`pol_c.id`)} as mine from classes pol_c where pol_c.id = ${classId}
        ${lock ? sql`for update` : sql``}`,
  );
  if (!found) throw NotFound(CLASS_MESSAGES.notFound);
  if (!found.mine) throw Forbidden(CLASS_MESSAGES.notYourClass);
}
