// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ENROLLMENT_MESSAGES } from '@common/rules';
import { AuthProvider } from '../../auth/AuthProvider';
import OfferingPage from './OfferingPage';

afterEach(() => {
  cleanup();
  cartRead = false;
  vi.unstubAllGlobals();
});

const OFFERING = {
  id: 'o1',
  slug: 'amc-8-prep',
  title: 'AMC 8 Prep',
  program: 'amc8',
  programName: 'AMC 8',
  gradeBand: 'Grades 6-8',
  level: 'Middle School',
  summary: '',
  units: 4,
  mockTests: 0,
  sessions: 0,
  duration: '',
  priceMinor: 59900,
  currency: 'USD',
  imageUrl: null,
  description: '',
  contents: [],
};

let cartRead = false;

/** The page for a signed-in parent whose one child is Leo; POST /cart/items answers `added`. */
function renderForParent(added: { status: number; body: unknown }) {
  const posted: unknown[] = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit = {}) => {
    const path = url.replace(/^\/api/, '');
    if (path === '/auth/me')
      return Promise.resolve(Response.json({ user: { id: 'p1', email: 'p@example.com', type: 'parent' } }));
    if (path === '/offerings/amc-8-prep') return Promise.resolve(Response.json(OFFERING));
    if (path === '/cart') {
      cartRead = true;
      return Promise.resolve(
        Response.json({ items: [], count: 0, totals: [], students: [{ id: 'c1', name: 'Leo' }], payment: 'academy' }),
      );
    }
    if (path === '/cart/items' && init.method === 'POST') {
      posted.push(JSON.parse(String(init.body)));
      return Promise.resolve(Response.json(added.body, { status: added.status }));
    }
    return Promise.resolve(Response.json({ count: 0 }));
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AuthProvider>
        <MemoryRouter initialEntries={['/offerings/amc-8-prep']}>
          <Routes>
            <Route path="/offerings/:slug" element={<OfferingPage />} />
            <Route path="/cart" element={<p>The cart</p>} />
          </Routes>
        </MemoryRouter>
      </AuthProvider>
    </QueryClientProvider>,
  );
  return posted;
}

describe('PURCHASE THIS COURSE', () => {
  it("adds the course for a parent's only child, then opens the cart", async () => {
    const cart = { items: [], count: 1, totals: [], students: [{ id: 'c1', name: 'Leo' }], payment: 'academy' };
    const posted = renderForParent({ status: 201, body: { message: 'Added to your cart', cart } });
    const button = await screen.findByRole('button', { name: 'PURCHASE THIS COURSE' });
    // The cart's children are read before the click counts on them.
    await waitFor(() => expect(cartRead).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    await userEvent.click(button);
    expect(await screen.findByText('The cart')).toBeTruthy();
    expect(posted).toEqual([{ offeringId: 'o1', studentId: 'c1' }]);
  });

  it("shows the server's refusal under the button, with the way to the cart", async () => {
    renderForParent({ status: 409, body: { message: ENROLLMENT_MESSAGES.alreadyInCart } });
    await userEvent.click(await screen.findByRole('button', { name: 'PURCHASE THIS COURSE' }));
    expect(await screen.findByText(ENROLLMENT_MESSAGES.alreadyInCart)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to your cart' }).getAttribute('href')).toBe('/cart');
  });
});
