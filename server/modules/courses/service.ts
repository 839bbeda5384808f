import { and, eq, like, max, ne, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  COURSE_DELETE_MESSAGES,
  type Course,
  type CourseDeletePreview,
  type courseUpdateBody,
  type Section,
  type sectionUpdateBody,
  type Unit,
  type unitUpdateBody,
} from '../../../common/schemas/courses';
import { parseVideoUrl, type VideoRef } from '../../../common/schemas/video';
import type { AppContext } from '../../context';
import type { Db, Tx } from '../../db/client';
import { rows } from '../../db/prepared';
import { courses, sections, units } from '../../db/schema';
import { Conflict, isUniqueViolation, NotFound } from '../../lib/errors';
import { sanitizeRichText } from '../../lib/sanitize';
import { codeFromTitle, firstFreeCode } from './code';
import { byCourse, byUnit, sectionSummariesJson, selectCourses, selectSections, selectUnits } from './queries';

const iso = (d: Date) => d.toISOString();

function presentCourse(row: Awaited<ReturnType<typeof selectCourses>>[number]): Course {
  return { ...row, name: row.title, createdAt: iso(row.createdAt), updatedAt: iso(row.updatedAt) };
}
function presentUnit(row: Awaited<ReturnType<typeof selectUnits>>[number]): Unit {
  return { ...row, order: row.unitNumber, createdAt: iso(row.createdAt), updatedAt: iso(row.updatedAt) };
}
function presentSection(row: Awaited<ReturnType<typeof selectSections>>[number]): Section {
  const { videoProvider, videoId, ...rest } = row;
  return {
    ...rest,
    video: videoProvider && videoId ? { provider: videoProvider, id: videoId } : null,
    order: row.sectionNumber,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

// ---- the three levels: what creating and editing a course, a unit and a section differ in ----

/** The column values a save writes; a value left undefined leaves its column as it is (or at its default). */
type Values = Record<string, unknown>;

/** Where a save writes: a new row (under its parent, by its author; a course has no parent) or an existing one. */
type Creation = { parentId: string | null; userId: string };
export type SaveTarget = Creation | { id: string };
const isCreation = (target: SaveTarget): target is Creation => 'userId' in target;

/** A level's table, and its refusal of an id it does not hold. */
interface Stored {
  table: typeof courses | typeof units | typeof sections;
  notFound: string;
}

/** Where a unit or a section sits: in its parent (a unit's course, a section's unit), at a number unique there. */
interface Placement<Change> {
  parent: Stored;
  parentColumn: typeof units.courseId | typeof sections.unitId;
  numberColumn: typeof units.unitNumber | typeof sections.sectionNumber;
  /** The number asked for: null for the next free one; undefined, an edit leaving it out, keeps the row's. */
  wantedNumber(input: Change): number | null | undefined;
  numberTaken(n: number): string;
  /** The columns that put a row in place; the parent is given on creation only. */
  at(parentId: string | undefined, number: number): Values;
}

interface Level<Change, Reply> extends Stored {
  placement?: Placement<Change>;
  /** The columns a save writes from the input, worked out before any lock is taken. */
  columns(db: Db, input: Change, target: SaveTarget): Values | Promise<Values>;
  /** A unique key the write broke: throws the refusal, or returns for another attempt (counted from 0). */
  onDuplicate?(input: Change, written: Values, attempt: number, target: SaveTarget): void;
  read(db: Db, id: string): Promise<Reply>;
}

/** An edit: a field left out is undefined, and the update leaves its column as it is. A creation's body is one too. */
export interface LevelChange {
  course: z.output<typeof courseUpdateBody>;
  unit: z.output<typeof unitUpdateBody>;
  section: z.output<typeof sectionUpdateBody>;
}
export interface LevelReply {
  course: Course;
  unit: Unit;
  section: Section;
}
export type LevelName = keyof LevelReply;

const codeTaken = (code: string) => `The course code ${code} is already in use`;

const course: Level<LevelChange['course'], Course> = {
  table: courses,
  notFound: 'Course not found',
  async columns(db, input, target) {
    // Only a creation makes a code from the title; an edit that sends none keeps the course's.
    const code = input.code ?? (isCreation(target) ? await generateCode(db, input.title ?? '') : undefined);
    return {
      title: input.title,
      description: input.description,
      ...(code ? { code } : {}),
      ...(isCreation(target) ? { createdBy: target.userId } : {}),
    };
  },
  // A generated code can lose a race with a simultaneous create: try again with the next free one.
  onDuplicate(input, written, attempt, target) {
    if (isCreation(target) && !input.code && attempt < 3) return;
    throw Conflict(codeTaken(String(written.code ?? '')));
  },
  read: getCourse,
};

const unit: Level<LevelChange['unit'], Unit> = {
  table: units,
  notFound: 'Unit not found',
  placement: {
    parent: course,
    parentColumn: units.courseId,
    numberColumn: units.unitNumber,
    wantedNumber: (input) => input.unitNumber,
    numberTaken: (n) => `Unit number ${n} is already used in this course`,
    at: (courseId, unitNumber) => ({ courseId, unitNumber }),
  },
  columns: (_db, input) => ({ title: input.title, grade: input.grade, categories: input.categories }),
  read: getUnit,
};

const section: Level<LevelChange['section'], Section> = {
  table: sections,
  notFound: 'Section not found',
  placement: {
    parent: unit,
    parentColumn: sections.unitId,
    numberColumn: sections.sectionNumber,
    wantedNumber: (input) => input.sectionNumber,
    numberTaken: (n) => `Section number ${n} is already used in this unit`,
    at: (unitId, sectionNumber) => ({ unitId, sectionNumber }),
  },
  columns: (_db, input) => ({
    title: input.title,
    grade: input.grade,
    content: input.content === undefined ? undefined : sanitizeRichText(input.content),
    // Left out, the video stays; sent empty, it is removed (both columns, as the table's check asks).
    ...(input.videoUrl === undefined ? {} : videoColumns(input.videoUrl ? parseVideoUrl(input.videoUrl) : null)),
  }),
  read: getSection,
};

/** The two columns of a section's video, both set or both empty. */
const videoColumns = (video: VideoRef | null) => ({
  videoProvider: video?.provider ?? null,
  videoId: video?.id ?? null,
});

const LEVELS: { [L in LevelName]: Level<LevelChange[L], LevelReply[L]> } = { course, unit, section };

// ---- reads ----

export async function listCourses(db: Db): Promise<Course[]> {
  return (await selectCourses(db)).map(presentCourse);
}

async function getCourse(db: Db, id: string): Promise<Course> {
  const [row] = await selectCourses(db, eq(courses.id, id));
  if (!row) throw NotFound(course.notFound);
  return presentCourse(row);
}

export async function listUnits(db: Db, courseId?: string): Promise<Unit[]> {
  const rows = await selectUnits(db, byCourse(courseId));
  // An empty list may mean an unknown course: only then is a second look needed.
  if (courseId && !rows.length) await findRow(db, course, courseId);
  return rows.map(presentUnit);
}

async function getUnit(db: Db, id: string): Promise<Unit> {
  const [row] = await selectUnits(db, eq(units.id, id));
  if (!row) throw NotFound(unit.notFound);
  return presentUnit(row);
}

export async function listSections(db: Db, unitId: string): Promise<Section[]> {
  const rows = await selectSections(db, byUnit(unitId));
  if (!rows.length) await findRow(db, unit, unitId);
  return rows.map(presentSection);
}

/** The admin and teacher section lists, as JSON text (see sectionSummariesJson). */
export function sectionSummaries(db: Db, filter: { unitId?: string; courseId?: string }): Promise<string> {
  return sectionSummariesJson(db, byUnit(filter.unitId, filter.courseId));
}

async function getSection(db: Db, id: string): Promise<Section> {
  const [row] = await selectSections(db, eq(sections.id, id));
  if (!row) throw NotFound(section.notFound);
  return presentSection(row);
}

/**
 * Reads a course, unit or section's id, or answers 404. Locked, a course keeps two creates from handing out the
 * same unit number (a unit, the same section number), and keeps a new assignment out while it is deleted.
 */
async function findRow(db: Db | Tx, level: Stored, id: string, lock = false) {
  const query = db.select({ id: level.table.id }).from(level.table).where(eq(level.table.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw NotFound(level.notFound);
}

// ---- create and edit ----

/** A readable code from the title, with -2, -3 ... when taken. One query reads every code it could clash with. */
async function generateCode(db: Db | Tx, title: string): Promise<string> {
  const base = codeFromTitle(title);
  const taken = await db
    .select({ code: courses.code })
    .from(courses)
    .where(or(eq(courses.code, base), like(courses.code, `${base}-%`)));
  return firstFreeCode(base, new Set(taken.map((t) => t.code)));
}

/** The number asked for, checked free in its parent, or the next one after the highest. */
async function numberFor<Change>(
  tx: Db | Tx,
  { table }: Stored,
  place: Placement<Change>,
  parentId: string,
  wanted: number | null,
  selfId?: string,
): Promise<number> {
  if (wanted === null) {
    const [row] = await tx
      .select({ top: max(place.numberColumn) })
      .from(table)
      .where(eq(place.parentColumn, parentId));
    return (row?.top ?? 0) + 1;
  }
  const [clash] = await tx
    .select({ id: table.id })
    .from(table)
    .where(
      and(eq(place.parentColumn, parentId), eq(place.numberColumn, wanted), selfId ? ne(table.id, selfId) : undefined),
    )
    .limit(1);
  if (clash) throw Conflict(place.numberTaken(wanted));
  return wanted;
}

/** One write of a save: the row's place (its parent locked while its number is chosen), then the row. */
async function write<Change>(
  db: Db | Tx,
  level: Level<Change, unknown>,
  target: SaveTarget,
  input: Change,
  values: Values,
  now: Date,
): Promise<string> {
  const { table, placement: place } = level;
  if (isCreation(target)) {
    let placed: Values = {};
    if (place && target.parentId) {
      await findRow(db, place.parent, target.parentId, true);
      const number = await numberFor(db, level, place, target.parentId, place.wantedNumber(input) ?? null);
      placed = place.at(target.parentId, number);
    }
    // Cast: a level's columns are its own table's, and a creation's body holds every one a row requires.
    const [row] = await db
      .insert(table)
      .values({ ...values, ...placed } as typeof table.$inferInsert)
      .returning({ id: table.id });
    return row.id;
  }
  let placed: Values = {};
  if (place) {
    const [current] = await db
      .select({ parentId: place.parentColumn, number: place.numberColumn })
      .from(table)
      .where(eq(table.id, target.id));
    if (!current) throw NotFound(level.notFound);
    await findRow(db, place.parent, current.parentId, true);
    // An emptied or omitted number keeps the row where it is rather than moving it to the end.
    const wanted = place.wantedNumber(input);
    const number =
      wanted == null ? current.number : await numberFor(db, level, place, current.parentId, wanted, target.id);
    placed = place.at(undefined, number);
  }
  const [row] = await db
    .update(table)
    .set({ ...values, ...placed, updatedAt: now })
    .where(eq(table.id, target.id))
    .returning({ id: table.id });
  if (!row) throw NotFound(level.notFound);
  return row.id;
}

/**
 * Creates or edits a course, unit or section and answers it as read back. A unit or section is written in a
 * transaction that locks its parent, so simultaneous saves cannot take one number twice.
 */
export async function saveLevel<L extends LevelName>(
  ctx: AppContext,
  name: L,
  target: SaveTarget,
  input: LevelChange[L],
): Promise<LevelReply[L]> {
  const level = LEVELS[name];
  for (let attempt = 0; ; attempt++) {
    const values = await level.columns(ctx.db, input, target);
    try {
      const id = level.placement
        ? await ctx.db.transaction((tx) => write(tx, level, target, input, values, ctx.now()))
        : await write(ctx.db, level, target, input, values, ctx.now());
      return await level.read(ctx.db, id);
    } catch (error) {
      if (!isUniqueViolation(error) || !level.onDuplicate) throw error;
      level.onDuplicate(input, values, attempt, target);
    }
  }
}

// ---- delete ----

/**
 * Deletes a unit with its sections, or a section, with their question links and student assignments (cascading
 * keys, one statement).
 */
export async function deleteLevel(db: Db, name: 'unit' | 'section', id: string): Promise<void> {
  const { table, notFound } = LEVELS[name];
  const deleted = await db.delete(table).where(eq(table.id, id)).returning({ id: table.id });
  if (!deleted.length) throw NotFound(notFound);
}

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
             union select cs.student_id from class_courses cc join class_students cs on cs.class_id = cc.class_id where cc.course_id = ${id}
           ) reached) as students,
          (select count(distinct tq.test_id)::int from test_questions tq
             join section_questions sq on sq.question_id = tq.question_id
             join sections s on s.id = sq.section_id join units u on u.id = s.unit_id
           where u.course_id = ${id}) as tests`,
  );
  return row;
}

export async function courseDeletePreview(db: Db, id: string): Promise<CourseDeletePreview> {
  await findRow(db, course, id);
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
    await findRow(tx, course, id, true);
    if (!confirmed) {
      const { students } = await reachOf(tx, id);
      if (students > 0) throw Conflict(COURSE_DELETE_MESSAGES.confirmNeeded(students));
    }
    await tx.delete(courses).where(eq(courses.id, id));
  });
}
