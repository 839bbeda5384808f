/**
 * Saved tests and the test generator's random draw. A test's questions are rows by
 * position; a question deleted from the bank leaves its row with no question (a gap the author sees and removes),
 * so a saved test never renumbers behind its author's back.
 */
import { randomInt } from 'node:crypto';
import { and, desc, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { TEST_CODE_ALPHABET, TEST_CODE_LENGTH, TEST_CODE_PREFIX, TEST_MESSAGES } from '../../../common/rules/tests';
import type {
  RandomDraw,
  RandomDrawResult,
  TestChange,
  TestData,
  TestDetail,
  TestEntry,
  TestList,
  TestPapers,
  TestListQuery,
  TestSummary,
} from '../../../common/schemas/tests';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { rows } from '../../db/prepared';
import { questions, testAssignments, testQuestions, tests } from '../../db/schema';
import { Conflict, Forbidden, Invalid, NotFound } from '../../lib/errors';
import type { Actor } from '../../policies/actor';
import { mayChangeTest } from '../../policies/tests';
import type { Memo } from '../../lib/kept/stores';
import type { CurrentUser } from '../sessions/store';
import { paperSeed, storedTemplate, variantOf } from '../variants/variants';
import { examFit } from '../exams/sitting';
import { PAPER_VERSIONS } from '../../../common/rules/templates';
import { builderQuestionsByIds, listKey, matchingIds, questionsByIds, type BankFilter } from '../questions/queries';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** `TEST-` and 6 characters no reader confuses, from the CSPRNG: codes are not guessable from one another. */
export function newTestCode(): string {
  let code = TEST_CODE_PREFIX;
  for (let i = 0; i < TEST_CODE_LENGTH; i++) code += TEST_CODE_ALPHABET[randomInt(TEST_CODE_ALPHABET.length)];
  return code;
}

/** `%text%` for ILIKE, with the pattern characters of the text taken literally. */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * A test's figures, gathered by the database for the rows asked for: its live questions, its gaps and the sum of
 * its marks (gaps carry no marks). Columns name `tests.id` with its table (docs/DESIGN-NOTES.md: raw SQL).
 */
const summaryColumns = {
  id: tests.id,
  title: tests.title,
  type: tests.type,
  code: tests.code,
  description: tests.description,
  instructions: tests.instructions,
  timeLimit: tests.timeLimit,
  totalMarks: tests.totalMarks,
  examProfile: sql<{ id: string; name: string } | null>`(
    select json_build_object('id', st_ep.id, 'name', st_ep.name) from exam_profiles st_ep where st_ep.id = tests.exam_profile_id)`,
  archivedAt: tests.archivedAt,
  createdAt: tests.createdAt,
  updatedAt: tests.updatedAt,
  questionCount: sql<number>`(select count(tq.question_id)::int from test_questions tq where tq.test_id = tests.id)`,
  missingCount: sql<number>`(select (count(*) - count(tq.question_id))::int from test_questions tq where tq.test_id = tests.id)`,
  marks: sql<number>`(select coalesce(sum(tq.marks) filter (where tq.question_id is not null), 0)::int from test_questions tq where tq.test_id = tests.id)`,
  sittingCount: sql<number>`(select count(*)::int from test_assignments ta join test_attempts tat on tat.assignment_id = ta.id where ta.test_id = tests.id)`,
  author: sql<{ id: string; name: string } | null>`(
    select json_build_object('id', u.id, 'name', trim(coalesce(p.first_name, '') || ' ' || coalesce(p.last_name, '')))
    from users u left join profiles p on p.user_id = u.id where u.id = tests.created_by)`,
};
const selectSummaries = (db: Db) => db.select(summaryColumns).from(tests);
type SummaryRow = Awaited<ReturnType<typeof selectSummaries>>[number];

function present(row: SummaryRow): TestSummary {
  return {
    id: row.id,
    name: row.title,
    type: row.type,
    testCode: row.code,
    description: row.description,
    instructions: row.instructions,
    timeLimit: row.timeLimit,
    totalMarks: row.totalMarks,
    examProfile: row.examProfile,
    marks: row.marks,
    questionCount: row.questionCount,
    missingCount: row.missingCount,
    author: row.author,
    archivedAt: row.archivedAt ? row.archivedAt.toISOString() : null,
    sittingCount: row.sittingCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listTests(db: Db, query: TestListQuery): Promise<TestList> {
  const where: Array<SQL | undefined> = [];
  if (query.type) where.push(eq(tests.type, query.type));
  // Archived tests stay out of the builder and the lists to assign from; results ask for them.
  if (query.status === 'active') where.push(isNull(tests.archivedAt));
  if (query.status === 'archived') where.push(isNotNull(tests.archivedAt));
  if (query.q) {
    const pattern = containsPattern(query.q);
    where.push(or(ilike(tests.title, pattern), ilike(tests.code, pattern), ilike(tests.description, pattern)));
  }
  const filter = and(...where);
  const [rows, [{ total }]] = await Promise.all([
    selectSummaries(db)
      .where(filter)
      .orderBy(desc(tests.updatedAt), desc(tests.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(tests)
      .where(filter),
  ]);
  return { tests: rows.map(present), total };
}

export async function getTest(db: Db, id: string): Promise<TestDetail> {
  const [row] = await selectSummaries(db).where(eq(tests.id, id));
  if (!row) throw NotFound(TEST_MESSAGES.notFound);
  const entries = await db
    .select({ position: testQuestions.position, marks: testQuestions.marks, questionId: testQuestions.questionId })
    .from(testQuestions)
    .where(eq(testQuestions.testId, id))
    .orderBy(testQuestions.position);
  const found = new Map(
    (
      await questionsByIds(
        db,
        entries.flatMap((e) => (e.questionId ? [e.questionId] : [])),
      )
    ).map((q) => [q.id, q]),
  );
  return {
    ...present(row),
    questions: entries.map((e) => ({
      order: e.position,
      marks: e.marks,
      question: (e.questionId && found.get(e.questionId)) || null,
    })),
  };
}

/** Every question of a save must still be in the bank; they are locked so a delete cannot slip in before commit. */
async function requireQuestions(tx: Tx, entries: TestData['questions']) {
  const ids = entries.map((q) => q.questionId);
  const found = await tx.select({ id: questions.id }).from(questions).where(inArray(questions.id, ids)).for('share');
  if (found.length !== ids.length) throw Invalid(TEST_MESSAGES.questionGone);
}

async function writeQuestions(tx: Tx, testId: string, entries: TestData['questions']) {
  await tx.delete(testQuestions).where(eq(testQuestions.testId, testId));
  await tx
    .insert(testQuestions)
    .values(entries.map((q) => ({ testId, position: q.position, questionId: q.questionId, marks: q.marks })));
}

/** Whether an error is the unique index of assessment codes refusing a code already taken. */
const isCodeClash = (error: unknown) => {
  const cause =
    (error as { cause?: { code?: string; constraint?: string } })?.cause ??
    (error as { code?: string; constraint?: string });
  return cause?.code === '23505' && (cause.constraint ?? 'tests_code_key') === 'tests_code_key';
};

/**
 * Runs a write that may give a test a new code; a clash with an existing code (one in 25^6 per test, so
 * practically never) is tried again with another. `codes` is the source of codes (a test hands a taken one first).
 */
/**
 * A saved test as printed papers, versions A, B... (as many as asked): each question with random numbers as the
 * version's own variant, the same each time that version is printed, with its key; the others as they are.
 */
export async function testPapers(ctx: AppContext, id: string, versions: number): Promise<TestPapers> {
  const test = await getTest(ctx.db, id);
  return {
    versions: await Promise.all(
      PAPER_VERSIONS.slice(0, versions).map(async (version, index) => ({
        version,
        questions: await Promise.all(test.questions.map((entry) => versionEntry(ctx, id, index, entry))),
      })),
    ),
  };
}

async function versionEntry(ctx: AppContext, testId: string, version: number, entry: TestEntry) {
  const question = entry.question;
  const template = question && storedTemplate(question.template);
  const seed = template && paperSeed(template, question, testId, version);
  const variant = seed && (await variantOf(ctx, question.id, seed, async () => question));
  if (!question || !variant) return { ...entry, variant: null };
  const { questionText, options, answer, hint, solution } = variant;
  return {
    ...entry,
    variant: seed,
    question: { ...question, questionText, options: options as Record<string, string>, answer, hint, solution },
  };
}

export async function withFreshCode<T>(
  write: (code: string) => Promise<T>,
  codes: () => string = newTestCode,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await write(codes());
    } catch (error) {
      if (attempt < 4 && isCodeClash(error)) continue;
      if (isCodeClash(error)) throw Conflict('Could not give the assessment a unique code. Please try again.');
      throw error;
    }
  }
}

/** The columns of a test; on an edit, a field left out is undefined and its column stays as it is. */
function columnsOf(data: TestData): Omit<typeof tests.$inferInsert, 'code' | 'createdBy' | 'createdAt' | 'updatedAt'>;
function columnsOf(data: TestChange): Partial<typeof tests.$inferInsert>;
function columnsOf(data: TestChange): Partial<typeof tests.$inferInsert> {
  return {
    title: data.name,
    type: data.type,
    description: data.description,
    instructions: data.instructions,
    timeLimit: data.timeLimit,
    totalMarks: data.totalMarks,
    examProfileId: data.examProfileId,
  };
}

/**
 * Refuses a test its exam profile cannot score (the wrong number of questions, or questions its sheet cannot take);
 * returns the minutes the profile's sections take, the test's time limit then, or undefined to keep the one typed.
 */
async function requireExamFit(tx: Tx, profileId: string | null, questionIds: string[]) {
  if (!profileId) return undefined;
  const { problem, minutes } = await examFit(tx, profileId, questionIds);
  if (problem) throw Invalid(problem);
  return minutes ?? undefined;
}

export async function createTest(ctx: AppContext, user: CurrentUser, data: TestData): Promise<TestDetail> {
  const id = await withFreshCode((code) =>
    ctx.db.transaction(async (tx) => {
      await requireQuestions(tx, data.questions);
      const sectionsMinutes = await requireExamFit(
        tx,
        data.examProfileId,
        data.questions.map((q) => q.questionId),
      );
      const now = ctx.now();
      const [row] = await tx
        .insert(tests)
        .values({
          ...columnsOf(data),
          timeLimit: sectionsMinutes ?? data.timeLimit,
          code: data.type === 'assessment' ? code : null,
          createdBy: user.id,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: tests.id });
      await writeQuestions(tx, row.id, data.questions);
      return row.id;
    }),
  );
  return getTest(ctx.db, id);
}

/**
 * The test, locked for the rest of the transaction, when the actor may change it: 404 when there is none, 403 when
 * it is another's (an admin may change any).
 */
async function lockOwnTest(tx: Tx, actor: Actor, id: string) {
  const [existing] = await tx
    .select({ code: tests.code, type: tests.type, createdBy: tests.createdBy, archivedAt: tests.archivedAt })
    .from(tests)
    .where(eq(tests.id, id))
    .for('update');
  if (!existing) throw NotFound(TEST_MESSAGES.notFound);
  if (!mayChangeTest(actor, existing)) throw Forbidden(TEST_MESSAGES.notYours);
  return existing;
}

/** An assessment keeps its code through edits; a test that becomes an assessment gets one, and one that stops being one loses it. */
export async function updateTest(ctx: AppContext, actor: Actor, id: string, data: TestChange): Promise<TestDetail> {
  await withFreshCode((fresh) =>
    ctx.db.transaction(async (tx) => {
      const existing = await lockOwnTest(tx, actor, id);
      if (existing.archivedAt) throw Conflict(TEST_MESSAGES.isArchived);
      if (data.questions) await requireQuestions(tx, data.questions);
      // A profile with sections times the test: its time limit is theirs.
      let sectionsMinutes: number | undefined;
      if (data.examProfileId !== undefined || data.questions) {
        const [stored] = await tx.select({ examProfileId: tests.examProfileId }).from(tests).where(eq(tests.id, id));
        const questionIds = data.questions
          ? data.questions.map((q) => q.questionId)
          : (
              await tx
                .select({ questionId: testQuestions.questionId })
                .from(testQuestions)
                .where(eq(testQuestions.testId, id))
                .orderBy(testQuestions.position)
            ).flatMap((q) => (q.questionId ? [q.questionId] : []));
        sectionsMinutes = await requireExamFit(
          tx,
          data.examProfileId === undefined ? stored.examProfileId : data.examProfileId,
          questionIds,
        );
      }
      const code = (data.type ?? existing.type) === 'assessment' ? (existing.code ?? fresh) : null;
      await tx
        .update(tests)
        .set({
          ...columnsOf(data),
          ...(sectionsMinutes ? { timeLimit: sectionsMinutes } : {}),
          code,
          updatedAt: ctx.now(),
        })
        .where(eq(tests.id, id));
      if (data.questions) await writeQuestions(tx, id, data.questions);
    }),
  );
  return getTest(ctx.db, id);
}

/**
 * Deletes a test nobody has sat (its given tests go with it). A test with sittings is refused (409): deleting would
 * take its students' scores with it, so it is archived instead. The test's row is locked, so it cannot be given
 * meanwhile, and so are its given tests, so no sitting can start on one (a start takes a key share of its given test)
 * between the count and the delete.
 */
export async function deleteTest(db: Db, actor: Actor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockOwnTest(tx, actor, id);
    await tx
      .select({ id: testAssignments.id })
      .from(testAssignments)
      .where(eq(testAssignments.testId, id))
      .for('update');
    // A statement of its own: it sees every sitting committed while the locks above waited.
    const [{ sat }] = await rows<{ sat: boolean }>(
      tx,
      sql`select exists (select 1 from test_attempts tat join test_assignments ta on ta.id = tat.assignment_id where ta.test_id = ${id}) as sat`,
    );
    if (sat) throw Conflict(TEST_MESSAGES.deleteTaken);
    await tx.delete(tests).where(eq(tests.id, id));
  });
}

/** Archives a test (or restores it, `archived` false): kept with its sittings and results, out of the lists to build and assign from. */
export async function archiveTest(ctx: AppContext, actor: Actor, id: string, archived: boolean): Promise<TestDetail> {
  await ctx.db.transaction(async (tx) => {
    const existing = await lockOwnTest(tx, actor, id);
    if (Boolean(existing.archivedAt) === archived) return;
    await tx
      .update(tests)
      .set({ archivedAt: archived ? ctx.now() : null })
      .where(eq(tests.id, id));
  });
  return getTest(ctx.db, id);
}

/** A copy named "Copy of ...", by the caller, with the same positions (gaps included) and a code of its own. */
export async function duplicateTest(ctx: AppContext, user: CurrentUser, id: string): Promise<TestDetail> {
  const copyId = await withFreshCode((code) =>
    ctx.db.transaction(async (tx) => {
      const [source] = await tx.select().from(tests).where(eq(tests.id, id)).for('share');
      if (!source) throw NotFound(TEST_MESSAGES.notFound);
      const now = ctx.now();
      const title = `Copy of ${source.title}`.slice(0, 200);
      const [row] = await tx
        .insert(tests)
        .values({
          title,
          type: source.type,
          code: source.type === 'assessment' ? code : null,
          description: source.description,
          instructions: source.instructions,
          timeLimit: source.timeLimit,
          totalMarks: source.totalMarks,
          examProfileId: source.examProfileId,
          createdBy: user.id,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: tests.id });
      const entries = await tx.select().from(testQuestions).where(eq(testQuestions.testId, id));
      if (entries.length) await tx.insert(testQuestions).values(entries.map((e) => ({ ...e, testId: row.id })));
      return row.id;
    }),
  );
  return getTest(ctx.db, copyId);
}

/** The matches of a kept filter as a set, made once per kept list, so a draw never walks the whole bank. */
const idSets = new WeakMap<readonly string[], ReadonlySet<string>>();
function idSetOf(ids: readonly string[]): ReadonlySet<string> {
  let set = idSets.get(ids);
  if (!set) {
    set = new Set(ids);
    idSets.set(ids, set);
  }
  return set;
}

/**
 * `count` distinct questions drawn uniformly from those matching the filter, none of `exclude`: the first
 * non-excluded entries of a random permutation of the matches, made lazily (a sparse Fisher-Yates shuffle), so
 * a draw touches about count + |exclude| entries whatever the bank's size. The matches' ids are kept per filter
 * until the bank changes; `random` returns numbers in [0, 1) (tests give a seeded one).
 */
export async function drawRandom(
  db: Db,
  draw: RandomDraw,
  options: { ids?: Memo<string[]>; random?: () => number } = {},
): Promise<RandomDrawResult> {
  const filter: BankFilter = draw.filters;
  const load = () => matchingIds(db, filter);
  const key = listKey({ ...filter, page: 1 });
  const ids = options.ids ? await options.ids.remember(key, load) : await load();
  const random = options.random ?? Math.random;
  const exclude = new Set(draw.exclude);
  const matches = idSetOf(ids);
  let excludedHere = 0;
  for (const id of exclude) if (matches.has(id)) excludedHere++;
  const available = ids.length - excludedHere;
  const want = Math.min(draw.count, available);

  const swapped = new Map<number, number>();
  const at = (i: number) => swapped.get(i) ?? i;
  const picked: string[] = [];
  for (let i = 0; i < ids.length && picked.length < want; i++) {
    const j = i + Math.floor(random() * (ids.length - i));
    const chosen = at(j);
    swapped.set(j, at(i));
    const id = ids[chosen];
    if (!exclude.has(id)) picked.push(id);
  }
  return { questions: await builderQuestionsByIds(db, picked), available };
}
