/**
 * Categories and focus areas: two lists of names, each unique ignoring case (the database's unique index on
 * lower(name) decides, so two simultaneous adds cannot both win).
 */
import { asc, count, eq, sql } from 'drizzle-orm';
import type { Tag } from '../../../common/schemas/questions';
import type { Db } from '../../db/client';
import { categories, focusAreas, questionCategories, questionFocus } from '../../db/schema';
import { Conflict, NotFound } from '../../lib/errors';
import { plural } from '../../../common/rules';

/** What differs between the two lists: their tables and the words for them. */
export interface TagKind {
  table: typeof categories | typeof focusAreas;
  /** The link table column that points at a tag, to count the questions using it. */
  usage: typeof questionCategories.categoryId | typeof questionFocus.focusId;
  label: 'Category' | 'Focus area';
}

export const CATEGORY: TagKind = { table: categories, usage: questionCategories.categoryId, label: 'Category' };
export const FOCUS: TagKind = { table: focusAreas, usage: questionFocus.focusId, label: 'Focus area' };

export async function listTags(db: Db, kind: TagKind): Promise<Tag[]> {
  return db
    .select({ id: kind.table.id, name: kind.table.name })
    .from(kind.table)
    .orderBy(sql`lower(${kind.table.name})`, asc(kind.table.name));
}

export async function addTag(db: Db, kind: TagKind, name: string): Promise<Tag> {
  const [created] = await db
    .insert(kind.table)
    .values({ name })
    .onConflictDoNothing()
    .returning({ id: kind.table.id, name: kind.table.name });
  if (!created) throw Conflict(`${kind.label} "${name}" already exists.`);
  return created;
}

/**
 * Deletes an unused tag. A tag still on questions stays: removing it would leave them without the category or
 * focus area every question must have.
 */
export async function deleteTag(db: Db, kind: TagKind, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [tag] = await tx
      .select({ name: kind.table.name })
      .from(kind.table)
      .where(eq(kind.table.id, id))
      .for('update');
    if (!tag) throw NotFound(`${kind.label} not found`);
    const [used] = await tx.select({ n: count() }).from(kind.usage.table).where(eq(kind.usage, id));
    if (used.n > 0) {
      const questions = plural(used.n, 'question');
      throw Conflict(
        `"${tag.name}" is used by ${questions}. Give them another ${kind.label.toLowerCase()} before deleting it.`,
      );
    }
    await tx.delete(kind.table).where(eq(kind.table.id, id));
  });
}
