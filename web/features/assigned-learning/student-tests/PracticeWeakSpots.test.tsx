// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { PRACTICE_MESSAGES } from '@common/rules/practice';
import type { PracticeSet } from '@common/schemas/test-taking';
import { AuthProvider } from '../../../auth/AuthProvider';
import { PracticeWeakSpots } from './PracticeWeakSpots';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The card under a released result, the server answering the practice request with `set`. */
function renderCard(set: PracticeSet) {
  const user = { id: 'u1', email: 'x@example.com', type: 'student', status: 'active', createdAt: '2026-01-01' };
  vi.stubGlobal('fetch', (url: string) =>
    Promise.resolve(new Response(JSON.stringify(url.endsWith('/auth/me') ? { user } : set), { status: 200 })),
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <AuthProvider>
        <PracticeWeakSpots attemptId="a1" />
      </AuthProvider>
    </QueryClientProvider>,
  );
}

describe('PracticeWeakSpots', () => {
  it("shows the server's reason when no questions could be matched to the student", async () => {
    renderCard({ focusAreas: ['Computation'], questions: [], message: PRACTICE_MESSAGES.noGradeWeakSpots });
    fireEvent.click(screen.getByRole('button', { name: 'Practice my weak spots' }));
    expect((await screen.findByRole('status')).textContent).toBe(PRACTICE_MESSAGES.noGradeWeakSpots);
    expect(screen.queryByText(/You have already met every question/)).toBeNull();
  });

  it('says every question was met when the server gives none without a reason', async () => {
    renderCard({ focusAreas: ['Computation'], questions: [], message: null });
    fireEvent.click(screen.getByRole('button', { name: 'Practice my weak spots' }));
    expect(await screen.findByText(/You have already met every question of Computation/)).toBeTruthy();
    expect(screen.queryByText(PRACTICE_MESSAGES.noGradeWeakSpots)).toBeNull();
  });
});
