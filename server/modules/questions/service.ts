/**
 * Writing the question bank. A question is saved with its tags and attachments all or nothing: the files are
 * stored first, the rows written in one transaction, and the files deleted again when the transaction fails.
 * Files go from storage only once the rows that named them are gone; a file no row owns is listed as loose in
 * the same transactions (lib/storage.ts), so a crash at any point leaves nothing the sweep cannot find.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { keyNotInForm } from '../../../common/answers';
import type { CheckedContent } from '../../../common/question-types';
import { TEMPLATE_LIMITS, TEMPLATE_MESSAGES } from '../../../common/rules/templates';
import { compileTemplate, drawVariant, type QuestionTemplate } from '../../../common/templates';
import {
  checkContent,
  isBlankRichText,
  MAX_ATTACHMENTS,
  QUESTION_MESSAGES,
  type Options,
  type Question,
  type QuestionData,
  type QuestionUpdateData,
  type ContentImage,
  uploadUrl,
} from '../../../common/schemas/questions';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { attachments, categories, focusAreas, questionCategories, questionFocus, questions } from '../../db/schema';
import { Invalid, NotFound } from '../../lib/errors';
import { sanitizeRichText } from '../../lib/sanitize';
import type { StoredFile, UploadStore } from '../../lib/storage';
import type { CurrentUser } from '../sessions/store';
import { getQuestion } from './queries';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The stored question text, sanitized; the sanitizer must leave something to show. */
function storedText(text: string): string {
  const questionText = sanitizeRichText(text);
  if (isBlankRichText(questionText)) throw Invalid(QUESTION_MESSAGES.questionText);
  return questionText;
}

function storedOptions(given: Options): Options {
  const options: Options = {};
  for (const [letter, text] of Object.entries(given)) {
    options[letter] = sanitizeRichText(text);
    if (isBlankRichText(options[letter])) throw Invalid(QUESTION_MESSAGES.fillOption(letter));
  }
  return options;
}

/**
 * The key and forms checked against each other: every accepted answer is written in the form its blank asks. A key
 * with random numbers is checked variant by variant instead (the preview), since its markers are no numbers yet.
 */
function keyInForm(content: CheckedContent & { type: QuestionData['type'] }, template: unknown): CheckedContent {
  if (template !== null && template !== undefined) return content;
  const issue = keyNotInForm(content);
  if (issue !== null) throw Invalid(issue);
  return content;
}

/** The stored columns of a question, its rich text sanitized. */
function questionColumns(data: QuestionData) {
  keyInForm(data, data.template);
  const template = data.template ? drawableTemplate(data.template) : null;
  return {
    template,
    questionText: storedText(data.questionText),
    grade: data.grade,
    type: data.type,
    options: storedOptions(data.options),
    answer: data.answer,
    answerForms: data.answerForms,
    solution: sanitizeRichText(data.solution),
    hint: data.hint,
    source: data.source,
  };
}

/**
 * Every chosen category and focus area must still exist (another tab may have deleted one). They are held (FOR
 * SHARE) until commit: a deletion running now either waits and then finds them used, or deletes them first and
 * this finds them gone.
 */
async function requireTags(tx: Tx, data: { category?: string[]; focus?: string[] }) {
  if (data.category) {
    const found = await tx
      .select({ id: categories.id })
      .from(categories)
      .where(inArray(categories.id, data.category))
      .for('share');
    if (found.length !== new Set(data.category).size)
      throw Invalid('One of the chosen categories no longer exists. Please reload and choose again.');
  }
  if (data.focus) {
    const found = await tx
      .select({ id: focusAreas.id })
      .from(focusAreas)
      .where(inArray(focusAreas.id, data.focus))
      .for('share');
    if (found.length !== new Set(data.focus).size)
      throw Invalid('One of the chosen focus areas no longer exists. Please reload and choose again.');
  }
}

/** Writes the tags given; on an edit, a list left out keeps the question's tags of that kind. */
async function writeTags(tx: Tx, questionId: string, data: { category?: string[]; focus?: string[] }, replace = false) {
  if (data.category) {
    if (replace) await tx.delete(questionCategories).where(eq(questionCategories.questionId, questionId));
    await tx
      .insert(questionCategories)
      .values([...new Set(data.category)].map((categoryId) => ({ questionId, categoryId })));
  }
  if (data.focus) {
    if (replace) await tx.delete(questionFocus).where(eq(questionFocus.questionId, questionId));
    await tx.insert(questionFocus).values([...new Set(data.focus)].map((focusId) => ({ questionId, focusId })));
  }
}

/**
 * The columns an edit writes: the fields it gives, and the answer key and options checked against the type and
 * text the question will have (given or kept) whenever any of the four is given.
 */
function changedColumns(data: QuestionUpdateData, current: typeof questions.$inferSelect) {
  const columns: Partial<typeof questions.$inferInsert> = {};
  if (data.questionText !== undefined) columns.questionText = storedText(data.questionText);
  if (data.grade !== undefined) columns.grade = data.grade;
  if (data.type !== undefined) columns.type = data.type;
  if (data.solution !== undefined) columns.solution = sanitizeRichText(data.solution);
  if (data.hint !== undefined) columns.hint = data.hint;
  if (data.source !== undefined) columns.source = data.source;
  if (data.template !== undefined) columns.template = data.template === null ? null : drawableTemplate(data.template);
  if (
    data.type !== undefined ||
    data.questionText !== undefined ||
    data.answer !== undefined ||
    data.options !== undefined ||
    data.answerForms !== undefined
  ) {
    const type = data.type ?? current.type;
    const checked = checkContent({
      type,
      questionText: data.questionText ?? current.questionText,
      answer: data.answer !== undefined ? data.answer : current.answer,
      options: data.options !== undefined ? data.options : current.options,
      answerForms: data.answerForms !== undefined ? data.answerForms : current.answerForms,
    });
    if (!checked.ok) throw Invalid(checked.message);
    keyInForm({ ...checked.value, type }, data.template !== undefined ? data.template : current.template);
    columns.options = storedOptions(checked.value.options);
    columns.answer = checked.value.answer;
    columns.answerForms = checked.value.answerForms;
  }
  return columns;
}

/**
 * A template as it is stored, once it is known to give variants: its first drawn variants (or every approved one)
 * must draw within the work budget, so a template whose constraints cannot be met, or take too long, is refused
 * when saved rather than when a student opens it.
 */
function drawableTemplate(template: QuestionTemplate): QuestionTemplate {
  const compiled = compileTemplate(template);
  if (template.seeds) {
    for (const seed of template.seeds)
      if (!drawVariant(compiled, seed).ok) throw Invalid(TEMPLATE_MESSAGES.seedFails(seed));
    return template;
  }
  let reason = '';
  for (let seed = 1; seed <= TEMPLATE_LIMITS.savedDraws; seed++) {
    const drawn = drawVariant(compiled, seed);
    if (drawn.ok) return template;
    // Out of work on one draw is out of work on every draw: no need to try the others.
    if (drawn.reason === TEMPLATE_MESSAGES.tooMuchWork) throw Invalid(TEMPLATE_MESSAGES.notSaved(drawn.reason));
    reason = drawn.reason;
  }
  throw Invalid(TEMPLATE_MESSAGES.notSaved(reason));
}

/** Attachments list in the order they were added: each new file a millisecond after the one before. */
async function writeAttachments(ctx: AppContext, tx: Tx, questionId: string, files: StoredFile[], now: Date) {
  if (files.length === 0) return;
  await ctx.uploads.claim(
    tx,
    files.map((f) => f.filename),
  );
  await tx.insert(attachments).values(
    files.map((f, i) => ({
      questionId,
      filename: f.filename,
      originalName: f.originalName,
      mime: f.mime,
      size: f.size,
      createdAt: new Date(now.getTime() + i),
    })),
  );
}

/** Runs a write that owns freshly stored files: when it fails, the files are deleted and the error goes on. */
async function withFiles<T>(store: UploadStore, files: StoredFile[], write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    await store.remove(files.map((f) => f.filename));
    throw error;
  }
}

export async function createQuestion(
  ctx: AppContext,
  user: CurrentUser,
  data: QuestionData,
  files: StoredFile[],
): Promise<Question> {
  const id = await withFiles(ctx.uploads, files, () => {
    const columns = questionColumns(data);
    return ctx.db.transaction(async (tx) => {
      await requireTags(tx, data);
      const now = ctx.now();
      const [row] = await tx
        .insert(questions)
        .values({ ...columns, createdBy: user.id, createdAt: now, updatedAt: now })
        .returning({ id: questions.id });
      await writeTags(tx, row.id, data);
      await writeAttachments(ctx, tx, row.id, files, now);
      return row.id;
    });
  });
  return getQuestion(ctx.db, id);
}

export async function updateQuestion(
  ctx: AppContext,
  id: string,
  data: QuestionUpdateData,
  files: StoredFile[],
): Promise<Question> {
  const removed = await withFiles(ctx.uploads, files, () => {
    return ctx.db.transaction(async (tx) => {
      // The row lock keeps two saves of one question from both passing the attachment count, and an edit of some
      // fields from checking its answer key against a type or text another save is changing.
      const [existing] = await tx.select().from(questions).where(eq(questions.id, id)).for('update');
      if (!existing) throw NotFound('Question not found');
      const columns = changedColumns(data, existing);
      await requireTags(tx, data);
      const current = (
        await tx.select({ filename: attachments.filename }).from(attachments).where(eq(attachments.questionId, id))
      ).map((a) => a.filename);
      const toRemove = [...new Set(data.attachmentsToRemove)];
      if (toRemove.some((name) => !current.includes(name))) throw NotFound('Attachment not found');
      if (current.length - toRemove.length + files.length > MAX_ATTACHMENTS)
        throw Invalid(QUESTION_MESSAGES.tooManyAttachments);

      const now = ctx.now();
      await tx
        .update(questions)
        .set({ ...columns, updatedAt: now })
        .where(eq(questions.id, id));
      await writeTags(tx, id, data, true);
      if (toRemove.length) {
        await tx
          .delete(attachments)
          .where(and(eq(attachments.questionId, id), inArray(attachments.filename, toRemove)));
        await ctx.uploads.release(tx, toRemove);
      }
      await writeAttachments(ctx, tx, id, files, now);
      return toRemove;
    });
  });
  await ctx.uploads.remove(removed);
  return getQuestion(ctx.db, id);
}

/**
 * Deletes questions (their tags, section links and attachments go with them) and then their files.
 * All or nothing: when one of them is already gone, nothing is deleted and the list should be reloaded.
 */
export async function deleteQuestions(ctx: AppContext, ids: string[]): Promise<number> {
  const unique = [...new Set(ids)];
  const filenames = await ctx.db.transaction(async (tx) => {
    const found = await tx
      .select({ id: questions.id })
      .from(questions)
      .where(inArray(questions.id, unique))
      .for('update');
    if (found.length !== unique.length) {
      throw NotFound(
        unique.length === 1
          ? 'Question not found'
          : 'Some of the selected questions no longer exist. Please reload the list.',
      );
    }
    const files = await tx
      .delete(attachments)
      .where(inArray(attachments.questionId, unique))
      .returning({ filename: attachments.filename });
    await tx.delete(questions).where(inArray(questions.id, unique));
    const names = files.map((f) => f.filename);
    await ctx.uploads.release(tx, names);
    return names;
  });
  await ctx.uploads.remove(filenames);
  return unique.length;
}

/** The stored type of an attachment, for serving it; null when no question has it. */
export async function attachmentType(db: Db, filename: string): Promise<string | null> {
  const [row] = await db
    .select({ mime: attachments.mime })
    .from(attachments)
    .where(eq(attachments.filename, filename))
    .limit(1);
  return row?.mime ?? null;
}

/**
 * An image for lesson content (sections, question text), stored like a question's attachments but belonging to
 * no question, so the uploads route serves it to any signed-in reader. It stays when the content that showed it
 * is edited away: content keeps no list of its images.
 */
export async function saveContentImage(ctx: AppContext, files: StoredFile[]): Promise<ContentImage> {
  if (files.length !== 1) {
    await ctx.uploads.remove(files.map((f) => f.filename));
    throw Invalid(QUESTION_MESSAGES.oneImage);
  }
  const [file] = files;
  await withFiles(ctx.uploads, files, () =>
    ctx.db.transaction(async (tx) => {
      await tx.insert(attachments).values({
        questionId: null,
        filename: file.filename,
        originalName: file.originalName,
        mime: file.mime,
        size: file.size,
      });
      await ctx.uploads.claim(tx, [file.filename]);
    }),
  );
  return { filename: file.filename, originalname: file.originalName, url: uploadUrl(file.filename) };
}
