/**
 * Who may change a saved test, as a table: its author and admins may edit, archive, restore, delete and re-score it;
 * another user of the author's role may not, nor any other role. Every case goes through the API, on a fresh test,
 * and a refusal changes nothing.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserType } from '../../common/rules';
import { TEST_MESSAGES } from '../../common/rules/tests';
import { tests } from '../db/schema';
import { buildQuestion, buildUser, signIn, type TestUser } from '../test/factories';
import { call, createTestApp, type TestApp } from '../test/harness';
import { mayChangeTest } from './tests';

type Staff = Extract<UserType, 'admin' | 'teacher' | 'data-entry'>;
const STAFF: Staff[] = ['admin', 'teacher', 'data-entry'];

let t: TestApp;
let question: string;
/** Two users of each staff role, signed in: the author and a colleague of the same role. */
const users = {} as Record<Staff, Array<TestUser & { cookie: string }>>;

beforeAll(async () => {
  t = await createTestApp();
  question = (await buildQuestion(t.db)).id;
  for (const role of STAFF) {
    users[role] = [];
    for (let i = 0; i < 2; i++) {
      const user = await buildUser(t.db, role);
      users[role].push({ ...user, cookie: await signIn(t.app, user) });
    }
  }
});
afterAll(() => t.close());

const body = {
  name: 'Owned quiz',
  type: 'test',
  description: '',
  instructions: '',
  timeLimit: null,
  totalMarks: null,
  testCode: '',
};

async function testBy(author: TestUser & { cookie: string }): Promise<string> {
  const created = await call(t.app, author.cookie, {
    method: 'POST',
    url: '/api/tests',
    payload: { ...body, questions: [{ questionId: question, order: 1 }] },
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().test.id;
}

/** Each change a test can undergo: its call, and the status it answers when allowed. */
const CHANGES: Array<{
  what: string;
  run(cookie: string, id: string): ReturnType<typeof call>;
  ok: number;
  roles: readonly Staff[];
}> = [
  {
    what: 'edit',
    ok: 200,
    roles: STAFF,
    run: (cookie, id) =>
      call(t.app, cookie, {
        method: 'PUT',
        url: `/api/tests/${id}`,
        payload: { ...body, name: 'Renamed', questions: [{ questionId: question, order: 1 }] },
      }),
  },
  {
    what: 'archive',
    ok: 200,
    roles: STAFF,
    run: (cookie, id) => call(t.app, cookie, { method: 'POST', url: `/api/tests/${id}/archive` }),
  },
  {
    what: 'delete',
    ok: 200,
    roles: STAFF,
    run: (cookie, id) => call(t.app, cookie, { method: 'DELETE', url: `/api/tests/${id}` }),
  },
  // Re-scoring is for those who read results: admins and teachers.
  {
    what: 're-score',
    ok: 200,
    roles: ['admin', 'teacher'],
    run: (cookie, id) => call(t.app, cookie, { method: 'POST', url: `/api/tests/${id}/rescore` }),
  },
];

describe('who may change a saved test', () => {
  for (const change of CHANGES) {
    for (const authorRole of STAFF) {
      for (const actorRole of STAFF) {
        if (!change.roles.includes(actorRole)) continue;
        for (const same of actorRole === authorRole ? [true, false] : [false]) {
          const allowed = actorRole === 'admin' || same;
          const who = same ? `its ${actorRole} author` : `${actorRole === authorRole ? 'another' : 'a'} ${actorRole}`;
          const refusal = change.what === 're-score' ? TEST_MESSAGES.rescoreNotYours : TEST_MESSAGES.notYours;
          it(`${change.what} a ${authorRole}'s test by ${who}: ${allowed ? 'allowed' : '403'}`, async () => {
            const author = users[authorRole][0];
            const actor = same ? author : users[actorRole][1];
            const id = await testBy(author);
            const response = await change.run(actor.cookie, id);
            expect(response.statusCode, response.body).toBe(allowed ? change.ok : 403);
            expect(response.json().message).toEqual(allowed ? expect.any(String) : refusal);
            // A refused change leaves the test as it was.
            const [row] = await t.db.select().from(tests).where(eq(tests.id, id));
            expect(allowed || row).toEqual(
              allowed || expect.objectContaining({ title: 'Owned quiz', archivedAt: null, createdBy: author.id }),
            );
          });
        }
      }
    }
  }

  it('the rule itself: admins always, the author, nobody for a test without one but admins', () => {
    expect(mayChangeTest({ id: 'a', type: 'admin' }, { createdBy: 'b' })).toBe(true);
    expect(mayChangeTest({ id: 'a', type: 'teacher' }, { createdBy: 'a' })).toBe(true);
    expect(mayChangeTest({ id: 'a', type: 'teacher' }, { createdBy: 'b' })).toBe(false);
    expect(mayChangeTest({ id: 'a', type: 'teacher' }, { createdBy: null })).toBe(false);
    expect(mayChangeTest({ id: 'a', type: 'admin' }, { createdBy: null })).toBe(true);
  });
});
