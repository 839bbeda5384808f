// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MASTERY_MESSAGES as M } from '@common/rules/mastery';
import type { StudentSkill } from '@common/schemas/mastery';
import type { SkillsReader } from '../api/mastery';
import { reviewText, SkillList } from './SkillList';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const skill = (over: Partial<StudentSkill>): StudentSkill => ({
  skillId: 's1',
  focusArea: 'Computation',
  category: null,
  gradeMin: null,
  gradeMax: null,
  level: 0,
  label: 'Not started',
  firstTries: 0,
  firstTriesRight: 0,
  reviewDueAt: null,
  ...over,
});

/** The list for a reader, the server answering `reply` (with `status`); the URLs asked for. */
function renderList(reader: SkillsReader, reply: unknown, status = 200) {
  const asked: string[] = [];
  vi.stubGlobal('fetch', (url: string) => {
    asked.push(url);
    return Promise.resolve(new Response(JSON.stringify(reply), { status }));
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <h2 id="skills">Skills</h2>
      <SkillList studentId="c1" reader={reader} labelledBy="skills" />
    </QueryClientProvider>,
  );
  return asked;
}

describe('SkillList', () => {
  it("lists each skill with its grade band, level, first tries and review, from the student's own route", async () => {
    const asked = renderList('student', {
      skills: [
        skill({ skillId: 'a', gradeMin: 3, gradeMax: 8 }),
        skill({
          skillId: 'b',
          category: 'Fractions',
          level: 2,
          label: 'Familiar',
          firstTries: 4,
          firstTriesRight: 3,
          reviewDueAt: '2020-01-01T00:00:00Z',
        }),
        skill({
          skillId: 'c',
          focusArea: 'Reasoning',
          level: 1,
          label: 'Attempted',
          firstTries: 1,
          firstTriesRight: 1,
          reviewDueAt: '2999-05-04T12:00:00Z',
        }),
      ],
    });
    const list = await screen.findByRole('list', { name: 'Skills' });
    const [plain, fractions, reasoning] = within(list).getAllByRole('listitem');
    expect(plain.textContent).toBe('ComputationGrades 3-8Not startedNo first tries yet');
    expect(fractions.textContent).toBe('Computation: FractionsFamiliar3 of 4 first tries right · Review due');
    expect(reasoning.textContent).toBe('ReasoningAttempted1 of 1 first try right · Review on May 4, 2999');
    expect(asked).toEqual(['/api/student/skills']);
  });

  it("says so when the student has no skills yet, read by the parent's route", async () => {
    const asked = renderList('parent', { skills: [] });
    expect(await screen.findByText(M.noSkills)).toBeTruthy();
    expect(asked).toEqual(['/api/parent/children/c1/skills']);
  });

  it("tells a failure in the server's words, with a way to try again", async () => {
    renderList('staff', { message: 'You can only see the skills of your own students' }, 403);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('You can only see the skills of your own students');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('reviewText', () => {
  const now = new Date('2026-03-09T12:00:00Z');

  it('says nothing before the first counted answer', () => {
    expect(reviewText(null, now)).toBeNull();
  });

  it('says the review is due once its time has passed', () => {
    expect(reviewText('2026-03-09T11:59:00Z', now)).toEqual({ text: 'Review due', due: true });
  });

  it("gives a later date, with the year only when it is not this year's", () => {
    expect(reviewText('2026-03-20T12:00:00Z', now)).toEqual({ text: 'Review on Mar 20', due: false });
    expect(reviewText('2027-01-15T12:00:00Z', now)).toEqual({ text: 'Review on Jan 15, 2027', due: false });
  });
});
