// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AuthProvider } from '../auth/AuthProvider';
import { TopBar } from './TopBar';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The top bar for a signed-in parent whose cart holds `count` courses. */
function renderForParent(count: number) {
  vi.stubGlobal('fetch', (url: string) => {
    const path = url.replace(/^\/api/, '');
    if (path === '/auth/me')
      return Promise.resolve(Response.json({ user: { id: 'p1', email: 'p@example.com', type: 'parent' } }));
    if (path === '/cart/count') return Promise.resolve(Response.json({ count }));
    return Promise.resolve(Response.json([]));
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AuthProvider>
        <MemoryRouter>
          <TopBar />
        </MemoryRouter>
      </AuthProvider>
    </QueryClientProvider>,
  );
}

describe('the cart badge', () => {
  it("shows the number of courses in the family's cart", async () => {
    renderForParent(2);
    const cart = await screen.findByRole('link', { name: 'Cart, 2 items' });
    expect(cart.textContent).toBe('2');
  });

  it('shows no number for an empty cart, yet still names it', async () => {
    renderForParent(0);
    await screen.findByRole('button', { name: /log ?out/i });
    const cart = screen.getByRole('link', { name: 'Cart, 0 items' });
    expect(cart.textContent).toBe('');
  });
});
