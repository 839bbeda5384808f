import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SKILL_MESSAGES as M } from '../../../common/rules/skills';
import { categories, focusAreas, questionCategories, questionFocus, skills } from '../../db/schema';
import { buildOneOfEach, buildQuestion, signIn } from '../../test/factories';
import { call, createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let staff: Record<'admin' | 'teacher' | 'data-entry', string>;
let refused: Record<'student' | 'parent', string>;
let fractions: { id: string };
let geometry: { id: string };
let computation: { id: string };
let reasoning: { id: string };

beforeAll(async () => {
  t = await createTestApp();
  const people = await buildOneOfEach(t.db);
  staff = {
    admin: await signIn(t.app, people.admin),
    teacher: await signIn(t.app, people.teacher),
    'data-entry': await signIn(t.app, people['data-entry']),
  };
  refused = { student: await signIn(t.app, people.student), parent: await signIn(t.app, people.parent) };
  [fractions, geometry] = await t.db
    .insert(categories)
    .values([{ name: 'Fractions' }, { name: 'Geometry' }])
    .returning();
  [computation, reasoning] = await t.db
    .insert(focusAreas)
    .values([{ name: 'Computation' }, { name: 'Reasoning' }])
    .returning();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.delete(skills);
});

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
const send = (method: Method, url: string, payload?: unknown, cookie = staff.teacher) =>
  call(t.app, cookie, { method, url, ...(payload === undefined ? {} : { payload: payload as object }) });

async function create(payload: object) {
  const response = await send('POST', '/api/skills', payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; name: string };
}
const prerequisites = (id: string, prerequisiteIds: unknown, cookie?: string) =>
  send('PUT', `/api/skills/${id}/prerequisites`, { prerequisiteIds }, cookie);
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe('skills for every staff type', () => {
  it.each(['admin', 'teacher', 'data-entry'] as const)('%s adds, lists, edits and deletes a skill', async (role) => {
    const made = await send(
      'POST',
      '/api/skills',
      { focusAreaId: computation.id, categoryId: fractions.id, gradeMin: 3, gradeMax: 5 },
      staff[role],
    );
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toEqual({
      id: expect.any(String),
      name: 'Computation: Fractions',
      focusArea: { id: computation.id, name: 'Computation' },
      category: { id: fractions.id, name: 'Fractions' },
      gradeMin: 3,
      gradeMax: 5,
      prerequisiteIds: [],
      questionCount: 0,
    });
    const id = made.json().id;
    const edited = await send('PATCH', `/api/skills/${id}`, { gradeMax: 6 }, staff[role]);
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ gradeMin: 3, gradeMax: 6, category: { id: fractions.id } });
    const listed = await send('GET', '/api/skills', undefined, staff[role]);
    expect(listed.json().map((s: { name: string }) => s.name)).toEqual(['Computation: Fractions']);
    const deleted = await send('DELETE', `/api/skills/${id}`, undefined, staff[role]);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().message).toBe(M.deleted);
    expect((await send('GET', '/api/skills', undefined, staff[role])).json()).toEqual([]);
  });

  it.each(['student', 'parent'] as const)('refuses a %s every route', async (role) => {
    const skill = await create({ focusAreaId: computation.id });
    for (const [method, url, payload] of [
      ['GET', '/api/skills'],
      ['POST', '/api/skills', { focusAreaId: reasoning.id }],
      ['PATCH', `/api/skills/${skill.id}`, { gradeMin: 2 }],
      ['DELETE', `/api/skills/${skill.id}`],
      ['PUT', `/api/skills/${skill.id}/prerequisites`, { prerequisiteIds: [] }],
    ] as const) {
      const response = await send(method, url, payload, refused[role]);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
    const anonymous = await call(t.app, null, { method: 'GET', url: '/api/skills' });
    expect(anonymous.statusCode).toBe(401);
    expect((await send('GET', '/api/skills')).json()).toHaveLength(1);
  });
});

describe('the list', () => {
  it('names, orders and counts the questions that practice each skill, in one statement', async () => {
    const both = await buildQuestion(t.db);
    const focusOnly = await buildQuestion(t.db);
    const other = await buildQuestion(t.db);
    await t.db.insert(questionFocus).values([
      { questionId: both.id, focusId: computation.id },
      { questionId: focusOnly.id, focusId: computation.id },
      { questionId: other.id, focusId: reasoning.id },
    ]);
    await t.db.insert(questionCategories).values([
      { questionId: both.id, categoryId: fractions.id },
      { questionId: focusOnly.id, categoryId: geometry.id },
      { questionId: other.id, categoryId: fractions.id },
    ]);
    const narrow = await create({ focusAreaId: computation.id, categoryId: fractions.id });
    const wide = await create({ focusAreaId: computation.id });
    const reason = await create({ focusAreaId: reasoning.id, gradeMin: 4 });
    await prerequisites(narrow.id, [wide.id, reason.id]);
    const listed = (await send('GET', '/api/skills')).json();
    expect(listed.map((s: { name: string; questionCount: number }) => [s.name, s.questionCount])).toEqual([
      ['Computation', 2],
      ['Computation: Fractions', 1],
      ['Reasoning', 1],
    ]);
    expect(listed[1].prerequisiteIds.sort()).toEqual([wide.id, reason.id].sort());
    expect(listed[2]).toMatchObject({ gradeMin: 4, gradeMax: null, category: null });
  });
});

describe('the rules of a skill', () => {
  it('refuses a second skill of the same focus area and category, with or without a category', async () => {
    await create({ focusAreaId: computation.id });
    await create({ focusAreaId: computation.id, categoryId: fractions.id });
    const again = await send('POST', '/api/skills', { focusAreaId: computation.id, categoryId: null });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(M.duplicate('Computation'));
    const narrow = await send('POST', '/api/skills', { focusAreaId: computation.id, categoryId: fractions.id });
    expect(narrow.statusCode).toBe(409);
    expect(narrow.json().message).toBe(M.duplicate('Computation: Fractions'));
  });

  it('refuses an edit that makes a duplicate', async () => {
    await create({ focusAreaId: computation.id });
    const other = await create({ focusAreaId: computation.id, categoryId: geometry.id });
    const response = await send('PATCH', `/api/skills/${other.id}`, { categoryId: null });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(M.duplicate('Computation'));
  });

  it('refuses simultaneous adds of one skill but one', async () => {
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => send('POST', '/api/skills', { focusAreaId: reasoning.id })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409]);
  });

  it.each([
    [{}, M.focusAreaRequired],
    [{ focusAreaId: 'abc' }, M.focusAreaRequired],
    [{ focusAreaId: UNKNOWN }, M.focusAreaNotFound],
    [{ focusAreaId: 'computation', categoryId: 'x' }, M.categoryNotFound],
    [{ focusAreaId: 'computation', categoryId: UNKNOWN }, M.categoryNotFound],
    [{ focusAreaId: 'computation', gradeMin: 0 }, M.gradeRange],
    [{ focusAreaId: 'computation', gradeMax: 13 }, M.gradeRange],
    [{ focusAreaId: 'computation', gradeMin: 2.5 }, M.gradeRange],
    [{ focusAreaId: 'computation', gradeMin: '4' }, M.gradeRange],
    [{ focusAreaId: 'computation', gradeMin: 6, gradeMax: 5 }, M.gradeOrder],
  ])('refuses %j with a message', async (payload, message) => {
    const named = payload as { focusAreaId?: string };
    const body = {
      ...payload,
      focusAreaId: named.focusAreaId === 'computation' ? computation.id : named.focusAreaId,
    };
    const response = await send('POST', '/api/skills', 'focusAreaId' in payload ? body : payload);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('refuses a body that is not an object, and a 100 kB one', async () => {
    expect((await send('POST', '/api/skills', [1, 2])).statusCode).toBe(400);
    const huge = await send('POST', '/api/skills', { focusAreaId: 'x'.repeat(100_000) });
    expect(huge.statusCode).toBe(400);
  });

  it('checks an edited grade band against the end it leaves alone', async () => {
    const skill = await create({ focusAreaId: computation.id, gradeMin: 4, gradeMax: 6 });
    const low = await send('PATCH', `/api/skills/${skill.id}`, { gradeMax: 3 });
    expect(low.statusCode).toBe(400);
    expect(low.json().message).toBe(M.gradeOrder);
    const both = await send('PATCH', `/api/skills/${skill.id}`, { gradeMin: 9, gradeMax: 8 });
    expect(both.json().message).toBe(M.gradeOrder);
    const cleared = await send('PATCH', `/api/skills/${skill.id}`, { gradeMin: null });
    expect(cleared.json()).toMatchObject({ gradeMin: null, gradeMax: 6 });
    const unknownCategory = await send('PATCH', `/api/skills/${skill.id}`, { categoryId: UNKNOWN });
    expect(unknownCategory.statusCode).toBe(400);
    expect(unknownCategory.json().message).toBe(M.categoryNotFound);
    const moved = await send('PATCH', `/api/skills/${skill.id}`, { focusAreaId: reasoning.id });
    expect(moved.json()).toMatchObject({ name: 'Reasoning', gradeMin: null, gradeMax: 6 });
  });

  it('answers 404 for an unknown skill and 400 for a malformed id', async () => {
    for (const [method, url, payload] of [
      ['PATCH', `/api/skills/${UNKNOWN}`, { gradeMin: 2 }],
      ['DELETE', `/api/skills/${UNKNOWN}`],
      ['PUT', `/api/skills/${UNKNOWN}/prerequisites`, { prerequisiteIds: [] }],
    ] as const) {
      const response = await send(method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json().message).toBe(M.notFound);
      const malformed = await send(method, url.replace(UNKNOWN, 'abc'), payload);
      expect(malformed.statusCode).toBe(400);
    }
  });
});

describe('prerequisites', () => {
  it('replaces the set, and an empty list clears it', async () => {
    const [a, b, c] = [
      await create({ focusAreaId: computation.id }),
      await create({ focusAreaId: reasoning.id }),
      await create({ focusAreaId: computation.id, categoryId: fractions.id }),
    ];
    expect((await prerequisites(c.id, [a.id, b.id, a.id])).json().prerequisiteIds.sort()).toEqual([a.id, b.id].sort());
    expect((await prerequisites(c.id, [b.id])).json().prerequisiteIds).toEqual([b.id]);
    const cleared = await prerequisites(c.id, []);
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().prerequisiteIds).toEqual([]);
  });

  it('refuses a cycle, direct or through other skills, naming the skills', async () => {
    const a = await create({ focusAreaId: computation.id });
    const b = await create({ focusAreaId: reasoning.id });
    const c = await create({ focusAreaId: computation.id, categoryId: fractions.id });
    expect((await prerequisites(b.id, [a.id])).statusCode).toBe(200);
    expect((await prerequisites(c.id, [b.id])).statusCode).toBe(200);
    const direct = await prerequisites(a.id, [b.id]);
    expect(direct.statusCode).toBe(409);
    expect(direct.json().message).toBe(M.cycle('Computation', 'Reasoning'));
    const through = await prerequisites(a.id, [c.id]);
    expect(through.statusCode).toBe(409);
    expect(through.json().message).toBe(M.cycle('Computation', 'Computation: Fractions'));
    // Replacing c's prerequisites with none opens the way.
    expect((await prerequisites(c.id, [])).statusCode).toBe(200);
    expect((await prerequisites(a.id, [c.id])).statusCode).toBe(200);
  });

  it('refuses the skill itself, an unknown skill, more than 20 and bad input', async () => {
    const a = await create({ focusAreaId: computation.id });
    const itself = await prerequisites(a.id, [a.id]);
    expect(itself.statusCode).toBe(400);
    expect(itself.json().message).toBe(M.prerequisiteItself);
    const unknown = await prerequisites(a.id, [UNKNOWN]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(M.prerequisiteNotFound);
    const many = Array.from({ length: 21 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    const tooMany = await prerequisites(a.id, many);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe(M.tooManyPrerequisites);
    for (const bad of [undefined, 'x', [42], ['abc']]) {
      const response = await prerequisites(a.id, bad);
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
      expect(response.json().message).toMatch(/prerequisite/i);
    }
  });

  it('takes a deleted skill out of the prerequisites of others', async () => {
    const a = await create({ focusAreaId: computation.id });
    const b = await create({ focusAreaId: reasoning.id });
    await prerequisites(b.id, [a.id]);
    await send('DELETE', `/api/skills/${a.id}`);
    expect((await send('GET', '/api/skills')).json()[0].prerequisiteIds).toEqual([]);
  });
});
