import { sql, type SQL } from 'drizzle-orm';
import { RECENT_STUDENT_DAYS, STUDENT_GROUPS, searchedGrade } from '../../../common/rules/students';
import type { AssignedStudent } from '../../../common/schemas/learning';
import type { StudentFilter, StudentPage, StudentStats } from '../../../common/schemas/studentAssignments';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { rows } from '../../db/prepared';
import type { Actor } from '../../policies/actor';
import { mayActForStudent } from '../../policies/students';

const DAY_MS = 24 * 3600 * 1000;

/** `%text%` for LIKE, with the pattern characters of the text taken literally. */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The actor's students (`st_u` users joined to `st_p` profiles): all students for an admin, a teacher's own. */
function actorStudents(actor: Actor): SQL {
  return sql`st_u.type = 'student' and ${mayActForStudent(actor, sql`st_u.id`, 'write')}`;
}

/** The stat card's group and the search, as a condition on `st_u` / `st_p`. */
function filterCondition(filter: StudentFilter, now: Date): SQL {
  const parts: SQL[] = [];
  const band = STUDENT_GROUPS[filter.group].grades;
  if (band)
    parts.push(
      sql`st_p.grade_level in (${sql.join(
        band.map((g) => sql`${g}`),
        sql`, `,
      )})`,
    );
  if (filter.group === 'recent')
    parts.push(
      sql`st_u.created_at >= ${new Date(now.getTime() - RECENT_STUDENT_DAYS * DAY_MS).toISOString()}::timestamptz`,
    );
  const q = filter.q?.trim();
  if (q) {
    const pattern = containsPattern(q);
    const grade = searchedGrade(q);
    // E-mails are stored lower-cased; names and schools are compared lower-cased.
    parts.push(sql`(
      lower(st_p.first_name || ' ' || st_p.last_name) like ${pattern}
      or lower(st_p.last_name || ' ' || st_p.first_name) like ${pattern}
      or st_u.email like ${pattern}
      or lower(coalesce(st_p.school, '')) like ${pattern}
      ${grade ? sql`or st_p.grade_level = ${grade}` : sql``}
    )`);
  }
  return parts.length ? sql` and ${sql.join(parts, sql` and `)}` : sql``;
}

/** The ids of the actor's students in a filter, for "all in this filter". */
export async function studentIdsIn(db: Db, actor: Actor, filter: StudentFilter, now: Date): Promise<string[]> {
  const found = await rows<{ id: string }>(
    db,
    sql`select st_u.id from users st_u left join profiles st_p on st_p.user_id = st_u.id where ${actorStudents(actor)}${filterCondition(filter, now)}`,
  );
  return found.map((r) => r.id);
}

async function statsOf(db: Db, actor: Actor, now: Date): Promise<StudentStats> {
  const band = (grades: readonly string[]) =>
    sql`count(*) filter (where st_p.grade_level in (${sql.join(
      grades.map((g) => sql`${g}`),
      sql`, `,
    )}))`;
  const since = new Date(now.getTime() - RECENT_STUDENT_DAYS * DAY_MS).toISOString();
  const [row] = await rows<Record<keyof StudentStats, string | number>>(
    db,
    sql`select count(*) as "all",
      ${band(STUDENT_GROUPS.grades1to5.grades)} as "grades1to5",
      ${band(STUDENT_GROUPS.grades6to8.grades)} as "grades6to8",
      ${band(STUDENT_GROUPS.grades9to12.grades)} as "grades9to12",
      count(*) filter (where st_u.created_at >= ${since}::timestamptz) as "recent"
    from users st_u left join profiles st_p on st_p.user_id = st_u.id
    where ${actorStudents(actor)}`,
  );
  return {
    all: Number(row.all),
    grades1to5: Number(row.grades1to5),
    grades6to8: Number(row.grades6to8),
    grades9to12: Number(row.grades9to12),
    recent: Number(row.recent),
  };
}

interface PageRow {
  id: string;
  email: string;
  created_at: string | Date;
  first_name: string | null;
  last_name: string | null;
  grade_level: string | null;
  school: string | null;
  total: string | number;
  courses: Array<{ id: string; name: string; code: string }> | string;
  units: string[] | string;
  sections: string[] | string;
}

/** PGlite and node-postgres hand json and arrays back alike, but keep to strings where a driver might not parse. */
const parsed = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

/**
 * One page of the actor's students with their assignments, and the stat cards' figures, in two statements
 * whatever the number of students: the page (numbered, counted and ordered in the database, its assignments
 * gathered per student of the page only) and the figures.
 */
export async function studentPage(
  ctx: AppContext,
  actor: Actor,
  query: StudentFilter & { page: number; pageSize: number },
): Promise<StudentPage> {
  const now = ctx.now();
  const offset = (query.page - 1) * query.pageSize;
  const where = sql`${actorStudents(actor)}${filterCondition(query, now)}`;
  const [page, stats] = await Promise.all([
    rows<PageRow>(
      ctx.db,
      sql`with st_page as (
        select st_u.id, st_u.email, st_u.created_at, st_p.first_name, st_p.last_name, st_p.grade_level, st_p.school,
          count(*) over () as total
        from users st_u left join profiles st_p on st_p.user_id = st_u.id
        where ${where}
        order by st_p.last_name, st_p.first_name, st_u.email, st_u.id
        limit ${query.pageSize} offset ${offset}
      )
      select st_page.*,
        coalesce((select json_agg(json_build_object('id', pc.id, 'name', pc.title, 'code', pc.code) order by pc.title, pc.id)
          from student_courses psc join courses pc on pc.id = psc.course_id where psc.student_id = st_page.id), '[]'::json) as courses,
        array(select psu.unit_id::text from student_units psu where psu.student_id = st_page.id order by psu.created_at, psu.unit_id) as units,
        array(select pss.section_id::text from student_sections pss where pss.student_id = st_page.id order by pss.created_at, pss.section_id) as sections
      from st_page
      order by st_page.last_name, st_page.first_name, st_page.email, st_page.id`,
    ),
    statsOf(ctx.db, actor, now),
  ]);
  let total = page.length ? Number(page[0].total) : 0;
  // A page past the end has no row to carry the count.
  if (!page.length && offset > 0) {
    const [row] = await rows<{ n: string | number }>(
      ctx.db,
      sql`select count(*) as n from users st_u left join profiles st_p on st_p.user_id = st_u.id where ${where}`,
    );
    total = Number(row.n);
  }
  return { students: page.map(present), total, page: query.page, pageSize: query.pageSize, stats };
}

function present(row: PageRow): AssignedStudent {
  const firstName = row.first_name ?? '';
  const lastName = row.last_name ?? '';
  const courses = parsed(row.courses);
  return {
    id: row.id,
    fullName: `${firstName} ${lastName}`.trim() || row.email,
    firstName,
    lastName,
    grade: row.grade_level,
    email: row.email,
    school: row.school,
    createdAt: new Date(row.created_at).toISOString(),
    courses: courses.map((c) => ({ id: c.id, courseId: c.id, name: c.name, code: c.code })),
    units: arrayOf(row.units),
    sections: arrayOf(row.sections),
  };
}

/** A text[] as the driver gives it: an array, or PostgreSQL's `{a,b}` literal (uuids need no quoting). */
function arrayOf(value: string[] | string): string[] {
  if (Array.isArray(value)) return value;
  const inner = value.slice(1, -1);
  return inner ? inner.split(',') : [];
}
