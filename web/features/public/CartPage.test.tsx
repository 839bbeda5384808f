// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ENROLLMENT_MESSAGES } from '@common/rules';
import type { CartReply, FamilyEnrollment } from '@common/schemas/enrollments';
import { AuthProvider } from '../../auth/AuthProvider';
import CartPage from './CartPage';
import CartDonePage from './CartDonePage';
import { paymentState } from './payment';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const CHILD = { id: '7d7d7d7d-0000-4000-8000-000000000001', name: 'Leo Park' };
const offering = {
  id: 'o1',
  slug: 'amc-8-prep',
  title: 'AMC 8 Prep',
  programName: 'AMC 8',
  priceMinor: 59900,
  currency: 'USD',
  imageUrl: null,
};
const cartOf = (studentId: string | null, payment: CartReply['payment'] = 'academy'): CartReply => ({
  items: [{ id: 'i1', offering, studentId, studentName: studentId ? CHILD.name : null }],
  count: 1,
  totals: [{ currency: 'USD', amountMinor: 59900 }],
  students: [CHILD],
  payment,
});
const EMPTY: CartReply = { items: [], count: 0, totals: [], students: [CHILD], payment: 'academy' };

type Reply = { status?: number; body: unknown };
/**
 * The server as the page meets it: each call answered from a table of method and path, the calls kept to be
 * checked. The replies are the contract's shapes (common/schemas/enrollments.ts).
 */
function serve(type: string | null, table: Record<string, Reply | (() => Reply)>, address = '/cart') {
  const calls: Array<{ method: string; path: string; body?: unknown }> = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const path = url.replace(/^\/api/, '');
    calls.push({ method, path, body: init.body ? JSON.parse(String(init.body)) : undefined });
    if (path === '/auth/me')
      return Promise.resolve(
        type
          ? Response.json({ user: { id: 'u1', email: 'p@example.com', type, firstName: 'Grace', lastName: 'Park' } })
          : Response.json({ message: 'Not signed in' }, { status: 401 }),
      );
    const found = table[`${method} ${path}`];
    const reply = typeof found === 'function' ? found() : found;
    return Promise.resolve(
      reply ? Response.json(reply.body, { status: reply.status ?? 200 }) : Response.json({}, { status: 404 }),
    );
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AuthProvider>
        <MemoryRouter initialEntries={[address]}>
          {address.startsWith('/cart/done') ? <CartDonePage /> : <CartPage />}
        </MemoryRouter>
      </AuthProvider>
    </QueryClientProvider>,
  );
  return calls;
}

describe('the cart', () => {
  it("shows a visitor the spec's empty cart and the way to sign in, asking the server for no cart", async () => {
    const calls = serve(null, {});
    expect(await screen.findByRole('heading', { name: 'Shopping Cart' })).toBeTruthy();
    expect(screen.getByText('You have nothing in your shopping cart')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'GET THE COURSE NOW' }).getAttribute('href')).toBe('/courses-landing');
    expect(screen.getByRole('link', { name: 'Log in' })).toBeTruthy();
    expect(calls.some((c) => c.path.startsWith('/cart'))).toBe(false);
  });

  it("shows a parent's empty cart, and says a cancelled payment left it as it was", async () => {
    serve('parent', { 'GET /cart': { body: EMPTY } }, '/cart?payment=cancelled');
    expect(await screen.findByText('You have nothing in your shopping cart')).toBeTruthy();
    expect(screen.getByText(ENROLLMENT_MESSAGES.paymentCancelled)).toBeTruthy();
  });

  it('lets a parent choose the child a course is for, and will not check out before', async () => {
    let cart = cartOf(null);
    const calls = serve('parent', {
      'GET /cart': () => ({ body: cart }),
      'PATCH /cart/items/i1': () => {
        cart = cartOf(CHILD.id);
        return { body: { message: 'Saved', cart } };
      },
      'POST /cart/checkout': { body: { kind: 'done', message: ENROLLMENT_MESSAGES.payAtAcademy } },
      'GET /enrollments': {
        body: {
          enrollments: [
            {
              id: 'e1',
              offering: { slug: offering.slug, title: offering.title },
              student: CHILD,
              status: 'pending',
              method: 'academy',
              amountMinor: 59900,
              currency: 'USD',
              paidAt: null,
              createdAt: new Date().toISOString(),
            },
          ],
        },
      },
    });
    const item = await screen.findByRole('article', { name: 'AMC 8 Prep' });
    expect(within(item).getByRole('link', { name: 'AMC 8 Prep' }).getAttribute('href')).toBe('/offerings/amc-8-prep');
    expect(within(item).getByText('$599')).toBeTruthy();
    expect(screen.getByText(/you pay at the\s+academy/)).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Check out' }));
    expect((await screen.findAllByText(ENROLLMENT_MESSAGES.chooseStudent)).length).toBeGreaterThan(0);
    expect(calls.some((c) => c.path === '/cart/checkout')).toBe(false);

    await userEvent.selectOptions(within(item).getByLabelText('For'), CHILD.name);
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ studentId: CHILD.id });
    await userEvent.click(screen.getByRole('button', { name: 'Check out' }));
    expect(await screen.findByText(ENROLLMENT_MESSAGES.payAtAcademy)).toBeTruthy();
    const list = await screen.findByRole('region', { name: 'Your enrollments' });
    expect(await within(list).findByText('Awaiting payment')).toBeTruthy();
    expect(within(list).getByText(/Leo Park · Pay at the academy/)).toBeTruthy();
  });

  it('leads a parent without a child to add one', async () => {
    serve('parent', { 'GET /cart': { body: { ...cartOf(null), students: [] } } });
    await screen.findByRole('article', { name: 'AMC 8 Prep' });
    expect(screen.getAllByRole('link', { name: /add your child/i })[0].getAttribute('href')).toBe(
      '/dashboard?section=children',
    );
  });

  it("shows the server's refusal of a checkout", async () => {
    serve('parent', {
      'GET /cart': { body: cartOf(CHILD.id, 'card') },
      'POST /cart/checkout': { status: 409, body: { message: ENROLLMENT_MESSAGES.cartChanged } },
    });
    await screen.findByRole('article', { name: 'AMC 8 Prep' });
    expect(screen.getByText(/pay by card on Stripe/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Check out' }));
    expect(await screen.findByText(ENROLLMENT_MESSAGES.cartChanged)).toBeTruthy();
  });
});

const enrollment = (over: Partial<FamilyEnrollment>): FamilyEnrollment => ({
  id: 'e1',
  offering: { slug: 'amc-8-prep', title: 'AMC 8 Prep' },
  student: CHILD,
  status: 'pending',
  method: 'card',
  amountMinor: 59900,
  currency: 'USD',
  paidAt: null,
  createdAt: '2026-11-27T10:00:00.000Z',
  ...over,
});

describe('after paying by card', () => {
  const now = Date.parse('2026-11-27T10:05:00.000Z');
  it('waits while a card enrollment begun lately is pending, and not for an old one', () => {
    expect(paymentState([enrollment({})], now)).toBe('waiting');
    const paid = enrollment({ id: 'e2', status: 'active', paidAt: '2026-11-27T10:04:00.000Z' });
    expect(paymentState([paid, enrollment({})], now)).toBe('waiting');
    expect(paymentState([paid], now)).toBe('arrived');
    expect(paymentState([paid, enrollment({ createdAt: '2026-11-20T10:00:00.000Z' })], now)).toBe('arrived');
    // Paid long ago, or at the academy, is not this payment.
    expect(paymentState([enrollment({ status: 'active', paidAt: '2026-11-01T10:00:00.000Z' })], now)).toBe('none');
    expect(paymentState([enrollment({ method: 'academy' })], now)).toBe('none');
  });

  it('says the payment is being confirmed, then thanks the family once the enrollment is active', async () => {
    let reads = 0;
    serve(
      'parent',
      {
        'GET /enrollments': () => {
          reads += 1;
          const at = new Date().toISOString();
          return {
            body: {
              enrollments: [
                reads < 2 ? enrollment({ createdAt: at }) : enrollment({ createdAt: at, status: 'active', paidAt: at }),
              ],
            },
          };
        },
      },
      '/cart/done?session_id=cs_test_1',
    );
    expect(await screen.findByText(ENROLLMENT_MESSAGES.paymentProcessing)).toBeTruthy();
    expect(await screen.findByText(ENROLLMENT_MESSAGES.paymentReceived, {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to your dashboard' }).getAttribute('href')).toBe('/dashboard');
  });
});
