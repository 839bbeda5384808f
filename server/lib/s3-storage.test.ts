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
import { startProxy } from '../test/tcp-proxy';
import { copyUploads } from '../tools/storage-migrate';
import { FILES_UNAVAILABLE_MESSAGE } from './errors';
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
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ code: 'FILES_UNAVAILABLE', message: FILES_UNAVAILABLE_MESSAGE });
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

describe('a bucket that stops answering', () => {
  it('refuses uploads with a 503 at once, keeps every page but its images, and leaves nothing behind', async () => {
    const proxy = await startProxy({ host: '127.0.0.1', port: Number(new URL(bucket.settings.endpoint!).port) });
    const proxied = new S3Driver({ ...bucket.settings, endpoint: `http://127.0.0.1:${proxy.port}` });
    const down = await createTestApp({ files: proxied });
    try {
      const people = await buildOneOfEach(down.db);
      const [author, reader] = [await signIn(down.app, people.teacher), await signIn(down.app, people.student)];
      const downTags = await buildTags(down.db);
      const question = (file: string) =>
        multipartBody(fields({ focus: [downTags.focus[0].id], category: [downTags.categories[0].id] }), [png(file)]);
      const made = await call(down.app, author, {
        method: 'POST',
        url: '/api/questions',
        ...(await question('a.png')),
      });
      expect(made.statusCode, made.body).toBe(201);
      const image = `/api/questions/uploads/${made.json().question.attachments[0].filename}`;
      const countRows = async () => {
        const [q] = await down.db.select({ n: count() }).from(questions);
        const [a] = await down.db.select({ n: count() }).from(attachments);
        return { questions: q.n, attachments: a.n };
      };
      const before = { rows: await countRows(), objects: await proxied.list() };

      proxy.cut();
      const started = Date.now();
      const refused = await call(down.app, author, {
        method: 'POST',
        url: '/api/questions',
        ...(await question('b.png')),
      });
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBe('30');
      expect(refused.json()).toEqual({ code: 'FILES_UNAVAILABLE', message: FILES_UNAVAILABLE_MESSAGE });
      const lesson = await call(down.app, author, {
        method: 'POST',
        url: '/api/questions/uploads',
        ...(await multipartBody({}, [{ field: 'image', name: 'lesson.png', type: 'image/png', bytes: pngBytes() }])),
      });
      expect(lesson.statusCode).toBe(503);
      expect(await countRows()).toEqual(before.rows);
      // What does not need the bucket goes on; the images answer 503 until it is back.
      const listed = await call(down.app, author, { method: 'GET', url: '/api/questions' });
      expect(listed.statusCode).toBe(200);
      expect(listed.json().questions.map((q: { id: string }) => q.id)).toEqual([made.json().question.id]);
      const unread = await call(down.app, reader, { method: 'GET', url: image });
      expect(unread.statusCode).toBe(503);
      expect(unread.json().code).toBe('FILES_UNAVAILABLE');

      await proxy.restore();
      expect((await call(down.app, reader, { method: 'GET', url: image })).statusCode).toBe(200);
      const again = await call(down.app, author, {
        method: 'POST',
        url: '/api/questions',
        ...(await question('c.png')),
      });
      expect(again.statusCode, again.body).toBe(201);
      // The refused uploads were listed as loose before their writes: the sweep deletes whatever reached the bucket.
      await down.app.uploads.sweep(new Date(down.clock.now().getTime() + LOOSE_FILE_GRACE_MS + 1000));
      const named = (await down.db.select({ filename: attachments.filename }).from(attachments)).map((a) => a.filename);
      expect((await proxied.list()).sort()).toEqual(named.sort());
      const [loose] = await down.db.select({ n: count() }).from(looseFiles);
      expect(loose.n).toBe(0);
      expect(before.objects).toHaveLength(1);
    } finally {
      await down.close();
      proxy.close();
    }
  }, 60_000);
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
