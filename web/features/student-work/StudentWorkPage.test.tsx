// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { StudentWork } from '@common/schemas/student-work';
import StudentWorkPage from './StudentWorkPage';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const work = (patch: Partial<StudentWork> = {}): StudentWork => ({
  student: { id: 's1', name: 'Ada Quinn' },
  sections: [
    {
      sectionId: 'sec1',
      courseId: 'c1',
      courseName: 'Fractions',
      unitTitle: 'Like denominators',
      unitNumber: 1,
      title: 'Halves',
      sectionNumber: 2,
      exercises: [
        {
          questionId: 'q1',
          number: 1,
          questionText: '<p>What is $\\frac{1}{2} + \\frac{1}{4}$?</p>',
          type: 'Multiple Choice',
          options: { A: '$\\frac{3}{4}$', B: '$\\frac{2}{6}$' },
          attemptCount: 25,
          attempts: [
            { answer: 'B', isCorrect: false, at: '2026-02-01T10:00:00.000Z', variant: null },
            { answer: 'A', isCorrect: true, at: '2026-02-01T10:01:00.000Z', variant: null },
          ],
          variant: null,
          varies: false,
          hintOpenedAt: '2026-02-01T09:59:00.000Z',
          solutionOpenedAt: null,
        },
      ],
    },
  ],
  sectionPage: { page: 1, pageSize: 10, total: 1 },
  sittings: [
    {
      attemptId: 'a1',
      testId: 't1',
      name: 'Quiz 1',
      status: 'submitted',
      score: { marks: 3, maxMarks: 4, percentage: 75 },
      released: false,
      submittedAt: '2026-02-02T10:00:00.000Z',
    },
  ],
  weakAreas: { focus: [{ name: 'Computation', got: 1, of: 4, percent: 25 }], categories: [] },
  notes: [],
  ...patch,
});

type Accommodations = {
  timeFactor: number | null;
  extraMinutes: number | null;
  extraBreakMinutes: number;
  largeText: boolean;
};
const NONE: Accommodations = { timeFactor: null, extraMinutes: null, extraBreakMinutes: 0, largeText: false };

/**
 * The page, the server answering the work with `reply`, the skills with one Familiar skill, and the accommodations
 * with `accommodations` (a PUT with its own answer, by default what was sent).
 */
function renderWith(
  reply: { status: number; body: unknown },
  accommodations: {
    saved?: Accommodations | Promise<Accommodations>;
    put?(body: Accommodations): { status: number; body: unknown };
    sent?: Accommodations[];
  } = {},
) {
  const skills = {
    skills: [
      {
        skillId: 'k1',
        focusArea: 'Computation',
        category: 'Fractions',
        gradeMin: null,
        gradeMax: null,
        level: 2,
        label: 'Familiar',
        firstTries: 4,
        firstTriesRight: 3,
        reviewDueAt: null,
      },
    ],
  };
  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    if (url === '/api/students/s1/skills') return json(skills);
    if (url === '/api/students/s1/accommodations') {
      if (init?.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as Accommodations;
        accommodations.sent?.push(body);
        const answer = accommodations.put?.(body) ?? {
          status: 200,
          body: { message: 'Accommodations saved', accommodations: body },
        };
        return json(answer.body, answer.status);
      }
      return json({ accommodations: await (accommodations.saved ?? NONE) });
    }
    return json(reply.body, reply.status);
  });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={['/students/s1/work']}>
        <Routes>
          <Route path="/students/:studentId/work" element={<StudentWorkPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe("a student's work for their teacher", () => {
  it('shows each attempt in order as math, right or wrong in words, the hint opened, and the later attempts only', async () => {
    renderWith({ status: 200, body: work() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Quinn' })).toBeTruthy();
    const exercise = screen.getByRole('article', { name: 'Exercise 1' });
    expect(within(exercise).getByText(/Hint opened/)).toBeTruthy();
    expect(within(exercise).getByText('The latest 2 of 25 attempts.')).toBeTruthy();
    const attempts = within(exercise).getAllByRole('listitem');
    expect(attempts.map((a) => a.textContent)).toEqual([
      expect.stringMatching(/^Attempt 24B\..*Wrong/),
      expect.stringMatching(/^Attempt 25A\..*Right/),
    ]);
    expect(exercise.querySelectorAll('.katex').length).toBeGreaterThanOrEqual(3);
    const link = screen.getByRole('link', { name: 'Quiz 1' });
    expect(link.getAttribute('href')).toBe('/saved-tests/t1/sittings/a1');
    expect(screen.getByText('3 / 4 (75%), not released')).toBeTruthy();
    expect(screen.getByText('Computation')).toBeTruthy();
    expect(screen.getByText('No notes yet.')).toBeTruthy();
    const skills = await screen.findByRole('list', { name: 'Skills' });
    expect(skills.textContent).toBe('Computation: FractionsFamiliar3 of 4 first tries right');
  });

  it('says so when no section is open yet', async () => {
    renderWith({ status: 200, body: work({ sections: [], sectionPage: { page: 1, pageSize: 10, total: 0 } }) });
    expect(await screen.findByText('No sections open yet')).toBeTruthy();
  });

  it("shows the server's refusal for another teacher's student, and a retry when the work cannot load", async () => {
    renderWith({ status: 403, body: { message: 'You can only see the work of your own students' } });
    expect(await screen.findByText('You can only see the work of your own students')).toBeTruthy();
    cleanup();
    renderWith({ status: 500, body: {} });
    expect(await screen.findByRole('button', { name: 'Try Again' })).toBeTruthy();
  });
});

/** Whether the accommodations form is on: it is off, in a disabled fieldset, until the saved values arrive. */
const formOn = (card: HTMLElement) => !within(card).getByLabelText('Extra time').closest('fieldset')!.disabled;

describe("a student's accommodations", () => {
  it('waits for the saved values with the form off, then saves what was chosen', async () => {
    let arrive!: (value: Accommodations) => void;
    const sent: Accommodations[] = [];
    renderWith(
      { status: 200, body: work() },
      { saved: new Promise<Accommodations>((resolve) => (arrive = resolve)), sent },
    );
    const card = await screen.findByRole('region', { name: 'Accommodations' });
    expect(formOn(card)).toBe(false);
    arrive({ timeFactor: 1.5, extraMinutes: null, extraBreakMinutes: 5, largeText: true });
    await vi.waitFor(() => expect(formOn(card)).toBe(true));
    expect(within(card).getByLabelText<HTMLSelectElement>('Extra time').value).toBe('1.5');
    expect(within(card).getByLabelText<HTMLInputElement>('Extra break minutes').value).toBe('5');
    expect(within(card).getByLabelText<HTMLInputElement>('Larger text').checked).toBe(true);

    fireEvent.change(within(card).getByLabelText('Extra time'), { target: { value: 'minutes' } });
    fireEvent.change(within(card).getByLabelText('Extra minutes'), { target: { value: '15' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Save accommodations' }));
    expect(await within(card).findByText('Accommodations saved')).toBeTruthy();
    expect(sent).toEqual([{ timeFactor: null, extraMinutes: 15, extraBreakMinutes: 5, largeText: true }]);
  });

  it("shows the rules' messages on their fields, the form's and the server's", async () => {
    renderWith(
      { status: 200, body: work() },
      {
        put: () => ({
          status: 400,
          body: { message: 'Invalid', issues: [{ path: 'extraBreakMinutes', message: 'The server says no' }] },
        }),
      },
    );
    const card = await screen.findByRole('region', { name: 'Accommodations' });
    await vi.waitFor(() => expect(formOn(card)).toBe(true));
    fireEvent.change(within(card).getByLabelText('Extra time'), { target: { value: 'minutes' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Save accommodations' }));
    expect(await within(card).findByText('Extra minutes must be a whole number from 1 to 240')).toBeTruthy();
    fireEvent.change(within(card).getByLabelText('Extra minutes'), { target: { value: '10' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Save accommodations' }));
    expect(await within(card).findByText('The server says no')).toBeTruthy();
  });
});
