/**
 * Every question keeps a category and a focus area that exist, also while one is deleted as a question takes it.
 * Always on PostgreSQL: PGlite runs one statement at a time, so the two requests never overlap there and the
 * question's check of its tags could not be overtaken by the deletion.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, questionCategories } from '../../db/schema';
import { buildTeacher, signIn } from '../../test/factories';
import { call, createTestApp, type TestApp } from '../../test/harness';
import { buildTags, multipartBody } from '../../test/questionFixtures';

let t: TestApp;
let staff: string;
let focusId: string;

beforeAll(async () => {
  t = await createTestApp({ database: 'postgres' });
  staff = await signIn(t.app, await buildTeacher(t.db));
  focusId = (await buildTags(t.db)).focus[0].id;
});
afterAll(() => t.close());

async function createQuestion(categoryId: string) {
  const body = await multipartBody({
    questionText: '<p>What is $\\frac{1}{2} + \\frac{1}{4}$?</p>',
    grade: '5',
    type: 'Multiple Choice',
    focus: [focusId],
    category: [categoryId],
    solution: '<p>$\\frac{3}{4}$</p>',
    hint: '',
    source: 'Race test',
    options: { A: '$\\frac{3}{4}$', B: '$\\frac{2}{6}$', C: '$1$', D: '$\\frac{1}{8}$' },
    answer: { a1: ['A'] },
  });
  return call(t.app, staff, { method: 'POST', url: '/api/questions', ...body });
}

describe('a category deleted while a question takes it', () => {
  it(
    'either stays, used by the question (409), or is gone and the question refused (400): never a server error',
    { timeout: 120_000 },
    async () => {
      for (let round = 0; round < 12; round++) {
        const [category] = await t.db
          .insert(categories)
          .values({ name: `Race ${round}` })
          .returning();
        const [created, deleted] = await Promise.all([
          createQuestion(category.id),
          call(t.app, staff, { method: 'DELETE', url: `/api/category/${category.id}` }),
        ]);
        const outcome = `round ${round}: ${created.statusCode} ${deleted.statusCode} ${created.body.slice(0, 120)}`;
        expect(
          [
            [201, 409],
            [400, 200],
          ],
          outcome,
        ).toContainEqual([created.statusCode, deleted.statusCode]);
        const stillThere = await t.db.select().from(categories).where(eq(categories.id, category.id));
        const used = await t.db.select().from(questionCategories).where(eq(questionCategories.categoryId, category.id));
        expect([stillThere.length, used.length], outcome).toEqual(created.statusCode === 201 ? [1, 1] : [0, 0]);
      }
    },
  );
});
