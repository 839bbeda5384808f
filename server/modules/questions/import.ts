/**
 * Many questions written at once, all or none: the import of a file of questions. Each question arrives checked
 * and sanitized by the caller (through the same schema and sanitizer as one question saved by hand); here they are
 * written in one transaction with their tags (named ones created when the academy has none of that name, matched
 * ignoring case) and their images, whose files are removed again when the transaction fails.
 */
import { inArray, sql } from 'drizzle-orm';
import type { AnswerForm } from '../../../common/rules/answer-forms';
import type { AnswerKey, Options, QuestionType } from '../../../common/rules/questions';
import type { AppContext } from '../../context';
import { attachments, categories, focusAreas, questionCategories, questionFocus, questions } from '../../db/schema';
import { Invalid } from '../../lib/errors';
import type { StoredFile } from '../../lib/storage';
import type { CurrentUser } from '../sessions/store';

/** A question ready to store: its texts sanitized, its key in the type's stored form. */
export interface ImportedQuestion {
  questionText: string;
  grade: number;
  type: QuestionType;
  options: Options;
  answer: AnswerKey;
  answerForms: AnswerForm[][];
  solution: string;
  hint: string;
  source: string;
  /** Tag names; when empty, the import's chosen tag of that kind. */
  categoryNames: string[];
  focusNames: string[];
  /** Files shown beside the question, in order. */
  attachments: StoredFile[];
  /** Files its texts show inline (stored like any content image: owned by no question). */
  inlineImages: StoredFile[];
}

export interface ImportDefaults {
  categoryId?: string;
  focusId?: string;
}

export interface ImportOutcome {
  ids: string[];
  createdCategories: string[];
  createdFocusAreas: string[];
}

/** Rows per insert: well under PostgreSQL's 65,535 parameters for every table written here. */
const CHUNK = 1_000;

function chunks<T>(list: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += CHUNK) out.push(list.slice(i, i + CHUNK));
  return out;
}

type TagTable = typeof categories | typeof focusAreas;
type Tx = Parameters<Parameters<AppContext['db']['transaction']>[0]>[0];

/**
 * The ids of tags by name (lower-cased), creating those the academy lacks. A name created by another import at the
 * same moment is found, not duplicated: the insert skips any name the unique index already holds.
 */
async function tagIds(tx: Tx, table: TagTable, names: readonly string[]) {
  const wanted = new Map<string, string>();
  for (const name of names) if (!wanted.has(name.toLowerCase())) wanted.set(name.toLowerCase(), name);
  if (wanted.size === 0) return { ids: new Map<string, string>(), created: [] as string[] };
  const created: string[] = [];
  for (const part of chunks([...wanted.values()])) {
    const rows = await tx
      .insert(table)
      .values(part.map((name) => ({ name })))
      .onConflictDoNothing()
      .returning({ name: table.name });
    created.push(...rows.map((r) => r.name));
  }
  const ids = new Map<string, string>();
  for (const part of chunks([...wanted.keys()])) {
    const rows = await tx
      .select({ id: table.id, name: table.name })
      .from(table)
      .where(inArray(sql`lower(${table.name})`, part));
    for (const row of rows) ids.set(row.name.toLowerCase(), row.id);
  }
  return { ids, created };
}

async function requireDefault(tx: Tx, table: TagTable, id: string | undefined, message: string) {
  if (id === undefined) return;
  const found = await tx
    .select({ id: table.id })
    .from(table)
    .where(inArray(table.id, [id]))
    .for('share');
  if (found.length === 0) throw Invalid(message);
}

export async function importQuestions(
  ctx: AppContext,
  user: CurrentUser,
  drafts: readonly ImportedQuestion[],
  defaults: ImportDefaults,
): Promise<ImportOutcome> {
  const files = drafts.flatMap((d) => [...d.attachments, ...d.inlineImages]);
  try {
    return await ctx.db.transaction(async (tx) => {
      await requireDefault(
        tx,
        categories,
        defaults.categoryId,
        'The chosen category no longer exists. Please reload and choose again.',
      );
      await requireDefault(
        tx,
        focusAreas,
        defaults.focusId,
        'The chosen focus area no longer exists. Please reload and choose again.',
      );
      const cats = await tagIds(
        tx,
        categories,
        drafts.flatMap((d) => d.categoryNames),
      );
      const focus = await tagIds(
        tx,
        focusAreas,
        drafts.flatMap((d) => d.focusNames),
      );

      const now = ctx.now();
      const ids: string[] = [];
      for (const [part, start] of chunks(drafts).map((p, i) => [p, i * CHUNK] as const)) {
        const rows = await tx
          .insert(questions)
          .values(
            part.map((d, i) => ({
              questionText: d.questionText,
              grade: d.grade,
              type: d.type,
              options: d.options,
              answer: d.answer,
              answerForms: d.answerForms,
              solution: d.solution,
              hint: d.hint,
              source: d.source,
              createdBy: user.id,
              // A millisecond apart, so the bank lists them in the file's order.
              createdAt: new Date(now.getTime() + start + i),
              updatedAt: now,
            })),
          )
          .returning({ id: questions.id });
        ids.push(...rows.map((r) => r.id));
      }

      const tagged = (names: string[], byName: Map<string, string>, fallback: string | undefined, kind: string) => {
        const found = [...new Set(names.map((n) => byName.get(n.toLowerCase())!))];
        if (found.length > 0) return found;
        if (fallback === undefined) throw Invalid(`Choose a ${kind} for the questions the file gives none.`);
        return [fallback];
      };
      const categoryRows = drafts.flatMap((d, i) =>
        tagged(d.categoryNames, cats.ids, defaults.categoryId, 'category').map((categoryId) => ({
          questionId: ids[i],
          categoryId,
        })),
      );
      const focusRows = drafts.flatMap((d, i) =>
        tagged(d.focusNames, focus.ids, defaults.focusId, 'focus area').map((focusId) => ({
          questionId: ids[i],
          focusId,
        })),
      );
      for (const part of chunks(categoryRows)) await tx.insert(questionCategories).values(part);
      for (const part of chunks(focusRows)) await tx.insert(questionFocus).values(part);

      const fileRows = drafts.flatMap((d, i) => [
        ...d.attachments.map((f, n) => ({ file: f, questionId: ids[i] as string | null, at: n })),
        ...d.inlineImages.map((f, n) => ({ file: f, questionId: null, at: n })),
      ]);
      for (const part of chunks(fileRows)) {
        await tx.insert(attachments).values(
          part.map(({ file, questionId, at }) => ({
            questionId,
            filename: file.filename,
            originalName: file.originalName,
            mime: file.mime,
            size: file.size,
            createdAt: new Date(now.getTime() + at),
          })),
        );
      }
      await ctx.uploads.claim(
        tx,
        files.map((f) => f.filename),
      );
      return { ids, createdCategories: cats.created, createdFocusAreas: focus.created };
    });
  } catch (error) {
    await ctx.uploads.remove(files.map((f) => f.filename));
    throw error;
  }
}
