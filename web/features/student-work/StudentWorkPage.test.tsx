// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
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

/** The page, the server answering the work with `reply` and the skills with one Familiar skill. */
function renderWith(reply: { status: number; body: unknown }) {
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
  vi.stubGlobal('fetch', (url: string) =>
    Promise.resolve(
      url === '/api/students/s1/skills'
        ? new Response(JSON.stringify(skills), { status: 200 })
        : new Response(JSON.stringify(reply.body), { status: reply.status }),
    ),
  );
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
