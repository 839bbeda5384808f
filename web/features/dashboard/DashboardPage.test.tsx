// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AuthProvider } from '../../auth/AuthProvider';
import { RequireAuth } from '../../auth/guards';
import DashboardPage from './DashboardPage';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Renders /dashboard, guarded as the router guards it, for a session user of the given type. */
function renderFor(type: string, search = '') {
  const user = { id: 'u1', email: 'x@example.com', type, status: 'active', firstName: 'Ada', lastName: 'Park', createdAt: '2026-01-01' };
  vi.stubGlobal('fetch', (url: string) =>
    Promise.resolve(
      url.endsWith('/auth/me')
        ? new Response(JSON.stringify({ user }), { status: 200 })
        : new Response(JSON.stringify({ courses: [{}, {}] }), { status: 200 }),
    ),
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <AuthProvider>
        <MemoryRouter initialEntries={[`/dashboard${search}`]}>
          <RequireAuth>
            <DashboardPage studentHome={<p>The student's learning home</p>} />
          </RequireAuth>
        </MemoryRouter>
      </AuthProvider>
    </QueryClientProvider>,
  );
}

describe('/dashboard picks its view by the user type', () => {
  it.each([
    ['admin', 'Total Users'],
    ['teacher', 'Pending Reviews'],
    ['student', "The student's learning home"],
    ['parent', 'View Student Progress'],
    ['data-entry', 'Other sections are coming soon.'],
    ['dataentry', 'Other sections are coming soon.'],
    ['data_entry', 'Other sections are coming soon.'],
    ['dataEntry', 'Other sections are coming soon.'],
  ])('%s sees its own dashboard', async (type, text) => {
    renderFor(type);
    expect(await screen.findByText(text, { exact: false })).toBeTruthy();
  });

  it('gives the student\'s My Courses section to the learning home, and the others are coming soon', async () => {
    renderFor('student', '?section=courses');
    expect(await screen.findByText("The student's learning home")).toBeTruthy();
    cleanup();
    renderFor('student', '?section=grades');
    expect(await screen.findByText('This section is coming soon!')).toBeTruthy();
  });

  it('an unknown type is told to contact support', async () => {
    renderFor('wizard');
    expect(screen.getByText('Loading...')).toBeTruthy();
    expect(await screen.findByText('Unknown User Type (contact support)')).toBeTruthy();
  });

  it('an in-place section not built yet says so', async () => {
    renderFor('parent', '?section=communication');
    expect(await screen.findByRole('heading', { name: 'Communication' })).toBeTruthy();
    expect(screen.getByText('This section is coming soon!')).toBeTruthy();
  });
});
