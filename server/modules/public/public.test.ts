import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MESSAGES } from '../../../common/rules';
import { BOOKING_THANKS, SUBSCRIBE_THANKS } from '../../../common/schemas/public';
import { bookings, subscriptions } from '../../db/schema';
import { naughtyStrings } from '../../test/corpora';
import { call, createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let ipCounter = 0;
/** Each test writes from its own address, so the per-IP allowance of one test never leaks into another. */
const post = (url: string, payload: unknown, ip = `10.0.0.${++ipCounter}`) =>
  call(t.app, null, { method: 'POST', url, payload: payload as object, remoteAddress: ip });

async function count(table: typeof bookings | typeof subscriptions) {
  const [row] = await t.db.select({ n: sql<number>`count(*)::int` }).from(table);
  return row.n;
}

const booking = { name: 'Grace Hopper', email: 'Grace@Example.com', phone: '(123) 456-7890' };

describe('POST /api/bookings', () => {
  it('stores the request with a lower-cased e-mail and thanks the visitor', async () => {
    const response = await post('/api/bookings', booking);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: BOOKING_THANKS });
    const rows = await t.db.select().from(bookings);
    expect(rows.at(-1)).toMatchObject({ name: 'Grace Hopper', email: 'grace@example.com', phone: '(123) 456-7890' });
  });

  it.each([
    [{ ...booking, name: '   ' }, 'Name is required'],
    [{ ...booking, name: undefined }, 'Name is required'],
    [{ ...booking, email: '' }, MESSAGES.emailRequired],
    [{ ...booking, email: 'not-an-email' }, MESSAGES.emailInvalid],
    [{ ...booking, phone: '1234567890' }, MESSAGES.phoneInvalid],
    [{ ...booking, phone: '' }, 'Phone number is required'],
    [{ ...booking, name: 'x'.repeat(100_000) }, 'Name must be at most 100 characters'],
    [{ ...booking, email: `${'x'.repeat(100_000)}@example.com` }, MESSAGES.emailInvalid],
    [{ ...booking, name: ['Grace'] }, 'Name is required'],
    [{ ...booking, phone: 1234567890 }, 'Phone number is required'],
  ])('refuses %j with 400 "%s" and stores nothing', async (payload, message) => {
    const before = await count(bookings);
    const response = await post('/api/bookings', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(await count(bookings)).toBe(before);
  });

  it('refuses a body that is not an object', async () => {
    for (const payload of [[booking], 'booking', null]) {
      const response = await call(t.app, null, {
        method: 'POST',
        url: '/api/bookings',
        payload: JSON.stringify(payload),
        headers: { 'content-type': 'application/json' },
      });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
    }
  });

  it('stores every naughty name byte for byte, or refuses it with a 4xx', async () => {
    const ip = '10.9.9.9';
    for (const name of naughtyStrings) {
      const response = await post('/api/bookings', { ...booking, name }, ip);
      expect(response.statusCode, JSON.stringify(name)).toBeLessThan(500);
      if (response.statusCode === 201) {
        const [row] = await t.db
          .execute(sql`select name from bookings order by created_at desc, id desc limit 1`)
          .then((r) => (r as unknown as { rows: Array<{ name: string }> }).rows);
        expect(row.name).toBe(name.trim());
      } else {
        expect(response.statusCode).toBe(400);
      }
    }
  });

  it('answers 429 with a clear message once an address has sent too many', async () => {
    const limited = await createTestApp({ rateLimitFactor: 1 });
    try {
      const send = () =>
        call(limited.app, null, { method: 'POST', url: '/api/bookings', payload: booking, remoteAddress: '10.1.1.1' });
      for (let i = 0; i < 10; i++) expect((await send()).statusCode).toBe(201);
      const refused = await send();
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toBe('Too many requests. Please wait a few minutes and try again.');
      expect(refused.headers['retry-after']).toBeDefined();
      const other = await call(limited.app, null, {
        method: 'POST',
        url: '/api/bookings',
        payload: booking,
        remoteAddress: '10.1.1.2',
      });
      expect(other.statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });
});

describe('POST /api/subscriptions', () => {
  it('stores the address, and again when it is repeated', async () => {
    const before = await count(subscriptions);
    for (let i = 0; i < 2; i++) {
      const response = await post('/api/subscriptions', { email: ' Reader@Example.com ' });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({ message: SUBSCRIBE_THANKS });
    }
    expect(await count(subscriptions)).toBe(before + 2);
    const rows = await t.db.select().from(subscriptions);
    expect(rows.at(-1)?.email).toBe('reader@example.com');
  });

  it.each([
    [{}, MESSAGES.emailRequired],
    [{ email: '' }, MESSAGES.emailRequired],
    [{ email: 'reader@' }, MESSAGES.emailInvalid],
    [{ email: ['reader@example.com'] }, MESSAGES.emailRequired],
    [{ email: `${'r'.repeat(100_000)}@example.com` }, MESSAGES.emailInvalid],
    [{ email: '<script>alert(1)</script>@example.com' }, MESSAGES.emailInvalid],
  ])('refuses %j with 400 "%s" and stores nothing', async (payload, message) => {
    const before = await count(subscriptions);
    const response = await post('/api/subscriptions', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(await count(subscriptions)).toBe(before);
  });

  it('answers 429 after ten subscriptions an hour from one address', async () => {
    const limited = await createTestApp({ rateLimitFactor: 1 });
    try {
      const send = () =>
        call(limited.app, null, {
          method: 'POST',
          url: '/api/subscriptions',
          payload: { email: 'a@example.com' },
          remoteAddress: '10.2.2.2',
        });
      for (let i = 0; i < 10; i++) expect((await send()).statusCode).toBe(201);
      expect((await send()).statusCode).toBe(429);
      limited.clock.advance(3601);
      expect((await send()).statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });
});
