/**
 * Files of questions in and out of the bank: the preview and the import of a file read and checked in a worker
 * (reading.ts), the import's writing, and the export of chosen questions with their images in each format.
 */
import { inArray, sql } from 'drizzle-orm';
import {
  EXCHANGE_FILES,
  EXCHANGE_MAX_QUESTIONS,
  EXCHANGE_MESSAGES,
  type ExchangeExportBody,
  type ExchangeExportReply,
  type ExchangeFormat,
  type ExchangeImportQuery,
  type ExchangeImportReply,
  type ExchangePreviewItem,
  type ExchangePreviewReply,
} from '../../../common/schemas/exchange';
import { uploadUrl, type Question } from '../../../common/schemas/questions';
import { textOutsideTags } from '../../../common/text';
import type { AppContext } from '../../context';
import { categories, focusAreas } from '../../db/schema';
import { Invalid, NotFound } from '../../lib/errors';
import { readAll, type StoredFile } from '../../lib/storage';
import { importQuestions, type ImportedQuestion } from '../questions/import';
import { matchingIds, questionsByIds } from '../questions/queries';
import { getTest } from '../saved-tests/service';
import type { CurrentUser } from '../sessions/store';
import type { ExchangeQuestion } from './model';
import { checkAll, isChecked, pointed } from './checks';
import { mapImageSources } from './images';
import { readFile, writeFile } from './workers';

/** The names among `names` that the academy has no tag of, ignoring case. */
async function unknownNames(ctx: AppContext, table: typeof categories | typeof focusAreas, names: string[]) {
  const wanted = [...new Map(names.map((n) => [n.toLowerCase(), n])).entries()];
  if (wanted.length === 0) return [];
  const found = await ctx.db
    .select({ name: sql<string>`lower(${table.name})` })
    .from(table)
    .where(
      inArray(
        sql`lower(${table.name})`,
        wanted.map(([lower]) => lower),
      ),
    );
  const known = new Set(found.map((r) => r.name));
  return wanted.filter(([lower]) => !known.has(lower)).map(([, name]) => name);
}

const dataUrl = (mime: string, bytes: Buffer) => `data:${mime};base64,${bytes.toString('base64')}`;

export async function previewFile(
  ctx: AppContext,
  bytes: Buffer,
  named?: ExchangeFormat,
): Promise<ExchangePreviewReply> {
  const { format, items: read } = await readFile(bytes, named);
  const prepared = await checkAll(read);
  const checked = prepared.filter(isChecked);
  const items: ExchangePreviewItem[] = prepared.map((p) => {
    if (!isChecked(p)) return { number: p.number, ok: false, title: p.title, reason: p.reason };
    const address = (n: number) => dataUrl(p.images[n].mime, p.question.images[p.images[n].key]);
    return {
      number: p.number,
      ok: true,
      title: p.title,
      type: p.columns.type,
      questionText: pointed(p.columns.questionText, address),
      options: Object.fromEntries(Object.entries(p.columns.options).map(([l, t]) => [l, pointed(t, address)])),
      answer: p.columns.answer,
      answerForms: p.columns.answerForms,
      solution: pointed(p.columns.solution, address),
      hint: p.columns.hint,
      grade: p.columns.grade,
      categories: p.question.categories,
      focusAreas: p.question.focusAreas,
      attachments: p.attachments.map(address),
      notes: p.notes,
    };
  });
  return {
    format,
    items,
    newCategories: await unknownNames(
      ctx,
      categories,
      checked.flatMap((p) => p.question.categories),
    ),
    newFocusAreas: await unknownNames(
      ctx,
      focusAreas,
      checked.flatMap((p) => p.question.focusAreas),
    ),
    needs: {
      grade: checked.some((p) => p.columns.grade === null),
      category: checked.some((p) => p.question.categories.length === 0),
      focus: checked.some((p) => p.question.focusAreas.length === 0),
    },
  };
}

export async function importFile(
  ctx: AppContext,
  user: CurrentUser,
  bytes: Buffer,
  query: ExchangeImportQuery,
): Promise<ExchangeImportReply> {
  const prepared = await checkAll((await readFile(bytes, query.format)).items);
  const skip = new Set(query.skip);
  const chosen = prepared.filter(isChecked).filter((p) => !skip.has(p.number));
  if (chosen.length === 0) throw Invalid(EXCHANGE_MESSAGES.nothingChosen);
  if (query.grade === undefined && chosen.some((p) => p.columns.grade === null))
    throw Invalid(EXCHANGE_MESSAGES.chooseGrade);
  if (query.category === undefined && chosen.some((p) => p.question.categories.length === 0))
    throw Invalid(EXCHANGE_MESSAGES.chooseCategory);
  if (query.focus === undefined && chosen.some((p) => p.question.focusAreas.length === 0))
    throw Invalid(EXCHANGE_MESSAGES.chooseFocus);

  const stored: StoredFile[] = [];
  try {
    const drafts: ImportedQuestion[] = [];
    for (const p of chosen) {
      const files: StoredFile[] = [];
      for (const { key, mime } of p.images) {
        const file = await ctx.uploads.save(p.question.images[key], key.split('/').pop() ?? key, mime);
        stored.push(file);
        files.push(file);
      }
      const address = (n: number) => uploadUrl(files[n].filename);
      const attached = new Set(p.attachments);
      drafts.push({
        ...p.columns,
        questionText: pointed(p.columns.questionText, address),
        options: Object.fromEntries(Object.entries(p.columns.options).map(([l, t]) => [l, pointed(t, address)])),
        solution: pointed(p.columns.solution, address),
        grade: p.columns.grade ?? query.grade!,
        categoryNames: p.question.categories,
        focusNames: p.question.focusAreas,
        attachments: p.attachments.map((n) => files[n]),
        inlineImages: files.filter((_, n) => !attached.has(n)),
      });
    }
    const outcome = await importQuestions(ctx, user, drafts, { categoryId: query.category, focusId: query.focus });
    return {
      imported: outcome.ids.length,
      message: EXCHANGE_MESSAGES.imported(outcome.ids.length),
      createdCategories: outcome.createdCategories,
      createdFocusAreas: outcome.createdFocusAreas,
    };
  } catch (error) {
    // importQuestions removes the files it was given; these are the ones stored before a failure reached it.
    await ctx.uploads.remove(stored.map((f) => f.filename)).catch(() => {});
    throw error;
  }
}

const STORED_PREFIX = uploadUrl('');

/** Stored names of the academy's images a text shows. */
function imagesIn(html: string): string[] {
  const names: string[] = [];
  mapImageSources(html, (src) => {
    if (src.startsWith(STORED_PREFIX)) names.push(decodeURIComponent(src.slice(STORED_PREFIX.length)));
    return src;
  });
  return names;
}

/** A text with the academy's image addresses replaced by the image's key in the exported question: its stored name. */
const keyedImages = (html: string) =>
  mapImageSources(html, (src) =>
    src.startsWith(STORED_PREFIX) ? decodeURIComponent(src.slice(STORED_PREFIX.length)) : src,
  );

/** A plain-text name for a question: Moodle requires one, and the export's notes name questions by it. */
function titleOf(question: Question): string {
  const plain = textOutsideTags(question.questionText).replace(/\s+/g, ' ').trim();
  return plain.length > 60 ? `${plain.slice(0, 57)}...` : plain;
}

async function exportable(ctx: AppContext, question: Question): Promise<ExchangeQuestion> {
  const texts = [question.questionText, ...Object.values(question.options), question.solution];
  const names = [...new Set([...texts.flatMap(imagesIn), ...question.attachments.map((a) => a.filename)])];
  const images: Record<string, Buffer> = {};
  for (const name of names) {
    const file = await ctx.uploads.open(name);
    if (file) images[name] = await readAll(file.stream);
  }
  return {
    title: titleOf(question),
    type: question.type,
    questionText: keyedImages(question.questionText),
    options: Object.fromEntries(Object.entries(question.options).map(([l, t]) => [l, keyedImages(t)])),
    answer: question.answer as ExchangeQuestion['answer'],
    answerForms: question.answerForms,
    solution: keyedImages(question.solution),
    hint: question.hint,
    grade: question.grade,
    categories: question.categoryNames,
    focusAreas: question.focusNames,
    source: question.source,
    attachments: question.attachments.map((a) => a.filename).filter((name) => name in images),
    images,
  };
}

export async function exportQuestions(ctx: AppContext, body: ExchangeExportBody): Promise<ExchangeExportReply> {
  let ids = body.questionIds ?? [];
  if (body.filters) {
    ids = await matchingIds(ctx.db, body.filters);
    if (ids.length === 0) throw Invalid(EXCHANGE_MESSAGES.noneMatch);
    if (ids.length > EXCHANGE_MAX_QUESTIONS) throw Invalid(EXCHANGE_MESSAGES.tooManyToExport);
  }
  if (body.testId) {
    const test = await getTest(ctx.db, body.testId);
    ids = test.questions.flatMap((entry) => (entry.question ? [entry.question.id] : []));
  }
  ids = [...new Set(ids)];
  const found = await questionsByIds(ctx.db, ids);
  if (found.length !== ids.length) throw NotFound(EXCHANGE_MESSAGES.unknownQuestions);
  const lost: string[] = [];
  const questions: ExchangeQuestion[] = [];
  for (const question of found) {
    if (question.template) {
      lost.push(`"${titleOf(question)}": its random numbers cannot be carried by a file; left out.`);
      continue;
    }
    questions.push(await exportable(ctx, question));
  }
  const written = questions.length > 0 ? await writeFile(body.format, questions) : { bytes: Buffer.alloc(0), lost: [] };
  const day = ctx.now().toISOString().slice(0, 10);
  return {
    fileName: `questions-${day}.${EXCHANGE_FILES[body.format].extension}`,
    mime: EXCHANGE_FILES[body.format].mime,
    base64: written.bytes.toString('base64'),
    count: questions.length,
    lost: [...lost, ...written.lost],
  };
}
