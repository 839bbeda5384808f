// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { EXCHANGE_MAX_FILE_BYTES, EXCHANGE_MESSAGES, type ExchangePreviewReply } from '@common/schemas/exchange';
import { importedMessage, importQuery } from './api';
import ImportQuestionsPage from './ImportQuestionsPage';

/**
 * The server as the upload meets it: every request kept, answered when the test says, its progress reported when
 * the test says, so the page is seen while the file is on its way.
 */
class FakeXhr {
  static all: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  withCredentials = false;
  body: unknown = undefined;
  status = 0;
  responseText = '';
  upload: { onprogress: ((e: Partial<ProgressEvent>) => void) | null; onload: (() => void) | null } = {
    onprogress: null,
    onload: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  getResponseHeader() {
    return null;
  }
  send(body: unknown) {
    this.body = body;
    FakeXhr.all.push(this);
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    act(() => this.upload.onprogress?.({ lengthComputable: true, loaded, total }));
  }
  sent() {
    act(() => this.upload.onload?.());
  }
  async respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    await act(async () => this.onload?.());
  }
}
const lastXhr = () => FakeXhr.all[FakeXhr.all.length - 1];

const TAGS = {
  '/api/category': [
    { id: '11111111-1111-4111-8111-111111111111', name: 'Algebra' },
    { id: '22222222-2222-4222-8222-222222222222', name: 'Arithmetic' },
  ],
  '/api/focus': [{ id: '33333333-3333-4333-8333-333333333333', name: 'Fractions' }],
};

beforeEach(() => {
  FakeXhr.all = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  vi.stubGlobal('fetch', async (url: string) => {
    const body = TAGS[url as keyof typeof TAGS];
    return body ? new Response(JSON.stringify(body)) : new Response('{}', { status: 404 });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const PREVIEW: ExchangePreviewReply = {
  format: 'moodle',
  items: [
    {
      number: 1,
      ok: true,
      title: 'Right angle',
      type: 'Multiple Choice',
      questionText: '<p>Which angle is a right angle?</p>',
      options: { A: '40°', B: '90°' },
      answer: { a1: ['B'] },
      answerForms: [],
      solution: '<p>A right angle measures ninety degrees.</p>',
      hint: 'Think of the corner of a page',
      grade: 7,
      categories: ['Geometry', 'Algebra'],
      focusAreas: ['Angles'],
      attachments: ['data:image/png;base64,iVBORw0KGgo='],
      notes: ['Option A earns 50% of the marks in Moodle; here it earns none.'],
    },
    { number: 2, ok: false, title: 'Essay', reason: 'Essay questions have no key to mark them by.' },
    {
      number: 3,
      ok: true,
      title: 'Capital',
      type: 'Short Answer',
      questionText: '<p>What is the capital of France?</p>',
      options: {},
      answer: [['Paris']],
      answerForms: [[]],
      solution: '',
      hint: '',
      grade: null,
      categories: [],
      focusAreas: ['Fractions'],
      attachments: [],
      notes: [],
    },
    {
      number: 4,
      ok: true,
      title: 'Sum',
      type: 'Calculation',
      questionText: '<p>What is 2 + 2?</p>',
      options: {},
      answer: { a1: ['4'] },
      answerForms: [],
      solution: '',
      hint: '',
      grade: 2,
      categories: ['Arithmetic'],
      focusAreas: [],
      attachments: [],
      notes: [],
    },
  ],
  newCategories: ['Geometry'],
  newFocusAreas: ['Angles'],
  needs: { grade: true, category: true, focus: true },
};

/** Where the import leads: the bank, which tells the message it was handed. */
function Bank() {
  return <p>Bank says: {importedMessage(useLocation().state)}</p>;
}

function renderPage() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/question-bank/import']}>
        <Routes>
          <Route path="/question-bank/import" element={<ImportQuestionsPage />} />
          <Route path="/question-bank" element={<Bank />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const file = (size?: number) => {
  const f = new File(['<quiz></quiz>'], 'cats.xml', { type: 'application/xml' });
  if (size !== undefined) Object.defineProperty(f, 'size', { value: size });
  return f;
};

/** Chooses the file, previews it, and answers with `reply`. */
async function previewed(user: ReturnType<typeof userEvent.setup>, reply: ExchangePreviewReply = PREVIEW) {
  const chosen = file();
  await user.upload(screen.getByLabelText('File to import'), chosen);
  await user.click(screen.getByRole('button', { name: 'Preview' }));
  await lastXhr().respond(200, reply);
  return chosen;
}

const card = (n: number) => screen.getByRole('listitem', { name: new RegExp(`^Question ${n}`) });

describe('the import preview', () => {
  it('sends the file with its progress told, then shows each question as it will come in', async () => {
    const user = renderPage();
    const chosen = file();
    await user.upload(screen.getByLabelText('File to import'), chosen);
    expect(screen.getByText('cats.xml')).toBeTruthy();
    expect(screen.getByText('13 bytes')).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Format'), 'GIFT');
    await user.click(screen.getByRole('button', { name: 'Preview' }));

    const xhr = lastXhr();
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/question-exchange/preview?format=gift&name=cats.xml');
    expect(xhr.headers['Content-Type']).toBe('application/octet-stream');
    expect(xhr.body).toBe(chosen);
    expect(xhr.withCredentials).toBe(true);
    xhr.progress(25, 100);
    const bar = screen.getByRole('progressbar', { name: 'Sending the file' });
    expect(bar.getAttribute('aria-valuenow')).toBe('25');
    expect(screen.getByText('Sending the file: 25%')).toBeTruthy();
    xhr.sent();
    expect(screen.getByRole('progressbar', { name: 'Reading the file…' })).toBeTruthy();
    await xhr.respond(200, PREVIEW);

    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByText('3 questions can be imported; 1 cannot.')).toBeTruthy();
    expect(screen.getByText('New categories: Geometry')).toBeTruthy();
    expect(screen.getByText('New focus areas: Angles')).toBeTruthy();

    const first = within(card(1));
    expect(first.getByRole('checkbox', { name: 'Import question 1' })).toHaveProperty('checked', true);
    expect(first.getByRole('heading', { name: 'Question 1: Right angle' })).toBeTruthy();
    expect(first.getByText('Multiple Choice')).toBeTruthy();
    expect(first.getByText('Which angle is a right angle?')).toBeTruthy();
    expect(first.getByRole('list', { name: 'Options' }).textContent).toBe('A40°B90°Correct');
    expect(first.getByText('Answer key:')).toBeTruthy();
    expect(first.getByRole('img', { name: 'Image 1 of question 1' }).getAttribute('src')).toBe(
      'data:image/png;base64,iVBORw0KGgo=',
    );
    expect(first.getByText('Solution')).toBeTruthy();
    expect(first.getByText('A right angle measures ninety degrees.')).toBeTruthy();
    expect(first.getByText('Think of the corner of a page')).toBeTruthy();
    expect(first.getByText('Categories:').nextElementSibling?.textContent).toBe('Geometry new, Algebra');
    expect(first.getByText('Focus areas:').nextElementSibling?.textContent).toBe('Angles new');
    expect(first.getByText('Grade:').nextElementSibling?.textContent).toBe('7');
    expect(first.getByRole('list', { name: 'Notes on question 1' }).textContent).toContain('earns 50%');

    const refused = within(card(2));
    expect(refused.queryByRole('checkbox')).toBeNull();
    expect(refused.getByText('Cannot be imported: Essay questions have no key to mark them by.')).toBeTruthy();

    const third = within(card(3));
    expect(third.getByRole('checkbox', { name: 'Import question 3' })).toHaveProperty('checked', true);
    expect(third.getByText('Grade:').nextElementSibling?.textContent).toBe('chosen below');
    expect(third.getByText('Categories:').nextElementSibling?.textContent).toBe('chosen below');
    expect(third.getByText('Paris')).toBeTruthy();

    for (const label of ['Grade', 'Category', 'Focus area']) expect(screen.getByLabelText(label)).toBeTruthy();
    expect([...screen.getByLabelText<HTMLSelectElement>('Category').options].map((o) => o.text)).toEqual([
      'Choose a category',
      'Algebra',
      'Arithmetic',
    ]);
    expect(screen.getByRole('button', { name: 'Import 3 questions' })).toBeTruthy();
  });

  it('asks the server to read the format from the file unless one is chosen, and shows only the choices it needs', async () => {
    const user = renderPage();
    await previewed(user, { ...PREVIEW, needs: { grade: true, category: false, focus: false } });
    expect(FakeXhr.all[0].url).toBe('/api/question-exchange/preview?name=cats.xml');
    expect(screen.getByLabelText('Grade')).toBeTruthy();
    expect(screen.queryByLabelText('Category')).toBeNull();
    expect(screen.queryByLabelText('Focus area')).toBeNull();
  });

  it('says when the file holds no questions', async () => {
    const user = renderPage();
    await previewed(user, { ...PREVIEW, items: [], needs: { grade: false, category: false, focus: false } });
    expect(screen.getByText('This file holds no questions.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Import/ })).toBeNull();
  });

  it('refuses a file over 20 MB before sending it, with the server’s words', async () => {
    const user = renderPage();
    await user.upload(screen.getByLabelText('File to import'), file(EXCHANGE_MAX_FILE_BYTES + 1));
    expect(screen.getByRole('alert').textContent).toBe(EXCHANGE_MESSAGES.fileTooLarge);
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(FakeXhr.all).toHaveLength(0);
  });

  it('shows the server’s refusal of a file and keeps the file chosen', async () => {
    const user = renderPage();
    await user.upload(screen.getByLabelText('File to import'), file());
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    await lastXhr().respond(415, { message: EXCHANGE_MESSAGES.unknownFormat });
    expect(screen.getByRole('alert').textContent).toBe(EXCHANGE_MESSAGES.unknownFormat);
    expect(screen.getByText('cats.xml')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(FakeXhr.all).toHaveLength(2);
  });
});

describe('choosing and importing', () => {
  it('ticks and unticks all, and will not import nothing', async () => {
    const user = renderPage();
    await previewed(user);
    await user.click(screen.getByRole('button', { name: 'Untick all' }));
    const none = screen.getByRole('button', { name: 'Import 0 questions' });
    expect(none.getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByText(EXCHANGE_MESSAGES.nothingChosen)).toBeTruthy();
    await user.click(none);
    expect(FakeXhr.all).toHaveLength(1);
    await user.click(screen.getByRole('checkbox', { name: 'Import question 3' }));
    expect(screen.getByRole('button', { name: 'Import 1 question' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Tick all' }));
    expect(screen.getByRole('button', { name: 'Import 3 questions' })).toBeTruthy();
    expect(screen.queryByText(EXCHANGE_MESSAGES.nothingChosen)).toBeNull();
  });

  it('requires what the ticked questions lack, sends the same file with the skipped and the choices, keeps everything on a refusal, and leads to the bank', async () => {
    const user = renderPage();
    const chosen = await previewed(user);
    // Question 4 alone lacks a focus area: unticked, no focus area is asked for.
    await user.click(screen.getByRole('checkbox', { name: 'Import question 4' }));
    await user.click(screen.getByRole('button', { name: 'Import 2 questions' }));
    expect(screen.getByText(EXCHANGE_MESSAGES.chooseGrade)).toBeTruthy();
    expect(screen.getByText(EXCHANGE_MESSAGES.chooseCategory)).toBeTruthy();
    expect(screen.queryByText(EXCHANGE_MESSAGES.chooseFocus)).toBeNull();
    expect(FakeXhr.all).toHaveLength(1);

    await user.selectOptions(screen.getByLabelText('Grade'), 'Grade 6');
    await user.selectOptions(screen.getByLabelText('Category'), 'Algebra');
    expect(screen.queryByText(EXCHANGE_MESSAGES.chooseGrade)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Import 2 questions' }));
    const refused = lastXhr();
    expect(refused.url).toBe(
      `/api/question-exchange/import?format=moodle&name=cats.xml&skip=2,4&grade=6&category=${TAGS['/api/category'][0].id}`,
    );
    expect(refused.body).toBe(chosen);
    refused.progress(60, 100);
    expect(screen.getByRole('progressbar', { name: 'Sending the file' }).getAttribute('aria-valuenow')).toBe('60');
    refused.sent();
    expect(screen.getByRole('progressbar', { name: 'Importing the questions…' })).toBeTruthy();
    await refused.respond(400, { message: EXCHANGE_MESSAGES.notImportable(3) });

    expect(screen.getByRole('alert').textContent).toBe(EXCHANGE_MESSAGES.notImportable(3));
    expect(screen.getByLabelText<HTMLSelectElement>('Grade').value).toBe('6');
    expect(screen.getByRole('checkbox', { name: 'Import question 4' })).toHaveProperty('checked', false);

    await user.click(screen.getByRole('checkbox', { name: 'Import question 3' }));
    await user.click(screen.getByRole('button', { name: 'Import 1 question' }));
    const accepted = lastXhr();
    expect(accepted.url).toBe(
      `/api/question-exchange/import?format=moodle&name=cats.xml&skip=2,3,4&grade=6&category=${TAGS['/api/category'][0].id}`,
    );
    await accepted.respond(200, {
      imported: 1,
      message: EXCHANGE_MESSAGES.imported(1),
      createdCategories: ['Geometry'],
      createdFocusAreas: ['Angles'],
    });
    expect(await screen.findByText('Bank says: 1 question imported')).toBeTruthy();
  });
});

describe('the import query', () => {
  it('lists the skipped questions in order, unescaped, and leaves out the choices not made', () => {
    expect(importQuery({ format: 'qti', name: 'a b.zip', skip: [5, 2, 5], grade: '', category: '', focus: 'f' })).toBe(
      'format=qti&name=a%20b.zip&skip=2,5&focus=f',
    );
    expect(importQuery({ format: 'gift', name: 'q.txt', skip: [], grade: '3', category: '', focus: '' })).toBe(
      'format=gift&name=q.txt&grade=3',
    );
  });
});
