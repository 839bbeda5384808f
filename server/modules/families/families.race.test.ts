/**
 * An invitation links a family once, however many acceptances arrive at once. Always on PostgreSQL: PGlite runs one
 * statement at a time, so two acceptances never overlap there and a double link could not show.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAMILY_MESSAGES } from '../../../common/rules';
import { familyInvitations, parentStudents } from '../../db/schema';
import { buildUser, signIn } from '../../test/factories';
import { call, createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ database: 'postgres' });
});
afterAll(() => t.close());

const post = (cookie: string, url: string, payload: object) => call(t.app, cookie, { method: 'POST', url, payload });

function mailedTokens(to: string): string[] {
  return t.outbox.to(to).flatMap((m) => /\/invitation#([A-Za-z0-9_-]{43})/.exec(m.text)?.[1] ?? []);
}

async function family() {
  const parent = await buildUser(t.db, 'parent');
  const student = await buildUser(t.db, 'student');
  return {
    parent,
    student,
    parentCookie: await signIn(t.app, parent),
    // A session per request, as from several tabs or devices.
    studentCookies: await Promise.all(Array.from({ length: 6 }, () => signIn(t.app, student))),
  };
}

const links = async (parentId: string, studentId: string) =>
  t.db
    .select()
    .from(parentStudents)
    .where(and(eq(parentStudents.parentId, parentId), eq(parentStudents.studentId, studentId)));

describe('accepting one invitation several times at once', () => {
  it('links once: one acceptance succeeds, the others are told it is used', { timeout: 120_000 }, async () => {
    for (let round = 0; round < 5; round++) {
      const { parent, student, parentCookie, studentCookies } = await family();
      expect((await post(parentCookie, '/api/parent/invitations', { email: student.email })).statusCode).toBe(200);
      const [token] = mailedTokens(student.email);
      const answers = await Promise.all(
        studentCookies.map((cookie) => post(cookie, '/api/invitations/accept', { token })),
      );
      const statuses = answers.map((a) => a.statusCode).sort();
      expect(statuses, `round ${round}: ${answers.map((a) => a.body).join(' ')}`).toEqual([
        200, 409, 409, 409, 409, 409,
      ]);
      for (const refused of answers.filter((a) => a.statusCode === 409))
        expect(refused.json().message).toBe(FAMILY_MESSAGES.invitationUsed);
      expect(await links(parent.id, student.id)).toHaveLength(1);
      const [invitation] = await t.db
        .select()
        .from(familyInvitations)
        .where(eq(familyInvitations.inviterId, parent.id));
      expect(invitation.acceptedBy).toBe(student.id);
    }
  });

  it(
    'two invitations of one family accepted at once both succeed, and link the family once',
    { timeout: 120_000 },
    async () => {
      const { parent, student, parentCookie, studentCookies } = await family();
      for (let i = 0; i < 2; i++)
        expect((await post(parentCookie, '/api/parent/invitations', { email: student.email })).statusCode).toBe(200);
      const tokens = mailedTokens(student.email);
      expect(tokens).toHaveLength(2);
      const answers = await Promise.all(
        tokens.map((token, i) => post(studentCookies[i], '/api/invitations/accept', { token })),
      );
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
      expect(await links(parent.id, student.id)).toHaveLength(1);
    },
  );
});
