// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { GOOGLE_SIGN_IN_ERRORS, GOOGLE_SIGNUP_MESSAGES } from '@common/rules';
import { AuthProvider } from '../../auth/AuthProvider';
import CompleteProfilePage from './CompleteProfilePage';
import SignInPage from './SignInPage';
import SignUpPage from './SignUpPage';
import { SocialButtons } from './SocialButtons';

/** What the server answers, by method and path; anything else is a 404. */
let answers: Record<string, { status: number; body: object }> = {};
const requests: Array<{ key: string; body: unknown }> = [];

beforeEach(() => {
  answers = { 'GET /api/auth/me': { status: 401, body: { message: 'Please sign in to continue.' } } };
  requests.length = 0;
  localStorage.clear();
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const key = `${init.method ?? 'GET'} ${url}`;
    requests.push({ key, body: init.body ? JSON.parse(String(init.body)) : undefined });
    const answer = answers[key] ?? { status: 404, body: { message: 'Not found' } };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderAt(entry: string | { pathname: string; search?: string; state?: unknown }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AuthProvider>
        <MemoryRouter initialEntries={[entry]}>
          <Routes>
            <Route path="/signin" element={<SignInPage />} />
            <Route path="/signup" element={<SignUpPage />} />
            <Route path="/complete-profile" element={<CompleteProfilePage />} />
            <Route path="/buttons" element={<SocialButtons />} />
            <Route path="/dashboard" element={<p>Dashboard page</p>} />
          </Routes>
        </MemoryRouter>
      </AuthProvider>
    </QueryClientProvider>,
  );
}

describe('the Google button', () => {
  it('shows when the server has Google configured, and leads to the server’s Google route', async () => {
    answers['GET /api/auth/providers'] = { status: 200, body: { google: true, facebook: false } };
    renderAt('/buttons');
    const link = await screen.findByRole('link', { name: 'Continue with Google' });
    expect(link.getAttribute('href')).toBe('/api/auth/google');
    expect(screen.queryByText(/Facebook/)).toBeNull();
  });

  it('is not shown when Google is not configured, nor when the server cannot say', async () => {
    answers['GET /api/auth/providers'] = { status: 200, body: { google: false, facebook: false } };
    renderAt('/buttons');
    await waitFor(() => expect(requests.map((r) => r.key)).toContain('GET /api/auth/providers'));
    expect(screen.queryByRole('link', { name: /Google/ })).toBeNull();
    cleanup();
    answers['GET /api/auth/providers'] = { status: 500, body: {} };
    renderAt('/buttons');
    await waitFor(() => expect(requests.filter((r) => r.key === 'GET /api/auth/providers')).toHaveLength(2));
    expect(screen.queryByRole('link', { name: /Google/ })).toBeNull();
  });
});

describe('coming back from Google', () => {
  it('shows why a Google sign-in ended on the sign-in page', async () => {
    renderAt('/signin?googleError=unverified');
    expect(await screen.findByText(GOOGLE_SIGN_IN_ERRORS.unverified)).toBeTruthy();
  });

  it('shows the general message for a reason it does not know', async () => {
    renderAt('/signin?googleError=toString');
    expect(await screen.findByText(GOOGLE_SIGN_IN_ERRORS.provider)).toBeTruthy();
  });

  it('asks who is signing up, then the profile without a password, and creates the account as a parent', async () => {
    answers['GET /api/auth/google/signup'] = {
      status: 200,
      body: { email: 'grace@example.com', first_name: 'Grace', last_name: 'Hopper' },
    };
    answers['POST /api/auth/google/complete-profile'] = {
      status: 200,
      body: {
        message: 'Profile completed successfully',
        user: { id: 'u1', email: 'grace@example.com', type: 'parent', first_name: 'Grace', last_name: 'Hopper' },
      },
    };
    renderAt('/signup?via=google');
    expect(await screen.findByText('grace@example.com')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    fireEvent.click(screen.getByLabelText(/A parent or guardian/));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));

    await screen.findByRole('heading', { name: 'Complete your profile' });
    expect(screen.queryByLabelText('Password')).toBeNull();
    expect(screen.queryByLabelText('Grade')).toBeNull();
    expect((screen.getByLabelText('First name') as HTMLInputElement).value).toBe('Grace');
    fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '(123) 456-7890' } });
    fireEvent.change(screen.getByLabelText('Address'), { target: { value: '2 Cobol Road' } });
    fireEvent.click(screen.getByRole('button', { name: 'Complete Profile' }));

    expect(await screen.findByText('Dashboard page')).toBeTruthy();
    const sent = requests.find((r) => r.key === 'POST /api/auth/google/complete-profile');
    expect(sent?.body).toEqual({
      type: 'parent',
      extra_field: {
        first_name: 'Grace',
        last_name: 'Hopper',
        phone_number: '(123) 456-7890',
        address: '2 Cobol Road',
      },
    });
    expect(requests.some((r) => r.key === 'POST /api/users/complete-profile')).toBe(false);
  });

  it('says so when the Google sign-up has expired', async () => {
    answers['GET /api/auth/google/signup'] = { status: 400, body: { message: GOOGLE_SIGNUP_MESSAGES.expired } };
    renderAt('/signup?via=google');
    expect(await screen.findByText(GOOGLE_SIGNUP_MESSAGES.expired)).toBeTruthy();
  });
});
