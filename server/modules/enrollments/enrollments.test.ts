/**
 * Enrolling end to end through the API: the cart's rules, checking out free, at the academy and by card (through
 * the local Stripe stand-in), Stripe's signed webhook, the grants an enrollment opens and takes back, the family's
 * list, the admin's list, export and actions, and the mails.
 */
import Papa from 'papaparse';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CART_LIMITS, DEFAULT_ACADEMY, ENROLLMENT_MESSAGES as M } from '../../../common/rules';
import {
  cartItems,
  enrollments,
  parentStudents,
  stripeEvents,
  studentCourses,
  studentSections,
  studentUnits,
  testAssignments,
} from '../../db/schema';
import {
  buildCourse,
  buildOffering,
  buildSavedTest,
  buildUser,
  signIn,
  type BuiltCourse,
  type TestUser,
} from '../../test/factories';
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
let teacher: TestUser;
let teacherCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  stand = await startStripeStandIn();
  admin = await signIn(t.app, await buildUser(t.db, 'admin'));
  teacher = await buildUser(t.db, 'teacher');
  teacherCookie = await signIn(t.app, teacher);
});
afterAll(async () => {
  await stand.close();
  await t.close();
});

const withStripe = () => {
  t.config.stripe = {
    secretKey: STAND_IN_SECRET_KEY,
    webhookSecret: STAND_IN_WEBHOOK_SECRET,
    api: { protocol: 'http', host: '127.0.0.1', port: stand.port },
  };
};
const withoutStripe = () => {
  t.config.stripe = undefined;
};

const get = (cookie: string | null, url: string) => call(t.app, cookie, { method: 'GET', url });
const send = (cookie: string | null, method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
  call(t.app, cookie, { method, url, ...(payload === undefined ? {} : { payload: payload as object }) });
const add = (cookie: string, offeringId: string, studentId?: string) =>
  send(cookie, 'POST', '/api/cart/items', { offeringId, ...(studentId ? { studentId } : {}) });
const checkout = (cookie: string) => send(cookie, 'POST', '/api/cart/checkout');
const webhook = (payload: string, signature: string) =>
  call(t.app, null, {
    method: 'POST',
    url: '/api/payments/stripe/webhook',
    payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
  });

interface Family {
  parent: TestUser;
  parentCookie: string;
  children: TestUser[];
}

async function family(childCount = 2): Promise<Family> {
  const parent = await buildUser(t.db, 'parent');
  const children: TestUser[] = [];
  for (let i = 0; i < childCount; i++) {
    const child = await buildUser(t.db, 'student', { firstName: `Kid${i}` });
    await t.db.insert(parentStudents).values({ parentId: parent.id, studentId: child.id });
    children.push(child);
  }
  return { parent, parentCookie: await signIn(t.app, parent), children };
}

async function lonelyStudent() {
  const student = await buildUser(t.db, 'student');
  return { student, cookie: await signIn(t.app, student) };
}

/** What a student holds of a course and a test: the course row, its units and sections, the test. */
async function holdings(studentId: string, course: BuiltCourse, testId?: string) {
  const [c, u, s, a] = await Promise.all([
    t.db
      .select()
      .from(studentCourses)
      .where(and(eq(studentCourses.studentId, studentId), eq(studentCourses.courseId, course.id))),
    t.db.select().from(studentUnits).where(eq(studentUnits.studentId, studentId)),
    t.db.select().from(studentSections).where(eq(studentSections.studentId, studentId)),
    testId
      ? t.db
          .select()
          .from(testAssignments)
          .where(and(eq(testAssignments.studentId, studentId), eq(testAssignments.testId, testId)))
      : Promise.resolve([]),
  ]);
  const unitIds = new Set(course.units.map((x) => x.id));
  const sectionIds = new Set(course.units.flatMap((x) => x.sections.map((y) => y.id)));
  return {
    course: c.length,
    units: u.filter((x) => unitIds.has(x.unitId)).length,
    sections: s.filter((x) => sectionIds.has(x.sectionId)).length,
    test: a.length,
  };
}

const enrollmentOf = async (studentId: string, offeringId: string) =>
  t.db
    .select()
    .from(enrollments)
    .where(and(eq(enrollments.studentId, studentId), eq(enrollments.offeringId, offeringId)));

describe('who may use the cart', () => {
  it('refuses staff with its own message, and counts 0 for them', async () => {
    const offering = await buildOffering(t.db);
    for (const cookie of [admin, teacherCookie]) {
      const refused = await add(cookie, offering.id);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(M.onlyFamilies);
      expect((await get(cookie, '/api/cart')).json().message).toBe(M.onlyFamilies);
      expect((await get(cookie, '/api/cart/count')).json()).toEqual({ count: 0 });
    }
    expect((await get(null, '/api/cart')).statusCode).toBe(401);
  });
});

describe('adding to the cart', () => {
  it('a parent adds for a child, or without one until they choose; the cart shows totals and whom to choose', async () => {
    withoutStripe();
    const f = await family();
    const a = await buildOffering(t.db, { title: 'Alpha Prep', priceMinor: 5000 });
    const b = await buildOffering(t.db, { title: 'Beta Prep', priceMinor: 2500 });
    const added = await add(f.parentCookie, a.id, f.children[0].id);
    expect(added.statusCode).toBe(201);
    expect(added.json().message).toBe(M.addedToCart);
    const unchosen = await add(f.parentCookie, b.id);
    expect(unchosen.statusCode).toBe(201);
    const cart = unchosen.json().cart;
    expect(cart.count).toBe(2);
    expect(cart.payment).toBe('academy');
    expect(cart.totals).toEqual([{ currency: 'USD', amountMinor: 7500 }]);
    expect(cart.students.map((s: { id: string }) => s.id).sort()).toEqual(f.children.map((c) => c.id).sort());
    expect(cart.items[0]).toMatchObject({
      offering: { id: a.id, title: 'Alpha Prep', priceMinor: 5000, currency: 'USD', programName: expect.any(String) },
      studentId: f.children[0].id,
      studentName: 'Kid0 Tester',
    });
    expect(cart.items[1]).toMatchObject({ studentId: null, studentName: null });
    expect((await get(f.parentCookie, '/api/cart/count')).json()).toEqual({ count: 2 });

    // Checking out waits for the child to be chosen.
    const waiting = await checkout(f.parentCookie);
    expect(waiting.statusCode).toBe(400);
    expect(waiting.json().message).toBe(M.chooseStudent);
    const chosen = await send(f.parentCookie, 'PATCH', `/api/cart/items/${cart.items[1].id}`, {
      studentId: f.children[1].id,
    });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().cart.items[1].studentId).toBe(f.children[1].id);

    const removed = await send(f.parentCookie, 'DELETE', `/api/cart/items/${cart.items[1].id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ message: M.removedFromCart, cart: { count: 1 } });
  });

  it('refuses what it must, each with its message, and never answers 500 to bad input', async () => {
    const f = await family(1);
    const other = await family(1);
    const { student, cookie } = await lonelyStudent();
    const offering = await buildOffering(t.db);
    const hidden = await buildOffering(t.db, { published: false });
    const cases: Array<[string, () => ReturnType<typeof add>, number, string]> = [
      ['unknown offering', () => add(f.parentCookie, '00000000-0000-4000-8000-000000000000'), 404, M.offeringNotFound],
      ['malformed offering', () => add(f.parentCookie, 'nope'), 400, M.offeringNotFound],
      ['unpublished', () => add(f.parentCookie, hidden.id, f.children[0].id), 409, M.notForSale],
      ["another family's child", () => add(f.parentCookie, offering.id, other.children[0].id), 404, M.notYourChild],
      ['a teacher as the child', () => add(f.parentCookie, offering.id, teacher.id), 404, M.notYourChild],
      ['malformed child', () => add(f.parentCookie, offering.id, 'x'), 400, M.chooseStudent],
      ['a student for another', () => add(cookie, offering.id, f.children[0].id), 403, M.studentEnrollsSelf],
    ];
    for (const [name, attempt, status, message] of cases) {
      const response = await attempt();
      expect(response.statusCode, name).toBe(status);
      expect(response.json().message, name).toBe(message);
    }
    for (const payload of [null, [], 'text', { offeringId: 42 }, { offeringId: offering.id, studentId: [] }]) {
      const response = await send(f.parentCookie, 'POST', '/api/cart/items', payload);
      // Plain text is refused for its type (415), the rest for their content (400).
      expect(response.statusCode, JSON.stringify(payload)).toBe(payload === 'text' ? 415 : 400);
    }
    expect((await add(cookie, offering.id, student.id)).statusCode).toBe(201);
    const twice = await add(cookie, offering.id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(M.alreadyInCart);
    for (const [method, url] of [
      ['PATCH', '/api/cart/items/nope'],
      ['DELETE', '/api/cart/items/nope'],
      ['DELETE', '/api/cart/items/00000000-0000-4000-8000-000000000000'],
    ] as const) {
      const response = await send(
        f.parentCookie,
        method,
        url,
        method === 'PATCH' ? { studentId: student.id } : undefined,
      );
      expect(response.statusCode, url).toBe(404);
      expect(response.json().message).toBe(M.cartItemNotFound);
    }
    // Another family's item is not found either.
    const [mine] = (await get(cookie, '/api/cart')).json().items;
    const foreign = await send(f.parentCookie, 'DELETE', `/api/cart/items/${mine.id}`);
    expect(foreign.statusCode).toBe(404);
    const badChoice = await send(f.parentCookie, 'PATCH', `/api/cart/items/${mine.id}`, { studentId: 'zzz' });
    expect(badChoice.statusCode).toBe(400);
    expect(badChoice.json().message).toBe(M.chooseStudent);
    const empty = await checkout(f.parentCookie);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(M.cartEmpty);
  });

  it(`holds at most ${CART_LIMITS.items} items`, async () => {
    const { cookie } = await lonelyStudent();
    for (let i = 0; i < CART_LIMITS.items; i++)
      expect((await add(cookie, (await buildOffering(t.db)).id)).statusCode).toBe(201);
    const full = await add(cookie, (await buildOffering(t.db)).id);
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe(M.cartFull);
  });
});

describe('checking out without Stripe', () => {
  it('opens free courses at once, whole, with their tests, and mails the receipt, the welcome and the academy', async () => {
    withoutStripe();
    const { student, cookie } = await lonelyStudent();
    const course = await buildCourse(t.db, { units: 2, sections: 2 });
    const test = await buildSavedTest(t.db);
    const offering = await buildOffering(t.db, {
      title: 'Free Taster',
      priceMinor: null,
      courseIds: [course.id],
      testIds: [test.id],
    });
    await add(cookie, offering.id);
    const done = await checkout(cookie);
    expect(done.json()).toEqual({ kind: 'done', message: M.enrolledFree });
    expect(await holdings(student.id, course, test.id)).toEqual({ course: 1, units: 2, sections: 4, test: 1 });
    expect((await get(cookie, '/api/cart')).json().count).toBe(0);
    const [enrollment] = await enrollmentOf(student.id, offering.id);
    expect(enrollment).toMatchObject({ status: 'active', method: 'free', amountMinor: 0 });
    const subjects = t.outbox.to(student.email).map((m) => m.subject);
    expect(subjects).toEqual(['Your receipt: Free Taster - Math Academy', 'Welcome to Free Taster - Math Academy']);
    const welcome = t.outbox.to(student.email)[1];
    expect(welcome.text).toContain(`${t.config.publicUrl}/signin with ${student.email}`);
    expect(welcome.text).toContain('/forget-password');
    const notice = t.outbox.to(DEFAULT_ACADEMY.email).at(-1);
    expect(notice?.subject).toBe('New enrollment: Firststudent Tester in Free Taster');
    // The notice opens the inbox's Enrollments tab itself, not the old address that redirects there.
    expect(notice?.text).toContain(
      `See it in the enrollments list: ${t.config.publicUrl}/admin-inbox?tab=enrollments\n`,
    );
    expect(notice?.html).toContain(`href="${t.config.publicUrl}/admin-inbox?tab=enrollments"`);
    const again = await add(cookie, offering.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(M.alreadyEnrolled);
    const mine = (await get(cookie, '/api/enrollments')).json().enrollments;
    expect(mine).toEqual([
      expect.objectContaining({
        offering: { slug: expect.any(String), title: 'Free Taster' },
        student: { id: student.id, name: 'Firststudent Tester' },
        status: 'active',
        method: 'free',
      }),
    ]);
  });

  it('reserves priced courses to be paid at the academy; the admin marks them paid, cancels or refunds', async () => {
    withoutStripe();
    const f = await family(1);
    const child = f.children[0];
    const course = await buildCourse(t.db, { units: 1, sections: 3 });
    const offering = await buildOffering(t.db, { title: 'Paid Prep', priceMinor: 12000, courseIds: [course.id] });
    const before = (await get(admin, '/api/admin/desk/summary')).json();
    await add(f.parentCookie, offering.id, child.id);
    expect((await checkout(f.parentCookie)).json()).toEqual({ kind: 'done', message: M.payAtAcademy });
    expect((await get(f.parentCookie, '/api/cart')).json().count).toBe(0);
    expect(t.outbox.to(f.parent.email).at(-1)?.subject).toBe('Reserved, pay at the academy: Paid Prep - Math Academy');
    expect(await holdings(child.id, course)).toMatchObject({ course: 0, sections: 0 });
    const after = (await get(admin, '/api/admin/desk/summary')).json();
    expect(after.awaitingPayment).toBe(before.awaitingPayment + 1);
    expect(after.newEnrollments).toBe(before.newEnrollments + 1);
    // The child's own list and the parent's list both show it.
    const childCookie = await signIn(t.app, child);
    expect((await get(childCookie, '/api/enrollments')).json().enrollments[0].status).toBe('pending');
    expect((await get(f.parentCookie, '/api/enrollments')).json().enrollments).toHaveLength(1);

    const [row] = await enrollmentOf(child.id, offering.id);
    const act = (action: string, id = row.id) => send(admin, 'POST', `/api/admin/desk/enrollments/${id}/${action}`);
    const refundEarly = await act('refund');
    expect(refundEarly.statusCode).toBe(409);
    expect(refundEarly.json().message).toBe(M.refundOnlyPaid);
    const paid = await act('mark-paid');
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ message: M.markedPaid, enrollment: { status: 'active', method: 'academy' } });
    expect(paid.json().enrollment.paidAt).not.toBeNull();
    expect(await holdings(child.id, course)).toMatchObject({ course: 1, units: 1, sections: 3 });
    expect(t.outbox.to(f.parent.email).at(-1)?.subject).toBe('Welcome to Paid Prep - Math Academy');
    const paidTwice = await act('mark-paid');
    expect(paidTwice.statusCode).toBe(409);
    expect(paidTwice.json().message).toBe(M.markPaidOnlyPending);
    const refunded = await act('refund');
    expect(refunded.json()).toMatchObject({ message: M.enrollmentRefunded, enrollment: { status: 'refunded' } });
    expect(await holdings(child.id, course)).toEqual({ course: 0, units: 0, sections: 0, test: 0 });
    for (const action of ['refund', 'cancel', 'mark-paid']) {
      const late = await act(action);
      expect(late.statusCode, action).toBe(409);
    }
    expect((await act('cancel')).json().message).toBe(M.alreadyEnded);
    expect((await act('mark-paid', '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await act('mark-paid', 'nope')).json().message).toBe(M.enrollmentNotFound);
    expect((await act('explode')).statusCode).toBe(400);
  });

  it('takes back only what enrollments gave: a course a teacher assigned, or another enrollment grants, stays', async () => {
    withoutStripe();
    const { student, cookie } = await lonelyStudent();
    const shared = await buildCourse(t.db, { units: 1, sections: 1 });
    const taught = await buildCourse(t.db, { units: 1, sections: 1 });
    await t.db.insert(studentCourses).values({ studentId: student.id, courseId: taught.id, assignedBy: teacher.id });
    const first = await buildOffering(t.db, { priceMinor: 0, courseIds: [shared.id, taught.id] });
    const second = await buildOffering(t.db, { priceMinor: 0, courseIds: [shared.id] });
    await add(cookie, first.id);
    await add(cookie, second.id);
    expect((await checkout(cookie)).json().kind).toBe('done');
    const [one] = await enrollmentOf(student.id, first.id);
    const [two] = await enrollmentOf(student.id, second.id);
    await send(admin, 'POST', `/api/admin/desk/enrollments/${one.id}/cancel`);
    expect((await holdings(student.id, shared)).course).toBe(1);
    expect((await holdings(student.id, taught)).course).toBe(1);
    const cancelled = await send(admin, 'POST', `/api/admin/desk/enrollments/${two.id}/cancel`);
    expect(cancelled.json().message).toBe(M.enrollmentCancelled);
    expect(await holdings(student.id, shared)).toMatchObject({ course: 0, units: 0, sections: 0 });
    expect((await holdings(student.id, taught)).course).toBe(1);
  });
});

describe('checking out by card through Stripe', () => {
  it('sends priced items to one Checkout Session; the cart stays until the paid webhook opens the courses', async () => {
    withStripe();
    const f = await family(2);
    const course = await buildCourse(t.db, { units: 2, sections: 1 });
    const a = await buildOffering(t.db, { title: 'Card Prep', priceMinor: 5000, courseIds: [course.id] });
    const free = await buildOffering(t.db, { title: 'Card Free', priceMinor: null });
    await add(f.parentCookie, a.id, f.children[0].id);
    await add(f.parentCookie, a.id, f.children[1].id);
    await add(f.parentCookie, free.id, f.children[0].id);
    expect((await get(f.parentCookie, '/api/cart')).json().payment).toBe('card');
    const first = await checkout(f.parentCookie);
    expect(first.statusCode).toBe(200);
    expect(first.json().kind).toBe('card');
    // A second try (the family came back from Stripe and checked out again) replaces the first.
    const reply = await checkout(f.parentCookie);
    expect(reply.json().kind).toBe('card');
    const url = new URL(reply.json().url);
    expect(url.origin).toBe(stand.url);
    const sessionId = url.pathname.split('/').at(-1)!;
    const created = stand.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!;
    expect(created.body).toMatchObject({
      mode: 'payment',
      success_url: `${t.config.publicUrl}/cart/done?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${t.config.publicUrl}/cart?payment=cancelled`,
      line_items: [
        { quantity: '1', price_data: { currency: 'usd', unit_amount: '5000' } },
        { quantity: '1', price_data: { currency: 'usd', unit_amount: '5000' } },
      ],
    });
    expect(created.body.client_reference_id).toBe((created.body.metadata as { checkout_id: string }).checkout_id);
    expect(stand.requests.some((r) => /\/expire$/.test(r.path))).toBe(true);
    // The free item is enrolled at once; the priced ones wait, still in the cart.
    expect((await enrollmentOf(f.children[0].id, free.id))[0].status).toBe('active');
    expect((await get(f.parentCookie, '/api/cart')).json().count).toBe(2);
    const pending = [...(await enrollmentOf(f.children[0].id, a.id)), ...(await enrollmentOf(f.children[1].id, a.id))];
    expect(pending.map((e) => [e.status, e.method, e.stripeSessionId])).toEqual([
      ['pending', 'card', sessionId],
      ['pending', 'card', sessionId],
    ]);
    expect(await holdings(f.children[0].id, course)).toMatchObject({ course: 0 });

    // A forged delivery changes nothing.
    const forged = stand.event(sessionId, 'checkout.session.completed', { secret: 'whsec_not_ours' });
    const refused = await webhook(forged.payload, forged.signature);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(M.webhookInvalid);
    const tampered = stand.event(sessionId, 'checkout.session.completed');
    expect((await webhook(tampered.payload.replace('"paid"', '"unpaid"'), tampered.signature)).statusCode).toBe(400);
    expect((await webhook(tampered.payload, 'nonsense')).statusCode).toBe(400);
    expect((await enrollmentOf(f.children[0].id, a.id))[0].status).toBe('pending');

    const mailsBefore = t.outbox.sent.length;
    const paid = stand.event(sessionId, 'checkout.session.completed');
    expect((await webhook(paid.payload, paid.signature)).statusCode).toBe(200);
    const [opened] = await enrollmentOf(f.children[0].id, a.id);
    expect(opened).toMatchObject({ status: 'active', paymentIntentId: stand.sessions.get(sessionId)!.payment_intent });
    expect(opened.paidAt).not.toBeNull();
    expect(await holdings(f.children[0].id, course)).toMatchObject({ course: 1, units: 2, sections: 2 });
    expect(await holdings(f.children[1].id, course)).toMatchObject({ course: 1, units: 2, sections: 2 });
    expect((await get(f.parentCookie, '/api/cart')).json().count).toBe(0);
    const mailed = t.outbox.sent.length - mailsBefore;
    // Two enrollments: a receipt and a welcome each to the parent, a notice each to the academy.
    expect(mailed).toBe(6);

    // Replayed: nothing more.
    expect((await webhook(paid.payload, paid.signature)).statusCode).toBe(200);
    expect(t.outbox.sent.length - mailsBefore).toBe(mailed);
    expect(await t.db.select().from(stripeEvents).where(eq(stripeEvents.id, paid.eventId))).toHaveLength(1);

    // The admin refunds one through Stripe; a refusal from Stripe changes nothing.
    stand.refuseRefunds = true;
    const refusedRefund = await send(admin, 'POST', `/api/admin/desk/enrollments/${opened.id}/refund`);
    expect(refusedRefund.statusCode).toBe(502);
    expect(refusedRefund.json().message).toBe(M.refundFailed);
    expect((await enrollmentOf(f.children[0].id, a.id))[0].status).toBe('active');
    stand.refuseRefunds = false;
    const refund = await send(admin, 'POST', `/api/admin/desk/enrollments/${opened.id}/refund`);
    expect(refund.json().enrollment.status).toBe('refunded');
    expect(stand.requests.filter((r) => r.path === '/v1/refunds').at(-1)!.body).toEqual({
      payment_intent: opened.paymentIntentId,
    });
    expect(await holdings(f.children[0].id, course)).toMatchObject({ course: 0, units: 0 });
    expect(await holdings(f.children[1].id, course)).toMatchObject({ course: 1 });
  });

  it("the stand-in's hosted page pays: it sends the academy the signed webhook, then goes to success_url", async () => {
    const academyUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const payer = await startStripeStandIn({ academyUrl });
    try {
      t.config.stripe = {
        secretKey: STAND_IN_SECRET_KEY,
        webhookSecret: STAND_IN_WEBHOOK_SECRET,
        api: { protocol: 'http', host: '127.0.0.1', port: payer.port },
      };
      const { student, cookie } = await lonelyStudent();
      const offering = await buildOffering(t.db, { priceMinor: 4500 });
      await add(cookie, offering.id);
      const url = (await checkout(cookie)).json().url as string;
      const page = await fetch(url);
      expect(await page.text()).toContain('<button type="submit">Pay</button>');
      const paid = await fetch(url, { method: 'POST', redirect: 'manual' });
      expect(paid.status).toBe(303);
      const sessionId = url.split('/').at(-1)!;
      expect(paid.headers.get('location')).toBe(`${t.config.publicUrl}/cart/done?session_id=${sessionId}`);
      expect((await enrollmentOf(student.id, offering.id))[0].status).toBe('active');
    } finally {
      await payer.close();
    }
  });

  it('an expired session drops its pending enrollments and leaves the cart as it was', async () => {
    withStripe();
    const { student, cookie } = await lonelyStudent();
    const offering = await buildOffering(t.db, { priceMinor: 3000 });
    await add(cookie, offering.id);
    const url = (await checkout(cookie)).json().url as string;
    const sessionId = url.split('/').at(-1)!;
    expect(await enrollmentOf(student.id, offering.id)).toHaveLength(1);
    const expired = stand.event(sessionId, 'checkout.session.expired');
    expect((await webhook(expired.payload, expired.signature)).statusCode).toBe(200);
    expect(await enrollmentOf(student.id, offering.id)).toHaveLength(0);
    expect((await get(cookie, '/api/cart')).json().count).toBe(1);
    // A completed but unpaid session (a delayed bank payment) opens nothing yet.
    const again = (await checkout(cookie)).json().url.split('/').at(-1);
    const unpaid = stand.event(again, 'checkout.session.completed', { paid: false });
    expect((await webhook(unpaid.payload, unpaid.signature)).statusCode).toBe(200);
    expect((await enrollmentOf(student.id, offering.id))[0].status).toBe('pending');
    const later = stand.event(again, 'checkout.session.async_payment_succeeded');
    expect((await webhook(later.payload, later.signature)).statusCode).toBe(200);
    expect((await enrollmentOf(student.id, offering.id))[0].status).toBe('active');
  });

  it('refuses mixed currencies, and leaves nothing behind when Stripe refuses the session', async () => {
    withStripe();
    const { student, cookie } = await lonelyStudent();
    const usd = await buildOffering(t.db, { priceMinor: 3000, currency: 'USD' });
    const cad = await buildOffering(t.db, { priceMinor: 3000, currency: 'CAD' });
    await add(cookie, usd.id);
    await add(cookie, cad.id);
    const mixed = await checkout(cookie);
    expect(mixed.statusCode).toBe(409);
    expect(mixed.json().message).toBe(M.mixedCurrencies);
    const [cadItem] = (await get(cookie, '/api/cart'))
      .json()
      .items.filter((i: { offering: { id: string } }) => i.offering.id === cad.id);
    await send(cookie, 'DELETE', `/api/cart/items/${cadItem.id}`);
    stand.refuseSessions = true;
    try {
      const failed = await checkout(cookie);
      expect(failed.statusCode).toBe(502);
      expect(failed.json().message).toBe(M.checkoutFailed);
    } finally {
      stand.refuseSessions = false;
    }
    expect(await enrollmentOf(student.id, usd.id)).toHaveLength(0);
    expect((await get(cookie, '/api/cart')).json().count).toBe(1);
  });

  it('answers a webhook without a configured secret, a body or a signature with 400, never 500', async () => {
    withoutStripe();
    const event = stand.event([...stand.sessions.keys()][0], 'checkout.session.completed');
    expect((await webhook(event.payload, event.signature)).statusCode).toBe(400);
    withStripe();
    for (const payload of ['', 'not json', '{}']) {
      const response = await webhook(payload, 't=1,v1=abc');
      expect(response.statusCode, payload).toBe(400);
    }
    const noSignature = await call(t.app, null, {
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      payload: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(noSignature.json().message).toBe(M.webhookInvalid);
  });
});

describe("the admin's enrollments", () => {
  it('pages newest first, searches, filters by status, exports CSV, and refuses bad queries', async () => {
    withoutStripe();
    const { cookie } = await lonelyStudent();
    for (const title of ['Zebra One', 'Zebra Two', 'Zebra Three']) {
      await add(cookie, (await buildOffering(t.db, { title, priceMinor: 1000 })).id);
    }
    await checkout(cookie);
    const page = (await get(admin, '/api/admin/desk/enrollments?q=zebra&limit=2')).json();
    expect(page.pagination).toEqual({ page: 1, pages: 2, total: 3, limit: 2 });
    expect(page.enrollments[0]).toMatchObject({
      status: 'pending',
      method: 'academy',
      amountMinor: 1000,
      currency: 'USD',
      studentName: 'Firststudent Tester',
      buyerEmail: expect.stringMatching(/^student-/),
    });
    expect((await get(admin, '/api/admin/desk/enrollments?q=zebra&status=active')).json().pagination.total).toBe(0);
    expect((await get(admin, '/api/admin/desk/enrollments?q=%25')).json().pagination.total).toBe(0);
    const bad = await get(admin, '/api/admin/desk/enrollments?status=bogus');
    expect(bad.statusCode).toBe(400);
    expect((await get(admin, '/api/admin/desk/enrollments?page=0')).statusCode).toBe(400);
    const csv = await get(admin, '/api/admin/desk/enrollments/export?q=zebra');
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="enrollments-\d{4}-\d{2}-\d{2}\.csv"$/);
    const parsed = Papa.parse<Record<string, string>>(csv.body, { header: true }).data;
    expect(parsed).toHaveLength(3);
    expect(parsed[0]).toMatchObject({ Status: 'Awaiting payment', Payment: 'Pay at the academy', Amount: '$10' });
    expect((await get(admin, '/api/admin/desk/enrollments/export?status=nope')).statusCode).toBe(400);
  });

  it('shows a family only its own: a parent their children, a student themself', async () => {
    withoutStripe();
    const f = await family(1);
    const stranger = await lonelyStudent();
    const offering = await buildOffering(t.db, { priceMinor: 0 });
    await add(stranger.cookie, offering.id);
    await checkout(stranger.cookie);
    expect((await get(f.parentCookie, '/api/enrollments')).json().enrollments).toEqual([]);
    expect((await get(stranger.cookie, '/api/enrollments')).json().enrollments).toHaveLength(1);
    expect((await get(teacherCookie, '/api/enrollments')).statusCode).toBe(403);
    // A child's cart items of another family are never the parent's.
    expect(await t.db.select().from(cartItems).where(eq(cartItems.userId, f.parent.id))).toEqual([]);
  });
});
