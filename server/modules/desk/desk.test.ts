/**
 * The front desk end to end through the API: what the public forms store and mail, the admin's inbox (paging,
 * search, status and note, unsubscribe, CSV exports), the academy's settings, and the subscriber's unsubscribe link.
 */
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ACADEMY, DESK_MESSAGES, MESSAGES, type UserType } from '../../../common/rules';
import { naughtyStrings } from '../../test/corpora';
import { buildOneOfEach, signInEach } from '../../test/factories';
import { call, createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let cookies: Record<UserType | 'anon', string | null>;
let ipCounter = 0;

beforeAll(async () => {
  t = await createTestApp();
  cookies = await signInEach(t.app, await buildOneOfEach(t.db));
});
afterAll(() => t.close());

const admin = () => cookies.admin;
const get = (url: string, cookie = admin()) => call(t.app, cookie, { method: 'GET', url });
const send = (method: 'POST' | 'PATCH', url: string, payload: unknown, cookie = admin()) =>
  call(t.app, cookie, { method, url, payload: payload as object, remoteAddress: `10.7.0.${++ipCounter % 250}` });

async function book(name: string, email = `${name.toLowerCase().replace(/\W/g, '')}@example.com`) {
  const response = await send('POST', '/api/bookings', { name, email, phone: '(123) 456-7890' }, null);
  expect(response.statusCode).toBe(201);
  return email;
}

describe('a booking request', () => {
  it('mails the family a confirmation and the academy a notice, and waits in the inbox as new', async () => {
    const before = (await get('/api/admin/desk/summary')).json().newBookings;
    await book('Ada Family', 'ada.family@example.com');
    const [confirmation] = t.outbox.to('ada.family@example.com');
    expect(confirmation.subject).toBe('We received your booking request - Math Academy');
    expect(confirmation.text).toContain('Thank you, Ada Family.');
    // No ACADEMY_EMAIL in the tests: the notice goes to the contact e-mail of the settings.
    const [notice] = t.outbox.to(DEFAULT_ACADEMY.email);
    expect(notice.subject).toBe('New booking request from Ada Family');
    expect(notice.text).toContain(`${t.config.publicUrl}/admin-inbox`);
    expect((await get('/api/admin/desk/summary')).json()).toEqual({
      newBookings: before + 1,
      newEnrollments: 0,
      awaitingPayment: 0,
    });
    const page = (await get('/api/admin/desk/bookings?q=ada.family')).json();
    expect(page.bookings).toEqual([
      expect.objectContaining({ name: 'Ada Family', email: 'ada.family@example.com', status: 'new', note: '' }),
    ]);
  });

  it('goes to ACADEMY_EMAIL when it is set', async () => {
    t.config.academyEmail = 'desk@academy.example';
    try {
      await book('Noticed Family');
      expect(t.outbox.to('desk@academy.example').at(-1)?.subject).toBe('New booking request from Noticed Family');
    } finally {
      t.config.academyEmail = undefined;
    }
  });

  it('escapes what the family typed in the HTML of both mails', async () => {
    await book('<b>Bold</b> & Co', 'bold@example.com');
    const mails = [...t.outbox.to('bold@example.com'), t.outbox.sent.at(-1)!];
    for (const mail of mails) {
      expect(mail.html).not.toContain('<b>Bold</b>');
      expect(mail.html).toContain('&lt;b&gt;Bold&lt;/b&gt; &amp; Co');
    }
  });
});

describe('the bookings inbox', () => {
  it('pages newest first, searches name, e-mail and phone, and filters by status', async () => {
    for (const n of ['Page One', 'Page Two', 'Page Three']) await book(n);
    const first = (await get('/api/admin/desk/bookings?q=page&limit=2')).json();
    expect(first.pagination).toEqual({ page: 1, pages: 2, total: 3, limit: 2 });
    expect(first.bookings.map((b: { name: string }) => b.name)).toEqual(['Page Three', 'Page Two']);
    const second = (await get('/api/admin/desk/bookings?q=page&limit=2&page=2')).json();
    expect(second.bookings.map((b: { name: string }) => b.name)).toEqual(['Page One']);
    expect((await get('/api/admin/desk/bookings?q=456-78')).json().pagination.total).toBeGreaterThan(3);
    // A LIKE wildcard is searched as itself.
    expect((await get('/api/admin/desk/bookings?q=%25')).json().pagination.total).toBe(0);
    expect((await get('/api/admin/desk/bookings?status=closed')).json().bookings).toEqual([]);
  });

  it('marks a booking contacted with a note, changing only what the update names', async () => {
    await book('Noted Family');
    const [row] = (await get('/api/admin/desk/bookings?q=noted')).json().bookings;
    const contacted = await send('PATCH', `/api/admin/desk/bookings/${row.id}`, {
      status: 'contacted',
      note: 'Called on Monday; trial Thursday.',
    });
    expect(contacted.statusCode).toBe(200);
    expect(contacted.json()).toMatchObject({ status: 'contacted', note: 'Called on Monday; trial Thursday.' });
    const closed = (await send('PATCH', `/api/admin/desk/bookings/${row.id}`, { status: 'closed' })).json();
    expect(closed).toMatchObject({ status: 'closed', note: 'Called on Monday; trial Thursday.' });
    const renoted = (await send('PATCH', `/api/admin/desk/bookings/${row.id}`, { note: '' })).json();
    expect(renoted).toMatchObject({ status: 'closed', note: '' });
  });

  it.each([
    [{}, 'Change the status or the note'],
    [{ status: 'done' }, 'Status must be one of new, contacted, closed'],
    [{ note: 'x'.repeat(2001) }, 'Note must be at most 2000 characters'],
    [{ note: 42 }, 'Note must be text'],
    [{ note: 'a\u202Eb' }, 'Note cannot contain control characters or text-direction overrides'],
  ])('refuses the update %j with 400 "%s"', async (payload, message) => {
    await book('Refused Update');
    const [row] = (await get('/api/admin/desk/bookings?q=refused')).json().bookings;
    const response = await send('PATCH', `/api/admin/desk/bookings/${row.id}`, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('answers 404 for a booking that does not exist, and 400 for an id that is not one', async () => {
    const missing = await send('PATCH', '/api/admin/desk/bookings/00000000-0000-4000-8000-000000000000', {
      status: 'closed',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(DESK_MESSAGES.bookingNotFound);
    expect((await send('PATCH', '/api/admin/desk/bookings/nope', { status: 'closed' })).statusCode).toBe(400);
  });

  it.each([
    ['page=0', 'Page must be a whole number from 1'],
    ['limit=101', 'Limit must be from 1 to 100'],
    ['status=maybe', 'Status must be one of new, contacted, closed'],
    [`q=${'x'.repeat(201)}`, 'Search must be at most 200 characters'],
  ])('refuses the query %s with 400 "%s"', async (query, message) => {
    const response = await get(`/api/admin/desk/bookings?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('searches and notes every naughty string without a server error', async () => {
    await book('Naughty Notes');
    const [row] = (await get('/api/admin/desk/bookings?q=naughty%20notes')).json().bookings;
    for (const text of naughtyStrings) {
      const search = await get(`/api/admin/desk/bookings?q=${encodeURIComponent(text)}`);
      expect(search.statusCode, JSON.stringify(text)).toBeLessThan(500);
      const noted = await send('PATCH', `/api/admin/desk/bookings/${row.id}`, { note: text });
      expect(noted.statusCode, JSON.stringify(text)).toBeLessThan(500);
      if (noted.statusCode === 200) expect(noted.json().note).toBe(text.trim());
    }
  });

  it('exports the filtered list as CSV, a formula typed by a visitor escaped', async () => {
    await book('=HYPERLINK("http://evil.example")', 'formula@example.com');
    const response = await get('/api/admin/desk/bookings/export?q=formula@example.com');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="bookings-\d{4}-\d{2}-\d{2}\.csv"$/);
    const [header, row] = Papa.parse<string[]>(response.body).data;
    expect(header).toEqual(['Name', 'Email', 'Phone', 'Received', 'Status', 'Note']);
    expect(row.slice(0, 3)).toEqual(['\'=HYPERLINK("http://evil.example")', 'formula@example.com', '(123) 456-7890']);
    expect(row[4]).toBe('New');
    expect((await get('/api/admin/desk/bookings/export?status=bogus')).statusCode).toBe(400);
  });
});

describe('newsletter subscribers', () => {
  const tokenOf = (email: string) => /\/unsubscribe#([\w-]{43})/.exec(t.outbox.to(email).at(-1)!.text)![1];

  it('are mailed a confirmation with a one-click link that unsubscribes every sign-up of the address', async () => {
    for (let i = 0; i < 2; i++) await send('POST', '/api/subscriptions', { email: 'reader@example.com' }, null);
    const mail = t.outbox.to('reader@example.com').at(-1)!;
    expect(mail.subject).toBe("You are subscribed to Math Academy's updates");
    const token = tokenOf('reader@example.com');
    // Mail programs offer their own unsubscribe button for the same link.
    expect(mail.headers).toEqual({ 'List-Unsubscribe': `<${/https?:\S+\/unsubscribe#\S+/.exec(mail.text)![0]}>` });
    const listed = (await get('/api/admin/desk/subscribers?q=reader@')).json();
    expect(listed.subscribers).toHaveLength(2);
    expect(listed.subscribers.every((s: { unsubscribedAt: null }) => s.unsubscribedAt === null)).toBe(true);
    const done = await send('POST', '/api/subscriptions/unsubscribe', { token }, null);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: DESK_MESSAGES.unsubscribed });
    const after = (await get('/api/admin/desk/subscribers?q=reader@&status=unsubscribed')).json();
    expect(after.pagination.total).toBe(2);
    // Opening the link again is fine.
    expect((await send('POST', '/api/subscriptions/unsubscribe', { token }, null)).statusCode).toBe(200);
  });

  it.each([
    [{ token: 'x'.repeat(43) }, 404],
    [{ token: 'short' }, 400],
    [{ token: 42 }, 400],
    [{}, 400],
  ])('refuses the unsubscribe %j with %i and the invalid-link message', async (payload, status) => {
    const response = await send('POST', '/api/subscriptions/unsubscribe', payload, null);
    expect(response.statusCode).toBe(status);
    expect(response.json().message).toBe(DESK_MESSAGES.unsubscribeLinkInvalid);
  });

  it('may be unsubscribed by an admin, and exported as CSV', async () => {
    await send('POST', '/api/subscriptions', { email: '=cmd@example.com' }, null).then((r) =>
      expect(r.statusCode).toBe(400),
    );
    await send('POST', '/api/subscriptions', { email: 'leaver@example.com' }, null);
    const [row] = (await get('/api/admin/desk/subscribers?q=leaver')).json().subscribers;
    const response = await send('POST', `/api/admin/desk/subscribers/${row.id}/unsubscribe`, {});
    expect(response.statusCode).toBe(200);
    expect(response.json().unsubscribedAt).not.toBeNull();
    const missing = await send(
      'POST',
      '/api/admin/desk/subscribers/00000000-0000-4000-8000-000000000000/unsubscribe',
      {},
    );
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(DESK_MESSAGES.subscriberNotFound);
    const csv = await get('/api/admin/desk/subscribers/export?q=leaver');
    expect(csv.headers['content-disposition']).toMatch(/filename="subscribers-/);
    const [header, line] = Papa.parse<string[]>(csv.body).data;
    expect(header).toEqual(['Email', 'Subscribed', 'Unsubscribed']);
    expect(line[0]).toBe('leaver@example.com');
    expect(line[2]).toMatch(/UTC$/);
  });

  it('answers 429 on the unsubscribe link once an address has tried too often', async () => {
    const limited = await createTestApp({ rateLimitFactor: 1 });
    try {
      const tryOnce = () =>
        call(limited.app, null, {
          method: 'POST',
          url: '/api/subscriptions/unsubscribe',
          payload: { token: 'y'.repeat(43) },
          remoteAddress: '10.3.3.3',
        });
      for (let i = 0; i < 30; i++) expect((await tryOnce()).statusCode).toBe(404);
      expect((await tryOnce()).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe("the academy's settings", () => {
  it('are read by everyone as they stand, and changed by an admin one field at a time', async () => {
    expect((await get('/api/academy', null)).json()).toEqual(DEFAULT_ACADEMY);
    const changed = await send('PATCH', '/api/admin/academy', { phone: '(250) 555-0199' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ ...DEFAULT_ACADEMY, phone: '(250) 555-0199' });
    const social = await send('PATCH', '/api/admin/academy', {
      social: { facebook: 'https://facebook.com/our.academy', youtube: null, linkedin: '' },
    });
    expect(social.json().social).toEqual({
      facebook: 'https://facebook.com/our.academy',
      instagram: DEFAULT_ACADEMY.social.instagram,
      youtube: null,
      linkedin: null,
    });
    // The public read is kept, and emptied by the change: it shows the new values at once.
    const read = (await get('/api/academy', null)).json();
    expect(read).toMatchObject({ phone: '(250) 555-0199', social: { facebook: 'https://facebook.com/our.academy' } });
    expect((await get('/api/admin/academy')).json()).toEqual(read);
    const renamed = await send('PATCH', '/api/admin/academy', {
      name: 'Summit Math',
      email: 'Hello@Summit.example',
      address: '1 Main St, Victoria',
      currency: 'USD',
    });
    expect(renamed.json()).toMatchObject({ name: 'Summit Math', email: 'hello@summit.example', currency: 'USD' });
    expect(renamed.json().phone).toBe('(250) 555-0199');
    await book('Signed Family', 'signed@example.com');
    expect(t.outbox.to('signed@example.com').at(-1)?.subject).toBe('We received your booking request - Summit Math');
    expect(t.outbox.to('hello@summit.example').at(-1)?.subject).toBe('New booking request from Signed Family');
    await send('PATCH', '/api/admin/academy', { ...DEFAULT_ACADEMY });
  });

  it.each([
    [{}, DESK_MESSAGES.settingsEmpty],
    [{ name: '  ' }, 'Academy name is required'],
    [{ name: 'x'.repeat(101) }, 'Academy name must be at most 100 characters'],
    [{ email: 'nope' }, MESSAGES.emailInvalid],
    [{ phone: '555' }, MESSAGES.phoneInvalid],
    [{ address: '' }, 'Address is required'],
    [{ currency: 'XYZ' }, 'Currency must be one of CAD, USD, EUR, GBP, AUD, INR'],
    [{ social: { facebook: 'http://facebook.com/x' } }, 'Facebook link must be a full https:// address'],
    [{ social: { instagram: 'javascript:alert(1)' } }, 'Instagram link must be a full https:// address'],
    [{ social: { youtube: 'https://' } }, 'YouTube link must be a full https:// address'],
    [{ social: { linkedin: `https://x.com/${'a'.repeat(500)}` } }, 'LinkedIn link must be a full https:// address'],
    [{ social: 'https://facebook.com' }, 'Social links must be an object'],
    [{ shade: 'red' }, 'Unrecognized key: "shade"'],
  ])('refuses %j with 400 "%s" and changes nothing', async (payload, message) => {
    const before = (await get('/api/academy', null)).json();
    const response = await send('PATCH', '/api/admin/academy', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect((await get('/api/academy', null)).json()).toEqual(before);
  });

  it('stores every naughty academy name byte for byte, or refuses it with a 400', async () => {
    for (const name of naughtyStrings) {
      const response = await send('PATCH', '/api/admin/academy', { name });
      expect(response.statusCode, JSON.stringify(name)).toBeLessThan(500);
      if (response.statusCode === 200) expect(response.json().name).toBe(name.trim());
      else expect(response.statusCode).toBe(400);
    }
    await send('PATCH', '/api/admin/academy', { name: DEFAULT_ACADEMY.name });
  });
});

describe('who may use the desk', () => {
  const routes: Array<[string, string, unknown?]> = [
    ['GET', '/api/admin/desk/summary'],
    ['GET', '/api/admin/desk/bookings'],
    ['GET', '/api/admin/desk/bookings/export'],
    ['PATCH', '/api/admin/desk/bookings/00000000-0000-4000-8000-000000000000', { status: 'closed' }],
    ['GET', '/api/admin/desk/subscribers'],
    ['GET', '/api/admin/desk/subscribers/export'],
    ['POST', '/api/admin/desk/subscribers/00000000-0000-4000-8000-000000000000/unsubscribe', {}],
    ['GET', '/api/admin/academy'],
    ['PATCH', '/api/admin/academy', { phone: '(250) 555-0100' }],
  ];
  for (const [method, url, payload] of routes) {
    it(`${method} ${url}: refused to everyone but an admin`, async () => {
      for (const role of ['anon', 'student', 'parent', 'teacher', 'data-entry'] as const) {
        const response = await call(t.app, cookies[role], {
          method: method as 'GET',
          url,
          ...(payload ? { payload: payload as object } : {}),
        });
        expect(response.statusCode, role).toBe(role === 'anon' ? 401 : 403);
      }
    });
  }
});
