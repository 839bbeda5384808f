/**
 * Migration 0004 on a database built at the schema before it (migrations 0000-0003) and filled as the former rules
 * allowed: every student opens exactly the sections they opened before, now through explicit rows, and the
 * assignments the former check's fault let in are gone. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANNELS } from './changes';
import { accessibleSectionIds } from '../modules/student/access';
import { openPglite, openPostgres, type Database, type Db } from './client';
import { rows } from './prepared';

const MIGRATIONS = path.join(__dirname, 'migrations');
const BEFORE = 4; // 0000-0003: the schema this migration upgrades
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-migration-'));

/** The migrations folder as it was before 0004. */
function migrationsBefore(): string {
  const folder = path.join(scratch, 'migrations');
  fs.mkdirSync(path.join(folder, 'meta'), { recursive: true });
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS, 'meta/_journal.json'), 'utf8'));
  journal.entries = journal.entries.slice(0, BEFORE);
  fs.writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify(journal));
  for (const entry of journal.entries)
    fs.copyFileSync(path.join(MIGRATIONS, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  return folder;
}

/** The rule before 0004, word for word: a unit with no section assigned individually opened all its sections. */
const formerlyAccessible = (studentId: string) => sql`
  select s.id from sections s
  join units u on u.id = s.unit_id
  join student_units su on su.unit_id = s.unit_id and su.student_id = ${studentId}
  join student_courses sc on sc.course_id = u.course_id and sc.student_id = ${studentId}
  where exists (select 1 from student_sections ss where ss.section_id = s.id and ss.student_id = ${studentId})
     or not exists (
       select 1 from student_sections ss join sections picked on picked.id = ss.section_id
       where ss.student_id = ${studentId} and picked.unit_id = s.unit_id)`;

/** A database at the former schema, then the upgrade exactly as a server start runs it. */
interface Upgrade {
  db: Db;
  upgrade(): Promise<Database>;
  drop(): Promise<void>;
}

async function pgliteAtFormerSchema(): Promise<Upgrade> {
  const dataDir = path.join(scratch, 'data');
  fs.mkdirSync(dataDir);
  const client = await PGlite.create(path.join(dataDir, 'pg'), { extensions: { pg_trgm } });
  const db = drizzlePglite(client) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder: migrationsBefore() });
  return {
    db,
    async upgrade() {
      await client.close();
      return openPglite(dataDir);
    },
    async drop() {
      if (!client.closed) await client.close();
    },
  };
}

async function postgresAtFormerSchema(url: string): Promise<Upgrade> {
  const name = `academy_migration_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: target.toString(), max: 2 });
  const db = drizzlePg(pool) as unknown as Db;
  await migratePg(db as never, { migrationsFolder: migrationsBefore() });
  let ended = false;
  return {
    db,
    async upgrade() {
      await pool.end();
      ended = true;
      return openPostgres(target.toString(), 2);
    },
    async drop() {
      if (!ended) await pool.end();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

const one = async <T>(db: Db, query: SQL) => (await rows<T>(db, query))[0];
const ids = async (db: Db, query: SQL) => (await rows<{ id: string }>(db, query)).map((r) => r.id).sort();

let before: Upgrade;
let after: Database;
const people: Record<'ana' | 'ben' | 'cy', string> = {} as never;
const content: {
  courseOne: string;
  courseTwo: string;
  units: string[][];
  foreignUnit: string;
  foreignSections: string[];
} = {} as never;
const accessBefore = new Map<string, string[]>();
const sectionRowsBefore = new Map<string, string[]>();

beforeAll(async () => {
  const url = process.env.TEST_DATABASE_URL;
  before = url ? await postgresAtFormerSchema(url) : await pgliteAtFormerSchema();
  const db = before.db;
  const insertId = (query: SQL) => one<{ id: string }>(db, query).then((r) => r.id);
  const staff = await insertId(
    sql`insert into users (email, password_hash, type) values ('teacher@example.com', 'x', 'teacher') returning id`,
  );
  for (const name of ['ana', 'ben', 'cy'] as const) {
    people[name] = await insertId(
      sql`insert into users (email, password_hash, type) values (${`${name}@example.com`}, 'x', 'student') returning id`,
    );
  }
  const course = (code: string) =>
    insertId(sql`insert into courses (title, code) values (${code}, ${code}) returning id`);
  const unit = (courseId: string, n: number) =>
    insertId(
      sql`insert into units (course_id, title, unit_number) values (${courseId}, ${`Unit ${n}`}, ${n}) returning id`,
    );
  const section = (unitId: string, n: number) =>
    insertId(
      sql`insert into sections (unit_id, title, section_number) values (${unitId}, ${`Section ${n}`}, ${n}) returning id`,
    );
  content.courseOne = await course('ONE');
  content.courseTwo = await course('TWO');
  content.units = [];
  for (let u = 1; u <= 3; u++) {
    const unitId = await unit(content.courseOne, u);
    content.units.push([unitId, ...(await Promise.all([1, 2, 3].map((n) => section(unitId, n))))]);
  }
  content.foreignUnit = await unit(content.courseTwo, 1);
  content.foreignSections = await Promise.all([1, 2].map((n) => section(content.foreignUnit, n)));

  const at = '2025-03-01T10:00:00.000Z';
  const give = (
    table: 'student_courses' | 'student_units' | 'student_sections',
    column: string,
    studentId: string,
    itemId: string,
  ) =>
    db.execute(
      sql`insert into ${sql.identifier(table)} (student_id, ${sql.identifier(column)}, assigned_by, created_at) values (${studentId}, ${itemId}, ${staff}, ${at})`,
    );
  const [u1, u2, u3] = content.units;
  // Ana: unit 1 whole (no section picked), unit 2 narrowed to its first section, unit 3 not assigned but one of its
  // sections is (the former check let it in), and a unit of course two, which she does not hold (likewise).
  await give('student_courses', 'course_id', people.ana, content.courseOne);
  await give('student_units', 'unit_id', people.ana, u1[0]);
  await give('student_units', 'unit_id', people.ana, u2[0]);
  await give('student_sections', 'section_id', people.ana, u2[1]);
  await give('student_sections', 'section_id', people.ana, u3[2]);
  await give('student_units', 'unit_id', people.ana, content.foreignUnit);
  // Ben: units 2 and 3 whole, and course two with no unit.
  await give('student_courses', 'course_id', people.ben, content.courseOne);
  await give('student_courses', 'course_id', people.ben, content.courseTwo);
  await give('student_units', 'unit_id', people.ben, u2[0]);
  await give('student_units', 'unit_id', people.ben, u3[0]);
  // Cy: nothing.
  for (const studentId of Object.values(people)) {
    accessBefore.set(studentId, await ids(db, sql`select f.id from (${formerlyAccessible(studentId)}) f`));
    sectionRowsBefore.set(
      studentId,
      await ids(db, sql`select ss.section_id as id from student_sections ss where ss.student_id = ${studentId}`),
    );
  }
  after = await before.upgrade();
}, 120_000);

afterAll(async () => {
  await after?.close();
  await before?.drop();
  fs.rmSync(scratch, { recursive: true, force: true });
});

describe('migration 0004: explicit section access', () => {
  it('the fixture reaches sections through the former whole-unit rule (so the test can fail)', () => {
    const [u1, u2, u3] = content.units;
    expect(accessBefore.get(people.ana)).toEqual([...u1.slice(1), u2[1]].sort());
    expect(accessBefore.get(people.ben)).toEqual([...u2.slice(1), ...u3.slice(1)].sort());
    expect(accessBefore.get(people.cy)).toEqual([]);
    expect(sectionRowsBefore.get(people.ben)).toEqual([]);
  });

  it('every student opens exactly the sections they opened before, each through a row of its own', async () => {
    for (const [studentId, sections] of accessBefore) {
      expect(
        await ids(after.db, sql`select granted.section_id as id from (${accessibleSectionIds(studentId)}) granted`),
      ).toEqual(sections);
      expect(
        await ids(
          after.db,
          sql`select ss.section_id as id from student_sections ss where ss.student_id = ${studentId}`,
        ),
      ).toEqual(sections);
    }
  });

  it("dates and signs the new rows like the unit's, and removes the assignments that opened nothing", async () => {
    const [u1] = content.units;
    const added = await rows<{ assigned_by: string; created_at: string | Date }>(
      after.db,
      sql`select ss.assigned_by, ss.created_at from student_sections ss where ss.student_id = ${people.ana} and ss.section_id = ${u1[1]}`,
    );
    expect(added).toHaveLength(1);
    expect(new Date(added[0].created_at).toISOString()).toBe('2025-03-01T10:00:00.000Z');
    expect(added[0].assigned_by).toEqual(expect.any(String));
    expect(
      await ids(after.db, sql`select su.unit_id as id from student_units su where su.student_id = ${people.ana}`),
    ).toEqual([content.units[0][0], content.units[1][0]].sort());
  });

  it('runs once: the upgraded database is at the latest migration and assignment writes still notify every instance', async () => {
    const applied = await one<{ n: number }>(
      after.db,
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS, 'meta/_journal.json'), 'utf8'));
    expect(applied.n).toBe(journal.entries.length);
    const heard: string[] = [];
    await after.listen(CHANNELS.content, (payload) => heard.push(payload));
    await after.db.execute(sql`delete from student_sections ss where ss.student_id = ${people.ben}`);
    await expect.poll(() => heard).toContain(`s:${people.ben}`);
  });
});
