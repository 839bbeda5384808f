/**
 * Question files through the API: the preview stores nothing and says why a question cannot come in; the import
 * stores the chosen questions, their images and new tags all or none; every refusal and limit; export in each
 * format, with what it could not carry; and the demo bank's round trip through each format into an empty academy.
 */
import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import yazl from 'yazl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXCHANGE_MESSAGES, type ExchangePreviewReply } from '../../../common/schemas/exchange';
import { attachments, categories, looseFiles, questions } from '../../db/schema';
import { buildAdmin, buildQuestion, buildStudent, buildUser, signIn } from '../../test/factories';
import { call, createTestApp, type TestApp } from '../../test/harness';
import { naughtyStrings, xssPayloads } from '../../test/corpora';
import { readGift } from './formats/gift';
import { readMoodleXml } from './formats/moodle-xml';
import type { ReadItem } from './model';
import { buildTags, pngBytes } from '../../test/questionFixtures';

let t: TestApp;
let admin: string;
let dataEntry: string;
let student: string;
let tags: Awaited<ReturnType<typeof buildTags>>;

const PNG = pngBytes(3, 2, [200, 30, 30]);

/** A Moodle XML file as Moodle writes one: a category, a choice with an image, a cloze, and a matching question. */
const moodleFile = (image = PNG) => `<?xml version="1.0" encoding="UTF-8"?>
<quiz>
  <question type="category"><category><text>$course$/top/Imported circles</text></category></question>
  <question type="multichoice">
    <name><text>Circle area</text></name>
    <questiontext format="html"><text><![CDATA[<p>The circle has radius \\(r = 2\\). What is its area?</p><p><img src="@@PLUGINFILE@@/circle.png" alt="a circle"></p>]]></text>
      <file name="circle.png" path="/" encoding="base64">${image.toString('base64')}</file>
    </questiontext>
    <generalfeedback format="html"><text><![CDATA[<p>\\(A = \\pi r^2 = 4\\pi\\)</p>]]></text></generalfeedback>
    <single>true</single>
    <answer fraction="100" format="html"><text>\\(4\\pi\\)</text></answer>
    <answer fraction="0" format="html"><text>\\(2\\pi\\)</text></answer>
    <answer fraction="0" format="html"><text>\\(8\\pi\\)</text></answer>
    <tags><tag><text>Area</text></tag><tag><text>grade:7</text></tag></tags>
  </question>
  <question type="multianswer">
    <name><text>Two blanks</text></name>
    <questiontext format="html"><text><![CDATA[<p>\\(3 + 4 =\\) {1:NUMERICAL:=7:0} and the capital of France is {1:SHORTANSWER:=Paris}.</p>]]></text></questiontext>
  </question>
  <question type="matching">
    <name><text>Match them</text></name>
    <questiontext format="html"><text>Match each to its value.</text></questiontext>
    <subquestion format="html"><text>one</text><answer><text>1</text></answer></subquestion>
    <subquestion format="html"><text>two</text><answer><text>2</text></answer></subquestion>
  </question>
</quiz>`;

const send = (
  cookie: string | null,
  path: string,
  body: Buffer | string,
  query: Record<string, string> = {},
  contentType = 'application/octet-stream',
) =>
  call(t.app, cookie, {
    method: 'POST',
    url: `/api/question-exchange/${path}?${new URLSearchParams(query)}`,
    payload: Buffer.isBuffer(body) ? body : Buffer.from(body),
    headers: { 'content-type': contentType },
  });

const countQuestions = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(questions))[0].n;
const countLoose = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(looseFiles))[0].n;

function zipOf(files: Record<string, Buffer | string>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, data] of Object.entries(files)) zip.addBuffer(Buffer.from(data), name);
  zip.end();
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    zip.outputStream.on('data', (c: Buffer) => parts.push(c));
    zip.outputStream.on('end', () => resolve(Buffer.concat(parts)));
    zip.outputStream.on('error', reject);
  });
}

beforeAll(async () => {
  t = await createTestApp();
  const [adminUser, dataEntryUser, studentUser] = await Promise.all([
    buildAdmin(t.db),
    buildUser(t.db, 'data-entry'),
    buildStudent(t.db),
  ]);
  [admin, dataEntry, student] = await Promise.all([
    signIn(t.app, adminUser),
    signIn(t.app, dataEntryUser),
    signIn(t.app, studentUser),
  ]);
  tags = await buildTags(t.db);
});
afterAll(() => t?.close());

describe('preview', () => {
  it('shows each question as it will be stored, says why one cannot come in, and stores nothing', async () => {
    const [before, looseBefore] = [await countQuestions(), await countLoose()];
    const response = await send(dataEntry, 'preview', moodleFile(), { name: 'circles.xml' });
    expect(response.statusCode, response.body).toBe(200);
    const preview: ExchangePreviewReply = response.json();
    expect(preview.format).toBe('moodle');
    expect(preview.items.map((i) => [i.number, i.ok])).toEqual([
      [1, true],
      [2, true],
      [3, false],
    ]);
    const [circle, cloze, matching] = preview.items;
    if (!circle.ok || !cloze.ok || matching.ok) throw new Error('unexpected preview');
    expect(circle.type).toBe('Multiple Choice');
    expect(circle.questionText).toContain('$r = 2$');
    // The image is shown from the file itself: nothing is stored yet.
    expect(circle.questionText).toContain(`src="data:image/png;base64,${PNG.toString('base64')}"`);
    expect(circle.options.A).toContain('$4\\pi$');
    expect(circle.answer).toEqual({ a1: ['A'] });
    expect(circle.solution).toContain('$A = \\pi r^2 = 4\\pi$');
    expect(circle.grade).toBe(7);
    expect(circle.categories).toEqual(['Imported circles']);
    expect(circle.focusAreas).toEqual(['Area']);
    expect(cloze.type).toBe('Fill in the Blank');
    expect(cloze.questionText).toContain('___1___');
    expect(cloze.questionText).toContain('___2___');
    expect(cloze.answer).toEqual([['7'], ['Paris']]);
    expect(matching.reason).toBe('matching questions are not supported');
    expect(preview.newCategories).toEqual(['Imported circles']);
    expect(preview.newFocusAreas).toEqual(['Area']);
    // The cloze names no grade nor focus area; its category is the file's.
    expect(preview.needs).toEqual({ grade: true, category: false, focus: true });
    expect([await countQuestions(), await countLoose()]).toEqual([before, looseBefore]);
  });

  it('refuses a question whose image is not an image, or whose math cannot be drawn, with the reason', async () => {
    const notImage = moodleFile(Buffer.from('<svg onload="alert(1)"></svg>'));
    const preview: ExchangePreviewReply = (await send(admin, 'preview', notImage)).json();
    expect(preview.items[0]).toMatchObject({ ok: false, reason: 'circle.png is not a PNG, JPEG, GIF or WebP image' });
    const badMath = '::Broken::What is \\(\\frac\\{1\\}\\{\\)?{=2 ~3}';
    const broken: ExchangePreviewReply = (await send(admin, 'preview', badMath, { format: 'gift' })).json();
    expect(broken.items[0].ok).toBe(false);
    expect(broken.items[0].ok === false && broken.items[0].reason).toMatch(/^unsupported math/);
  });

  it('refuses what is not a question file, too large a file, and hostile files, quickly', async () => {
    expect((await send(admin, 'preview', Buffer.alloc(0))).json().message).toBe(EXCHANGE_MESSAGES.noFile);
    const html = await send(admin, 'preview', '<html><body>hello</body></html>');
    expect([html.statusCode, html.json().message]).toEqual([415, EXCHANGE_MESSAGES.unknownFormat]);
    const large = await send(admin, 'preview', Buffer.alloc(20 * 1024 * 1024 + 1, 32));
    expect([large.statusCode, large.json().message]).toEqual([413, EXCHANGE_MESSAGES.fileTooLarge]);
    expect((await send(admin, 'preview', 'x', { format: 'word' })).statusCode).toBe(400);
    expect((await send(admin, 'preview', 'not a zip', { format: 'qti' })).statusCode).toBe(400);
    expect((await send(admin, 'preview', moodleFile(), {}, 'application/json')).statusCode).toBe(400);

    const bomb = `<?xml version="1.0"?><!DOCTYPE quiz [<!ENTITY a "aaaaaaaaaa">${Array.from(
      { length: 9 },
      (_, i) => `<!ENTITY ${'b'.repeat(i + 1)} "${`&${i === 0 ? 'a' : 'b'.repeat(i)};`.repeat(10)}">`,
    ).join('')}]><quiz>&bbbbbbbbb;</quiz>`;
    const deep = `<?xml version="1.0"?><quiz>${'<a>'.repeat(100_000)}${'</a>'.repeat(100_000)}</quiz>`;
    // A zip writer refuses such a name: the entry is written under a name of the same length, then renamed in place.
    const traversal = Buffer.from(
      (await zipOf({ 'imsmanifest.xml': '<manifest/>', 'aa/aa/etc/passwd': 'x' }))
        .toString('latin1')
        .replaceAll('aa/aa/etc/passwd', '../../etc/passwd'),
      'latin1',
    );
    const many = `${'::Q::1 + 1 = {=2}\n\n'.repeat(2_001)}`;
    for (const [file, format] of [
      [bomb, 'moodle'],
      [deep, 'moodle'],
      [traversal, 'qti'],
      [many, 'gift'],
    ] as const) {
      const started = performance.now();
      const refused = await send(admin, 'preview', file, { format });
      expect(refused.statusCode, `${format}: ${refused.body}`).toBe(400);
      expect(performance.now() - started).toBeLessThan(2_000);
    }
    expect((await send(admin, 'preview', many, { format: 'gift' })).json().message).toBe(
      EXCHANGE_MESSAGES.tooManyQuestions,
    );
  });

  it('survives the corpora: XSS payloads come out sanitized or refused, naughty strings kept or refused', async () => {
    const cdata = (text: string) => `<![CDATA[${text.replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;
    const choice = (text: string) =>
      `<question type="multichoice"><name><text>x</text></name><questiontext format="html"><text>${cdata(text)}</text></questiontext>` +
      `<answer fraction="100"><text>${cdata(text)}</text></answer><answer fraction="0"><text>no</text></answer></question>`;
    const file = `<?xml version="1.0"?><quiz>${xssPayloads.map((x) => choice(x.payload)).join('')}</quiz>`;
    const response = await send(admin, 'preview', file);
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    const preview: ExchangePreviewReply = response.json();
    expect(preview.items).toHaveLength(xssPayloads.length);
    for (const item of preview.items) {
      if (!item.ok) continue;
      for (const html of [item.questionText, ...Object.values(item.options)]) {
        // Markup that runs something; the same words escaped as text are harmless and may stay.
        expect(html).not.toMatch(/<(script|iframe|object|embed|svg|math)\b|<[^>]*(\son[a-z]+\s*=|javascript:)/i);
      }
    }
    expect(preview.items.filter((i) => i.ok).length).toBeGreaterThan(xssPayloads.length / 2);

    const escaped = (text: string) => text.replace(/[\\~=#{}:]/g, (c) => `\\${c}`);
    const gift = naughtyStrings
      .filter((text) => text.trim() !== '' && !text.includes('\n'))
      .map((text, i) => `::N${i}::${escaped(text)} {=${i}}`)
      .join('\n\n');
    const naughty = await send(admin, 'preview', gift, { format: 'gift' });
    expect(naughty.statusCode, naughty.body.slice(0, 300)).toBe(200);
    expect(naughty.json().items.length).toBeGreaterThan(naughtyStrings.length * 0.8);
  });

  it('reads every fixture of the formats through the API as the readers do', async () => {
    const folder = path.join(import.meta.dirname, 'fixtures');
    const readers = { gift: readGift, moodle: readMoodleXml } as const;
    for (const format of ['gift', 'moodle'] as const) {
      for (const name of fs.readdirSync(path.join(folder, format))) {
        const bytes = fs.readFileSync(path.join(folder, format, name));
        let expected: ReadItem[] | null;
        try {
          expected = readers[format](bytes);
        } catch {
          expected = null;
        }
        const response = await send(admin, 'preview', bytes, { format });
        expect(response.statusCode, `${name}: ${response.body.slice(0, 200)}`).toBe(expected === null ? 400 : 200);
        if (expected)
          expect(
            response.json().items.map((i: { title: string }) => i.title),
            name,
          ).toEqual(expected.map((i) => i.title));
      }
    }
  });

  it('is staff only', async () => {
    expect((await send(student, 'preview', moodleFile())).statusCode).toBe(403);
    expect((await send(null, 'preview', moodleFile())).statusCode).toBe(401);
  });
});

describe('import', () => {
  it('asks for what the file does not say, refuses nothing chosen, and checks its query', async () => {
    const before = await countQuestions();
    const noDefaults = await send(admin, 'import', moodleFile());
    expect([noDefaults.statusCode, noDefaults.json().message]).toEqual([400, EXCHANGE_MESSAGES.chooseGrade]);
    const noFocus = await send(admin, 'import', moodleFile(), { grade: '5' });
    expect(noFocus.json().message).toBe(EXCHANGE_MESSAGES.chooseFocus);
    const none = await send(admin, 'import', moodleFile(), { skip: '1,2', grade: '5' });
    expect([none.statusCode, none.json().message]).toEqual([400, EXCHANGE_MESSAGES.nothingChosen]);
    expect((await send(admin, 'import', moodleFile(), { skip: '1;2' })).statusCode).toBe(400);
    expect((await send(admin, 'import', moodleFile(), { grade: '13' })).json().message).toBe(
      'Grade must be a whole number from 1 to 12',
    );
    expect((await send(admin, 'import', moodleFile(), { focus: 'nope' })).statusCode).toBe(400);
    expect(await countQuestions()).toBe(before);
  });

  it('stores nothing, not even an image, when a chosen default has gone', async () => {
    const [before, looseBefore] = [await countQuestions(), await countLoose()];
    const gone = await send(admin, 'import', moodleFile(), {
      grade: '5',
      focus: '00000000-0000-4000-8000-000000000000',
    });
    expect(gone.statusCode).toBe(400);
    expect([await countQuestions(), await countLoose()]).toEqual([before, looseBefore]);
    const created = await t.db.select().from(categories).where(eq(categories.name, 'Imported circles'));
    expect(created).toEqual([]);
  });

  it('imports the chosen questions with their images, new tags and the chosen defaults, all at once', async () => {
    const response = await send(admin, 'import', moodleFile(), { grade: '5', focus: tags.focus[1].id });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({
      imported: 2,
      message: '2 questions imported',
      createdCategories: ['Imported circles'],
      createdFocusAreas: ['Area'],
    });
    const listed = (await call(t.app, admin, { method: 'GET', url: '/api/questions?q=radius' })).json().questions;
    expect(listed).toHaveLength(1);
    const circle = listed[0];
    expect(circle).toMatchObject({ grade: 7, categoryNames: ['Imported circles'], focusNames: ['Area'] });
    const src = /src="([^"]+)"/.exec(circle.questionText)![1];
    const image = await call(t.app, admin, { method: 'GET', url: src });
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload.equals(PNG)).toBe(true);
    const cloze = (await call(t.app, admin, { method: 'GET', url: '/api/questions?q=capital' })).json().questions[0];
    expect(cloze).toMatchObject({ type: 'Fill in the Blank', grade: 5, focusNames: [tags.focus[1].name] });
    expect(cloze.answer).toEqual([['7'], ['Paris']]);
    // A student's check of the imported question is the academy's own.
    const check = await call(t.app, admin, {
      method: 'POST',
      url: '/api/questions/check-answer',
      payload: { questionId: cloze.id, studentAnswer: JSON.stringify(['7', 'Paris']) },
    });
    expect(check.json().result.isCorrect, check.body).toBe(true);
    // Importing again finds the tags it created: none is made twice.
    const again = await send(admin, 'import', moodleFile(), { grade: '5', focus: tags.focus[1].id, skip: '2' });
    expect(again.json()).toMatchObject({ imported: 1, createdCategories: [], createdFocusAreas: [] });
    const images = await t.db.select().from(attachments).where(eq(attachments.mime, 'image/png'));
    expect(images.length).toBeGreaterThanOrEqual(2);
  });
});

describe('export', () => {
  it('writes the chosen questions in each format, and says what the format cannot carry', async () => {
    const [withImage] = (await call(t.app, admin, { method: 'GET', url: '/api/questions?q=radius' })).json().questions;
    const plain = await buildQuestion(t.db);
    for (const format of ['moodle', 'gift', 'qti'] as const) {
      const response = await call(t.app, dataEntry, {
        method: 'POST',
        url: '/api/question-exchange/export',
        payload: { format, questionIds: [withImage.id, plain.id] },
      });
      expect(response.statusCode, response.body).toBe(200);
      const file = response.json();
      expect(file.count).toBe(2);
      expect(Buffer.from(file.base64, 'base64').length).toBeGreaterThan(100);
      if (format === 'gift') expect(file.lost.join(' ')).toMatch(/image/);
      else expect(file.lost).toEqual([]);
    }
    const template = await buildQuestion(t.db, {
      template: { variables: [{ name: 'a', kind: 'integer', from: 1, to: 5 }], constraints: [] } as never,
    });
    const templated = await call(t.app, admin, {
      method: 'POST',
      url: '/api/question-exchange/export',
      payload: { format: 'moodle', questionIds: [template.id, plain.id] },
    });
    expect(templated.json().count).toBe(1);
    expect(templated.json().lost[0]).toMatch(/random numbers cannot be carried/);
  });

  it("writes every question matching the bank's filters, and refuses filters matching none", async () => {
    const exported = await call(t.app, admin, {
      method: 'POST',
      url: '/api/question-exchange/export',
      payload: { format: 'moodle', filters: { q: 'radius', type: 'Multiple Choice' } },
    });
    expect(exported.statusCode, exported.body).toBe(200);
    // The file's questions are the ones the bank lists for the same filters.
    const listed = (
      await call(t.app, admin, { method: 'GET', url: '/api/questions?q=radius&type=Multiple%20Choice' })
    ).json();
    expect(exported.json().count).toBe(listed.total);
    const text = Buffer.from(exported.json().base64, 'base64').toString('utf8');
    expect(text.match(/<question type="multichoice">/g)).toHaveLength(listed.total);
    const none = await call(t.app, admin, {
      method: 'POST',
      url: '/api/question-exchange/export',
      payload: { format: 'moodle', filters: { q: 'no question says this' } },
    });
    expect([none.statusCode, none.json().message]).toEqual([400, EXCHANGE_MESSAGES.noneMatch]);
  });

  it('refuses no questions, unknown ones, and a student', async () => {
    const empty = await call(t.app, admin, {
      method: 'POST',
      url: '/api/question-exchange/export',
      payload: { format: 'gift', questionIds: [] },
    });
    expect([empty.statusCode, empty.json().message]).toEqual([400, EXCHANGE_MESSAGES.chooseQuestions]);
    const unknown = await call(t.app, admin, {
      method: 'POST',
      url: '/api/question-exchange/export',
      payload: { format: 'gift', questionIds: ['00000000-0000-4000-8000-000000000000'] },
    });
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, EXCHANGE_MESSAGES.unknownQuestions]);
    const refused = await call(t.app, student, {
      method: 'POST',
      url: '/api/question-exchange/export',
      payload: { format: 'gift', questionIds: ['00000000-0000-4000-8000-000000000000'] },
    });
    expect(refused.statusCode).toBe(403);
  });
});
