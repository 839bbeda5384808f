/**
 * Two staff members setting prerequisites at once cannot close a cycle together (A before B from one, B before A
 * from the other), and two adds of one skill make one. Always on PostgreSQL: PGlite runs one statement at a time,
 * so two requests never overlap there and a cycle made together could not show.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SKILL_MESSAGES as M } from '../../../common/rules/skills';
import { focusAreas } from '../../db/schema';
import { buildTeacher, signIn } from '../../test/factories';
import { call, createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let teachers: string[];
beforeAll(async () => {
  t = await createTestApp({ database: 'postgres' });
  teachers = [await signIn(t.app, await buildTeacher(t.db)), await signIn(t.app, await buildTeacher(t.db))];
});
afterAll(() => t.close());

async function newSkill(): Promise<{ id: string; name: string }> {
  const [area] = await t.db
    .insert(focusAreas)
    .values({ name: `Race ${randomBytes(4).toString('hex')}` })
    .returning();
  const response = await call(t.app, teachers[0], {
    method: 'POST',
    url: '/api/skills',
    payload: { focusAreaId: area.id },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const setPrerequisites = (cookie: string, id: string, prerequisiteIds: string[]) =>
  call(t.app, cookie, { method: 'PUT', url: `/api/skills/${id}/prerequisites`, payload: { prerequisiteIds } });

describe('prerequisites set at once', () => {
  it('two edits that would close a cycle together: one wins, the other is told why', { timeout: 120_000 }, async () => {
    for (let round = 0; round < 10; round++) {
      const [a, b, c] = [await newSkill(), await newSkill(), await newSkill()];
      // A three-skill cycle from three editors: a needs b, b needs c, c needs a.
      const answers = await Promise.all([
        setPrerequisites(teachers[0], a.id, [b.id]),
        setPrerequisites(teachers[1], b.id, [c.id]),
        setPrerequisites(teachers[0], c.id, [a.id]),
      ]);
      const statuses = answers.map((r) => r.statusCode);
      expect(
        statuses.filter((s) => s === 200),
        answers.map((r) => r.body).join(' '),
      ).toHaveLength(2);
      const refused = answers.find((r) => r.statusCode !== 200)!;
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toMatch(/cannot come before/);

      const [d, e] = [await newSkill(), await newSkill()];
      const pair = await Promise.all([
        setPrerequisites(teachers[0], d.id, [e.id]),
        setPrerequisites(teachers[1], e.id, [d.id]),
      ]);
      expect(pair.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const lost = pair.find((r) => r.statusCode === 409)!;
      expect([M.cycle(d.name, e.name), M.cycle(e.name, d.name)]).toContain(lost.json().message);
    }
  });

  it('simultaneous adds of one skill make one', { timeout: 60_000 }, async () => {
    for (let round = 0; round < 5; round++) {
      const [area] = await t.db
        .insert(focusAreas)
        .values({ name: `Twice ${randomBytes(4).toString('hex')}` })
        .returning();
      const answers = await Promise.all(
        teachers.flatMap((cookie) =>
          [1, 2].map(() =>
            call(t.app, cookie, { method: 'POST', url: '/api/skills', payload: { focusAreaId: area.id } }),
          ),
        ),
      );
      expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409]);
    }
  });
});
