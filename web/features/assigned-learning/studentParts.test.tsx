// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { StudentQuestion } from '@common/schemas/learning';
import { QuestionCard } from './QuestionCard';

describe('a fill-in-the-blank question card', () => {
  afterEach(cleanup);

  it('shows one blank box per blank of the text and keeps attribute values whole', () => {
    const question: StudentQuestion = {
      id: 'q1',
      questionText:
        '<p><a href="https://example.com/help" title="blank ___1___ here">Help</a> $2x = 4$, so x = ___1___</p>',
      type: 'Fill in the Blank',
      grade: 6,
      options: {},
      attachments: [],
      hint: '',
      source: '',
      multipleAnswers: false,
      answerForms: [],
      variant: null,
    };
    const { container } = render(
      <QueryClientProvider client={new QueryClient()}>
        <QuestionCard question={question} sectionId="s1" userId="u1" />
      </QueryClientProvider>,
    );
    const link = screen.getByRole('link', { name: 'Help' });
    expect(link.getAttribute('title')).toBe('blank ___1___ here');
    expect(link.getAttribute('href')).toBe('https://example.com/help');
    expect(container.querySelectorAll('.blank-mark')).toHaveLength(1);
    expect(screen.getByLabelText('blank 1').textContent).toBe('[ 1 ]');
  });
});
