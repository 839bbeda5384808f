/**
 * Imports at the same moment that create the same new category and focus area: each finds the one the other made,
 * so the academy ends with one of each and every question tagged with it. Always on PostgreSQL, where the imports'
 * transactions overlap (PGlite runs one statement at a time).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, focusAreas, questionCategories } from '../../db/schema';
import { buildTeacher, signIn } from '../../test/factories';
import { call, createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let staff: string;

beforeAll(async () => {
  t = await createTestApp({ database: 'postgres' });
  staff = await signIn(t.app, await buildTeacher(t.db));
});
afterAll(() => t.close());

/** A GIFT file of one question in `category`, tagged with `focus` by the academy's own comment. */
const file = (n: number, category: string, focus: string) =>
  `// academy: {"grade":4,"focusAreas":["${focus}"]}\n$CATEGORY: $course$/top/${category}\n\n::Race ${n}::What is ${n} + 1?{=${n + 1} ~${n + 2}}\n`;

describe('new tags made by imports at once', () => {
  it('are made once, and every imported question has them', { timeout: 120_000 }, async () => {
    for (let round = 0; round < 5; round++) {
      const [category, focus] = [`Race category ${round}`, `Race focus ${round}`];
      const replies = await Promise.all(
        Array.from({ length: 6 }, (_, n) =>
          call(t.app, staff, {
            method: 'POST',
            url: '/api/question-exchange/import?format=gift',
            payload: Buffer.from(file(n, n % 2 ? category : category.toUpperCase(), focus)),
            headers: { 'content-type': 'application/octet-stream' },
          }),
        ),
      );
      expect(
        replies.map((r) => r.statusCode),
        replies.map((r) => r.body).join('\n'),
      ).toEqual(Array(6).fill(201));
      // Exactly one import says it made each; names differing only in case are one tag.
      expect(replies.flatMap((r) => r.json().createdCategories)).toHaveLength(1);
      expect(replies.flatMap((r) => r.json().createdFocusAreas)).toEqual([focus]);
      const [made] = await t.db
        .select({ n: sql<number>`count(*)::int` })
        .from(categories)
        .where(sql`lower(${categories.name}) = lower(${category})`);
      const [focusMade] = await t.db
        .select({ n: sql<number>`count(*)::int` })
        .from(focusAreas)
        .where(sql`${focusAreas.name} = ${focus}`);
      expect([made.n, focusMade.n]).toEqual([1, 1]);
      const [tagged] = await t.db
        .select({ n: sql<number>`count(*)::int` })
        .from(questionCategories)
        .innerJoin(categories, sql`${categories.id} = ${questionCategories.categoryId}`)
        .where(sql`lower(${categories.name}) = lower(${category})`);
      expect(tagged.n).toBe(6);
    }
  });
});
