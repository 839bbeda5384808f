/**
 * Families through the API: a parent signs up, creates a child's account or invites a student; a student invites a
 * parent; the invited one accepts through the mailed link. Every refusal is a 4xx with a message that changes nothing.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAMILY_MESSAGES, INVITATION_TTL_DAYS, MESSAGES, type UserType } from '../../../common/rules';
import { DASHBOARD_MESSAGES } from '../../../common/schemas/dashboards';
import { familyInvitations, parentStudents, profiles, users } from '../../db/schema';
import { sha256 } from '../../lib/crypto';
import { naughtyStrings } from '../../test/corpora';
import { buildUser, signIn, type TestUser } from '../../test/factories';
import { call, createTestApp, sessionCookie, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PASSWORD = 'Str0ng&pass';
let counter = 0;
const freshEmail = (what: string) => `${what}${++counter}-${Date.now()}@example.com`;

const post = (cookie: string | null, url: string, payload: unknown) =>
  call(t.app, cookie, { method: 'POST', url, payload: payload as object });

async function person(type: UserType): Promise<TestUser & { cookie: string }> {
  const user = await buildUser(t.db, type);
  return { ...user, cookie: await signIn(t.app, user) };
}

const childForm = (overrides: Record<string, unknown> = {}) => ({
  first_name: 'Milo',
  last_name: 'Park',
  grade_level: '4',
  school: 'Birch Elementary',
  birthday: '2016-03-04',
  email: freshEmail('child'),
  password: PASSWORD,
  ...overrides,
});

/** The secret of the last invitation mailed to an address. */
function mailedToken(to: string): string {
  const mail = [...t.outbox.to(to)].reverse().find((m) => /\/invitation#/.test(m.text));
  if (!mail) throw new Error(`No invitation was mailed to ${to}`);
  return /\/invitation#([A-Za-z0-9_-]{43})/.exec(mail.text)![1];
}

const linked = async (parentId: string, studentId: string) =>
  (
    await t.db
      .select()
      .from(parentStudents)
      .where(and(eq(parentStudents.parentId, parentId), eq(parentStudents.studentId, studentId)))
  ).length;

const childrenOf = async (cookie: string) =>
  (await call(t.app, cookie, { method: 'GET', url: '/api/parent/children' })).json().children as Array<{ id: string }>;

describe("a parent creates a child's account", () => {
  it('creates the student, links them, mails them how to sign in (never the password), and they sign in', async () => {
    const parent = await person('parent');
    const form = childForm();
    const response = await post(parent.cookie, '/api/parent/children', form);
    expect(response.statusCode, response.body).toBe(201);
    const { child, message } = response.json();
    expect(message).toBe(FAMILY_MESSAGES.childCreated);
    expect(child).toMatchObject({ firstName: 'Milo', lastName: 'Park', email: form.email });
    expect(await linked(parent.id, child.id)).toBe(1);
    expect((await childrenOf(parent.cookie)).map((c) => c.id)).toEqual([child.id]);
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.userId, child.id));
    expect(profile).toMatchObject({ gradeLevel: '4', school: 'Birch Elementary', birthday: '2016-03-04' });
    const [mail] = t.outbox.to(form.email);
    expect(mail.text).toContain('has set your password');
    expect(mail.text).not.toContain(PASSWORD);
    const login = await post(null, '/api/auth/login', { email: form.email, password: PASSWORD });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.type).toBe('student');
  });

  it('without a password, mails the child how to choose one, and no password signs them in', async () => {
    const parent = await person('parent');
    const form = childForm({ password: '' });
    const response = await post(parent.cookie, '/api/parent/children', form);
    expect(response.statusCode, response.body).toBe(201);
    expect(t.outbox.to(form.email)[0].text).toContain('/forget-password');
    const login = await post(null, '/api/auth/login', { email: form.email, password: PASSWORD });
    expect(login.statusCode).toBe(401);
  });

  it.each([
    ['first name', { first_name: ' ' }, 'First name is required'],
    ['last name', { last_name: '' }, 'Last name is required'],
    ['grade', { grade_level: '13' }, 'Please choose a grade from K to 12'],
    ['school', { school: '' }, 'School is required'],
    ['birthday', { birthday: '2999-01-01' }, MESSAGES.birthdayFuture],
    ['missing birthday', { birthday: undefined }, 'Birthday is required'],
    ['e-mail', { email: 'not-an-email' }, MESSAGES.emailInvalid],
    ['missing e-mail', { email: undefined }, MESSAGES.emailRequired],
    ['password', { password: 'weakpass' }, MESSAGES.passwordNeedsUpper],
  ])('refuses a bad %s and creates nothing', async (_name, change, message) => {
    const parent = await person('parent');
    const form = childForm(change);
    const response = await post(parent.cookie, '/api/parent/children', form);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(await childrenOf(parent.cookie)).toEqual([]);
  });

  it('refuses an e-mail that has an account with 409, pointing to an invitation instead', async () => {
    const parent = await person('parent');
    const student = await buildUser(t.db, 'student');
    const response = await post(
      parent.cookie,
      '/api/parent/children',
      childForm({ email: student.email.toUpperCase() }),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(FAMILY_MESSAGES.childEmailTaken);
    expect(await linked(parent.id, student.id)).toBe(0);
  });

  it('is refused to every role but parent', async () => {
    for (const type of ['student', 'teacher', 'admin', 'data-entry'] as const) {
      const other = await person(type);
      const response = await post(other.cookie, '/api/parent/children', childForm());
      expect(response.statusCode, type).toBe(403);
    }
    expect((await post(null, '/api/parent/children', childForm())).statusCode).toBe(401);
  });

  it('refuses bodies that are not a form with a message, never a server error', async () => {
    const parent = await person('parent');
    for (const body of [null, [], 'text', 42, { first_name: 7 }, { ...childForm(), grade_level: ['4'] }]) {
      const response = await post(parent.cookie, '/api/parent/children', body);
      // A body that is not JSON is refused for its type (415), any other for its content (400).
      expect([400, 415], JSON.stringify(body)).toContain(response.statusCode);
      expect(response.json().message).toMatch(/\S/);
    }
  });

  it('stores each naughty string byte for byte (trimmed) or refuses it with a message', async () => {
    const parent = await person('parent');
    let stored = 0;
    for (const text of naughtyStrings) {
      const response = await post(
        parent.cookie,
        '/api/parent/children',
        childForm({ first_name: text, last_name: text, school: text }),
      );
      expect(response.statusCode, text).toBeLessThan(500);
      if (response.statusCode === 201) {
        stored++;
        const [row] = await t.db.select().from(profiles).where(eq(profiles.userId, response.json().child.id));
        expect(row.firstName).toBe(text.trim());
        expect(row.school).toBe(text.trim());
      } else {
        expect(response.statusCode, text).toBe(400);
        expect(response.json().message).toMatch(/\S/);
      }
    }
    expect(stored).toBeGreaterThan(naughtyStrings.length * 0.8);
  }, 600_000);
});

describe('a parent removes a child from their family', () => {
  it('removes the link only; another parent, or an unknown or malformed id, is 404 and changes nothing', async () => {
    const parent = await person('parent');
    const other = await person('parent');
    const created = await post(parent.cookie, '/api/parent/children', childForm());
    const childId = created.json().child.id;
    for (const id of [childId, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const response = await call(t.app, other.cookie, { method: 'DELETE', url: `/api/parent/children/${id}` });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(DASHBOARD_MESSAGES.childNotFound);
    }
    expect(await linked(parent.id, childId)).toBe(1);
    const removed = await call(t.app, parent.cookie, { method: 'DELETE', url: `/api/parent/children/${childId}` });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().message).toBe(FAMILY_MESSAGES.childRemoved);
    expect(await linked(parent.id, childId)).toBe(0);
    expect(await t.db.select().from(users).where(eq(users.id, childId))).toHaveLength(1);
  });
});

describe('invitations', () => {
  it('a parent invites an existing student, who reads and accepts it: they are linked', async () => {
    const parent = await person('parent');
    const student = await person('student');
    const sent = await post(parent.cookie, '/api/parent/invitations', { email: student.email.toUpperCase() });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().message).toBe(FAMILY_MESSAGES.invitationSent);
    const token = mailedToken(student.email);
    const [stored] = await t.db.select().from(familyInvitations).where(eq(familyInvitations.inviterId, parent.id));
    // Only the hash of the secret is kept.
    expect(stored.tokenHash).toBe(sha256(token));
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(stored.expiresAt.getTime() - stored.createdAt.getTime()).toBe(INVITATION_TTL_DAYS * 24 * 3600 * 1000);

    const view = await post(null, '/api/invitations/view', { token });
    expect(view.statusCode).toBe(200);
    expect(view.json()).toMatchObject({
      kind: 'parent-invites-student',
      inviterName: 'Firstparent Tester',
      email: student.email,
    });

    const accepted = await post(student.cookie, '/api/invitations/accept', { token });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().message).toBe(FAMILY_MESSAGES.invitationAccepted);
    expect(await linked(parent.id, student.id)).toBe(1);
    expect((await childrenOf(parent.cookie)).map((c) => c.id)).toEqual([student.id]);

    // Used: a clear refusal, and nothing changes.
    for (const [cookie, url] of [
      [student.cookie, '/api/invitations/accept'],
      [null, '/api/invitations/view'],
    ] as const) {
      const again = await post(cookie, url, { token });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(FAMILY_MESSAGES.invitationUsed);
    }
    // Inviting a child already linked is refused.
    const twice = await post(parent.cookie, '/api/parent/invitations', { email: student.email });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(FAMILY_MESSAGES.alreadyLinked);
  });

  it('a student invites a parent, who signs up through the link as a parent and accepts', async () => {
    const student = await person('student');
    const parentEmail = freshEmail('newparent');
    const sent = await post(student.cookie, '/api/student/invitations', { email: parentEmail });
    expect(sent.statusCode, sent.body).toBe(200);
    const token = mailedToken(parentEmail);
    expect((await post(null, '/api/invitations/view', { token })).json().kind).toBe('student-invites-parent');

    expect((await post(null, '/api/auth/signup', { email: parentEmail })).statusCode).toBe(200);
    const verify = await post(null, '/api/auth/verify-otp', {
      email: parentEmail,
      otp: t.outbox.lastCode(parentEmail),
    });
    expect(verify.statusCode).toBe(200);
    const completed = await post(null, '/api/users/complete-profile', {
      email: parentEmail,
      password: PASSWORD,
      type: 'parent',
      extra_field: { first_name: 'Pat', last_name: 'Doe', phone_number: '(123) 456-7890', address: '3 Elm St' },
    });
    expect(completed.statusCode, completed.body).toBe(200);
    const parentCookie = sessionCookie(completed);
    const accepted = await post(parentCookie, '/api/invitations/accept', { token });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await childrenOf(parentCookie)).map((c) => c.id)).toEqual([student.id]);
  });

  it('a foreign account, the wrong role, an expired or unknown link are refused and link nobody', async () => {
    const parent = await person('parent');
    const student = await person('student');
    const stranger = await person('student');
    await post(parent.cookie, '/api/parent/invitations', { email: student.email });
    const token = mailedToken(student.email);

    const foreign = await post(stranger.cookie, '/api/invitations/accept', { token });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toBe(FAMILY_MESSAGES.invitationForeign);

    // A student "inviting a parent" at another student's address: that student cannot accept it as a parent.
    await post(stranger.cookie, '/api/student/invitations', { email: student.email });
    const wrongRole = await post(student.cookie, '/api/invitations/accept', { token: mailedToken(student.email) });
    expect(wrongRole.statusCode).toBe(403);
    expect(wrongRole.json().message).toBe(FAMILY_MESSAGES.invitationForParent);

    const unknown = await post(student.cookie, '/api/invitations/accept', { token: 'A'.repeat(43) });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(FAMILY_MESSAGES.invitationInvalid);

    t.clock.advance(INVITATION_TTL_DAYS * 24 * 3600 + 1);
    try {
      // A week later the student signs in again: sessions end after 12 idle hours.
      const later = await signIn(t.app, student);
      for (const [cookie, url] of [
        [later, '/api/invitations/accept'],
        [null, '/api/invitations/view'],
      ] as const) {
        const expired = await post(cookie, url, { token });
        expect(expired.statusCode).toBe(410);
        expect(expired.json().message).toBe(FAMILY_MESSAGES.invitationExpired);
      }
    } finally {
      t.clock.advance(-(INVITATION_TTL_DAYS * 24 * 3600 + 1));
    }
    expect(await linked(parent.id, student.id)).toBe(0);
    const [row] = await t.db
      .select()
      .from(familyInvitations)
      .where(eq(familyInvitations.tokenHash, sha256(token)));
    expect(row.acceptedAt).toBeNull();
  });

  it('refuses inviting oneself and a malformed e-mail; malformed links are 400', async () => {
    const parent = await person('parent');
    const self = await post(parent.cookie, '/api/parent/invitations', { email: parent.email });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe(FAMILY_MESSAGES.notYourself);
    for (const email of ['', 'nope', 42, null]) {
      const bad = await post(parent.cookie, '/api/parent/invitations', { email });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toMatch(/\S/);
    }
    for (const token of ['', 'short', 'A'.repeat(44), 'A'.repeat(42) + '!', 7, null]) {
      for (const url of ['/api/invitations/view', '/api/invitations/accept']) {
        const bad = await post(parent.cookie, url, { token });
        expect(bad.statusCode).toBe(400);
        expect(bad.json().message).toBe(FAMILY_MESSAGES.invitationInvalid);
      }
    }
  });

  it('is refused to the roles that do not invite or accept', async () => {
    const token = 'A'.repeat(43);
    const email = freshEmail('anyone');
    for (const type of ['teacher', 'admin', 'data-entry'] as const) {
      const other = await person(type);
      expect((await post(other.cookie, '/api/parent/invitations', { email })).statusCode).toBe(403);
      expect((await post(other.cookie, '/api/student/invitations', { email })).statusCode).toBe(403);
      expect((await post(other.cookie, '/api/invitations/accept', { token })).statusCode).toBe(403);
    }
    const student = await person('student');
    const parent = await person('parent');
    expect((await post(student.cookie, '/api/parent/invitations', { email })).statusCode).toBe(403);
    expect((await post(parent.cookie, '/api/student/invitations', { email })).statusCode).toBe(403);
    for (const url of ['/api/parent/invitations', '/api/student/invitations', '/api/invitations/accept'])
      expect((await post(null, url, { email, token })).statusCode).toBe(401);
  });

  it('answers naughty strings as an e-mail or a link with a 4xx, never a server error', async () => {
    const student = await person('student');
    for (const text of naughtyStrings) {
      const invite = await post(student.cookie, '/api/student/invitations', { email: text });
      expect(invite.statusCode, text).toBeLessThan(500);
      if (invite.statusCode !== 200) expect(invite.json().message).toMatch(/\S/);
      for (const url of ['/api/invitations/view', '/api/invitations/accept']) {
        const response = await post(student.cookie, url, { token: text });
        expect(response.statusCode, text).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, text).toBeLessThan(500);
      }
    }
  }, 600_000);
});

describe('limits on mail sent for families', () => {
  it('limits invitations per sender and per invited address, and child accounts per parent, with 429', async () => {
    const strict = await createTestApp({ rateLimitFactor: 1 });
    try {
      const make = async (type: UserType) => {
        const user = await buildUser(strict.db, type);
        return { ...user, cookie: await signIn(strict.app, user) };
      };
      const send = (cookie: string, url: string, payload: object) =>
        call(strict.app, cookie, { method: 'POST', url, payload });
      const target = freshEmail('popular');
      const statuses = [];
      for (let i = 0; i < 4; i++) {
        const student = await make('student');
        statuses.push((await send(student.cookie, '/api/student/invitations', { email: target })).statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);

      const parent = await make('parent');
      const sent = [];
      for (let i = 0; i < 11; i++)
        sent.push((await send(parent.cookie, '/api/parent/invitations', { email: freshEmail('kid') })).statusCode);
      expect(sent.filter((s) => s === 200)).toHaveLength(10);
      expect(sent[10]).toBe(429);

      const busy = await make('parent');
      const made = [];
      for (let i = 0; i < 11; i++) made.push((await send(busy.cookie, '/api/parent/children', childForm())).statusCode);
      expect(made.filter((s) => s === 201)).toHaveLength(10);
      expect(made[10]).toBe(429);
    } finally {
      await strict.close();
    }
  }, 120_000);
});
