// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { StudentQuestion } from '@common/schemas/learning';
import { QuestionCard } from './QuestionCard';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const image = { filename: `${'b'.repeat(32)}.png`, originalname: 'triangle.png' };

describe("a student's exercise", () => {
  const exercise = (patch: Record<string, unknown>) =>
    ({
      id: 'q1',
      questionText: '<p>Pick one</p>',
      type: 'Multiple Choice',
      grade: 7,
      options: { A: '40', B: '90' },
      attachments: [image],
      hint: '',
      source: '',
      multipleAnswers: false,
      ...patch,
    }) as StudentQuestion;
  const renderCard = (q: StudentQuestion, solutionEarned = false) =>
    render(
      <QueryClientProvider client={new QueryClient()}>
        <QuestionCard question={q} sectionId="s1" userId="u1" solutionEarned={solutionEarned} />
      </QueryClientProvider>,
    );

  it('says "Error loading attachments" for attachments that do not parse, and "Error parsing options" for options', () => {
    renderCard(exercise({ attachments: '[{"filename":' }));
    expect(screen.getByText('Error loading attachments')).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Option B' })).toBeTruthy();
    cleanup();
    renderCard(exercise({ attachments: JSON.stringify([image]), options: '{"A":' }));
    expect(screen.getByRole('img', { name: 'triangle.png' })).toBeTruthy();
    expect(screen.getByText('Error parsing options')).toBeTruthy();
  });

  it('shows the hint only on demand, with its math rendered', () => {
    const { container } = renderCard(exercise({ hint: 'Count by fours: the answer is $24$.' }));
    expect(screen.queryByText(/Count by fours/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show hint' }));
    expect(screen.getByText(/Count by fours/)).toBeTruthy();
    expect(container.querySelector('.katex')?.textContent).toContain('24');
    expect(container.textContent).not.toContain('$24$');
    fireEvent.click(screen.getByRole('button', { name: 'Hide hint' }));
    expect(screen.queryByText(/Count by fours/)).toBeNull();
  });

  it('tells the server the hint was opened, once for the page however often it is opened again', async () => {
    const fetch = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetch);
    renderCard(exercise({ hint: 'Count by fours.' }));
    expect(fetch).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Show hint' }));
    fireEvent.click(screen.getByRole('button', { name: 'Hide hint' }));
    fireEvent.click(screen.getByRole('button', { name: 'Show hint' }));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect(fetch.mock.calls[0]).toEqual([
      '/api/student/questions/q1/hint-opened',
      expect.objectContaining({ method: 'POST' }),
    ]);
  });

  it('offers no hint button when the question has none, and no solution before an answer', () => {
    renderCard(exercise({ hint: '  ' }));
    expect(screen.queryByRole('button', { name: 'Show hint' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Show worked solution' })).toBeNull();
  });

  it('brings back the answer and verdict kept for the session, and offers the solution after two wrong ones', () => {
    sessionStorage.setItem(
      'answer:u1:q1',
      JSON.stringify({
        answer: 'B',
        result: { isCorrect: false, feedback: 'Not quite. Try again.' },
        wrong: 2,
        solved: false,
      }),
    );
    renderCard(exercise({}));
    expect((screen.getByRole('radio', { name: 'Option B' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('status').textContent).toBe('Not quite. Try again.');
    expect(screen.getByRole('button', { name: 'Show worked solution' })).toBeTruthy();
    sessionStorage.clear();
  });

  it('offers the solution the server says was earned before this visit (another day or device), with nothing kept here', () => {
    renderCard(exercise({}), true);
    expect(screen.getByRole('status').textContent).toBe('');
    expect(screen.getByRole('button', { name: 'Show worked solution' })).toBeTruthy();
  });
});
