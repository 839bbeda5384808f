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
  const user = {
    id: 'u1',
    email: 'x@example.com',
    type,
    status: 'active',
    firstName: 'Ada',
    lastName: 'Park',
    createdAt: '2026-01-01',
  };
  const replies: Record<string, unknown> = {
    '/auth/me': { user },
    '/admin/dashboard': {
      stats: { users: 7, courses: 3, activeCourses: 2, students: 4, activeStudents: 1, checksThisWeek: 9 },
      recent: [],
    },
    '/admin/desk/summary': { newBookings: 2, newEnrollments: 3, awaitingPayment: 1 },
    '/teacher/dashboard': { activeCourses: 2, totalStudents: 5, pendingReviews: 3 },
    '/parent/children': { children: [] },
    '/enrollments': {
      enrollments: [
        {
          id: 'e1',
          offering: { slug: 'amc-8-prep', title: 'AMC 8 Prep' },
          student: { id: 'c1', name: 'Leo Park' },
          status: 'active',
          method: 'academy',
          amountMinor: 59900,
          currency: 'USD',
          paidAt: '2026-11-02T10:00:00.000Z',
          createdAt: '2026-11-01T10:00:00.000Z',
        },
      ],
    },
  };
  vi.stubGlobal('fetch', (url: string) => {
    const path = Object.keys(replies).find((p) => url.endsWith(p));
    return Promise.resolve(new Response(JSON.stringify(path ? replies[path] : { courses: [{}, {}] }), { status: 200 }));
  });
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
    // The parent's card names its button as its heading. A dashboard's first render loads its lazy parts.
    expect((await screen.findAllByText(text, { exact: false }, { timeout: 5000 })).length).toBeGreaterThan(0);
  });

  it("gives the student's My Courses section to the learning home, and the others are coming soon", async () => {
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

  it('shows the real figures of the admin and teacher dashboards', async () => {
    renderFor('admin');
    expect(await screen.findByLabelText('Total Users: 7')).toBeTruthy();
    expect(screen.getByLabelText('Active Courses: 2')).toBeTruthy();
    // The new booking requests open the inbox.
    expect((await screen.findByRole('link', { name: 'New Bookings: 2' })).getAttribute('href')).toBe('/admin-inbox');
    // The new enrollments open the inbox's Enrollments tab, and say how many wait for their payment.
    const enrollments = screen.getByRole('link', { name: 'New Enrollments: 3' });
    expect(enrollments.getAttribute('href')).toBe('/admin-inbox?tab=enrollments');
    expect(enrollments.textContent).toContain('1 awaiting payment');
    expect(await screen.findByText('No recent activity yet.', { exact: false })).toBeTruthy();
    cleanup();
    renderFor('teacher');
    expect(await screen.findByLabelText('Total Students: 5')).toBeTruthy();
    expect(screen.getByLabelText('Pending Reviews: 3')).toBeTruthy();
  });

  it("shows the parent their children's enrollments, an open one leading to the child's progress", async () => {
    renderFor('parent');
    const table = await screen.findByRole('table', { name: "Your children's enrollments" });
    expect(table.textContent).toContain('Leo Park');
    expect(table.textContent).toContain('Active');
    expect(table.textContent).toContain('Pay at the academy');
    expect(screen.getByRole('link', { name: 'Progress of Leo Park in AMC 8 Prep' }).getAttribute('href')).toBe(
      '/dashboard?section=progress&child=c1',
    );
  });

  it("gives the parent's My Children and Progress Reports to the parent dashboard", async () => {
    renderFor('parent', '?section=children');
    expect(await screen.findByRole('heading', { name: 'My Children' })).toBeTruthy();
    expect(await screen.findByText('No children linked yet')).toBeTruthy();
    cleanup();
    renderFor('parent', '?section=progress');
    expect(await screen.findByRole('heading', { name: 'Progress Reports' })).toBeTruthy();
  });

  it.each(['student', 'parent', 'teacher', 'admin', 'data-entry'])(
    'the %s dashboard says coming soon for a section it does not know',
    async (type) => {
      for (const section of ['no-such-section', 'constructor']) {
        renderFor(type, `?section=${section}`);
        expect(await screen.findByText('This section is coming soon!')).toBeTruthy();
        cleanup();
      }
    },
  );

  it('an in-place section not built yet says so', async () => {
    renderFor('parent', '?section=communication');
    expect(await screen.findByRole('heading', { name: 'Communication' })).toBeTruthy();
    expect(screen.getByText('This section is coming soon!')).toBeTruthy();
  });
});
