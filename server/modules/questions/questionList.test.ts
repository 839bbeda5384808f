/**
 * The bank's list against a brute-force filter over the same few hundred questions: every filter, the search,
 * paging and the count agree with what a plain loop finds.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUESTION_TYPES, type QuestionType } from '../../../common/schemas/questions';
import { questionCategories, questionFocus, questions, sectionQuestions } from '../../db/schema';
import { buildCourse, buildTeacher, signIn } from '../../test/factories';
import { call, createTestApp, type TestApp } from '../../test/harness';
import { buildTags } from '../../test/questionFixtures';

interface Row {
  id: string;
  grade: number;
  type: QuestionType;
  text: string;
  source: string;
  createdAt: Date;
  categories: string[];
  focus: string[];
}

let t: TestApp;
let cookie: string;
let tags: Awaited<ReturnType<typeof buildTags>>;
let sectionId: string;
const rows: Row[] = [];
const assigned = new Set<string>();

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number) {
  return () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
}
const WORDS = [
  'triangle',
  'fraction',
  'Perimeter',
  'percent',
  'mean',
  'prime',
  'area',
  'ratio',
  '100%_sure',
  'back\\slash',
];
const SOURCES = ['SSAT', 'MAP Growth', 'AMC 8', 'Textbook'];

beforeAll(async () => {
  t = await createTestApp();
  cookie = await signIn(t.app, await buildTeacher(t.db));
  tags = await buildTags(t.db);
  sectionId = (await buildCourse(t.db, { units: 1, sections: 1 })).units[0].sections[0].id;
  const next = random(42);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)];
  const base = Date.UTC(2026, 0, 1);
  for (let i = 0; i < 300; i++) {
    const type = pick(QUESTION_TYPES);
    const text = `<p>Question ${i}: ${pick(WORDS)} and ${pick(WORDS)}</p>`;
    const source = pick(SOURCES);
    // Every fifth question shares its creation time with the one before: paging must still be stable.
    const createdAt = new Date(base - (i - (i % 5 === 0 ? 1 : 0)) * 1000);
    const [q] = await t.db
      .insert(questions)
      .values({
        questionText: text,
        grade: 1 + Math.floor(next() * 12),
        type,
        answer: [['1']],
        source,
        createdAt,
        updatedAt: createdAt,
      })
      .returning();
    const cats = [...new Set([pick(tags.categories), pick(tags.categories)])].map((c) => c.id);
    const focus = [pick(tags.focus).id];
    await t.db.insert(questionCategories).values(cats.map((categoryId) => ({ questionId: q.id, categoryId })));
    await t.db.insert(questionFocus).values(focus.map((focusId) => ({ questionId: q.id, focusId })));
    if (next() < 0.2) {
      await t.db.insert(sectionQuestions).values({ sectionId, questionId: q.id, position: assigned.size });
      assigned.add(q.id);
    }
    rows.push({ id: q.id, grade: q.grade, type, text, source, createdAt, categories: cats, focus });
  }
});
afterAll(() => t.close());

const nameOf = (id: string) => [...tags.categories, ...tags.focus].find((tag) => tag.id === id)!.name;

interface Query {
  grade?: number;
  type?: QuestionType;
  category?: string[];
  focus?: string[];
  q?: string;
  excludeAssignedToSection?: string;
  page?: number;
  pageSize?: number;
  limit?: number;
}

function bruteForce(query: Query): Row[] {
  const needle = query.q?.trim().toLowerCase();
  return rows
    .filter((r) => query.grade === undefined || r.grade === query.grade)
    .filter((r) => !query.type || r.type === query.type)
    .filter((r) => !query.category || r.categories.some((c) => query.category!.includes(c)))
    .filter((r) => !query.focus || r.focus.some((f) => query.focus!.includes(f)))
    .filter((r) => !query.excludeAssignedToSection || !assigned.has(r.id))
    .filter(
      (r) =>
        !needle ||
        r.text.toLowerCase().includes(needle) ||
        r.source.toLowerCase().includes(needle) ||
        [...r.categories, ...r.focus].some((id) => nameOf(id).toLowerCase().includes(needle)),
    )
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (b.id > a.id ? 1 : b.id < a.id ? -1 : 0));
}

function toSearch(query: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    params.set(key, Array.isArray(value) ? value.join(',') : String(value));
  return params.toString();
}

describe('GET /api/questions against a brute-force filter', () => {
  const queries: Array<() => Query> = [
    () => ({}),
    () => ({ pageSize: 10, page: 3 }),
    () => ({ grade: 7, pageSize: 20 }),
    () => ({ type: 'Fill in the Blank', pageSize: 40, page: 2 }),
    () => ({ category: [tags.categories[0].id], pageSize: 30, page: 2 }),
    () => ({ category: [tags.categories[1].id, tags.categories[2].id], limit: 1000 }),
    () => ({ focus: [tags.focus[1].id], grade: 3 }),
    () => ({ excludeAssignedToSection: sectionId, limit: 1000 }),
    () => ({ excludeAssignedToSection: sectionId, category: [tags.categories[2].id], pageSize: 10, page: 4 }),
    () => ({ q: 'TRIANGLE', pageSize: 10 }),
    () => ({ q: 'map grow', pageSize: 40 }),
    () => ({ q: 'geometry', pageSize: 10, page: 2 }),
    () => ({ q: 'reason' }),
    () => ({ q: '100%_', limit: 1000 }),
    () => ({ q: 'back\\slash', limit: 1000 }),
    () => ({ q: '%', limit: 1000 }),
    () => ({
      q: 'fraction',
      grade: 5,
      type: 'Multiple Choice',
      category: [tags.categories[0].id],
      focus: [tags.focus[0].id],
    }),
    () => ({ q: 'nothing like this', pageSize: 10 }),
    () => ({ pageSize: 10, page: 31 }),
  ];

  it.each(queries.map((q, i) => [i, q] as const))(
    'query %i: same questions, order, page and total',
    async (_, make) => {
      const query = make();
      const response = await call(t.app, cookie, { method: 'GET', url: `/api/questions?${toSearch(query)}` });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json();
      const expected = bruteForce(query);
      const size = query.pageSize ?? query.limit ?? 50;
      const page = query.page ?? 1;
      expect(body.total).toBe(expected.length);
      expect(body.totalExact).toBe(true);
      expect(body.questions.map((q: { id: string }) => q.id)).toEqual(
        expected.slice((page - 1) * size, page * size).map((r) => r.id),
      );
      for (const q of body.questions) {
        const row = rows.find((r) => r.id === q.id)!;
        expect(new Set(q.category)).toEqual(new Set(row.categories));
        expect(q.categoryNames).toEqual(row.categories.map(nameOf).sort());
        expect(q.focusNames).toEqual(row.focus.map(nameOf));
      }
    },
  );

  it('counts no further than 1,000 matches or the end of the page asked for, and says so', async () => {
    const many = Array.from({ length: 1001 }, (_, i) => ({
      questionText: `<p>Bulk ${i}</p>`,
      grade: 12,
      type: 'Short Answer' as const,
      answer: [['1']],
      source: 'bulk-cap',
    }));
    await t.db.insert(questions).values(many);
    const first = (await call(t.app, cookie, { method: 'GET', url: '/api/questions?q=bulk-cap&pageSize=10' })).json();
    expect(first).toMatchObject({ total: 1000, totalExact: false });
    expect(first.questions).toHaveLength(10);
    const deep = (
      await call(t.app, cookie, { method: 'GET', url: '/api/questions?q=bulk-cap&pageSize=10&page=101' })
    ).json();
    expect(deep).toMatchObject({ total: 1001, totalExact: true });
    expect(deep.questions).toHaveLength(1);
  });

  it.each([
    ['grade=13', 'Grade must be at most 12'],
    ['grade=abc', 'Grade must be a number'],
    ['page=0', 'Page must be at least 1'],
    ['pageSize=101', 'Page size must be at most 100'],
    ['limit=5000', 'Limit must be at most 1000'],
    ['type=Essay', 'Unknown question type'],
    ['category=abc', 'Unknown category'],
    ['excludeAssignedToSection=x', 'Unknown section'],
    [`q=${'x'.repeat(201)}`, 'Search for at most 200 characters'],
  ])('refuses ?%s with "%s"', async (query, message) => {
    const response = await call(t.app, cookie, { method: 'GET', url: `/api/questions?${query}` });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });
});

describe('kept pages and counts', () => {
  const totalOf = async (query: string) =>
    (await call(t.app, cookie, { method: 'GET', url: `/api/questions?${query}` })).json().total as number;

  it('follow a change made here at once, and one made anywhere else as soon as the database announces it', async () => {
    const before = await totalOf('grade=9&pageSize=10');
    const victim = rows.find((r) => r.grade === 9)!;
    expect((await call(t.app, cookie, { method: 'DELETE', url: `/api/questions/${victim.id}` })).statusCode).toBe(200);
    expect(await totalOf('grade=9&pageSize=10')).toBe(before - 1);

    // Written straight to the database, as another instance would: the bank's trigger tells this one.
    await t.db
      .insert(questions)
      .values({ questionText: '<p>Elsewhere</p>', grade: 9, type: 'Short Answer', answer: [['1']], source: 'x' });
    await expect.poll(() => totalOf('grade=9&pageSize=10')).toBe(before);
  });

  it('show a question deleted elsewhere gone from the page as soon as the database announces it', async () => {
    const first = async () =>
      (await call(t.app, cookie, { method: 'GET', url: '/api/questions?grade=4&pageSize=5' })).json().questions[0]
        .id as string;
    const top = await first();
    await t.db.delete(questions).where(eq(questions.id, top));
    rows.splice(
      rows.findIndex((r) => r.id === top),
      1,
    );
    await expect.poll(first).not.toBe(top);
  });

  it('follow the tags: a question tagged with a category is found by a search for its name', async () => {
    const created = await call(t.app, cookie, {
      method: 'POST',
      url: '/api/category',
      payload: { name: 'Zebra Patterns' },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(await totalOf('q=zebra&limit=1000')).toBe(0);
    await t.db
      .insert(questionCategories)
      .values({ questionId: rows.find((r) => r.grade < 9)!.id, categoryId: created.json().id });
    await expect.poll(() => totalOf('q=zebra&limit=1000')).toBe(1);
  });

  it('follow a section’s questions for "not yet in this section"', async () => {
    const free = rows.find((r) => !assigned.has(r.id) && r.grade < 9)!;
    const query = `excludeAssignedToSection=${sectionId}&grade=${free.grade}`;
    const before = await totalOf(query);
    const assign = await call(t.app, cookie, {
      method: 'POST',
      url: '/api/questions/assign-to-section',
      payload: { questionIds: [free.id], sectionId },
    });
    expect(assign.statusCode, assign.body).toBe(200);
    expect(await totalOf(query)).toBe(before - 1);
  });
});
