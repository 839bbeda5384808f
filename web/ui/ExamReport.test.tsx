// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { ExamReport as Report } from '@common/schemas/exams';
import { ExamReport } from './ExamReport';

afterEach(cleanup);

const report = (patch: Partial<Report> = {}): Report => ({
  profile: 'SSAT Middle Level',
  rulesAsOf: '2025',
  raw: 27.75,
  max: 40,
  right: 30,
  wrong: 9,
  blank: 1,
  sections: [
    { name: 'Quantitative', right: 15, wrong: 4, blank: 1, points: 14, maxPoints: 20 },
    { name: 'Verbal', right: 15, wrong: 5, blank: 0, points: 13.75, maxPoints: 20 },
  ],
  estimate: { text: 'Estimated scaled score 650-670', percentile: null, note: 'Not an official score.', source: '' },
  skills: [{ name: 'Fractions', right: 3, of: 5, missed: [3, 7] }],
  pace: {
    secondsPerQuestion: 60,
    questions: [
      { number: 1, outcome: 'right', seconds: 45 },
      { number: 2, outcome: 'blank', seconds: null },
    ],
  },
  earlier: [{ attemptId: 'a1', name: 'Practice SSAT', submittedAt: '2026-03-01T10:00:00.000Z', raw: 27.75, max: 40 }],
  accommodations: '',
  ...patch,
});

describe('ExamReport', () => {
  it('gives the raw score, the estimate labeled as one, the sections, the skills missed and the pace', () => {
    render(<ExamReport report={report()} />);
    expect(screen.getByRole('heading', { name: 'Score report', level: 2 })).toBeTruthy();
    expect(screen.getByText('Raw score 27.75 of 40')).toBeTruthy();
    expect(screen.getByText('30 right · 9 wrong · 1 blank')).toBeTruthy();
    const estimate = screen.getByRole('group', { name: 'Estimate Estimated scaled score 650-670' });
    expect(within(estimate).getByText('Not an official score.')).toBeTruthy();
    expect(screen.queryByText(/percentile/i)).toBeNull();
    const sections = screen.getByRole('table', { name: 'Points by section' });
    expect(within(sections).getByText('13.75 of 20')).toBeTruthy();
    expect(screen.getByText('Missed: 3, 7')).toBeTruthy();
    expect(screen.getByText('Exam pace: about 60 s a question')).toBeTruthy();
    const pace = within(screen.getByRole('table', { name: 'Time per question' }));
    expect(pace.getByText('Within the pace')).toBeTruthy();
    expect(pace.getAllByText('—')).toHaveLength(2);
    expect(screen.getByText(/This is the first released sitting of SSAT Middle Level/)).toBeTruthy();
  });

  it('shows the percentile when there is one, and the sittings as a chart with its figures from two on', () => {
    const earlier = [
      { attemptId: 'a0', name: 'Diagnostic', submittedAt: '2026-01-10T10:00:00.000Z', raw: 20, max: 40 },
      ...report().earlier,
    ];
    const estimate = { text: 'Estimated scaled score 650', percentile: 62, note: 'Not official.', source: 'Table' };
    render(<ExamReport report={report({ earlier, estimate })} level={3} />);
    expect(screen.getByRole('heading', { name: 'Score report', level: 3 })).toBeTruthy();
    expect(screen.getByText('Estimated percentile: 62')).toBeTruthy();
    const chart = screen.getByRole('figure', { name: 'Raw scores on SSAT Middle Level over time' });
    expect(
      within(chart).getByText(/^2 sittings: the first 20 of 40 on Jan 10, 2026, the latest 27.75 of 40/),
    ).toBeTruthy();
    expect(within(chart).getAllByRole('row')).toHaveLength(3);
  });
});
