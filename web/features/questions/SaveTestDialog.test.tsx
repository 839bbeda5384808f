// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { TestDetail } from '@common/schemas/tests';
import type { BuilderEntry } from './builder';
import { SaveTestDialog } from './SaveTestDialog';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const profile = (id: string, name: string, sections: Array<{ name: string; questions: number; minutes: number }>) => ({
  id,
  key: null,
  builtIn: false,
  name,
  description: '',
  rulesAsOf: '',
  source: '',
  right: 1,
  wrong: 0,
  blank: 0,
  cap: null,
  sections,
  breakMinutes: 0,
  answerSheet: 'bubbles',
  tests: 0,
  tables: [],
});
const PROFILES = [
  profile('a0000000-0000-4000-8000-000000000001', 'AMC 8', [{ name: 'AMC 8', questions: 25, minutes: 40 }]),
  profile('a0000000-0000-4000-8000-000000000002', 'Plain quiz', []),
];

const entries: BuilderEntry[] = [1, 2].map((n) => ({
  key: `q${n}`,
  question: { id: `q${n}`, questionText: `Q${n}`, grade: 5, type: 'Multiple Choice' },
  marks: '1',
}));

function renderDialog(editing: TestDetail | null = null) {
  const sent: unknown[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    if (url === '/api/exam-profiles') return new Response(JSON.stringify({ profiles: PROFILES }));
    sent.push(JSON.parse(String(init?.body)));
    return new Response(JSON.stringify({ message: 'Test saved', test: {} }));
  });
  const onSaved = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SaveTestDialog entries={entries} editing={editing} onSaved={onSaved} onClose={() => undefined} />
    </QueryClientProvider>,
  );
  return { sent, onSaved };
}

describe('the Save Test scoring', () => {
  it('offers the exam profiles; one with sections says what it needs and replaces the time limit', async () => {
    const user = userEvent.setup();
    const { sent, onSaved } = renderDialog();
    await user.type(screen.getByLabelText('Test Title'), 'Mock');
    await user.type(screen.getByLabelText('Time Limit (minutes)'), '30');
    const scoring = screen.getByLabelText<HTMLSelectElement>('Scoring');
    await screen.findByRole('option', { name: 'AMC 8' });
    expect([...scoring.options].map((o) => o.text)).toEqual(['Marks per question', 'AMC 8', 'Plain quiz']);
    await user.selectOptions(scoring, 'AMC 8');
    expect(
      screen.getByText(
        'Needs 25 questions: AMC 8: 25 questions, 40 min. This test has 2 questions; its sections time it.',
      ),
    ).toBeTruthy();
    expect(screen.queryByLabelText('Time Limit (minutes)')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(sent[0]).toMatchObject({ examProfileId: PROFILES[0].id, timeLimit: null });
  });

  it("preselects an edited test's profile", async () => {
    renderDialog({
      id: 't1',
      name: 'Old mock',
      type: 'test',
      testCode: null,
      description: '',
      instructions: '',
      timeLimit: 20,
      totalMarks: null,
      examProfile: { id: PROFILES[1].id, name: 'Plain quiz' },
    } as TestDetail);
    const scoring = screen.getByLabelText<HTMLSelectElement>('Scoring');
    expect(scoring.value).toBe(PROFILES[1].id);
    await screen.findByRole('option', { name: 'AMC 8' });
    expect(scoring.value).toBe(PROFILES[1].id);
    expect(screen.getByLabelText<HTMLInputElement>('Time Limit (minutes)').value).toBe('20');
  });
});
