import { sql } from 'drizzle-orm';
import { GRADEBOOK_MESSAGES as M } from '../../../common/schemas/gradebook';
import type { Db } from '../../db/client';
import { rows } from '../../db/prepared';
import { Forbidden, NotFound } from '../../lib/errors';
import type { Actor } from '../../policies/actor';

/**
 * Who may read a class: an admin any class, a teacher a class they teach (class_teachers); 404 for an unknown
 * class, 403 for a class that is not the teacher's. One function, so that the shared class policy can take its place.
 */
export async function requireClass(db: Db, actor: Actor, classId: string): Promise<{ id: string; name: string }> {
  const [found] = await rows<{ id: string; name: string; mine: boolean }>(
    db,
    sql`select gc_c.id, gc_c.name,
          exists (select 1 from class_teachers gc_t where gc_t.class_id = gc_c.id and gc_t.teacher_id = ${actor.id}) as mine
        from classes gc_c where gc_c.id = ${classId}`,
  );
  if (!found) throw NotFound(M.classNotFound);
  if (actor.type !== 'admin' && !(actor.type === 'teacher' && found.mine)) throw Forbidden(M.notYourClass);
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
          and (${actor.type === 'admin'} or exists (select 1 from class_teachers gc_t where gc_t.class_id = gc_c.id and gc_t.teacher_id = ${actor.id}))
        order by lower(gc_c.name), gc_c.created_at`,
  );
}
