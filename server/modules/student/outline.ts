import { eq, sql } from 'drizzle-orm';
import type { CourseDetail } from '../../../common/schemas/learning';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { preparedFor, rows } from '../../db/prepared';
import { courses } from '../../db/schema';
import { openIdsJson, outlineFrom, type OpenIds, type StudentOutline } from './progress';

/**
 * What a student's pages read of the courses, kept in memory: each course's structure, shared by all its students,
 * and each student's outline, which is what is open to them (one statement of ids) seen through those structures.
 */

function prepareCourseStructure(db: Db) {
  const structure = sql<CourseDetail>`json_build_object(
    'course', json_build_object('name', ${courses.title}, 'code', ${courses.code}, 'description', ${courses.description}),
    'units', coalesce((
      select json_agg(json_build_object(
        'id', u.id, 'title', u.title, 'unitNumber', u.unit_number, 'grade', u.grade, 'categories', u.categories,
        'courseId', u.course_id, 'hasAccess', false,
        'sections', coalesce((
          select json_agg(json_build_object(
            'id', s.id, 'title', s.title, 'sectionNumber', s.section_number, 'grade', s.grade, 'unitId', s.unit_id,
            'hasAccess', false, 'content', s.content,
            'video', case when s.video_provider is null then null else json_build_object('provider', s.video_provider, 'id', s.video_id) end,
            'exercises', coalesce((select json_agg(sq.question_id order by sq.position) from section_questions sq where sq.section_id = s.id), '[]'::json)
          ) order by s.section_number, s.title)
          from sections s where s.unit_id = u.id), '[]'::json)
      ) order by u.unit_number, u.title)
      from units u where u.course_id = courses.id), '[]'::json))`;
  return db
    .select({ structure })
    .from(courses)
    .where(eq(courses.id, sql.placeholder('courseId')))
    .prepare('course_structure');
}
const courseStructureQueries = new WeakMap<Db, ReturnType<typeof prepareCourseStructure>>();

/**
 * A course before what is open to whom (every `hasAccess` false): its units and sections in order, each section with
 * its lesson and exercises; null when there is no such course.
 */
export async function readCourseStructure(db: Db, courseId: string): Promise<CourseDetail | null> {
  const [row] = await preparedFor(db, courseStructureQueries, prepareCourseStructure).execute({ courseId });
  return row?.structure ?? null;
}

/** A course's structure, read once for all its students until its content changes. */
export const courseStructureOf = (ctx: AppContext, courseId: string): Promise<CourseDetail | null> =>
  ctx.memos.courseStructure.remember(
    { course: courseId },
    () => readCourseStructure(ctx.db, courseId),
    (found) => found !== null,
  );

/** A student's outline from what is open to them and the structures of their courses. */
export async function composeOutline(
  open: OpenIds,
  structureOf: (courseId: string) => Promise<CourseDetail | null>,
): Promise<StudentOutline> {
  const structures = new Map<string, CourseDetail>();
  await Promise.all(
    open.courseIds.map(async (courseId) => {
      const structure = await structureOf(courseId);
      if (structure) structures.set(courseId, structure);
    }),
  );
  return outlineFrom(open, structures);
}

/** What is open to a student, by id, in outline order. */
export async function readOpenIds(db: Db, studentId: string): Promise<OpenIds> {
  const [row] = await rows<{ open: OpenIds }>(db, sql`select ${openIdsJson(studentId)} as open`);
  return row.open;
}

/**
 * The student's courses, open units and open sections with their exercises, kept until content or assignments
 * change: one statement of ids, and the kept structure of each course.
 */
export const outlineOf = (ctx: AppContext, studentId: string): Promise<StudentOutline> =>
  ctx.memos.studentOutline.remember({ student: studentId }, async () =>
    composeOutline(await readOpenIds(ctx.db, studentId), (courseId) => courseStructureOf(ctx, courseId)),
  );
