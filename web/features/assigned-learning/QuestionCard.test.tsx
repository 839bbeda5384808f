// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { StudentQuestion } from '@common/schemas/learning';
import { QuestionCard } from './QuestionCard';

afterEach(cleanup);

const image = { filename: `${'b'.repeat(32)}.png`, originalname: 'triangle.png' };

describe("a student's exercise", () => {
  const exercise = (patch: Record<string, unknown>) =>
    ({ id: 'q1', questionText: '<p>Pick one</p>', type: 'Multiple Choice', grade: 7, options: { A: '40', B: '90' }, attachments: [image], hint: '', source: '', multipleAnswers: false, ...patch }) as StudentQuestion;
  const renderCard = (q: StudentQuestion) =>
    render(
      <QueryClientProvider client={new QueryClient()}>
        <QuestionCard question={q} sectionId="s1" />
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
});
