// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { EXCHANGE_MESSAGES, type ExchangeExportReply } from '@common/schemas/exchange';
import { ExportDialog, type ExportTarget } from './ExportDialog';

const GIFT_TEXT = '::Q1:: What is 1 + 1? {=2}\n';
const reply = (patch: Partial<ExchangeExportReply> = {}): ExchangeExportReply => ({
  fileName: 'questions.gift.txt',
  mime: 'text/plain; charset=utf-8',
  base64: btoa(GIFT_TEXT),
  count: 2,
  lost: [],
  ...patch,
});

/** jsdom's Blob has no text(): its FileReader reads it. */
const textOf = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });

/** The files the dialog saved: each link clicked, with the blob behind its address. */
let saved: Array<{ name: string; blob: Blob }> = [];
beforeEach(() => {
  saved = [];
  const blobs = new Map<string, Blob>();
  vi.stubGlobal('URL', {
    ...URL,
    createObjectURL: (blob: Blob) => {
      const url = `blob:test/${blobs.size}`;
      blobs.set(url, blob);
      return url;
    },
    revokeObjectURL: () => undefined,
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: blobs.get(this.getAttribute('href') ?? '')! });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderDialog(
  answer: { status?: number; body: unknown },
  target: ExportTarget = { questionIds: ['q1', 'q2'] },
) {
  const sent: unknown[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    sent.push({ url, body: JSON.parse(String(init?.body)) });
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200 });
  });
  const onExported = vi.fn();
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ExportDialog target={target} count={2} onClose={onClose} onExported={onExported} />
    </QueryClientProvider>,
  );
  return { sent, onExported, onClose, user: userEvent.setup() };
}

describe('the export dialog', () => {
  it('sends the chosen questions in the chosen format, saves the file, and lists what the format could not carry', async () => {
    const lost = ['Question 1: its image is left out.', 'Question 2: its hint is left out.'];
    const { sent, onExported, user } = renderDialog({ body: reply({ lost }) });
    expect(screen.getByRole('dialog', { name: 'Export 2 questions' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Moodle XML' })).toHaveProperty('checked', true);
    expect(screen.getAllByRole('radio').map((r) => r.closest('label')?.textContent)).toEqual([
      'Moodle XML',
      'GIFT',
      'QTI 3.0 package',
    ]);
    await user.click(screen.getByRole('radio', { name: 'GIFT' }));
    await user.click(screen.getByRole('button', { name: 'Export' }));

    expect(await screen.findByText('Not carried by GIFT:')).toBeTruthy();
    expect(sent).toEqual([
      { url: '/api/question-exchange/export', body: { format: 'gift', questionIds: ['q1', 'q2'] } },
    ]);
    expect(saved.map((s) => s.name)).toEqual(['questions.gift.txt']);
    expect(saved[0].blob.type).toBe('text/plain; charset=utf-8');
    expect(await textOf(saved[0].blob)).toBe(GIFT_TEXT);
    expect(screen.getByRole('list', { name: 'Not carried by GIFT:' }).textContent).toBe(lost.join(''));
    expect(screen.getByText('Exported 2 questions: the file is saved.')).toBeTruthy();
    expect(onExported).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Done' })).toBeTruthy();
  });

  it('closes with its message when the format carried everything; a test is sent by its id', async () => {
    const { sent, onExported, user } = renderDialog({ body: reply({ count: 12 }) }, { testId: 't1', name: 'Unit 3' });
    expect(screen.getByText('The questions of the test “Unit 3”.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await vi.waitFor(() => expect(onExported).toHaveBeenCalledWith('Exported 12 questions'));
    expect(sent).toEqual([{ url: '/api/question-exchange/export', body: { format: 'moodle', testId: 't1' } }]);
    expect(screen.queryByText(/Not carried by/)).toBeNull();
  });

  it('shows the server’s refusal and saves nothing', async () => {
    const { onExported, user } = renderDialog({ status: 400, body: { message: EXCHANGE_MESSAGES.unknownQuestions } });
    await user.click(screen.getByRole('button', { name: 'Export' }));
    expect((await screen.findByRole('alert')).textContent).toBe(EXCHANGE_MESSAGES.unknownQuestions);
    expect(saved).toEqual([]);
    expect(onExported).not.toHaveBeenCalled();
  });
});
