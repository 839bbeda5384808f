import { sql } from 'drizzle-orm';
import { CLASS_MESSAGES } from '../../../common/rules/classes';
import type { Db } from '../../db/client';
import { rows } from '../../db/prepared';
import { Forbidden, NotFound } from '../../lib/errors';
import type { Actor } from '../../policies/actor';
import { mayActForClass } from '../../policies/classes';

/**
 * The class named, if the caller may act for it by the class policy: 404 for an unknown class, 403 for a class that
 * is not the teacher's. One statement with the class's name, which the gradebook shows.
 */
export async function requireClass(db: Db, actor: Actor, classId: string): Promise<{ id: string; name: string }> {
  const [found] = await rows<{ id: string; name: string; mine: boolean }>(
    db,
    sql`select gc_c.id, gc_c.name, ${mayActForClass(actor, sql`gc_c.id`)} as mine from classes gc_c where gc_c.id = ${classId}`,
  );
  if (!found) throw NotFound(CLASS_MESSAGES.notFound);
  if (!found.mine) throw Forbidden(CLASS_MESSAGES.notYourClass);
  return { id: found.id, name: found.name };
}

/** The classes a caller may open: an admin's, every class not archived; a teacher's, those they teach. */
export async function classesOf(db: Db, actor: Actor) {
  return rows<{ id: string; name: string; students: number }>(
    db,
    sql`select gc_c.id, gc_c.name,
          (select count(*)::int from class_students gc_s where gc_s.class_id = gc_c.id) as students
        from classes gc_c
        where gc_c.archived_at is null
          and ${mayActForClass(actor, sql`gc_c.id`)}
        order by lower(gc_c.name), gc_c.created_at`,
  );
}
