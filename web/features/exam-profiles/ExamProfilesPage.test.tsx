// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ExamProfile } from '@common/schemas/exams';
import ExamProfilesPage from './ExamProfilesPage';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ssat: ExamProfile = {
  id: 'p1',
  key: 'ssat-middle',
  builtIn: true,
  name: 'SSAT Middle Level',
  description: '',
  rulesAsOf: '2024-25 testing year',
  source: 'ssat.org',
  right: 1,
  wrong: -0.25,
  blank: 0,
  cap: null,
  sections: [
    { name: 'Quantitative 1', questions: 25, minutes: 30 },
    { name: 'Quantitative 2', questions: 25, minutes: 30 },
  ],
  breakMinutes: 10,
  answerSheet: 'bubbles',
  tests: 2,
  tables: [
    { id: 't1', grade: 6, source: 'Our students, 2024', rows: [{ raw: 0, low: 440, high: 440, percentile: null }] },
  ],
};
const own: ExamProfile = {
  ...ssat,
  id: 'p2',
  key: null,
  builtIn: false,
  name: 'Weekly quiz',
  wrong: 0,
  sections: [],
  tests: 0,
  tables: [],
};

type Call = { method: string; url: string; body: unknown };

function renderPage() {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const reply = method === 'GET' ? { profiles: [ssat, own] } : { message: 'Exam profile saved', profile: own };
    return new Response(JSON.stringify(reply), { status: method === 'POST' ? 201 : 200 });
  });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ExamProfilesPage />
    </QueryClientProvider>,
  );
  return calls;
}

describe('exam profiles', () => {
  it('say each rule in words; a built-in one is read-only but takes score tables', async () => {
    renderPage();
    const builtIn = await screen.findByRole('region', { name: 'SSAT Middle Level' });
    expect(within(builtIn).getByText('Built-in')).toBeTruthy();
    const rules = within(builtIn).getByRole('list', { name: 'Rules of SSAT Middle Level' });
    expect([...rules.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Right +1 · Wrong −¼ · Blank 0',
      'Quantitative 1: 25 questions, 30 min',
      'Quantitative 2: 25 questions, 30 min',
      'Break 10 min',
      'Answer sheet: bubbles (A-E)',
    ]);
    expect(within(builtIn).getByText('2024-25 testing year')).toBeTruthy();
    expect(within(builtIn).queryByRole('button', { name: 'Edit SSAT Middle Level' })).toBeNull();
    expect(within(builtIn).getByText('Grade 6')).toBeTruthy();
    expect(within(builtIn).getByRole('button', { name: 'Edit the grade 6 table' })).toBeTruthy();
    expect(within(builtIn).getByRole('button', { name: 'Add table' })).toBeTruthy();
    const mine = screen.getByRole('region', { name: 'Weekly quiz' });
    expect(within(mine).getByRole('button', { name: 'Edit Weekly quiz' })).toBeTruthy();
  });

  it('adds a profile with its sections, numbers as numbers and an empty cap as none', async () => {
    const user = userEvent.setup();
    const calls = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Add profile' }));
    const dialog = screen.getByRole('dialog', { name: 'Add exam profile' });
    await user.type(within(dialog).getByLabelText('Name'), 'Mock AMC 8');
    await user.clear(within(dialog).getByLabelText('Points wrong'));
    await user.type(within(dialog).getByLabelText('Points wrong'), '-0.25');
    await user.click(within(dialog).getByRole('button', { name: 'Add section' }));
    const section = within(dialog).getByRole('group', { name: 'Section 1' });
    await user.type(within(section).getByLabelText('Section name'), 'Main');
    await user.clear(within(section).getByLabelText('Minutes'));
    await user.type(within(section).getByLabelText('Minutes'), '40');
    await user.click(screen.getByRole('button', { name: 'Add profile' }));
    expect(await screen.findByText('Exam profile saved')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      url: '/api/exam-profiles',
      body: {
        name: 'Mock AMC 8',
        description: '',
        rulesAsOf: '',
        source: '',
        right: 1,
        wrong: -0.25,
        blank: 0,
        cap: null,
        answerSheet: 'bubbles',
        breakMinutes: 0,
        sections: [{ name: 'Main', questions: 25, minutes: 40, right: null }],
      },
    });
  });

  it("checks a table's rows with the server's messages before sending it", async () => {
    const user = userEvent.setup();
    const calls = renderPage();
    const mine = await screen.findByRole('region', { name: 'Weekly quiz' });
    await user.click(within(mine).getByRole('button', { name: 'Add table' }));
    const dialog = screen.getByRole('dialog', { name: 'Add score table' });
    await user.type(within(dialog).getByLabelText('Rows'), '0, 440{Enter}10, abc');
    await user.click(within(dialog).getByRole('button', { name: 'Save table' }));
    expect(
      await within(dialog).findByText(
        'Line 2: write "raw, scaled", "raw, low-high" or "raw, low-high, percentile" (a percentile from 1 to 99)',
      ),
    ).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });
});
