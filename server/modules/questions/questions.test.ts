import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { QUESTION_MESSAGES as M } from '../../../common/schemas/questions';
import { attachments, questions } from '../../db/schema';
import type { UploadStore } from '../../lib/storage';
import { buildOneOfEach, signIn, type TestUser } from '../../test/factories';
import { call, createTestApp, type TestApp } from '../../test/harness';
import {
  buildTags,
  gifWithFrame,
  jpegDeclaring,
  multipartBody,
  multipleChoiceFields,
  pngBytes,
  pngDeclaring,
  webpDeclaring,
  type FilePart,
} from '../../test/questionFixtures';

let t: TestApp;
let store: UploadStore;
let staff: string;
let people: Record<string, TestUser>;
let tags: Awaited<ReturnType<typeof buildTags>>;

beforeAll(async () => {
  t = await createTestApp();
  store = t.app.uploads;
  people = await buildOneOfEach(t.db);
  staff = await signIn(t.app, people.teacher);
  tags = await buildTags(t.db);
});
afterAll(() => t.close());

const png = (name = 'figure.png', field = 'attachments'): FilePart => ({
  field,
  name,
  type: 'image/png',
  bytes: pngBytes(),
});

const mcFields = (overrides: Record<string, unknown> = {}) => multipleChoiceFields(tags, overrides);

function blankFields(overrides: Record<string, unknown> = {}) {
  return mcFields({
    type: 'Fill in the Blank',
    questionText: '<p>$3 \\times 4 =$ ___1___ and $10 - 3 =$ ___2___</p>',
    options: {},
    answer: [['12', '12.0'], ['7']],
    ...overrides,
  });
}

async function send(
  method: 'POST' | 'PUT',
  url: string,
  fields: Record<string, unknown>,
  files: FilePart[] = [],
  cookie: string | null = staff,
) {
  const body = await multipartBody(fields, files);
  return call(t.app, cookie, { method, url, ...body });
}
const create = (fields: Record<string, unknown>, files: FilePart[] = []) =>
  send('POST', '/api/questions', fields, files);
const list = async (query = '') => {
  const response = await call(t.app, staff, { method: 'GET', url: `/api/questions${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
async function questionCount() {
  const [row] = await t.db.select({ n: count() }).from(questions);
  return row.n;
}

describe('creating questions', () => {
  it('creates a multiple-choice question with an image, and serves the image back', async () => {
    const response = await create(mcFields(), [png('triangle.png')]);
    expect(response.statusCode, response.body).toBe(201);
    const { message, question } = response.json();
    expect(message).toBe(M.created);
    expect(question).toMatchObject({
      grade: 5,
      type: 'Multiple Choice',
      options: { A: '$\\frac{3}{4}$', B: '$\\frac{2}{6}$', C: '$1$', D: '$\\frac{1}{8}$' },
      answer: { a1: ['A'] },
      focus: [tags.focus[0].id],
      focusNames: ['Computation'],
      category: [tags.categories[0].id],
      categoryNames: ['Fractions'],
      hint: 'Common denominators.',
      source: 'Unit test',
    });
    expect(question.attachments).toEqual([
      { filename: expect.stringMatching(/^[a-f0-9]{32}\.png$/), originalname: 'triangle.png' },
    ]);
    const image = await call(t.app, await signIn(t.app, people.student), {
      method: 'GET',
      url: `/api/questions/uploads/${question.attachments[0].filename}`,
    });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.headers['content-disposition']).toBe('inline');
    expect(image.headers['content-security-policy']).toContain("default-src 'none'");
    expect(image.rawPayload.equals(pngBytes())).toBe(true);
  });

  it('creates a fill-in-the-blank question, with several accepted answers per blank, from a JSON body too', async () => {
    const response = await call(t.app, staff, {
      method: 'POST',
      url: '/api/questions',
      payload: { ...blankFields(), grade: 3 },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().question).toMatchObject({
      type: 'Fill in the Blank',
      grade: 3,
      options: {},
      answer: [['12', '12.0'], ['7']],
      attachments: [],
    });
  });

  it('keeps several correct options and reads options sent as a JSON string', async () => {
    const response = await create(
      mcFields({
        options: JSON.stringify(JSON.stringify({ A: '1', B: '2', C: '3' })),
        answer: { a1: ['c', 'A', 'A'] },
      }),
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().question).toMatchObject({ options: { A: '1', B: '2', C: '3' }, answer: { a1: ['A', 'C'] } });
  });

  it('stores Calculation and Short Answer keys in their encodings', async () => {
    const calc = await create(
      mcFields({ type: 'Calculation', options: undefined, answer: { a1: ['42', ' 42.0 ', ''] } }),
    );
    expect(calc.statusCode, calc.body).toBe(201);
    expect(calc.json().question).toMatchObject({ answer: { a1: ['42', '42.0'] }, options: {} });
    const short = await create(mcFields({ type: 'Short Answer', options: undefined, answer: [['Isosceles']] }));
    expect(short.json().question).toMatchObject({ answer: [['Isosceles']], options: {} });
  });

  const rules: Array<[string, () => Record<string, unknown>, string]> = [
    ['no grade', () => mcFields({ grade: '' }), M.requiredFields],
    ['grade 13', () => mcFields({ grade: '13' }), M.gradeRange],
    ['grade 0', () => mcFields({ grade: '0' }), M.gradeRange],
    ['grade 4.5', () => mcFields({ grade: '4.5' }), M.gradeRange],
    ['grade K', () => mcFields({ grade: 'K' }), M.gradeRange],
    ['no type', () => mcFields({ type: undefined }), M.requiredFields],
    ['an unknown type', () => mcFields({ type: 'Essay' }), M.requiredFields],
    ['no focus', () => mcFields({ focus: [] }), M.requiredFields],
    ['no category', () => mcFields({ category: undefined }), M.requiredFields],
    ['a category that is not an id', () => mcFields({ category: ['fractions'] }), M.requiredFields],
    ['no question text', () => mcFields({ questionText: undefined }), M.questionText],
    ['an empty editor', () => mcFields({ questionText: '<p> &nbsp; </p>' }), M.questionText],
    [
      'question text that is only a script',
      () => mcFields({ questionText: '<script>alert(1)</script>' }),
      M.questionText,
    ],
    ['one option', () => mcFields({ options: { A: 'Yes' } }), M.minOptions],
    ['no options', () => mcFields({ options: undefined }), M.minOptions],
    ['an empty option', () => mcFields({ options: { A: '1', B: '<p></p>' } }), 'Please fill in option B or remove it'],
    [
      'options out of order',
      () => mcFields({ options: { A: '1', C: '3' } }),
      'Options must be lettered A, B, C... in order',
    ],
    ['no correct answer', () => mcFields({ answer: { a1: [] } }), M.correctAnswer],
    ['a missing answer', () => mcFields({ answer: undefined }), M.correctAnswer],
    [
      'a correct answer that is no option',
      () => mcFields({ answer: { a1: ['E'] } }),
      'Each correct answer must be one of the options',
    ],
    ['no blank', () => blankFields({ answer: [] }), M.addBlank],
    ['a blank without answers', () => blankFields({ answer: [['12'], ['  ', '']] }), M.blankAnswers],
    ['a blank that is not a list', () => blankFields({ answer: [['12'], { x: 1 }] }), M.blankAnswers],
    [
      'a blank without placeholder',
      () => blankFields({ questionText: '<p>$3 \\times 4 =$ ___1___</p>' }),
      'Write ___2___ in the question text where blank 2 goes',
    ],
    [
      'a placeholder without blank',
      () => blankFields({ answer: [['12']] }),
      'The question text has ___2___ but there is no blank 2',
    ],
    ['a calculation without answer', () => mcFields({ type: 'Calculation', answer: { a1: [''] } }), M.acceptedAnswer],
    [
      'a 100 kB question text',
      () => mcFields({ questionText: `<p>${'x'.repeat(100_000)}</p>` }),
      'The question text must be at most 20,000 characters',
    ],
    ['a 100 kB hint', () => mcFields({ hint: 'h'.repeat(100_000) }), 'The hint must be at most 2,000 characters'],
    ['a 201-character source', () => mcFields({ source: 's'.repeat(201) }), 'Source must be at most 200 characters'],
  ];
  it.each(rules)('refuses %s with its message, storing nothing', async (_, fields, message) => {
    const before = await questionCount();
    const files = await store.list();
    const response = await create(fields(), [png()]);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toBe(message);
    expect(await questionCount()).toBe(before);
    expect(await store.list()).toEqual(files);
  });

  it('refuses a category or focus area that no longer exists', async () => {
    const response = await create(mcFields({ category: ['00000000-0000-4000-8000-000000000000'] }), [png()]);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/no longer exists/);
  });

  it('refuses an array body and a wrong-typed JSON body with a message', async () => {
    for (const payload of [[mcFields()], { ...mcFields(), grade: [5], focus: 'x' }]) {
      const response = await call(t.app, staff, { method: 'POST', url: '/api/questions', payload: payload as object });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toEqual(expect.any(String));
    }
  });
});

describe('uploads', () => {
  async function refused(files: FilePart[], status: number, message: string) {
    const before = await questionCount();
    const stored = await store.list();
    const response = await create(mcFields(), files);
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json().message).toBe(message);
    expect(await questionCount()).toBe(before);
    expect(await store.list()).toEqual(stored);
  }

  it('refuses HTML named .png, SVG and plain text with 415, whatever type they claim', async () => {
    await refused(
      [
        {
          field: 'attachments',
          name: 'cat.png',
          type: 'image/png',
          bytes: Buffer.from('<html><script>alert(1)</script></html>'),
        },
      ],
      415,
      M.imagesOnly,
    );
    await refused(
      [
        {
          field: 'attachments',
          name: 'logo.svg',
          type: 'image/svg+xml',
          bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
        },
      ],
      415,
      M.imagesOnly,
    );
    await refused(
      [png('ok.png'), { field: 'attachments', name: 'notes.txt', type: 'text/plain', bytes: Buffer.from('hello') }],
      415,
      M.imagesOnly,
    );
  });

  it('refuses a 6 MB image with 413 and stores nothing of it', async () => {
    const big = Buffer.concat([pngBytes(), Buffer.alloc(6 * 1024 * 1024, 1)]);
    await refused(
      [png('first.png'), { field: 'attachments', name: 'big.png', type: 'image/png', bytes: big }],
      413,
      M.imageTooLarge,
    );
  });

  it('refuses an image declaring more than 40 megapixels with 413 and a message, in every format, and stores nothing', async () => {
    const part = (name: string, bytes: Buffer): FilePart => ({
      field: 'attachments',
      name,
      type: 'application/octet-stream',
      bytes,
    });
    await refused(
      [png('first.png'), part('huge.png', pngDeclaring(60000, 60000))],
      413,
      M.imageTooManyPixels(60000, 60000),
    );
    await refused([part('huge.jpg', jpegDeclaring(8001, 5000))], 413, M.imageTooManyPixels(8001, 5000));
    await refused([part('huge.gif', gifWithFrame(65535, 65535))], 413, M.imageTooManyPixels(65535, 65535));
    await refused([part('huge.webp', webpDeclaring(16383, 16383))], 413, M.imageTooManyPixels(16383, 16383));
    expect(M.imageTooManyPixels(60000, 60000)).toBe(
      'This image is 60000 x 60000 pixels: images may have at most 40 megapixels (such as 8000 x 5000). Please make it smaller.',
    );
    const atBudget = await create(mcFields(), [part('ok.jpg', jpegDeclaring(8000, 5000))]);
    expect(atBudget.statusCode, atBudget.body).toBe(201);
  });

  it('refuses an eleventh file with 413', async () => {
    await refused(
      Array.from({ length: 11 }, (_, i) => png(`p${i}.png`)),
      413,
      M.tooManyAttachments,
    );
  });

  it('refuses an oversized form field and too many fields with 413, as multipart has its own limits', async () => {
    const huge = await create(mcFields({ solution: 'x'.repeat(300 * 1024) }));
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBe('A field of the form is too large.');
    const many = await create({
      ...mcFields(),
      ...Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`extra${i}`, 'x'])),
    });
    expect(many.statusCode).toBe(413);
    expect(many.json().message).toBe('Too many fields.');
  });

  it('refuses files in another field', async () => {
    await refused([png('x.png', 'newAttachments')], 400, 'Send images in the attachments field.');
  });

  it('accepts JPEG, GIF and WebP by their bytes, and keeps only the base of the original name', async () => {
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46]);
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
    const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.from([4, 0, 0, 0]), Buffer.from('WEBPVP8 ')]);
    const response = await create(mcFields(), [
      { field: 'attachments', name: '../../etc/photo.jpg', type: 'application/octet-stream', bytes: jpeg },
      { field: 'attachments', name: 'a.gif', type: 'image/gif', bytes: gif },
      { field: 'attachments', name: 'b.webp', type: 'image/webp', bytes: webp },
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const names = response.json().question.attachments;
    expect(names.map((a: { originalname: string }) => a.originalname)).toEqual(['photo.jpg', 'a.gif', 'b.webp']);
    const types = await t.db
      .select({ mime: attachments.mime })
      .from(attachments)
      .where(eq(attachments.filename, names[0].filename));
    expect(types[0].mime).toBe('image/jpeg');
  });

  it('answers 404 for names that are not stored uploads, path traversal included, and 401 without a session', async () => {
    const secret = path.join(t.config.dataDir, 'secret.txt');
    fs.mkdirSync(t.config.dataDir, { recursive: true });
    fs.writeFileSync(secret, 'TOP-SECRET-CONTENT');
    for (const name of [
      '..%2Fsecret.txt',
      '..%2F..%2F..%2Fetc%2Fpasswd',
      '%2Fetc%2Fpasswd',
      'secret.txt',
      `${'a'.repeat(32)}.png`,
      '..\\secret.txt',
    ]) {
      const response = await call(t.app, staff, { method: 'GET', url: `/api/questions/uploads/${name}` });
      expect(response.statusCode, name).toBe(404);
      expect(response.body).not.toContain('TOP-SECRET-CONTENT');
    }
    const [stored] = await t.db.select({ filename: attachments.filename }).from(attachments).limit(1);
    expect(
      (await call(t.app, null, { method: 'GET', url: `/api/questions/uploads/${stored.filename}` })).statusCode,
    ).toBe(401);
  });
});

describe('images for lesson content', () => {
  const upload = (files: FilePart[], cookie: string | null = staff) =>
    send('POST', '/api/questions/uploads', {}, files, cookie);

  it('stores one image under a random name and answers its address, which any signed-in reader can open', async () => {
    const response = await upload([png('../quarters.png', 'image')]);
    expect(response.statusCode, response.body).toBe(201);
    const image = response.json();
    expect(image).toEqual({
      filename: expect.stringMatching(/^[a-f0-9]{32}\.png$/),
      originalname: 'quarters.png',
      url: `/api/questions/uploads/${image.filename}`,
    });
    expect(await store.list()).toContain(image.filename);
    const [row] = await t.db.select().from(attachments).where(eq(attachments.filename, image.filename));
    expect(row).toMatchObject({ questionId: null, mime: 'image/png' });
    const served = await call(t.app, await signIn(t.app, people.student), { method: 'GET', url: image.url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(pngBytes())).toBe(true);
  });

  it('refuses no image, two images, another field, a non-image and an oversized image, storing nothing', async () => {
    const big = Buffer.concat([pngBytes(), Buffer.alloc(6 * 1024 * 1024, 1)]);
    for (const [files, status, message] of [
      [[], 400, M.oneImage],
      [[png('a.png', 'image'), png('b.png', 'image')], 400, M.oneImage],
      [[png('a.png', 'attachments')], 400, 'Send images in the image field.'],
      [
        [{ field: 'image', name: 'x.png', type: 'image/png', bytes: Buffer.from('<svg onload="alert(1)"/>') }],
        415,
        M.imagesOnly,
      ],
      [[{ field: 'image', name: 'big.png', type: 'image/png', bytes: big }], 413, M.imageTooLarge],
    ] as Array<[FilePart[], number, string]>) {
      const stored = await store.list();
      const response = await upload(files);
      expect(response.statusCode, message).toBe(status);
      expect(response.json().message).toBe(message);
      expect(await store.list()).toEqual(stored);
    }
    const json = await call(t.app, staff, { method: 'POST', url: '/api/questions/uploads', payload: { image: 'x' } });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe(M.oneImage);
  });

  it('is for staff: students and parents get 403, anonymous callers 401', async () => {
    for (const [cookie, status] of [
      [await signIn(t.app, people.student), 403],
      [await signIn(t.app, people.parent), 403],
      [null, 401],
    ] as const) {
      const stored = await store.list();
      expect((await upload([png('a.png', 'image')], cookie)).statusCode).toBe(status);
      expect(await store.list()).toEqual(stored);
    }
  });
});

describe('updating and deleting', () => {
  it('removes marked attachments and adds new ones, deleting the removed files', async () => {
    const created = (await create(mcFields(), [png('one.png'), png('two.png')])).json().question;
    const [one, two] = created.attachments;
    const response = await send(
      'PUT',
      `/api/questions/${created.id}`,
      {
        ...mcFields({ grade: '6', category: [tags.categories[1].id, tags.categories[2].id] }),
        attachmentsToRemove: [one.filename],
      },
      [png('three.png', 'newAttachments')],
    );
    expect(response.statusCode, response.body).toBe(200);
    const { message, question } = response.json();
    expect(message).toBe(M.updated);
    expect(question.grade).toBe(6);
    expect(question.categoryNames).toEqual(['Algebra', 'Geometry']);
    expect(question.attachments.map((a: { originalname: string }) => a.originalname)).toEqual(['two.png', 'three.png']);
    const files = await store.list();
    expect(files).not.toContain(one.filename);
    expect(files).toContain(two.filename);
    expect(files).toContain(question.attachments[1].filename);
  });

  it('changes nothing when an update fails, and deletes its new files', async () => {
    const created = (await create(mcFields(), [png('keep.png')])).json().question;
    const stored = await store.list();
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ ...mcFields(), attachmentsToRemove: [`${'b'.repeat(32)}.png`] }, 404, 'Attachment not found'],
      [{ ...mcFields({ answer: { a1: [] } }), attachmentsToRemove: [] }, 400, M.correctAnswer],
    ];
    for (const [fields, status, message] of cases) {
      const response = await send('PUT', `/api/questions/${created.id}`, fields, [png('new.png', 'newAttachments')]);
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json().message).toBe(message);
    }
    const tooMany = await send(
      'PUT',
      `/api/questions/${created.id}`,
      { ...mcFields(), attachmentsToRemove: [] },
      Array.from({ length: 10 }, () => png('n.png', 'newAttachments')),
    );
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe(M.tooManyAttachments);
    expect(await store.list()).toEqual(stored);
    const after = (await list(`?q=${encodeURIComponent('Unit test')}&pageSize=100`)).questions.find(
      (q: { id: string }) => q.id === created.id,
    );
    expect(after.attachments).toEqual(created.attachments);
    expect(after.updatedAt).toBe(created.updatedAt);
  });

  it('answers 404 for an unknown question and 400 for a malformed id', async () => {
    const unknown = await send(
      'PUT',
      '/api/questions/00000000-0000-4000-8000-000000000000',
      { ...mcFields(), attachmentsToRemove: [] },
      [png('x.png', 'newAttachments')],
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Question not found');
    expect(
      (await call(t.app, staff, { method: 'DELETE', url: '/api/questions/00000000-0000-4000-8000-000000000000' }))
        .statusCode,
    ).toBe(404);
    expect((await call(t.app, staff, { method: 'DELETE', url: '/api/questions/not-an-id' })).statusCode).toBe(400);
  });

  it('deletes a question and its files', async () => {
    const created = (await create(mcFields(), [png()])).json().question;
    const response = await call(t.app, staff, { method: 'DELETE', url: `/api/questions/${created.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(M.deleted);
    expect(await store.list()).not.toContain(created.attachments[0].filename);
  });

  it('bulk-deletes questions and their files, all or nothing', async () => {
    const a = (await create(mcFields(), [png()])).json().question;
    const b = (await create(blankFields(), [png(), png()])).json().question;
    const missing = await call(t.app, staff, {
      method: 'POST',
      url: '/api/questions/bulk-delete',
      payload: { questionIds: [a.id, '00000000-0000-4000-8000-000000000000'] },
    });
    expect(missing.statusCode).toBe(404);
    expect(await store.list()).toContain(a.attachments[0].filename);
    const response = await call(t.app, staff, {
      method: 'POST',
      url: '/api/questions/bulk-delete',
      payload: { questionIds: [a.id, b.id] },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: '2 questions deleted successfully', deleted: 2 });
    const files = await store.list();
    for (const f of [...a.attachments, ...b.attachments]) expect(files).not.toContain(f.filename);
  });

  it.each([[{}], [{ questionIds: [] }], [{ questionIds: 'x' }], [{ questionIds: ['nope'] }]])(
    'refuses a bulk delete of %j with "Please select questions to delete"',
    async (payload) => {
      const response = await call(t.app, staff, { method: 'POST', url: '/api/questions/bulk-delete', payload });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(M.selectToDelete);
    },
  );
});

describe('who may touch questions', () => {
  it('lets admin and data-entry staff create, and refuses students and parents with 403 and visitors with 401', async () => {
    for (const role of ['admin', 'data-entry'] as const) {
      const response = await send('POST', '/api/questions', mcFields(), [], await signIn(t.app, people[role]));
      expect(response.statusCode, role).toBe(201);
    }
    for (const role of ['student', 'parent'] as const) {
      const cookie = await signIn(t.app, people[role]);
      expect((await send('POST', '/api/questions', mcFields(), [png()], cookie)).statusCode).toBe(403);
      expect((await call(t.app, cookie, { method: 'GET', url: '/api/questions' })).statusCode).toBe(403);
    }
    expect((await send('POST', '/api/questions', mcFields(), [png()], null)).statusCode).toBe(401);
  });
});
