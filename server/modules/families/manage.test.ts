/**
 * What a family keeps up after the first link: the sender's pending invitations (listed, sent again with a new link,
 * cancelled), and a parent's edits of their child's details and the sign-in e-mail they have sent to the child.
 * Every refusal is a 4xx with a message that changes nothing.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAMILY_MESSAGES, INVITATION_TTL_DAYS, type UserType } from '../../../common/rules';
import { DASHBOARD_MESSAGES } from '../../../common/schemas/dashboards';
import { familyInvitations, profiles } from '../../db/schema';
import { naughtyStrings } from '../../test/corpora';
import { buildUser, signIn, type TestUser } from '../../test/factories';
import { call, createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let counter = 0;
const freshEmail = (what: string) => `${what}${++counter}-${Date.now()}@example.com`;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const send = (cookie: string | null, method: Method, url: string, payload?: unknown) =>
  call(t.app, cookie, { method, url, ...(payload === undefined ? {} : { payload: payload as object }) });

async function person(type: UserType): Promise<TestUser & { cookie: string }> {
  const user = await buildUser(t.db, type);
  return { ...user, cookie: await signIn(t.app, user) };
}

/** The secret of the last invitation mailed to an address. */
function mailedToken(to: string): string {
  const mail = [...t.outbox.to(to)].reverse().find((m) => /\/invitation#/.test(m.text));
  if (!mail) throw new Error(`No invitation was mailed to ${to}`);
  return /\/invitation#([A-Za-z0-9_-]{43})/.exec(mail.text)![1];
}

const pending = async (cookie: string, side: 'parent' | 'student') =>
  (await send(cookie, 'GET', `/api/${side}/invitations`)).json().invitations as Array<{
    id: string;
    email: string;
    expiresAt: string;
    expired: boolean;
  }>;

const view = (token: string) => send(null, 'POST', '/api/invitations/view', { token });

describe('pending invitations', () => {
  it('a parent lists theirs, sends one again (a new link; the old one is refused) and cancels it (the link is refused)', async () => {
    const parent = await person('parent');
    const other = await person('parent');
    const email = freshEmail('kid');
    expect(await pending(parent.cookie, 'parent')).toEqual([]);
    await send(parent.cookie, 'POST', '/api/parent/invitations', { email });
    const first = mailedToken(email);
    const [listed] = await pending(parent.cookie, 'parent');
    expect(listed).toMatchObject({ email, expired: false });
    // Another parent sees none of it.
    expect(await pending(other.cookie, 'parent')).toEqual([]);

    t.clock.advance(3600);
    try {
      const resent = await send(parent.cookie, 'POST', `/api/parent/invitations/${listed.id}/resend`);
      expect(resent.statusCode, resent.body).toBe(200);
      expect(resent.json().message).toBe(FAMILY_MESSAGES.invitationResent);
    } finally {
      t.clock.advance(-3600);
    }
    const second = mailedToken(email);
    expect(second).not.toBe(first);
    expect((await view(first)).json().message).toBe(FAMILY_MESSAGES.invitationInvalid);
    expect((await view(first)).statusCode).toBe(404);
    expect((await view(second)).statusCode).toBe(200);
    const [renewed] = await pending(parent.cookie, 'parent');
    expect(renewed.id).toBe(listed.id);
    // Seven days from the resend, an hour later than the first (the test clock moves on with real time too).
    const gained = Date.parse(renewed.expiresAt) - Date.parse(listed.expiresAt);
    expect(gained).toBeGreaterThanOrEqual(3600 * 1000);
    expect(gained).toBeLessThan(3660 * 1000);

    const cancelled = await send(parent.cookie, 'DELETE', `/api/parent/invitations/${listed.id}`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().message).toBe(FAMILY_MESSAGES.invitationCancelled);
    const dead = await view(second);
    expect(dead.statusCode).toBe(404);
    expect(dead.json().message).toBe(FAMILY_MESSAGES.invitationInvalid);
    expect(await pending(parent.cookie, 'parent')).toEqual([]);
    const again = await send(parent.cookie, 'DELETE', `/api/parent/invitations/${listed.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(FAMILY_MESSAGES.invitationNotFound);
  });

  it('a student lists the one they sent to a parent, and shows it expired once its week is over', async () => {
    const student = await person('student');
    const email = freshEmail('guardian');
    await send(student.cookie, 'POST', '/api/student/invitations', { email });
    const [sent] = await pending(student.cookie, 'student');
    expect(sent).toMatchObject({ email, expired: false });
    t.clock.advance(INVITATION_TTL_DAYS * 24 * 3600 + 1);
    try {
      const later = await signIn(t.app, student);
      expect((await pending(later, 'student'))[0]).toMatchObject({ id: sent.id, expired: true });
      // An expired invitation may be sent again: it gets a new week.
      const resent = await send(later, 'POST', `/api/student/invitations/${sent.id}/resend`);
      expect(resent.statusCode, resent.body).toBe(200);
      expect((await pending(later, 'student'))[0].expired).toBe(false);
      expect((await view(mailedToken(email))).statusCode).toBe(200);
    } finally {
      t.clock.advance(-(INVITATION_TTL_DAYS * 24 * 3600 + 1));
    }
  });

  it("refuses another sender's, an accepted, an unknown or a malformed invitation with 404, changing nothing", async () => {
    const parent = await person('parent');
    const child = await person('student');
    const other = await person('parent');
    await send(parent.cookie, 'POST', '/api/parent/invitations', { email: child.email });
    const token = mailedToken(child.email);
    const [invitation] = await pending(parent.cookie, 'parent');
    const before = (await t.db.select().from(familyInvitations).where(eq(familyInvitations.id, invitation.id)))[0];
    for (const url of [`/api/parent/invitations/${invitation.id}/resend`, `/api/parent/invitations/${invitation.id}`]) {
      const refused = await send(other.cookie, url.endsWith('resend') ? 'POST' : 'DELETE', url);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().message).toBe(FAMILY_MESSAGES.invitationNotFound);
    }
    const after = (await t.db.select().from(familyInvitations).where(eq(familyInvitations.id, invitation.id)))[0];
    expect(after).toEqual(before);
    expect((await view(token)).statusCode).toBe(200);

    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id', '%27%3B--', 'a'.repeat(90)]) {
      for (const method of ['POST', 'DELETE'] as const) {
        const url = method === 'POST' ? `/api/parent/invitations/${id}/resend` : `/api/parent/invitations/${id}`;
        const refused = await send(parent.cookie, method, url);
        expect(refused.statusCode, id).toBe(404);
        expect(refused.json().message).toBe(FAMILY_MESSAGES.invitationNotFound);
      }
    }

    // Once accepted it is no longer pending: neither listed nor sent again nor cancelled.
    expect((await send(child.cookie, 'POST', '/api/invitations/accept', { token })).statusCode).toBe(200);
    expect(await pending(parent.cookie, 'parent')).toEqual([]);
    expect((await send(parent.cookie, 'POST', `/api/parent/invitations/${invitation.id}/resend`)).statusCode).toBe(404);
    expect((await send(parent.cookie, 'DELETE', `/api/parent/invitations/${invitation.id}`)).statusCode).toBe(404);
  });

  it('is refused to the invited child, the other side and staff (403), and to visitors (401)', async () => {
    const parent = await person('parent');
    const child = await person('student');
    await send(parent.cookie, 'POST', '/api/parent/invitations', { email: child.email });
    const [invitation] = await pending(parent.cookie, 'parent');
    const calls = (side: 'parent' | 'student') =>
      [
        ['GET', `/api/${side}/invitations`],
        ['POST', `/api/${side}/invitations/${invitation.id}/resend`],
        ['DELETE', `/api/${side}/invitations/${invitation.id}`],
      ] as const;
    for (const [method, url] of calls('parent')) {
      expect((await send(child.cookie, method, url)).statusCode, url).toBe(403);
      expect((await send(null, method, url)).statusCode, url).toBe(401);
    }
    for (const [method, url] of calls('student'))
      expect((await send(parent.cookie, method, url)).statusCode, url).toBe(403);
    for (const type of ['teacher', 'admin', 'data-entry'] as const) {
      const staff = await person(type);
      for (const [method, url] of [...calls('parent'), ...calls('student')])
        expect((await send(staff.cookie, method, url)).statusCode, `${type} ${url}`).toBe(403);
    }
    expect(await pending(parent.cookie, 'parent')).toHaveLength(1);
  });

  it('sends again under the limits of sending: the invited address gets at most three an hour', async () => {
    const strict = await createTestApp({ rateLimitFactor: 1 });
    try {
      const parent = await buildUser(strict.db, 'parent');
      const cookie = await signIn(strict.app, parent);
      const email = freshEmail('kid');
      await call(strict.app, cookie, { method: 'POST', url: '/api/parent/invitations', payload: { email } });
      const list = await call(strict.app, cookie, { method: 'GET', url: '/api/parent/invitations' });
      const id = list.json().invitations[0].id;
      const statuses = [];
      for (let i = 0; i < 3; i++)
        statuses.push(
          (await call(strict.app, cookie, { method: 'POST', url: `/api/parent/invitations/${id}/resend` })).statusCode,
        );
      expect(statuses).toEqual([200, 200, 429]);
      expect(strict.outbox.to(email)).toHaveLength(3);
    } finally {
      await strict.close();
    }
  }, 60_000);
});

/** A parent with a child they created, as the dialog does. */
async function family() {
  const parent = await person('parent');
  const email = freshEmail('child');
  const created = await send(parent.cookie, 'POST', '/api/parent/children', {
    first_name: 'Milo',
    last_name: 'Park',
    grade_level: '4',
    school: 'Birch Elementary',
    birthday: '2016-03-04',
    email,
    password: 'Str0ng&pass',
  });
  expect(created.statusCode, created.body).toBe(201);
  const child = created.json().child as { id: string; email: string };
  return { parent, child, childCookie: await signIn(t.app, { email, password: 'Str0ng&pass' }) };
}

const details = {
  first_name: 'Milan',
  last_name: 'Parker',
  grade_level: '5',
  school: 'Cedar Middle',
  birthday: '2015-06-07',
};

const profileOf = async (id: string) => (await t.db.select().from(profiles).where(eq(profiles.userId, id)))[0];

describe("a parent edits their child's details", () => {
  it('reads and saves the name, grade, school and birthday, which the dashboard then shows', async () => {
    const { parent, child } = await family();
    const read = await send(parent.cookie, 'GET', `/api/parent/children/${child.id}/details`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toEqual({
      id: child.id,
      email: child.email,
      first_name: 'Milo',
      last_name: 'Park',
      grade_level: '4',
      school: 'Birch Elementary',
      birthday: '2016-03-04',
    });
    const saved = await send(parent.cookie, 'PUT', `/api/parent/children/${child.id}`, {
      ...details,
      school: ' Cedar Middle ',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({
      message: FAMILY_MESSAGES.childUpdated,
      child: { id: child.id, email: child.email, ...details },
    });
    expect(await profileOf(child.id)).toMatchObject({
      firstName: 'Milan',
      lastName: 'Parker',
      gradeLevel: '5',
      school: 'Cedar Middle',
      birthday: '2015-06-07',
    });
    const listed = (await send(parent.cookie, 'GET', '/api/parent/children')).json().children;
    expect(listed[0]).toMatchObject({ firstName: 'Milan', lastName: 'Parker', grade: '5', school: 'Cedar Middle' });
  });

  it('refuses each broken field with its message, and a body that is no form, changing nothing', async () => {
    const { parent, child } = await family();
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ first_name: '' }, 'first_name', 'First name is required'],
      [{ last_name: '   ' }, 'last_name', 'Last name is required'],
      [{ grade_level: '13' }, 'grade_level', 'Please choose a grade from K to 12'],
      [{ school: '' }, 'school', 'School is required'],
      [{ birthday: '' }, 'birthday', 'Birthday is required'],
      [{ birthday: '2999-01-01' }, 'birthday', ''],
      [{ birthday: '2020-02-30' }, 'birthday', 'Please enter a valid date'],
      [{ first_name: 'x'.repeat(5000) }, 'first_name', ''],
      [{ school: 42 }, 'school', ''],
    ];
    for (const [change, field, message] of cases) {
      const refused = await send(parent.cookie, 'PUT', `/api/parent/children/${child.id}`, { ...details, ...change });
      expect(refused.statusCode, JSON.stringify(change)).toBe(400);
      const issue = refused.json().issues.find((i: { path: string }) => i.path === field);
      expect(issue, JSON.stringify(change)).toBeDefined();
      if (message) expect(issue.message).toBe(message);
      else expect(issue.message).toMatch(/\S/);
    }
    for (const body of [[], null, 7, 'text']) {
      const refused = await send(parent.cookie, 'PUT', `/api/parent/children/${child.id}`, body);
      // A bare string is not JSON's content type: 415, the others 400.
      expect(refused.statusCode, JSON.stringify(body)).toBe(body === 'text' ? 415 : 400);
      expect(refused.json().message).toMatch(/\S/);
    }
    expect(await profileOf(child.id)).toMatchObject({ firstName: 'Milo', school: 'Birch Elementary' });
  });

  it("answers another parent's child, an unknown or malformed id with 404; the child and staff with 403", async () => {
    const { child, childCookie } = await family();
    const other = await person('parent');
    for (const id of [child.id, '00000000-0000-4000-8000-000000000000', 'nope']) {
      for (const [method, url, body] of [
        ['GET', `/api/parent/children/${id}/details`, undefined],
        ['PUT', `/api/parent/children/${id}`, details],
        ['POST', `/api/parent/children/${id}/sign-in-email`, undefined],
      ] as const) {
        const refused = await send(other.cookie, method, url, body);
        expect(refused.statusCode, `${method} ${url}`).toBe(404);
        expect(refused.json().message).toBe(DASHBOARD_MESSAGES.childNotFound);
      }
    }
    const refusers = [
      childCookie,
      ...(await Promise.all((['teacher', 'admin', 'data-entry'] as const).map(person))).map((p) => p.cookie),
    ];
    for (const cookie of refusers) {
      expect((await send(cookie, 'PUT', `/api/parent/children/${child.id}`, details)).statusCode).toBe(403);
      expect((await send(cookie, 'GET', `/api/parent/children/${child.id}/details`)).statusCode).toBe(403);
      expect((await send(cookie, 'POST', `/api/parent/children/${child.id}/sign-in-email`)).statusCode).toBe(403);
    }
    expect((await send(null, 'PUT', `/api/parent/children/${child.id}`, details)).statusCode).toBe(401);
    expect(await profileOf(child.id)).toMatchObject({ firstName: 'Milo', lastName: 'Park' });
    expect(
      t.outbox.to(child.email).filter((m) => /forget-password/.test(m.text) && /asked us/.test(m.text)),
    ).toHaveLength(0);
  });

  it('stores naughty strings as names byte for byte (trimmed) or refuses them with a message, never a 500', async () => {
    const { parent, child } = await family();
    for (const text of naughtyStrings) {
      const response = await send(parent.cookie, 'PUT', `/api/parent/children/${child.id}`, {
        ...details,
        first_name: text,
      });
      expect(response.statusCode, text).toBeLessThan(500);
      if (response.statusCode === 200) expect((await profileOf(child.id)).firstName).toBe(text.trim());
      else expect(response.json().message).toMatch(/\S/);
    }
  }, 600_000);
});

describe('a parent sends their child a sign-in e-mail', () => {
  it("mails the child's address how to sign in and where to choose a new password, never a password", async () => {
    const { parent, child } = await family();
    const sent = await send(parent.cookie, 'POST', `/api/parent/children/${child.id}/sign-in-email`);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().message).toBe(FAMILY_MESSAGES.signInMailSent);
    const mail = t.outbox.to(child.email).at(-1)!;
    expect(mail.subject).toBe('How to sign in to Math Academy');
    expect(mail.text).toContain('Hello Milo');
    expect(mail.text).toContain(`/signin with ${child.email}`);
    expect(mail.text).toContain('/forget-password');
    expect(mail.text).not.toContain('Str0ng&pass');
  });

  it('sends a child at most three an hour, whichever parent asks', async () => {
    const strict = await createTestApp({ rateLimitFactor: 1 });
    try {
      const parent = await buildUser(strict.db, 'parent');
      const cookie = await signIn(strict.app, parent);
      const made = await call(strict.app, cookie, {
        method: 'POST',
        url: '/api/parent/children',
        payload: { ...details, email: freshEmail('child'), password: '' },
      });
      const id = made.json().child.id;
      const statuses = [];
      for (let i = 0; i < 4; i++)
        statuses.push(
          (await call(strict.app, cookie, { method: 'POST', url: `/api/parent/children/${id}/sign-in-email` }))
            .statusCode,
        );
      expect(statuses).toEqual([200, 200, 200, 429]);
    } finally {
      await strict.close();
    }
  }, 60_000);
});
