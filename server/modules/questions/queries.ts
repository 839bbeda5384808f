/**
 * Reading the question bank. A list is two statements whatever its size (three with a search): the page, with
 * each question's tags and attachments gathered by the database for the page's rows only, and its count.
 * Every filter has its index: grade and type with the creation order, tags through their link tables, text
 * through a trigram index.
 */
import { and, desc, eq, getTableColumns, ilike, inArray, like, notExists, or, sql, type SQL } from 'drizzle-orm';
import {
  QUESTION_COUNT_CAP,
  QUESTION_DEFAULT_LIMIT,
  type Attachment,
  type Question,
  type QuestionList,
  type QuestionListQuery,
  type Tag,
} from '../../../common/schemas/questions';
import type { BuilderQuestion } from '../../../common/schemas/tests';
import type { AnswerForm } from '../../../common/rules/answer-forms';
import type { Db } from '../../db/client';
import {
  categories,
  focusAreas,
  questionCategories,
  questionFocus,
  questions,
  sectionQuestions,
} from '../../db/schema';
import { NotFound } from '../../lib/errors';
import type { Memo } from '../../lib/kept/stores';

/** `%text%` for LIKE and ILIKE, with the pattern characters of the text taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The categories and focus areas whose names contain the search text: few, so fetched first, in one statement. */
async function tagsNamed(db: Db, pattern: string) {
  const rows = await db
    .select({ id: categories.id, kind: sql<'category' | 'focus'>`'category'` })
    .from(categories)
    .where(ilike(categories.name, pattern))
    .unionAll(
      db
        .select({ id: focusAreas.id, kind: sql<'category' | 'focus'>`'focus'` })
        .from(focusAreas)
        .where(ilike(focusAreas.name, pattern)),
    );
  return {
    categories: rows.filter((r) => r.kind === 'category').map((r) => r.id),
    focus: rows.filter((r) => r.kind === 'focus').map((r) => r.id),
  };
}

const withCategory = (db: Db, ids: string[]) =>
  inArray(
    questions.id,
    db
      .select({ id: questionCategories.questionId })
      .from(questionCategories)
      .where(inArray(questionCategories.categoryId, ids)),
  );
const withFocus = (db: Db, ids: string[]) =>
  inArray(
    questions.id,
    db.select({ id: questionFocus.questionId }).from(questionFocus).where(inArray(questionFocus.focusId, ids)),
  );

/** The WHERE clause of a list query. */
async function filterOf(db: Db, query: QuestionListQuery): Promise<SQL | undefined> {
  const where: Array<SQL | undefined> = [];
  if (query.grade !== undefined) where.push(eq(questions.grade, query.grade));
  if (query.type) where.push(eq(questions.type, query.type));
  if (query.category?.length) where.push(withCategory(db, query.category));
  if (query.focus?.length) where.push(withFocus(db, query.focus));
  if (query.excludeAssignedToSection) {
    const section = query.excludeAssignedToSection;
    where.push(
      notExists(
        db
          .select({ one: sql`1` })
          .from(sectionQuestions)
          .where(and(eq(sectionQuestions.sectionId, section), eq(sectionQuestions.questionId, questions.id))),
      ),
    );
  }
  if (query.q) {
    const pattern = containsPattern(query.q);
    // Tag names are matched first, so the usual search is one LIKE on the lower-cased search text, which the
    // planner serves from its trigram index (rare text) or along the creation order (common text); a subquery
    // in the OR would allow neither.
    const named = await tagsNamed(db, pattern);
    where.push(
      or(
        like(questions.searchText, sql`lower(${pattern})`),
        named.categories.length ? withCategory(db, named.categories) : undefined,
        named.focus.length ? withFocus(db, named.focus) : undefined,
      ),
    );
  }
  return and(...where);
}

/**
 * A question's columns with its tags and attachments, each gathered in the row's own order. The subqueries name
 * `questions.id` literally: drizzle leaves the select list's columns unqualified when one table is selected.
 */
const { searchText: _searchText, ...questionColumns } = getTableColumns(questions);
const detailColumns = {
  ...questionColumns,
  categories: sql<Tag[]>`coalesce((
    select json_agg(json_build_object('id', c.id, 'name', c.name) order by lower(c.name), c.id)
    from question_categories qc join categories c on c.id = qc.category_id where qc.question_id = questions.id), '[]'::json)`,
  focusAreas: sql<Tag[]>`coalesce((
    select json_agg(json_build_object('id', f.id, 'name', f.name) order by lower(f.name), f.id)
    from question_focus qf join focus_areas f on f.id = qf.focus_id where qf.question_id = questions.id), '[]'::json)`,
  files: sql<Attachment[]>`coalesce((
    select json_agg(json_build_object('filename', a.filename, 'originalname', a.original_name) order by a.created_at, a.filename)
    from attachments a where a.question_id = questions.id), '[]'::json)`,
};

type DetailRow = Omit<typeof questions.$inferSelect, 'searchText'> & {
  categories: Tag[];
  focusAreas: Tag[];
  files: Attachment[];
};

function present(row: DetailRow): Question {
  return {
    id: row.id,
    questionText: row.questionText,
    grade: row.grade,
    type: row.type,
    options: (row.options ?? {}) as Record<string, string>,
    answer: row.answer,
    answerForms: row.answerForms as AnswerForm[][],
    solution: row.solution,
    hint: row.hint,
    source: row.source,
    template: (row.template ?? null) as Question['template'],
    focus: row.focusAreas.map((t) => t.id),
    category: row.categories.map((t) => t.id),
    focusNames: row.focusAreas.map((t) => t.name),
    categoryNames: row.categories.map((t) => t.name),
    attachments: row.files,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A list query in a canonical form, for keeping its count and its pages. */
export function listKey(query: QuestionListQuery): string {
  const sorted = (ids?: string[]) => (ids ? [...ids].sort() : []);
  return JSON.stringify([
    query.grade,
    query.type,
    sorted(query.category),
    sorted(query.focus),
    query.excludeAssignedToSection,
    query.q ?? '',
    query.page,
    query.pageSize,
    query.limit,
  ]);
}

/**
 * A page of the bank, newest first, and how many questions match. Counting every match of a broad filter would
 * cost a scan of the whole bank on every page, so the count stops a little past what the pages shown need: at
 * least QUESTION_COUNT_CAP and at least the end of the requested page; `totalExact` says whether it stopped.
 * The count is the costly part of a page (an index scan of up to a thousand rows against a fraction of a
 * millisecond for the page) and staff page through one filter, so counts are kept in `counts` until the bank
 * changes.
 */
export async function listQuestions(db: Db, query: QuestionListQuery, counts?: Memo<number>): Promise<QuestionList> {
  const where = await filterOf(db, query);
  const size = query.pageSize ?? query.limit ?? QUESTION_DEFAULT_LIMIT;
  const offset = (query.page - 1) * size;
  const page = db
    .select({ id: questions.id, createdAt: questions.createdAt })
    .from(questions)
    .where(where)
    .orderBy(desc(questions.createdAt), desc(questions.id))
    .limit(size)
    .offset(offset)
    .as('page');
  const countUpTo = Math.max(QUESTION_COUNT_CAP, offset + size);
  // Pages of one filter that count equally far share their count.
  const key = listKey({ ...query, page: 1, pageSize: countUpTo, limit: undefined });
  const countMatches = async () => {
    const matches = db
      .select({ one: sql`1` })
      .from(questions)
      .where(where)
      .limit(countUpTo + 1)
      .as('matches');
    const [{ counted }] = await db.select({ counted: sql<number>`count(*)::int` }).from(matches);
    return counted;
  };
  const [rows, counted] = await Promise.all([
    db
      .select(detailColumns)
      .from(page)
      .innerJoin(questions, eq(questions.id, page.id))
      .orderBy(desc(page.createdAt), desc(page.id)),
    counts ? counts.remember(key, countMatches) : countMatches(),
  ]);
  return { questions: rows.map(present), total: Math.min(counted, countUpTo), totalExact: counted <= countUpTo };
}

export async function getQuestion(db: Db, id: string): Promise<Question> {
  const [row] = await db.select(detailColumns).from(questions).where(eq(questions.id, id));
  if (!row) throw NotFound('Question not found');
  return present(row);
}

/** The filter part of a list query: what the random draw of the test generator filters by. */
export type BankFilter = Pick<QuestionListQuery, 'grade' | 'type' | 'category' | 'focus' | 'q'>;

/** Every id that matches a filter, oldest first: the population the test generator's random draw samples. */
export async function matchingIds(db: Db, filter: BankFilter): Promise<string[]> {
  const where = await filterOf(db, { ...filter, page: 1 });
  const rows = await db
    .select({ id: questions.id })
    .from(questions)
    .where(where)
    .orderBy(questions.createdAt, questions.id);
  return rows.map((r) => r.id);
}

/** What the Test Builder shows of each question, in the order of `ids`; ids no longer in the bank are left out. */
export async function builderQuestionsByIds(db: Db, ids: readonly string[]): Promise<BuilderQuestion[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: questions.id, questionText: questions.questionText, grade: questions.grade, type: questions.type })
    .from(questions)
    .where(inArray(questions.id, [...ids]));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Questions in full staff detail, in the order of `ids`; ids no longer in the bank are left out. */
export async function questionsByIds(db: Db, ids: readonly string[]): Promise<Question[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(detailColumns)
    .from(questions)
    .where(inArray(questions.id, [...ids]));
  const byId = new Map(rows.map((row) => [row.id, present(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
