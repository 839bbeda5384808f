import { and, asc, count, eq, inArray, isNotNull, max, or, sql, type SQL } from 'drizzle-orm';
import { OFFERING_MESSAGES, OFFERING_PROGRAMS, programsMatching, slugFromTitle } from '../../../common/rules';
import {
  offeringImageUrl,
  type AdminOffering,
  type OfferingChange,
  type OfferingData,
  type OfferingSearch,
  type PublicOfferingCard,
  type PublicOfferingDetail,
} from '../../../common/schemas/offerings';
import type { AppContext } from '../../context';
import type { Db, Tx } from '../../db/client';
import { attachments, courses, offeringContents, offerings, testQuestions, tests, units } from '../../db/schema';
import { Conflict, Invalid, isUniqueViolation, NotFound } from '../../lib/errors';
import { sanitizeRichText } from '../../lib/sanitize';
import type { StoredFile } from '../../lib/storage';

type Row = typeof offerings.$inferSelect;
type Content = { kind: 'course' | 'test'; id: string };

const cardColumns = {
  id: offerings.id,
  slug: offerings.slug,
  title: offerings.title,
  program: offerings.program,
  gradeBand: offerings.gradeBand,
  level: offerings.level,
  summary: offerings.summary,
  units: offerings.units,
  mockTests: offerings.mockTests,
  sessions: offerings.sessions,
  duration: offerings.duration,
  priceMinor: offerings.priceMinor,
  currency: offerings.currency,
  imageFile: attachments.filename,
};
type CardRow = Omit<PublicOfferingCard, 'programName' | 'imageUrl'> & { imageFile: string | null };

function card(row: CardRow): PublicOfferingCard {
  const { imageFile, ...rest } = row;
  return {
    ...rest,
    programName: OFFERING_PROGRAMS[row.program],
    imageUrl: imageFile ? offeringImageUrl(imageFile) : null,
  };
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The published catalogue in display order, narrowed by a search of names and programs and by one program. */
export async function listPublic(db: Db, search: OfferingSearch = {}): Promise<PublicOfferingCard[]> {
  const filters: SQL[] = [eq(offerings.published, true)];
  if (search.program) filters.push(eq(offerings.program, search.program));
  const q = search.q?.trim().toLowerCase();
  if (q) {
    const byName = sql`lower(${offerings.title}) like ${`%${escapeLike(q)}%`}`;
    const programs = programsMatching(q);
    filters.push(programs.length ? or(byName, inArray(offerings.program, programs))! : byName);
  }
  const rows = await db
    .select(cardColumns)
    .from(offerings)
    .leftJoin(attachments, eq(attachments.id, offerings.imageId))
    .where(and(...filters))
    .orderBy(asc(offerings.position), asc(offerings.createdAt));
  return rows.map(card);
}

/** A published offering by its address, with its description and what it grants; 404 for drafts. */
export async function getPublic(db: Db, slug: string): Promise<PublicOfferingDetail> {
  const [row] = await db
    .select({ ...cardColumns, description: offerings.description })
    .from(offerings)
    .leftJoin(attachments, eq(attachments.id, offerings.imageId))
    .where(and(eq(offerings.slug, slug), eq(offerings.published, true)));
  if (!row) throw NotFound(OFFERING_MESSAGES.notFound);
  const { description, ...rest } = row;
  const links = await contentsOf(db, [row.id]);
  const courseIds = links.filter((l) => l.kind === 'course').map((l) => l.id);
  const testIds = links.filter((l) => l.kind === 'test').map((l) => l.id);
  const unitRows = courseIds.length
    ? await db
        .select({ courseId: units.courseId, title: units.title })
        .from(units)
        .where(inArray(units.courseId, courseIds))
        .orderBy(asc(units.unitNumber), asc(units.createdAt))
    : [];
  const questionCounts = testIds.length
    ? await db
        .select({ testId: testQuestions.testId, n: count() })
        .from(testQuestions)
        .where(and(inArray(testQuestions.testId, testIds), isNotNull(testQuestions.questionId)))
        .groupBy(testQuestions.testId)
    : [];
  return {
    ...card(rest),
    description,
    contents: links.map((l) => ({
      kind: l.kind,
      title: l.title,
      units: l.kind === 'course' ? unitRows.filter((u) => u.courseId === l.id).map((u) => u.title) : [],
      questions: l.kind === 'test' ? (questionCounts.find((c) => c.testId === l.id)?.n ?? 0) : 0,
    })),
  };
}

/** The courses and saved tests offerings grant, in their order, with their titles. */
async function contentsOf(db: Db | Tx, ids: string[]) {
  if (!ids.length) return [];
  const rows = await db
    .select({
      offeringId: offeringContents.offeringId,
      courseId: offeringContents.courseId,
      testId: offeringContents.testId,
      courseTitle: courses.title,
      testTitle: tests.title,
    })
    .from(offeringContents)
    .leftJoin(courses, eq(courses.id, offeringContents.courseId))
    .leftJoin(tests, eq(tests.id, offeringContents.testId))
    .where(inArray(offeringContents.offeringId, ids))
    .orderBy(asc(offeringContents.offeringId), asc(offeringContents.position));
  return rows.map((r) => ({
    offeringId: r.offeringId,
    kind: r.courseId ? ('course' as const) : ('test' as const),
    id: (r.courseId ?? r.testId)!,
    title: r.courseTitle ?? r.testTitle ?? '',
  }));
}

async function adminRows(db: Db | Tx, where?: SQL): Promise<AdminOffering[]> {
  const rows = await db
    .select({
      ...cardColumns,
      description: offerings.description,
      published: offerings.published,
      position: offerings.position,
      createdAt: offerings.createdAt,
      updatedAt: offerings.updatedAt,
    })
    .from(offerings)
    .leftJoin(attachments, eq(attachments.id, offerings.imageId))
    .where(where)
    .orderBy(asc(offerings.position), asc(offerings.createdAt));
  const links = await contentsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map(({ description, published, position, createdAt, updatedAt, ...rest }) => ({
    ...card(rest),
    description,
    published,
    position,
    contents: links.filter((l) => l.offeringId === rest.id).map(({ kind, id, title }) => ({ kind, id, title })),
    createdAt: createdAt.toISOString(),
    updatedAt: updatedAt.toISOString(),
  }));
}

/** Every offering, drafts too, in display order. */
export function listAdmin(db: Db): Promise<AdminOffering[]> {
  return adminRows(db);
}

export async function getAdmin(db: Db | Tx, id: string): Promise<AdminOffering> {
  const [offering] = await adminRows(db, eq(offerings.id, id));
  if (!offering) throw NotFound(OFFERING_MESSAGES.notFound);
  return offering;
}

/** Checks every granted course and test exists, then writes the offering's list in the order given. */
async function writeContents(tx: Tx, offeringId: string, contents: Content[]): Promise<void> {
  const courseIds = contents.filter((c) => c.kind === 'course').map((c) => c.id);
  const testIds = contents.filter((c) => c.kind === 'test').map((c) => c.id);
  const [foundCourses, foundTests] = await Promise.all([
    courseIds.length ? tx.select({ id: courses.id }).from(courses).where(inArray(courses.id, courseIds)) : [],
    testIds.length ? tx.select({ id: tests.id }).from(tests).where(inArray(tests.id, testIds)) : [],
  ]);
  if (foundCourses.length !== courseIds.length || foundTests.length !== testIds.length)
    throw Invalid(OFFERING_MESSAGES.contentMissing);
  await tx.delete(offeringContents).where(eq(offeringContents.offeringId, offeringId));
  if (contents.length)
    await tx.insert(offeringContents).values(
      contents.map((c, position) => ({
        offeringId,
        courseId: c.kind === 'course' ? c.id : null,
        testId: c.kind === 'test' ? c.id : null,
        position,
      })),
    );
}

/** The first free address made from a title: "amc-8-prep", then "amc-8-prep-2"... */
async function freeSlug(tx: Tx, title: string): Promise<string> {
  const base = slugFromTitle(title);
  if (!base) throw Invalid(OFFERING_MESSAGES.slugFromTitle);
  const taken = new Set(
    (
      await tx
        .select({ slug: offerings.slug })
        .from(offerings)
        .where(sql`${offerings.slug} = ${base} or ${offerings.slug} like ${`${escapeLike(base)}-%`}`)
    ).map((r) => r.slug),
  );
  for (let n = 1; ; n++) {
    const slug = n === 1 ? base : `${base}-${n}`;
    if (!taken.has(slug)) return slug;
  }
}

/** Runs a write; a slug another offering holds becomes a 409 with the slug named. */
async function slugChecked<T>(slug: string | null | undefined, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw Conflict(OFFERING_MESSAGES.slugTaken(slug ?? ''));
    throw error;
  }
}

export async function createOffering(ctx: AppContext, data: OfferingData): Promise<AdminOffering> {
  return slugChecked(data.slug, () =>
    ctx.db.transaction(async (tx) => {
      const slug = data.slug ?? (await freeSlug(tx, data.title));
      const [{ last }] = await tx.select({ last: max(offerings.position) }).from(offerings);
      const now = ctx.now();
      const [row] = await tx
        .insert(offerings)
        .values({
          slug,
          title: data.title,
          program: data.program,
          gradeBand: data.gradeBand,
          level: data.level,
          summary: data.summary ?? '',
          description: sanitizeRichText(data.description),
          units: data.units ?? 0,
          mockTests: data.mockTests ?? 0,
          sessions: data.sessions ?? 0,
          duration: data.duration ?? '',
          priceMinor: data.priceMinor ?? null,
          currency: data.currency ?? 'USD',
          published: data.published ?? false,
          position: (last ?? -1) + 1,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: offerings.id });
      await writeContents(tx, row.id, data.contents ?? []);
      return getAdmin(tx, row.id);
    }),
  );
}

/** Changes only the fields named; a slug sent empty keeps the current one. */
export async function updateOffering(ctx: AppContext, id: string, change: OfferingChange): Promise<AdminOffering> {
  const columns: Partial<Row> = {};
  if (change.title !== undefined) columns.title = change.title;
  if (change.slug) columns.slug = change.slug;
  if (change.program !== undefined) columns.program = change.program;
  if (change.gradeBand !== undefined) columns.gradeBand = change.gradeBand;
  if (change.level !== undefined) columns.level = change.level;
  if (change.summary !== undefined) columns.summary = change.summary ?? '';
  if (change.description !== undefined) columns.description = sanitizeRichText(change.description);
  if (change.units !== undefined) columns.units = change.units;
  if (change.mockTests !== undefined) columns.mockTests = change.mockTests;
  if (change.sessions !== undefined) columns.sessions = change.sessions;
  if (change.duration !== undefined) columns.duration = change.duration ?? '';
  if (change.priceMinor !== undefined) columns.priceMinor = change.priceMinor;
  if (change.currency !== undefined) columns.currency = change.currency;
  if (change.published !== undefined) columns.published = change.published;
  return slugChecked(change.slug, () =>
    ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .update(offerings)
        .set({ ...columns, updatedAt: ctx.now() })
        .where(eq(offerings.id, id))
        .returning({ id: offerings.id });
      if (!row) throw NotFound(OFFERING_MESSAGES.notFound);
      if (change.contents !== undefined) await writeContents(tx, id, change.contents);
      return getAdmin(tx, id);
    }),
  );
}

/** The attachment rows and files an offering's image holds, to free with it. */
async function takeImage(ctx: AppContext, tx: Tx, imageId: string | null): Promise<string[]> {
  if (!imageId) return [];
  const removed = await tx
    .delete(attachments)
    .where(eq(attachments.id, imageId))
    .returning({ filename: attachments.filename });
  const names = removed.map((r) => r.filename);
  await ctx.uploads.release(tx, names);
  return names;
}

export async function deleteOffering(ctx: AppContext, id: string): Promise<void> {
  const freed = await ctx.db.transaction(async (tx) => {
    const [row] = await tx.delete(offerings).where(eq(offerings.id, id)).returning({ imageId: offerings.imageId });
    if (!row) throw NotFound(OFFERING_MESSAGES.notFound);
    return takeImage(ctx, tx, row.imageId);
  });
  await ctx.uploads.remove(freed);
}

/** Puts the whole catalogue in the order given; the list must name every offering once. */
export async function reorderOfferings(ctx: AppContext, ids: string[]): Promise<AdminOffering[]> {
  await ctx.db.transaction(async (tx) => {
    // One order at a time: two reorders interleaved would mix their positions.
    const current = await tx.select({ id: offerings.id }).from(offerings).for('update');
    const known = new Set(current.map((r) => r.id));
    if (ids.length !== known.size || ids.some((i) => !known.has(i))) throw Conflict(OFFERING_MESSAGES.orderMismatch);
    if (ids.length) {
      const order = sql.join(
        ids.map((offeringId, position) => sql`(${offeringId}::uuid, ${position}::integer)`),
        sql`, `,
      );
      await tx.execute(
        sql`update offerings set position = o.position from (values ${order}) as o(id, position) where offerings.id = o.id`,
      );
    }
  });
  return listAdmin(ctx.db);
}

/** Replaces an offering's image with the one uploaded; the old image's file is deleted. */
export async function setImage(ctx: AppContext, id: string, files: StoredFile[]): Promise<AdminOffering> {
  if (files.length !== 1) {
    await ctx.uploads.remove(files.map((f) => f.filename));
    throw Invalid(OFFERING_MESSAGES.oneImage);
  }
  const [file] = files;
  let freed: string[];
  try {
    freed = await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ imageId: offerings.imageId })
        .from(offerings)
        .where(eq(offerings.id, id))
        .for('update');
      if (!row) throw NotFound(OFFERING_MESSAGES.notFound);
      const [image] = await tx
        .insert(attachments)
        .values({
          questionId: null,
          filename: file.filename,
          originalName: file.originalName,
          mime: file.mime,
          size: file.size,
        })
        .returning({ id: attachments.id });
      await ctx.uploads.claim(tx, [file.filename]);
      await tx.update(offerings).set({ imageId: image.id, updatedAt: ctx.now() }).where(eq(offerings.id, id));
      return takeImage(ctx, tx, row.imageId);
    });
  } catch (error) {
    await ctx.uploads.remove([file.filename]);
    throw error;
  }
  await ctx.uploads.remove(freed);
  return getAdmin(ctx.db, id);
}

export async function removeImage(ctx: AppContext, id: string): Promise<AdminOffering> {
  const freed = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ imageId: offerings.imageId })
      .from(offerings)
      .where(eq(offerings.id, id))
      .for('update');
    if (!row) throw NotFound(OFFERING_MESSAGES.notFound);
    await tx.update(offerings).set({ imageId: null, updatedAt: ctx.now() }).where(eq(offerings.id, id));
    return takeImage(ctx, tx, row.imageId);
  });
  await ctx.uploads.remove(freed);
  return getAdmin(ctx.db, id);
}

/** The stored type of an offering's image, for serving it to anyone; null when no offering shows that file. */
export async function imageType(db: Db, filename: string): Promise<string | null> {
  const [row] = await db
    .select({ mime: attachments.mime })
    .from(offerings)
    .innerJoin(attachments, eq(attachments.id, offerings.imageId))
    .where(eq(attachments.filename, filename));
  return row?.mime ?? null;
}
