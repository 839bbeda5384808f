// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Link, Outlet, RouterProvider, createMemoryRouter } from 'react-router';
import type { SittingExamView } from '@common/schemas/exams';
import type { Attempt } from '@common/schemas/test-taking';
import TestSittingPage from './TestSittingPage';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const minutes = (n: number) => new Date(Date.now() + n * 60_000).toISOString();

const paperQuestion = (n: number) => ({
  number: n,
  marks: 1,
  question: {
    id: `q${n}`,
    questionText: `<p>What is question ${n}?</p>`,
    type: 'Multiple Choice' as const,
    grade: 6,
    options: { A: '$\\frac{1}{2}$', B: '$2$', C: '$3$', D: '$4$', E: '$5$' },
    attachments: [],
    multipleAnswers: false,
    answerForms: [],
    variant: null,
  },
});

const exam = (
  phase: SittingExamView['phase'],
  states: [SittingExamView['sections'][number]['state'], SittingExamView['sections'][number]['state']],
): SittingExamView => ({
  name: 'SSAT Middle Level',
  answerSheet: 'bubbles',
  right: 1,
  wrong: -0.25,
  blank: 0,
  sections: [
    { name: 'Quantitative', first: 1, last: 2, minutes: 45, state: states[0] },
    { name: 'Verbal', first: 3, last: 4, minutes: 45, state: states[1] },
  ],
  phase,
  until: minutes(phase === 'break' ? 5 : 30),
});

const sitting = (patch: Partial<Attempt> = {}): Attempt => ({
  id: 'a1',
  assignmentId: 'g1',
  testId: 't1',
  name: 'Practice SSAT',
  instructions: '',
  startedAt: minutes(-1),
  deadline: minutes(100),
  serverNow: new Date().toISOString(),
  submittedAt: null,
  submittedBy: null,
  questions: [paperQuestion(1), paperQuestion(2)],
  answers: {},
  released: false,
  exam: exam('section', ['current', 'upcoming']),
  accommodations: 'Time x1.5, larger text',
  largeText: true,
  ...patch,
});

/** The sitting page in a router beside a link away, the server answering each request by `reply`. */
function open(reply: (method: string, url: string, body: unknown) => unknown) {
  const calls: Array<{ method: string; url: string; body: unknown }> = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ method, url, body });
    return Promise.resolve(new Response(JSON.stringify(reply(method, url, body)), { status: 200 }));
  });
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <Link to="/elsewhere">Away</Link>
            <Outlet />
          </>
        ),
        children: [
          { path: '/tests/:assignmentId', element: <TestSittingPage /> },
          { path: '/tests/review/:attemptId', element: <p>The review</p> },
          { path: '/elsewhere', element: <p>Somewhere else</p> },
        ],
      },
    ],
    { initialEntries: ['/tests/g1'] },
  );
  render(<RouterProvider router={router} />);
  return calls;
}

describe('an exam-style sitting', () => {
  it('shows the section, its scoring and accommodations, and saves a bubble or a blank', async () => {
    const calls = open((method, url) =>
      url.endsWith('/start') ? { attempt: sitting() } : { savedAt: new Date().toISOString(), serverNow: '' },
    );
    expect(await screen.findByRole('heading', { name: 'Practice SSAT' })).toBeTruthy();
    expect(screen.getByText('Right +1 · Wrong −¼ · Blank 0')).toBeTruthy();
    expect(screen.getByText('Accommodations: Time x1.5, larger text')).toBeTruthy();
    expect(screen.getByText('Section 1 of 2')).toBeTruthy();
    expect(screen.getByRole('timer', { name: /^Time left in this section (29|30):\d\d$/ })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Question 1 of 4' })).toBeTruthy();
    // The options are drawn with their math; the answer sheet is a row of bubbles.
    expect(document.querySelector('.katex')).toBeTruthy();
    expect(screen.queryByText('$\\frac{1}{2}$')).toBeNull();
    const row = screen.getByRole('radiogroup', { name: 'Answer for question 1' });
    expect(
      within(row)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['A', 'B', 'C', 'D', 'E', '']);

    fireEvent.click(within(row).getByRole('radio', { name: 'B' }));
    await waitFor(() =>
      expect(calls).toContainEqual({
        method: 'PUT',
        url: '/api/student/attempts/a1/answers/q1',
        body: { answer: 'B' },
      }),
    );
    fireEvent.click(within(row).getByRole('radio', { name: 'Leave blank' }));
    await waitFor(() =>
      expect(calls).toContainEqual({ method: 'PUT', url: '/api/student/attempts/a1/answers/q1', body: { answer: '' } }),
    );
    expect(screen.getByRole('button', { name: 'Question 1, left blank' })).toBeTruthy();
  });

  it('ends a section, shows the break, and starts the last section, which ends with Submit test', async () => {
    const onBreak = sitting({ questions: [], exam: exam('break', ['closed', 'current']) });
    const last = sitting({
      questions: [paperQuestion(3), paperQuestion(4)],
      exam: exam('section', ['closed', 'current']),
    });
    const calls = open((method, url) =>
      url.endsWith('/start')
        ? { attempt: sitting() }
        : url.endsWith('/end-section')
          ? { attempt: onBreak }
          : { attempt: last },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'End section' }));
    const confirm = screen.getByRole('dialog', { name: 'End this section?' });
    expect(within(confirm).getByText(/You cannot come back to it\./)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'End section' }));

    expect(await screen.findByRole('heading', { name: 'Break' })).toBeTruthy();
    expect(screen.getByRole('timer', { name: /^Next section starts in [45]:\d\d$/ })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Questions' })).toBeNull();
    const sections = screen.getByRole('list', { name: 'Sections' });
    expect(within(sections).getByText('Closed')).toBeTruthy();
    expect(within(sections).getByText('Next')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Start next section' }));
    expect(await screen.findByText('Section 2 of 2')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Question 3 of 4' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Submit test' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'End section' })).toBeNull();
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST /api/student/tests/g1/start',
      'POST /api/student/attempts/a1/end-section',
      'POST /api/student/attempts/a1/start-section',
    ]);
  });

  it("reads the sitting again when the section's time is up, and shows the break", async () => {
    const ended = sitting({ exam: { ...exam('section', ['current', 'upcoming']), until: minutes(-0.01) } });
    const calls = open((method) =>
      method === 'GET'
        ? { attempt: sitting({ questions: [], exam: exam('break', ['closed', 'current']) }) }
        : { attempt: ended },
    );
    expect(await screen.findByRole('heading', { name: 'Break' })).toBeTruthy();
    expect(calls.map((c) => `${c.method} ${c.url}`)).toContain('GET /api/student/attempts/a1');
  });

  it('asks before leaving an open sitting', async () => {
    open(() => ({ attempt: sitting({ exam: null, accommodations: '', largeText: false }) }));
    expect(await screen.findByRole('timer', { name: /^Time left / })).toBeTruthy();
    expect(screen.queryByText(/Right \+1/)).toBeNull();
    // The page's effects (the blocker among them) are in place before the student clicks away.
    await act(async () => {});
    fireEvent.click(screen.getByRole('link', { name: 'Away' }));
    const ask = await screen.findByRole('dialog', { name: 'Leave the test?' });
    expect(within(ask).getByText('Your answers are saved; the clock keeps running.')).toBeTruthy();
    fireEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('heading', { name: 'Practice SSAT' })).toBeTruthy();

    fireEvent.click(screen.getByRole('link', { name: 'Away' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave test' }));
    expect(await screen.findByText('Somewhere else')).toBeTruthy();
  });
});
