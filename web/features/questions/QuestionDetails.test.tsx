// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import type { Question } from '@common/schemas/questions';
import { draftOf } from './draft';
import { QuestionDetails } from './QuestionDetails';

afterEach(cleanup);

const image = { filename: `${'b'.repeat(32)}.png`, originalname: 'triangle.png' };
const question: Question = {
  id: 'q1',
  questionText: '<p>Which angle is right?</p>',
  grade: 7,
  type: 'Multiple Choice',
  options: { A: '40', B: '90' },
  answer: { a1: ['B'] },
  answerForms: [],
  solution: '',
  hint: '',
  source: '',
  template: null,
  focus: [],
  category: [],
  focusNames: [],
  categoryNames: [],
  attachments: [image],
  createdAt: '2026-01-01',
  updatedAt: '2026-01-01',
};
/** A question whose stored parts arrive as JSON strings, as older data sends them. */
const asStrings = (patch: Record<string, string>) => ({ ...question, ...patch }) as unknown as Question;

describe('an expanded question in the bank', () => {
  it('shows its images, options and the correct mark, whether the parts arrive as values or as JSON strings', () => {
    render(
      <QuestionDetails
        question={asStrings({
          attachments: JSON.stringify([image]),
          options: '{"A":"40","B":"90"}',
          answer: '{"a1":["B"]}',
        })}
      />,
    );
    expect(screen.getByRole('img', { name: 'triangle.png' })).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Options' }).textContent).toBe('A40B90Correct');
    expect(screen.queryByText('Error loading attachments')).toBeNull();
  });

  it('says "Error loading attachments" when the attachments do not parse, and still shows the rest', () => {
    render(<QuestionDetails question={asStrings({ attachments: '[{"filename":' })} />);
    expect(screen.getByText('Error loading attachments')).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Options' })).toBeTruthy();
  });

  it('says "Error loading answers" when the options or the answers do not parse', () => {
    render(<QuestionDetails question={asStrings({ options: '{"A":"40",' })} />);
    expect(screen.getByText('Error loading answers')).toBeTruthy();
    cleanup();
    render(<QuestionDetails question={asStrings({ type: 'Fill in the Blank', options: '{}', answer: '[["4"' })} />);
    expect(screen.getByText('Error loading answers')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'triangle.png' })).toBeTruthy();
  });

  it('cannot be prepared for editing when a part does not parse (the row then says "Error preparing question for edit")', () => {
    expect(draftOf(asStrings({ options: '{"A":"40","B":"90"}' })).options).toEqual(['40', '90']);
    expect(() => draftOf(asStrings({ options: '{"A"' }))).toThrow();
    expect(() => draftOf(asStrings({ attachments: '[' }))).toThrow();
  });
});
