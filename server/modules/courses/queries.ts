import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rows } from '../../db/prepared';
import { courses, sections, units } from '../../db/schema';

/**
 * The list queries. Each list is one statement: the counts and question ids come from correlated
 * sub-queries that use the (course_id, unit_number), (unit_id, section_number) and section_questions primary-key
 * indexes, never a query per row.
 */

// Written out with their own aliases: drizzle leaves columns unqualified in single-table selects, which would make
// "id" ambiguous inside a sub-query.
const unitCount = sql<number>`(select count(*)::int from units cu where cu.course_id = "courses"."id")`;
const sectionCountOfUnit = sql<number>`(select count(*)::int from sections us where us.unit_id = "units"."id")`;
const exercises = sql<
  string[]
>`coalesce((select array_agg(sq.question_id::text order by sq.position) from section_questions sq where sq.section_id = "sections"."id"), '{}')`;

export function selectCourses(db: Db, where?: SQL) {
  return db
    .select({
      id: courses.id,
      title: courses.title,
      code: courses.code,
      description: courses.description,
      createdAt: courses.createdAt,
      updatedAt: courses.updatedAt,
      unitCount,
    })
    .from(courses)
    .where(where)
    .orderBy(desc(courses.createdAt), asc(courses.title));
}

export function selectUnits(db: Db, where?: SQL) {
  return db
    .select({
      id: units.id,
      courseId: units.courseId,
      courseTitle: courses.title,
      title: units.title,
      unitNumber: units.unitNumber,
      grade: units.grade,
      categories: units.categories,
      createdAt: units.createdAt,
      updatedAt: units.updatedAt,
      sectionCount: sectionCountOfUnit,
    })
    .from(units)
    .innerJoin(courses, eq(courses.id, units.courseId))
    .where(where)
    .orderBy(asc(courses.title), asc(units.courseId), asc(units.unitNumber), asc(units.createdAt));
}

const sectionColumns = {
  id: sections.id,
  unitId: sections.unitId,
  unitTitle: units.title,
  courseId: units.courseId,
  title: sections.title,
  sectionNumber: sections.sectionNumber,
  grade: sections.grade,
  createdAt: sections.createdAt,
  updatedAt: sections.updatedAt,
  exercises,
};

export function selectSections(db: Db, where?: SQL) {
  return db
    .select({
      ...sectionColumns,
      content: sections.content,
      videoProvider: sections.videoProvider,
      videoId: sections.videoId,
    })
    .from(sections)
    .innerJoin(units, eq(units.id, sections.unitId))
    .where(where)
    .orderBy(
      asc(units.courseId),
      asc(units.unitNumber),
      asc(sections.unitId),
      asc(sections.sectionNumber),
      asc(sections.createdAt),
    );
}

/** An ISO-8601 time in UTC with milliseconds, exactly as Date.prototype.toISOString writes it. */
const isoTime = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The section rows without the content, for the pickers of the assignment screens, as one JSON text built by
 * the database: the whole catalogue is 20,000 rows, which mapping and serializing row by row in the server
 * would stall every other request for most of a second. The object is the `sectionSummaryReply` presenter.
 */
export async function sectionSummariesJson(db: Db, where?: SQL): Promise<string> {
  // The question ids are gathered in one grouped pass over the picked sections' links, not a sub-query per row.
  const [row] = await rows<{ json: string }>(
    db,
    sql`
    with picked as (
      select ${sections.id} as id, ${sections.unitId} as unit_id, ${units.title} as unit_title, ${units.courseId} as course_id,
             ${units.unitNumber} as unit_number, ${sections.title} as title, ${sections.sectionNumber} as section_number,
             ${sections.grade} as grade, ${sections.createdAt} as created_at, ${sections.updatedAt} as updated_at
      from ${sections} inner join ${units} on ${units.id} = ${sections.unitId}
      ${where ? sql`where ${where}` : sql``}
    ),
    exercises as (
      select sq.section_id, json_agg(sq.question_id order by sq.position) as ids
      from section_questions sq join picked p on p.id = sq.section_id group by sq.section_id
    )
    select coalesce(json_agg(json_build_object(
      'id', p.id, 'unitId', p.unit_id, 'unitTitle', p.unit_title, 'courseId', p.course_id, 'title', p.title,
      'sectionNumber', p.section_number, 'order', p.section_number, 'grade', p.grade, 'exercises', coalesce(e.ids, '[]'::json),
      'createdAt', ${isoTime(sql`p.created_at`)}, 'updatedAt', ${isoTime(sql`p.updated_at`)}
    ) order by p.course_id, p.unit_number, p.unit_id, p.section_number, p.created_at), '[]'::json)::text as json
    from picked p left join exercises e on e.section_id = p.id`,
  );
  return row.json;
}

export const byCourse = (courseId?: string) => (courseId ? eq(units.courseId, courseId) : undefined);
export const byUnit = (unitId?: string, courseId?: string) =>
  and(unitId ? eq(sections.unitId, unitId) : undefined, byCourse(courseId));
