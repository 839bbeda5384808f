/**
 * A student's accommodations: extra time, extra break between sections, larger text. Their teachers and admins set
 * them; every sitting the student starts copies them, so a later change moves no sitting already begun.
 */
import { eq } from 'drizzle-orm';
import { EXAM_MESSAGES as M, NO_ACCOMMODATIONS, type Accommodations } from '../../../common/rules/exams';
import type { AccommodationsBody } from '../../../common/schemas/exams';
import type { Db, Tx } from '../../db/client';
import { studentAccommodations } from '../../db/schema';
import type { Actor } from '../../policies/actor';
import { requireStudent } from '../../policies/students';

const REFUSALS = { unknown: M.studentNotFound, notYours: M.notYourStudent };

/** The student's accommodations, none when nothing is set. */
export async function accommodationsOf(db: Db | Tx, studentId: string): Promise<Accommodations> {
  const [row] = await db.select().from(studentAccommodations).where(eq(studentAccommodations.studentId, studentId));
  if (!row) return NO_ACCOMMODATIONS;
  return {
    timeFactor: row.timeFactor,
    extraMinutes: row.extraMinutes,
    extraBreakMinutes: row.extraBreakMinutes,
    largeText: row.largeText,
  };
}

export async function readAccommodations(db: Db, actor: Actor, studentId: string): Promise<Accommodations> {
  await requireStudent(db, actor, studentId, REFUSALS);
  return accommodationsOf(db, studentId);
}

/** Sets all four: the form sends the whole set, as one decision about the student. */
export async function setAccommodations(
  db: Db,
  actor: Actor,
  studentId: string,
  body: AccommodationsBody,
): Promise<Accommodations> {
  await requireStudent(db, actor, studentId, REFUSALS, 'write');
  const values = { ...body, updatedBy: actor.id, updatedAt: new Date() };
  await db
    .insert(studentAccommodations)
    .values({ studentId, ...values })
    .onConflictDoUpdate({ target: studentAccommodations.studentId, set: values });
  return accommodationsOf(db, studentId);
}
