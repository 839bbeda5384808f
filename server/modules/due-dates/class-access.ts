import { sql } from 'drizzle-orm';
import { DUE_DATE_MESSAGES } from '../../../common/rules';
import type { Db, Tx } from '../../db/client';
import { rows } from '../../db/prepared';
import { Forbidden, NotFound } from '../../lib/errors';
import type { Actor } from '../../policies/actor';

/**
 * Who may manage a class's due dates: an admin any class, a teacher the classes they teach (class_teachers); 404 for
 * a class that does not exist, 403 for one that is not theirs. Kept in this one function so it can give way to the
 * classes policy (the same rule) without touching its callers. Answers the class's name.
 */
export async function requireClassStaff(db: Db | Tx, actor: Actor, classId: string): Promise<{ name: string }> {
  const [found] = await rows<{ name: string; mine: boolean }>(
    db,
    sql`select cls_c.name,
        exists (select 1 from class_teachers cls_t where cls_t.class_id = cls_c.id and cls_t.teacher_id = ${actor.id}) as mine
      from classes cls_c where cls_c.id = ${classId}`,
  );
  if (!found || (actor.type !== 'admin' && actor.type !== 'teacher')) throw NotFound(DUE_DATE_MESSAGES.classNotFound);
  if (actor.type === 'teacher' && !found.mine) throw Forbidden(DUE_DATE_MESSAGES.notYourClass);
  return { name: found.name };
}
