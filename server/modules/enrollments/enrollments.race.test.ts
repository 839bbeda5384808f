/**
 * Enrolling under concurrent requests: the cart's limit, a checkout sent twice, the same Stripe event delivered
 * several times at once, and an admin's double click. Always on PostgreSQL: PGlite runs one statement at a time, so
 * these requests never overlap there and a broken lock could not show.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CART_LIMITS, ENROLLMENT_MESSAGES as M } from '../../../common/rules';
import { cartItems, enrollmentGrants, enrollments, stripeEvents, studentCourses } from '../../db/schema';
import { buildCourse, buildOffering, buildUser, signIn } from '../../test/factories';
import { call, createTestApp, type TestApp } from '../../test/harness';
import {
  STAND_IN_SECRET_KEY,
  STAND_IN_WEBHOOK_SECRET,
  startStripeStandIn,
  type StripeStandIn,
} from '../../test/stripe-stand-in';

let t: TestApp;
let stand: StripeStandIn;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ database: 'postgres' });
  stand = await startStripeStandIn();
  admin = await signIn(t.app, await buildUser(t.db, 'admin'));
});
afterAll(async () => {
  await stand.close();
  await t.close();
});

const post = (cookie: string | null, url: string, payload?: object) =>
  call(t.app, cookie, { method: 'POST', url, ...(payload ? { payload } : {}) });

/** A student signed in from several devices at once. */
async function student(sessions = 6) {
  const user = await buildUser(t.db, 'student');
  return { user, cookies: await Promise.all(Array.from({ length: sessions }, () => signIn(t.app, user))) };
}

describe('the cart under concurrent requests', () => {
  it(`never holds more than ${CART_LIMITS.items} items`, { timeout: 120_000 }, async () => {
    for (let round = 0; round < 3; round++) {
      const { user, cookies } = await student();
      for (let i = 0; i < CART_LIMITS.items - 2; i++)
        expect(
          (await post(cookies[0], '/api/cart/items', { offeringId: (await buildOffering(t.db)).id })).statusCode,
        ).toBe(201);
      const offers = await Promise.all(cookies.map(() => buildOffering(t.db)));
      const answers = await Promise.all(
        cookies.map((cookie, i) => post(cookie, '/api/cart/items', { offeringId: offers[i].id })),
      );
      expect(answers.map((a) => a.statusCode).sort(), `round ${round}`).toEqual([201, 201, 409, 409, 409, 409]);
      for (const refused of answers.filter((a) => a.statusCode === 409))
        expect(refused.json().message).toBe(M.cartFull);
      expect(await t.db.select().from(cartItems).where(eq(cartItems.userId, user.id))).toHaveLength(CART_LIMITS.items);
    }
  });

  it('checks a cart out once when checkout is sent several times at once', { timeout: 60_000 }, async () => {
    t.config.stripe = undefined;
    const { user, cookies } = await student();
    const offering = await buildOffering(t.db, { priceMinor: 2000 });
    await post(cookies[0], '/api/cart/items', { offeringId: offering.id });
    const answers = await Promise.all(cookies.map((cookie) => post(cookie, '/api/cart/checkout')));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400, 400, 400, 400, 400]);
    expect(answers.find((a) => a.statusCode === 200)!.json()).toEqual({ kind: 'done', message: M.payAtAcademy });
    expect(await t.db.select().from(enrollments).where(eq(enrollments.studentId, user.id))).toHaveLength(1);
  });

  it('marks an enrollment paid once when the admin clicks several times', { timeout: 60_000 }, async () => {
    t.config.stripe = undefined;
    const { user, cookies } = await student(1);
    const course = await buildCourse(t.db, { units: 1, sections: 1 });
    const offering = await buildOffering(t.db, { priceMinor: 2000, courseIds: [course.id] });
    await post(cookies[0], '/api/cart/items', { offeringId: offering.id });
    await post(cookies[0], '/api/cart/checkout');
    const [row] = await t.db.select().from(enrollments).where(eq(enrollments.studentId, user.id));
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => post(admin, `/api/admin/desk/enrollments/${row.id}/mark-paid`)),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(await t.db.select().from(enrollmentGrants).where(eq(enrollmentGrants.enrollmentId, row.id))).toHaveLength(1);
  });
});

describe("Stripe's webhook under duplicate deliveries", () => {
  it('activates once and mails once, however many deliveries arrive at once', { timeout: 120_000 }, async () => {
    t.config.stripe = {
      secretKey: STAND_IN_SECRET_KEY,
      webhookSecret: STAND_IN_WEBHOOK_SECRET,
      api: { protocol: 'http', host: '127.0.0.1', port: stand.port },
    };
    for (let round = 0; round < 3; round++) {
      const { user, cookies } = await student(1);
      const course = await buildCourse(t.db, { units: 2, sections: 2 });
      const offering = await buildOffering(t.db, { priceMinor: 4000, courseIds: [course.id] });
      await post(cookies[0], '/api/cart/items', { offeringId: offering.id });
      const url = (await post(cookies[0], '/api/cart/checkout')).json().url as string;
      const sessionId = url.split('/').at(-1)!;
      const paid = stand.event(sessionId, 'checkout.session.completed');
      // The same event several times, and the async success of the same session alongside.
      const later = stand.event(sessionId, 'checkout.session.async_payment_succeeded');
      const deliveries = [...Array.from({ length: 5 }, () => paid), later];
      const answers = await Promise.all(
        deliveries.map((d) =>
          call(t.app, null, {
            method: 'POST',
            url: '/api/payments/stripe/webhook',
            payload: d.payload,
            headers: { 'content-type': 'application/json', 'stripe-signature': d.signature },
          }),
        ),
      );
      expect(
        answers.map((a) => a.statusCode),
        `round ${round}`,
      ).toEqual([200, 200, 200, 200, 200, 200]);
      const rows = await t.db.select().from(enrollments).where(eq(enrollments.studentId, user.id));
      expect(rows.map((r) => r.status)).toEqual(['active']);
      expect(
        await t.db
          .select()
          .from(studentCourses)
          .where(and(eq(studentCourses.studentId, user.id), eq(studentCourses.courseId, course.id))),
      ).toHaveLength(1);
      expect(t.outbox.to(user.email).filter((m) => m.subject.startsWith('Your receipt'))).toHaveLength(1);
      expect(await t.db.select().from(stripeEvents).where(eq(stripeEvents.id, paid.eventId))).toHaveLength(1);
      expect(await t.db.select().from(cartItems).where(eq(cartItems.userId, user.id))).toHaveLength(0);
    }
  });
});
