// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { StudentQuestion } from '@common/schemas/learning';
import { QuestionCard } from './QuestionCard';
import { blankCount, withBlankMarks } from './questionParts';

describe('reading questions', () => {
  it('counts blanks by their highest number and marks them in the text', () => {
    expect(blankCount('$2x =$ ___1___ and ___2___')).toBe(2);
    expect(blankCount('No blank at all')).toBe(1);
    expect(withBlankMarks('x = ___1___')).toBe('x = <span class="blank-mark" aria-label="blank 1">[ 1 ]</span>');
  });

  it('marks blanks in the text only, leaving a placeholder inside an attribute value as written', () => {
    const marked = withBlankMarks(
      '<p><a href="https://example.com" title="see ___1___">link</a> x = ___1___</p><img src="/api/uploads/a.png" alt="___2___">',
    );
    const holder = document.createElement('div');
    holder.innerHTML = marked;
    expect(holder.querySelector('a')!.getAttribute('title')).toBe('see ___1___');
    expect(holder.querySelector('img')!.getAttribute('alt')).toBe('___2___');
    expect([...holder.querySelectorAll('.blank-mark')].map((m) => m.textContent)).toEqual(['[ 1 ]']);
    expect(blankCount('<img alt="___3___"> ___1___')).toBe(1);
  });
});

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
