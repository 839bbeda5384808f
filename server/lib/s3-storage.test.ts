/**
 * The uploads in a real S3-compatible bucket (s3rver, started here): the question and content-image routes store,
 * serve and delete through it with the same all-or-nothing rules as on disk, a failure half-way through a
 * multi-file create leaves nothing in the bucket or the database, and `storage:migrate` copies a local folder in.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { attachments, looseFiles, questions } from '../db/schema';
import { buildOneOfEach, signIn } from '../test/factories';
import { call, createTestApp, type TestApp } from '../test/harness';
import { buildTags, multipartBody, pngBytes, type FilePart } from '../test/questionFixtures';
import { startBucket, type TestBucket } from '../test/s3';
import { copyUploads } from '../tools/storage-migrate';
import { S3Driver } from './s3-storage';
import { LocalDriver, LOOSE_FILE_GRACE_MS, readAll } from './storage';
import type { AttachmentType } from '../../common/schemas/questions';

/** The bucket driver, made to fail its n-th write (counting from 1) when asked to. */
class FlakyS3Driver extends S3Driver {
  failOnPut = 0;
  private puts = 0;
  override async put(name: string, bytes: Buffer, mime: AttachmentType): Promise<void> {
    this.puts++;
    if (this.puts === this.failOnPut) throw new Error('the bucket went away');
    return super.put(name, bytes, mime);
  }
  resetCount() {
    this.puts = 0;
  }
}

let bucket: TestBucket;
let driver: FlakyS3Driver;
let t: TestApp;
let staff: string;
let student: string;
let tags: Awaited<ReturnType<typeof buildTags>>;

beforeAll(async () => {
  bucket = await startBucket();
  driver = new FlakyS3Driver(bucket.settings);
  t = await createTestApp({ files: driver });
  const people = await buildOneOfEach(t.db);
  staff = await signIn(t.app, people.teacher);
  student = await signIn(t.app, people.student);
  tags = await buildTags(t.db);
}, 60_000);
afterAll(async () => {
  await t.close();
  await bucket.close();
});

const png = (name: string, width = 4): FilePart => ({
  field: 'attachments',
  name,
  type: 'image/png',
  bytes: pngBytes(width, 3),
});
const fields = (overrides: Record<string, unknown> = {}) => ({
  questionText: '<p>Which figure is larger?</p>',
  grade: '5',
  type: 'Multiple Choice',
  focus: [tags.focus[0].id],
  category: [tags.categories[0].id],
  options: { A: 'The first', B: 'The second' },
  answer: { a1: ['A'] },
  ...overrides,
});
async function send(method: 'POST' | 'PUT', url: string, body: Record<string, unknown>, files: FilePart[]) {
  return call(t.app, staff, { method, url, ...(await multipartBody(body, files)) });
}
async function rows() {
  const [q] = await t.db.select({ n: count() }).from(questions);
  const [a] = await t.db.select({ n: count() }).from(attachments);
  const [l] = await t.db.select({ n: count() }).from(looseFiles);
  return { questions: q.n, attachments: a.n, loose: l.n };
}
/** Nothing in the bucket that no row names, and nothing named that the bucket lacks. */
async function expectBucketMatchesRows() {
  const named = (await t.db.select({ filename: attachments.filename }).from(attachments)).map((a) => a.filename).sort();
  expect(await driver.list()).toEqual(named);
  expect((await rows()).loose).toBe(0);
}

describe('uploads in an S3 bucket', () => {
  it('stores a question with two images in the bucket and streams them back to a student', async () => {
    const files = [png('first.png', 4), png('second.png', 6)];
    const response = await send('POST', '/api/questions', fields(), files);
    expect(response.statusCode, response.body).toBe(201);
    const stored = response.json().question.attachments as Array<{ filename: string }>;
    expect(stored).toHaveLength(2);
    expect((await driver.list()).sort()).toEqual(stored.map((a) => a.filename).sort());
    for (const [i, attachment] of stored.entries()) {
      const image = await call(t.app, student, { method: 'GET', url: `/api/questions/uploads/${attachment.filename}` });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
      expect(image.headers['content-length']).toBe(String(files[i].bytes.length));
      expect(image.rawPayload.equals(files[i].bytes)).toBe(true);
    }
    await expectBucketMatchesRows();
  });

  it('leaves nothing in the bucket or the database when the third file of a create is no image', async () => {
    const before = await rows();
    const objects = await driver.list();
    const bad: FilePart = {
      field: 'attachments',
      name: 'evil.png',
      type: 'image/png',
      bytes: Buffer.from('<svg onload="alert(1)"/>'),
    };
    const response = await send('POST', '/api/questions', fields(), [png('a.png'), png('b.png'), bad]);
    expect(response.statusCode).toBe(415);
    expect(await rows()).toEqual(before);
    expect(await driver.list()).toEqual(objects);
  });

  it('leaves nothing behind when the bucket fails on the second of three files', async () => {
    const before = await rows();
    const objects = await driver.list();
    driver.resetCount();
    driver.failOnPut = 2;
    try {
      const response = await send('POST', '/api/questions', fields(), [png('a.png'), png('b.png'), png('c.png')]);
      expect(response.statusCode).toBe(500);
      expect(response.json().message).toBe('Something went wrong on our side. Please try again.');
    } finally {
      driver.failOnPut = 0;
    }
    expect(await rows()).toEqual(before);
    expect(await driver.list()).toEqual(objects);
  });

  it('deletes the stored files when the rows cannot be written (a category deleted meanwhile)', async () => {
    const before = await rows();
    const objects = await driver.list();
    const response = await send(
      'POST',
      '/api/questions',
      fields({ category: ['00000000-0000-4000-8000-000000000000'] }),
      [png('a.png'), png('b.png')],
    );
    expect(response.statusCode).toBe(400);
    expect(await rows()).toEqual(before);
    expect(await driver.list()).toEqual(objects);
  });

  it('removes an attachment taken off a question, and every file of deleted questions', async () => {
    const created = (await send('POST', '/api/questions', fields(), [png('keep.png'), png('drop.png')])).json()
      .question;
    const [keep, drop] = created.attachments as Array<{ filename: string }>;
    const updated = await send(
      'PUT',
      `/api/questions/${created.id}`,
      { ...fields(), attachmentsToRemove: [drop.filename] },
      [],
    );
    expect(updated.statusCode, updated.body).toBe(200);
    expect(await driver.list()).toContain(keep.filename);
    expect(await driver.list()).not.toContain(drop.filename);
    await expectBucketMatchesRows();

    const deleted = await call(t.app, staff, { method: 'DELETE', url: `/api/questions/${created.id}` });
    expect(deleted.statusCode).toBe(200);
    expect(await driver.list()).not.toContain(keep.filename);
    await expectBucketMatchesRows();
  });

  it('stores a lesson image in the bucket and serves it to any signed-in reader', async () => {
    const bytes = pngBytes(8, 8);
    const response = await call(t.app, staff, {
      method: 'POST',
      url: '/api/questions/uploads',
      ...(await multipartBody({}, [{ field: 'image', name: 'lesson.png', type: 'image/png', bytes }])),
    });
    expect(response.statusCode, response.body).toBe(201);
    const image = await call(t.app, student, { method: 'GET', url: response.json().url });
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload.equals(bytes)).toBe(true);
    await expectBucketMatchesRows();
  });

  it('answers 404 for a name whose object is gone from the bucket', async () => {
    const response = await call(t.app, staff, {
      method: 'POST',
      url: '/api/questions/uploads',
      ...(await multipartBody({}, [{ field: 'image', name: 'gone.png', type: 'image/png', bytes: pngBytes() }])),
    });
    const { filename } = response.json();
    await driver.remove([filename]);
    expect((await call(t.app, student, { method: 'GET', url: `/api/questions/uploads/${filename}` })).statusCode).toBe(
      404,
    );
    await t.db.delete(attachments);
    await t.db.delete(questions);
  });

  it('sweeps files a crash left loose, once they are older than an upload can take', async () => {
    await driver.remove(await driver.list());
    // As a process killed between writing a file and committing its row leaves it.
    const stranded = await t.app.uploads.save(pngBytes(), 'stranded.png', 'image/png');
    expect(await driver.list()).toEqual([stranded.filename]);
    expect(await t.app.uploads.sweep(t.clock.now())).toBe(0);
    expect(await driver.list()).toEqual([stranded.filename]);
    expect(await t.app.uploads.sweep(new Date(t.clock.now().getTime() + LOOSE_FILE_GRACE_MS + 1000))).toBe(1);
    expect(await driver.list()).toEqual([]);
    expect((await rows()).loose).toBe(0);
  });

  it('is ready only while the bucket takes writes', async () => {
    expect((await call(t.app, null, { method: 'GET', url: '/api/ready' })).json()).toEqual({
      status: 'ready',
      database: 'ok',
      migrations: 'ok',
      storage: 'ok',
    });
    const broken = await createTestApp({ files: new S3Driver({ ...bucket.settings, bucket: 'no-such-bucket' }) });
    try {
      const response = await call(broken.app, null, { method: 'GET', url: '/api/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'unavailable', database: 'ok', migrations: 'ok', storage: 'failed' });
    } finally {
      await broken.close();
    }
  }, 120_000);
});

describe('npm run storage:migrate', () => {
  it('copies a local uploads folder into the bucket, skipping what is there and what is no image, and can run again', async () => {
    await driver.remove(await driver.list());
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-migrate-'));
    const local = new LocalDriver(dataDir);
    const names = ['0123456789abcdef0123456789abcdef.png', 'fedcba9876543210fedcba9876543210.png'];
    for (const [i, name] of names.entries()) await local.put(name, pngBytes(3 + i, 3));
    await local.put('00000000000000000000000000000000.png', Buffer.from('not an image'));
    await driver.put(names[1], pngBytes(4, 3), 'image/png');

    expect(await copyUploads(local, driver)).toEqual({
      copied: 1,
      present: 1,
      skipped: ['00000000000000000000000000000000.png'],
    });
    expect((await driver.list()).sort()).toEqual(names);
    const copied = await driver.open(names[0]);
    expect((await readAll(copied!.stream)).equals(pngBytes(3, 3))).toBe(true);
    expect(await copyUploads(local, driver)).toMatchObject({ copied: 0, present: 2 });
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});
