import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, questionCategories } from '../../db/schema';
import { buildQuestion, buildTeacher, signIn } from '../../test/factories';
import { call, createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  cookie = await signIn(t.app, await buildTeacher(t.db));
});
afterAll(() => t.close());

const add = (path: string, payload: unknown) =>
  call(t.app, cookie, { method: 'POST', url: path, payload: payload as object });

describe.each([
  ['/api/category', 'Category'],
  ['/api/focus', 'Focus area'],
])('%s', (path, label) => {
  it('adds trimmed names, lists them in alphabetical order and deletes an unused one', async () => {
    const zeta = await add(path, { name: '  Zeta  ' });
    expect(zeta.statusCode).toBe(201);
    expect(zeta.json()).toEqual({ id: expect.any(String), name: 'Zeta' });
    await add(path, { name: 'alpha' });
    const listed = (await call(t.app, cookie, { method: 'GET', url: path })).json();
    expect(listed.map((c: { name: string }) => c.name)).toEqual(['alpha', 'Zeta']);
    const deleted = await call(t.app, cookie, { method: 'DELETE', url: `${path}/${zeta.json().id}` });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().message).toBe(`${label} deleted successfully`);
    expect((await call(t.app, cookie, { method: 'GET', url: path })).json()).toHaveLength(1);
  });

  it('refuses a name that exists already, ignoring case', async () => {
    await add(path, { name: 'Ratios' });
    const again = await add(path, { name: ' RATIOS ' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`${label} "RATIOS" already exists.`);
  });

  it.each([[{}], [{ name: '' }], [{ name: '   ' }], [{ name: 42 }], [[{ name: 'x' }]]])(
    'refuses %j with a message',
    async (payload) => {
      const response = await add(path, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(`${label} name is required`);
    },
  );

  it('refuses a 100 kB name', async () => {
    const response = await add(path, { name: 'x'.repeat(100_000) });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(`${label} name must be at most 100 characters`);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const unknown = await call(t.app, cookie, {
      method: 'DELETE',
      url: `${path}/00000000-0000-4000-8000-000000000000`,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(`${label} not found`);
    expect((await call(t.app, cookie, { method: 'DELETE', url: `${path}/abc` })).statusCode).toBe(400);
  });
});

describe('deleting a category in use', () => {
  it('keeps it and says how many questions use it', async () => {
    const [category] = await t.db.insert(categories).values({ name: 'Geometry' }).returning();
    const question = await buildQuestion(t.db);
    await t.db.insert(questionCategories).values({ questionId: question.id, categoryId: category.id });
    const response = await call(t.app, cookie, { method: 'DELETE', url: `/api/category/${category.id}` });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(
      '"Geometry" is used by 1 question. Give them another category before deleting it.',
    );
  });
});
