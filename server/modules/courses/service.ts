import { and, eq, like, max, ne, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  COURSE_DELETE_MESSAGES,
  type courseBody,
  type Course,
  type CourseDeletePreview,
  type courseUpdateBody,
  type Section,
  type sectionBody,
  type sectionUpdateBody,
  type Unit,
  type unitBody,
  type unitUpdateBody,
} from '../../../common/schemas/courses';
import type { AppContext } from '../../context';
import type { Db, Tx } from '../../db/client';
import { rows } from '../../db/prepared';
import { courses, sections, units } from '../../db/schema';
import { Conflict, isUniqueViolation, NotFound } from '../../lib/errors';
import { sanitizeRichText } from '../../lib/sanitize';
import { codeFromTitle, firstFreeCode } from './code';
import { byCourse, byUnit, sectionSummariesJson, selectCourses, selectSections, selectUnits } from './queries';

type CourseInput = z.output<typeof courseBody>;
type UnitInput = z.output<typeof unitBody>;
type SectionInput = z.output<typeof sectionBody>;
/** An edit: a field left out is undefined, and the update leaves its column as it is. */
type CourseChange = z.output<typeof courseUpdateBody>;
type UnitChange = z.output<typeof unitUpdateBody>;
type SectionChange = z.output<typeof sectionUpdateBody>;

export const COURSE_NOT_FOUND = 'Course not found';
export const UNIT_NOT_FOUND = 'Unit not found';
export const SECTION_NOT_FOUND = 'Section not found';
const codeTaken = (code: string) => `The course code ${code} is already in use`;

const iso = (d: Date) => d.toISOString();

function presentCourse(row: Awaited<ReturnType<typeof selectCourses>>[number]): Course {
  return { ...row, name: row.title, createdAt: iso(row.createdAt), updatedAt: iso(row.updatedAt) };
}
function presentUnit(row: Awaited<ReturnType<typeof selectUnits>>[number]): Unit {
  return { ...row, order: row.unitNumber, createdAt: iso(row.createdAt), updatedAt: iso(row.updatedAt) };
}
function presentSection(row: Awaited<ReturnType<typeof selectSections>>[number]): Section {
  return { ...row, order: row.sectionNumber, createdAt: iso(row.createdAt), updatedAt: iso(row.updatedAt) };
}

// ---- courses ----

export async function listCourses(db: Db): Promise<Course[]> {
  return (await selectCourses(db)).map(presentCourse);
}

export async function getCourse(db: Db, id: string): Promise<Course> {
  const [row] = await selectCourses(db, eq(courses.id, id));
  if (!row) throw NotFound(COURSE_NOT_FOUND);
  return presentCourse(row);
}

/** A readable code from the title, with -2, -3 ... when taken. One query reads every code it could clash with. */
async function generateCode(db: Db | Tx, title: string): Promise<string> {
  const base = codeFromTitle(title);
  const taken = await db
    .select({ code: courses.code })
    .from(courses)
    .where(or(eq(courses.code, base), like(courses.code, `${base}-%`)));
  return firstFreeCode(base, new Set(taken.map((t) => t.code)));
}

export async function createCourse(ctx: AppContext, userId: string, input: CourseInput): Promise<Course> {
  // A generated code can lose a race with a simultaneous create: try again with the next free one.
  for (let attempt = 0; ; attempt++) {
    const code = input.code ?? (await generateCode(ctx.db, input.title));
    try {
      const [row] = await ctx.db
        .insert(courses)
        .values({ title: input.title, description: input.description, code, createdBy: userId })
        .returning({ id: courses.id });
      return getCourse(ctx.db, row.id);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      if (input.code || attempt >= 3) throw Conflict(codeTaken(code));
    }
  }
}

export async function updateCourse(ctx: AppContext, id: string, input: CourseChange): Promise<Course> {
  try {
    const [row] = await ctx.db
      .update(courses)
      .set({
        title: input.title,
        description: input.description,
        ...(input.code ? { code: input.code } : {}),
        updatedAt: ctx.now(),
      })
      .where(eq(courses.id, id))
      .returning({ id: courses.id });
    if (!row) throw NotFound(COURSE_NOT_FOUND);
  } catch (error) {
    if (isUniqueViolation(error)) throw Conflict(codeTaken(input.code ?? ''));
    throw error;
  }
  return getCourse(ctx.db, id);
}

/**
 * Deletes a course with its units, sections, their question links and every student assignment to any of them,
 * as the confirmation text promises. The foreign keys cascade, so one statement does it atomically.
 */
/**
 * What deleting a course reaches: the students it, one of its units or one of its sections is assigned to, and the
 * saved tests that use questions placed in its sections (they keep the questions, which stay in the bank).
 */
async function reachOf(db: Db | Tx, id: string): Promise<{ students: number; tests: number }> {
  const [row] = await rows<{ students: number; tests: number }>(
    db,
    sql`select
          (select count(*)::int from (
             select sc.student_id from student_courses sc where sc.course_id = ${id}
             union select su.student_id from student_units su join units u on u.id = su.unit_id where u.course_id = ${id}
             union select ss.student_id from student_sections ss join sections s on s.id = ss.section_id join units u on u.id = s.unit_id where u.course_id = ${id}
           ) reached) as students,
          (select count(distinct tq.test_id)::int from test_questions tq
             join section_questions sq on sq.question_id = tq.question_id
             join sections s on s.id = sq.section_id join units u on u.id = s.unit_id
           where u.course_id = ${id}) as tests`,
  );
  return row;
}

export async function courseDeletePreview(db: Db, id: string): Promise<CourseDeletePreview> {
  await findCourse(db, id);
  const reach = await reachOf(db, id);
  return { ...reach, message: COURSE_DELETE_MESSAGES.reach(reach.students, reach.tests) };
}

/**
 * Deletes a course with its units and sections. A course assigned to students is deleted only when the caller
 * confirmed it (409 otherwise, naming how many). The course's row is locked first, so an assignment of it cannot
 * slip in between the count and the delete (an assignment takes a key share of its course).
 */
export async function deleteCourse(db: Db, id: string, confirmed: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    await lockCourse(tx, id);
    if (!confirmed) {
      const { students } = await reachOf(tx, id);
      if (students > 0) throw Conflict(COURSE_DELETE_MESSAGES.confirmNeeded(students));
    }
    await tx.delete(courses).where(eq(courses.id, id));
  });
}

// ---- units ----

export async function listUnits(db: Db, courseId?: string): Promise<Unit[]> {
  const rows = await selectUnits(db, byCourse(courseId));
  // An empty list may mean an unknown course: only then is a second look needed.
  if (courseId && !rows.length) await findCourse(db, courseId);
  return rows.map(presentUnit);
}

async function getUnit(db: Db, id: string): Promise<Unit> {
  const [row] = await selectUnits(db, eq(units.id, id));
  if (!row) throw NotFound(UNIT_NOT_FOUND);
  return presentUnit(row);
}

/** Reads the course, or answers 404. */
async function findCourse(db: Db | Tx, courseId: string, lock = false) {
  const query = db.select({ id: courses.id }).from(courses).where(eq(courses.id, courseId));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw NotFound(COURSE_NOT_FOUND);
}

/** Locks the course for the transaction, so two creates cannot hand out the same unit number. */
const lockCourse = (tx: Tx, courseId: string) => findCourse(tx, courseId, true);

/** The number asked for, checked free in its course, or the next one after the highest. */
async function unitNumberFor(tx: Tx, courseId: string, wanted: number | null, selfId?: string): Promise<number> {
  if (wanted === null) {
    const [row] = await tx
      .select({ top: max(units.unitNumber) })
      .from(units)
      .where(eq(units.courseId, courseId));
    return (row?.top ?? 0) + 1;
  }
  const [clash] = await tx
    .select({ id: units.id })
    .from(units)
    .where(and(eq(units.courseId, courseId), eq(units.unitNumber, wanted), selfId ? ne(units.id, selfId) : undefined))
    .limit(1);
  if (clash) throw Conflict(`Unit number ${wanted} is already used in this course`);
  return wanted;
}

export async function createUnit(ctx: AppContext, courseId: string, input: UnitInput): Promise<Unit> {
  const id = await ctx.db.transaction(async (tx) => {
    await lockCourse(tx, courseId);
    const unitNumber = await unitNumberFor(tx, courseId, input.unitNumber);
    const [row] = await tx
      .insert(units)
      .values({ courseId, title: input.title, grade: input.grade, categories: input.categories, unitNumber })
      .returning({ id: units.id });
    return row.id;
  });
  return getUnit(ctx.db, id);
}

export async function updateUnit(ctx: AppContext, id: string, input: UnitChange): Promise<Unit> {
  await ctx.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ courseId: units.courseId, unitNumber: units.unitNumber })
      .from(units)
      .where(eq(units.id, id));
    if (!current) throw NotFound(UNIT_NOT_FOUND);
    await lockCourse(tx, current.courseId);
    // An emptied or omitted number keeps the unit where it is rather than moving it to the end.
    const unitNumber =
      input.unitNumber == null ? current.unitNumber : await unitNumberFor(tx, current.courseId, input.unitNumber, id);
    await tx
      .update(units)
      .set({ title: input.title, grade: input.grade, categories: input.categories, unitNumber, updatedAt: ctx.now() })
      .where(eq(units.id, id));
  });
  return getUnit(ctx.db, id);
}

/** Deletes a unit with its sections, their question links and student assignments (cascading keys, one statement). */
export async function deleteUnit(db: Db, id: string): Promise<void> {
  const deleted = await db.delete(units).where(eq(units.id, id)).returning({ id: units.id });
  if (!deleted.length) throw NotFound(UNIT_NOT_FOUND);
}

// ---- sections ----

export async function listSections(db: Db, unitId: string): Promise<Section[]> {
  const rows = await selectSections(db, byUnit(unitId));
  if (!rows.length) await findUnit(db, unitId);
  return rows.map(presentSection);
}

/** The admin and teacher section lists, as JSON text (see sectionSummariesJson). */
export function sectionSummaries(db: Db, filter: { unitId?: string; courseId?: string }): Promise<string> {
  return sectionSummariesJson(db, byUnit(filter.unitId, filter.courseId));
}

async function getSection(db: Db, id: string): Promise<Section> {
  const [row] = await selectSections(db, eq(sections.id, id));
  if (!row) throw NotFound(SECTION_NOT_FOUND);
  return presentSection(row);
}

/** Reads the unit, or answers 404. */
async function findUnit(db: Db | Tx, unitId: string, lock = false) {
  const query = db.select({ id: units.id }).from(units).where(eq(units.id, unitId));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw NotFound(UNIT_NOT_FOUND);
}

/** Locks the unit for the transaction, so two creates cannot hand out the same section number. */
const lockUnit = (tx: Tx, unitId: string) => findUnit(tx, unitId, true);

async function sectionNumberFor(tx: Tx, unitId: string, wanted: number | null, selfId?: string): Promise<number> {
  if (wanted === null) {
    const [row] = await tx
      .select({ top: max(sections.sectionNumber) })
      .from(sections)
      .where(eq(sections.unitId, unitId));
    return (row?.top ?? 0) + 1;
  }
  const [clash] = await tx
    .select({ id: sections.id })
    .from(sections)
    .where(
      and(
        eq(sections.unitId, unitId),
        eq(sections.sectionNumber, wanted),
        selfId ? ne(sections.id, selfId) : undefined,
      ),
    )
    .limit(1);
  if (clash) throw Conflict(`Section number ${wanted} is already used in this unit`);
  return wanted;
}

export async function createSection(ctx: AppContext, unitId: string, input: SectionInput): Promise<Section> {
  const content = sanitizeRichText(input.content);
  const id = await ctx.db.transaction(async (tx) => {
    await lockUnit(tx, unitId);
    const sectionNumber = await sectionNumberFor(tx, unitId, input.sectionNumber);
    const [row] = await tx
      .insert(sections)
      .values({ unitId, title: input.title, grade: input.grade, content, sectionNumber })
      .returning({ id: sections.id });
    return row.id;
  });
  return getSection(ctx.db, id);
}

export async function updateSection(ctx: AppContext, id: string, input: SectionChange): Promise<Section> {
  const content = input.content === undefined ? undefined : sanitizeRichText(input.content);
  await ctx.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ unitId: sections.unitId, sectionNumber: sections.sectionNumber })
      .from(sections)
      .where(eq(sections.id, id));
    if (!current) throw NotFound(SECTION_NOT_FOUND);
    await lockUnit(tx, current.unitId);
    const sectionNumber =
      input.sectionNumber == null
        ? current.sectionNumber
        : await sectionNumberFor(tx, current.unitId, input.sectionNumber, id);
    await tx
      .update(sections)
      .set({ title: input.title, grade: input.grade, content, sectionNumber, updatedAt: ctx.now() })
      .where(eq(sections.id, id));
  });
  return getSection(ctx.db, id);
}

/** Deletes a section with its question links and student assignments (cascading keys). */
export async function deleteSection(db: Db, id: string): Promise<void> {
  const deleted = await db.delete(sections).where(eq(sections.id, id)).returning({ id: sections.id });
  if (!deleted.length) throw NotFound(SECTION_NOT_FOUND);
}
