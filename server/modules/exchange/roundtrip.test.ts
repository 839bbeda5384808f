/**
 * The demo bank out and back in: exported in each format from one academy and imported into an empty one, every
 * question comes back the same (text, math, options, key, forms, solution, hint, grade, categories, focus areas,
 * source, and the bytes of its images), except what the export itself said the format could not carry.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Question } from '../../../common/schemas/questions';
import { seedDemoMocks } from '../../db/demo/mocks';
import { seedDemoQuestions } from '../../db/demo/questions';
import { buildAdmin, signIn } from '../../test/factories';
import { call, createTestApp, type TestApp } from '../../test/harness';

let source: TestApp;
let sourceAdmin: string;

beforeAll(async () => {
  source = await createTestApp();
  await seedDemoQuestions(source.db, source.app.uploads);
  await seedDemoMocks(source.db, source.app.uploads);
  sourceAdmin = await signIn(source.app, await buildAdmin(source.db));
});
afterAll(() => source?.close());

async function bankOf(app: TestApp, cookie: string): Promise<Question[]> {
  const response = await call(app.app, cookie, { method: 'GET', url: '/api/questions?limit=1000' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().questions;
}

/** A question as a file can carry it, its images read back as bytes, so stored names do not matter. */
async function comparable(app: TestApp, cookie: string, q: Question) {
  const bytes = async (src: string) =>
    (await call(app.app, cookie, { method: 'GET', url: src })).rawPayload.toString('base64');
  const images = async (html: string) => {
    let out = html;
    for (const [, src] of html.matchAll(/src="(\/api\/questions\/uploads\/[^"]+)"/g))
      out = out.replace(src, `bytes:${(await bytes(src)).slice(0, 40)}:${(await bytes(src)).length}`);
    return out;
  };
  return {
    type: q.type,
    questionText: await images(q.questionText),
    options: Object.fromEntries(
      await Promise.all(Object.entries(q.options).map(async ([l, t]) => [l, await images(t)])),
    ),
    answer: q.answer,
    // No forms is stored as [] by the demo's seed and as one empty list per blank by the question form.
    answerForms: q.answerForms.every((forms) => forms.length === 0) ? [] : q.answerForms,
    solution: await images(q.solution),
    hint: q.hint,
    grade: q.grade,
    categories: [...q.categoryNames].sort(),
    focusAreas: [...q.focusNames].sort(),
    source: q.source,
    attachments: await Promise.all(q.attachments.map((a) => bytes(`/api/questions/uploads/${a.filename}`))),
  };
}

describe.each(['moodle', 'qti', 'gift'] as const)('the demo bank through %s', (format) => {
  let target: TestApp;
  afterAll(() => target?.close());

  it('comes back the same in an empty academy', async () => {
    const bank = (await bankOf(source, sourceAdmin)).filter((q) => q.template === null);
    expect(bank.length).toBeGreaterThan(20);
    const exported = await call(source.app, sourceAdmin, {
      method: 'POST',
      url: '/api/question-exchange/export',
      payload: { format, questionIds: bank.map((q) => q.id) },
    });
    expect(exported.statusCode, exported.body).toBe(200);
    const { base64, lost, count } = exported.json();
    expect(count).toBe(bank.length);

    target = await createTestApp();
    const targetAdmin = await signIn(target.app, await buildAdmin(target.db));
    const file = Buffer.from(base64, 'base64');
    const preview = await call(target.app, targetAdmin, {
      method: 'POST',
      url: `/api/question-exchange/preview?format=${format}`,
      payload: file,
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const refused = preview.json().items.filter((i: { ok: boolean }) => !i.ok);
    expect(refused, JSON.stringify(refused)).toEqual([]);
    const imported = await call(target.app, targetAdmin, {
      method: 'POST',
      url: `/api/question-exchange/import?format=${format}`,
      payload: file,
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(imported.statusCode, imported.body).toBe(201);

    const back = await bankOf(target, targetAdmin);
    const key = (q: { questionText: string }) => q.questionText.replace(/src="[^"]*"/g, '');
    const byText = new Map(back.map((q) => [key(q), q]));
    // Each question the export named as losing something is compared only where the format keeps it.
    const lossy = (q: Question) =>
      lost.some((line: string) => line.includes(q.questionText.replace(/<[^>]*>/g, '').slice(0, 30)));
    let compared = 0;
    for (const original of bank) {
      if (lossy(original)) continue;
      const copy = byText.get(key(original));
      expect(copy, `missing after ${format}: ${original.questionText}`).toBeDefined();
      expect(await comparable(target, targetAdmin, copy!)).toEqual(await comparable(source, sourceAdmin, original));
      compared++;
    }
    // GIFT carries no images and one blank only; the other formats carry the whole bank.
    if (format === 'gift') expect(compared).toBeGreaterThan(bank.length / 2);
    else expect([compared, lost]).toEqual([bank.length, []]);
  });
});
