/**
 * Exam profiles and their raw-to-scaled tables. The built-in profiles (a `key`) follow an exam's published rules and
 * are never changed here; admins add, change and delete their own, and enter tables for any profile.
 */
import { asc, eq, sql } from 'drizzle-orm';
import { EXAM_MESSAGES as M, parseScaledTable, type ExamRules } from '../../../common/rules/exams';
import type { ExamProfile, ExamProfileInput, ScoreTableBody } from '../../../common/schemas/exams';
import type { Db, Tx } from '../../db/client';
import { examProfiles, examScoreTables, tests } from '../../db/schema';
import { Conflict, Invalid, isForeignKeyViolation, isUniqueViolation, NotFound } from '../../lib/errors';

type ProfileRow = typeof examProfiles.$inferSelect;

/** The rule a profile scores and times by. */
export const rulesOf = (p: ProfileRow): ExamRules => ({
  right: p.right,
  wrong: p.wrong,
  blank: p.blank,
  cap: p.cap,
  sections: p.sections,
  breakMinutes: p.breakMinutes,
  answerSheet: p.answerSheet,
});

/** Every profile, built-in first, with its tables and how many tests it scores. */
export async function listProfiles(db: Db): Promise<ExamProfile[]> {
  const [profiles, tables, counts] = await Promise.all([
    db
      .select()
      .from(examProfiles)
      .orderBy(sql`${examProfiles.key} is null`, asc(examProfiles.name)),
    db
      .select()
      .from(examScoreTables)
      .orderBy(sql`${examScoreTables.grade} nulls first`),
    db
      .select({ profileId: tests.examProfileId, n: sql<number>`count(*)`.mapWith(Number) })
      .from(tests)
      .where(sql`${tests.examProfileId} is not null`)
      .groupBy(tests.examProfileId),
  ]);
  const used = new Map(counts.map((c) => [c.profileId, c.n]));
  return profiles.map((p) => present(p, tables, used.get(p.id) ?? 0));
}

function present(p: ProfileRow, tables: Array<typeof examScoreTables.$inferSelect>, testCount: number): ExamProfile {
  return {
    id: p.id,
    key: p.key,
    builtIn: p.key !== null,
    name: p.name,
    description: p.description,
    rulesAsOf: p.rulesAsOf,
    source: p.source,
    ...rulesOf(p),
    tests: testCount,
    tables: tables
      .filter((t) => t.profileId === p.id)
      .map((t) => ({ id: t.id, grade: t.grade, source: t.source, rows: t.rows })),
  };
}

async function profileOf(db: Db, id: string): Promise<ExamProfile> {
  const found = (await listProfiles(db)).find((p) => p.id === id);
  if (!found) throw NotFound(M.profileNotFound);
  return found;
}

/** A profile by id for a test or a sitting; 404 when there is none. */
export async function requireProfile(db: Db | Tx, id: string): Promise<ProfileRow> {
  const [row] = await db.select().from(examProfiles).where(eq(examProfiles.id, id));
  if (!row) throw NotFound(M.profileNotFound);
  return row;
}

const columns = (input: ExamProfileInput) => ({
  ...input,
  sections: input.sections.map((s) => ({ ...s, right: s.right ?? null })),
});

export async function createProfile(db: Db, input: ExamProfileInput): Promise<ExamProfile> {
  try {
    const [row] = await db.insert(examProfiles).values(columns(input)).returning({ id: examProfiles.id });
    return profileOf(db, row.id);
  } catch (error) {
    if (isUniqueViolation(error)) throw Conflict(M.nameTaken);
    throw error;
  }
}

/**
 * Changes an admin's profile. Sittings already started keep the rule they copied; their scores move only when staff
 * re-score the test.
 */
export async function updateProfile(db: Db, id: string, input: ExamProfileInput): Promise<ExamProfile> {
  try {
    const [row] = await db
      .update(examProfiles)
      .set({ ...columns(input), updatedAt: new Date() })
      .where(eq(examProfiles.id, id))
      .returning({ key: examProfiles.key });
    if (!row) throw NotFound(M.profileNotFound);
    if (row.key !== null) throw Conflict(M.builtIn);
    return profileOf(db, id);
  } catch (error) {
    if (isUniqueViolation(error)) throw Conflict(M.nameTaken);
    throw error;
  }
}

/** Deletes an admin's profile no test uses (the foreign key refuses one that a test names, whatever the timing). */
export async function deleteProfile(db: Db, id: string): Promise<void> {
  const profile = await requireProfile(db, id);
  if (profile.key !== null) throw Conflict(M.builtIn);
  try {
    await db.delete(examProfiles).where(eq(examProfiles.id, id));
  } catch (error) {
    if (isForeignKeyViolation(error)) throw Conflict(M.profileInUse);
    throw error;
  }
}

/** Enters (or replaces) a profile's table for a grade, or for any grade. */
export async function saveTable(db: Db, profileId: string, body: ScoreTableBody): Promise<ExamProfile> {
  await requireProfile(db, profileId);
  const parsed = parseScaledTable(body.rows);
  if ('error' in parsed) throw Invalid(parsed.error);
  const grade = body.grade ?? null;
  // One table per profile and grade (any grade: null), kept by a unique index on the grade's coalesce.
  await db.execute(sql`insert into exam_score_tables (profile_id, grade, source, rows)
    values (${profileId}, ${grade}, ${body.source ?? ''}, ${JSON.stringify(parsed.rows)}::jsonb)
    on conflict (profile_id, coalesce(grade, -1))
    do update set source = excluded.source, rows = excluded.rows, updated_at = now()`);
  return profileOf(db, profileId);
}

export async function deleteTable(db: Db, profileId: string, tableId: string): Promise<ExamProfile> {
  const deleted = await db
    .delete(examScoreTables)
    .where(sql`${examScoreTables.id} = ${tableId} and ${examScoreTables.profileId} = ${profileId}`)
    .returning({ id: examScoreTables.id });
  if (deleted.length === 0) throw NotFound(M.tableNotFound);
  return profileOf(db, profileId);
}
