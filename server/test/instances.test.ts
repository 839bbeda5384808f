/**
 * Any number of academy instances may run behind a load balancer: two academy processes on one PostgreSQL
 * database and one S3 bucket (s3rver), requests alternating between them. Always on PostgreSQL (127.0.0.1:5432,
 * or TEST_DATABASE_URL's server): PGlite is one process by design.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { DEMO_PASSWORD } from '../db/demo/accounts';
import { freshPostgres, ServerProcess, until } from './processes';
import { multipartBody, pngBytes } from './questionFixtures';
import { startBucket, type TestBucket } from './s3';

const ADMIN = { email: 'admin@instances.test', password: 'Admin-pass1!' };
const TEACHER = { email: 'teacher@demo.academy', password: DEMO_PASSWORD };
const STUDENT = { email: 'student@demo.academy', password: DEMO_PASSWORD };

let database: Awaited<ReturnType<typeof freshPostgres>>;
let bucket: TestBucket;
let a: ServerProcess;
let b: ServerProcess;

function start() {
  return new ServerProcess({
    DATABASE_URL: database.url,
    ...bucket.env,
    SEED_DEMO: 'true',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    // The test plays several clients through X-Forwarded-For, as a proxy in front of both would.
    TRUST_PROXY: '127.0.0.1',
  });
}

async function count(table: string): Promise<number> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const result = await client.query(`select count(*)::int as n from ${table}`);
    return result.rows[0].n;
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  [database, bucket] = await Promise.all([freshPostgres(), startBucket()]);
  // Started together: the migrations, the admin and the demo are made once (a lock on the database).
  a = start();
  b = start();
  await Promise.all([a.ready(), b.ready()]);
}, 480_000);

afterAll(async () => {
  await Promise.all([a?.stop('SIGKILL'), b?.stop('SIGKILL')]);
  await bucket?.close();
  await database?.drop();
});

const me = (server: ServerProcess, cookie: string) =>
  server.request('GET', '/api/auth/me', { cookie }).then((r) => r.status);

describe('two instances on one database and one bucket', () => {
  it('started together, made one admin and one demo academy', async () => {
    expect(await count(`users u where u.type = 'admin'`)).toBe(1);
    expect(await count(`users u where u.email = '${TEACHER.email}'`)).toBe(1);
  });

  it('a sign-in on A is valid on B; a logout on A is refused on B at once', async () => {
    const session = await a.signIn(ADMIN.email, ADMIN.password);
    expect(await me(b, session)).toBe(200);
    expect(await me(b, session)).toBe(200); // now in B's cache of signed-in users
    expect((await a.request('POST', '/api/auth/logout', { cookie: session, json: {} })).status).toBe(200);
    const { value, ms } = await until(
      () => me(b, session),
      (status) => status === 401,
    );
    expect(value).toBe(401);
    expect(ms).toBeLessThan(1000);
  });

  it('a password change on A ends the sessions B holds', async () => {
    const onB = await b.signIn(TEACHER.email, TEACHER.password);
    const onA = await a.signIn(TEACHER.email, TEACHER.password);
    expect(await me(b, onB)).toBe(200);
    const newPassword = 'N3w&Passw0rd';
    const changed = await a.request('POST', '/api/auth/change-password', {
      cookie: onA,
      json: { currentPassword: TEACHER.password, newPassword },
    });
    expect(changed.status, changed.bytes.toString()).toBe(200);
    const { value } = await until(
      () => me(b, onB),
      (status) => status === 401,
      1000,
    );
    expect(value).toBe(401);
    expect((await b.request('POST', '/api/auth/login', { json: TEACHER })).status).toBe(401);
    await b.signIn(TEACHER.email, newPassword);
  });

  it('a course edited on A is seen on B on its next read of the kept list', async () => {
    const adminA = await a.signIn(ADMIN.email, ADMIN.password);
    const adminB = await b.signIn(ADMIN.email, ADMIN.password);
    const titles = async () =>
      (await b.request('GET', '/api/courses', { cookie: adminB })).json() as Array<{ id: string; title: string }>;
    await titles(); // B keeps the rendered list
    const created = await a.request('POST', '/api/courses', { cookie: adminA, json: { title: 'Shared Course' } });
    expect(created.status).toBe(201);
    const id = created.json().id as string;
    expect((await until(titles, (list) => list.some((c) => c.id === id), 1000)).value.some((c) => c.id === id)).toBe(
      true,
    );
    expect(
      (await a.request('PUT', `/api/courses/${id}`, { cookie: adminA, json: { title: 'Renamed Course' } })).status,
    ).toBe(200);
    const renamed = await until(titles, (list) => list.some((c) => c.title === 'Renamed Course'), 1000);
    expect(renamed.value.find((c) => c.id === id)?.title).toBe('Renamed Course');
  });

  it('a question with images made on A is listed, served and edited across both', async () => {
    const teacherA = await a.signIn(ADMIN.email, ADMIN.password);
    const teacherB = await b.signIn(ADMIN.email, ADMIN.password);
    const [category] = (await a.request('GET', '/api/category', { cookie: teacherA })).json() as Array<{ id: string }>;
    const [focus] = (await a.request('GET', '/api/focus', { cookie: teacherA })).json() as Array<{ id: string }>;
    const images = [pngBytes(5, 4), pngBytes(7, 2)];
    const fields = {
      questionText: '<p>Made on A</p>',
      grade: '6',
      type: 'Multiple Choice',
      category: [category.id],
      focus: [focus.id],
      options: { A: 'yes', B: 'no' },
      answer: { a1: ['A'] },
    };
    const body = await multipartBody(
      fields,
      images.map((bytes, i) => ({ field: 'attachments', name: `figure${i}.png`, type: 'image/png', bytes })),
    );
    const created = await a.request('POST', '/api/questions', {
      cookie: teacherA,
      body: body.payload,
      headers: body.headers,
    });
    expect(created.status, created.bytes.toString()).toBe(201);
    const question = created.json().question as { id: string; attachments: Array<{ filename: string }> };
    for (const [i, attachment] of question.attachments.entries()) {
      const image = await b.request('GET', `/api/questions/uploads/${attachment.filename}`, { cookie: teacherB });
      expect(image.status).toBe(200);
      expect(image.bytes.equals(images[i])).toBe(true);
    }
    const texts = async () =>
      (await b.request('GET', '/api/questions?pageSize=5', { cookie: teacherB })).json().questions as Array<{
        id: string;
        questionText: string;
      }>;
    expect(
      (await until(texts, (list) => list.some((q) => q.id === question.id), 1000)).value.some(
        (q) => q.id === question.id,
      ),
    ).toBe(true);
    const edit = await multipartBody({ ...fields, questionText: '<p>Edited on A</p>' });
    expect(
      (
        await a.request('PUT', `/api/questions/${question.id}`, {
          cookie: teacherA,
          body: edit.payload,
          headers: edit.headers,
        })
      ).status,
    ).toBe(200);
    const seen = await until(texts, (list) => list.some((q) => q.questionText === '<p>Edited on A</p>'), 1000);
    expect(seen.value.find((q) => q.id === question.id)?.questionText).toBe('<p>Edited on A</p>');
  });

  it('counts sign-in limits per address and per e-mail across both instances', async () => {
    // Per address: 30 failures in 15 minutes, whichever instance saw them.
    const fromIp = { 'x-forwarded-for': '203.0.113.7' };
    for (let i = 0; i < 30; i++) {
      const server = i % 2 ? b : a;
      const response = await server.request('POST', '/api/auth/login', {
        json: { email: `nobody${i}@example.com`, password: 'Wrong-pass1!' },
        headers: fromIp,
      });
      expect(response.status, `try ${i + 1}`).toBe(401);
    }
    for (const server of [a, b]) {
      expect(
        (
          await server.request('POST', '/api/auth/login', {
            json: { email: 'another@example.com', password: 'Wrong-pass1!' },
            headers: fromIp,
          })
        ).status,
      ).toBe(429);
    }
    // Per e-mail and address: 10 failures.
    const fromOther = { 'x-forwarded-for': '203.0.113.8' };
    for (let i = 0; i < 10; i++) {
      const server = i % 2 ? a : b;
      expect(
        (
          await server.request('POST', '/api/auth/login', {
            json: { email: 'target@example.com', password: 'Wrong-pass1!' },
            headers: fromOther,
          })
        ).status,
      ).toBe(401);
    }
    const locked = await a.request('POST', '/api/auth/login', {
      json: { email: 'target@example.com', password: 'Wrong-pass1!' },
      headers: fromOther,
    });
    expect(locked.status).toBe(429);
    expect(locked.json().message).toBe(
      'Too many sign-in attempts for this email. Please wait 15 minutes or reset your password.',
    );
  });

  it("each instance's answer-attempt writer flushes on SIGTERM: every checked answer is stored", async () => {
    const before = await count('answer_attempts');
    const onA = await a.signIn(STUDENT.email, STUDENT.password);
    const onB = await b.signIn(STUDENT.email, STUDENT.password);
    const courses = (await a.request('GET', '/api/student/courses', { cookie: onA })).json().courses as Array<{
      exercises: string[];
    }>;
    const questionId = courses.flatMap((c) => c.exercises)[0];
    expect(questionId).toBeTruthy();
    const checks = Array.from({ length: 20 }, (_, i) =>
      (i % 2 ? b : a).request('POST', '/api/questions/check-answer', {
        cookie: i % 2 ? onB : onA,
        json: { questionId, studentAnswer: String(i) },
      }),
    );
    const answers = await Promise.all(checks);
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(await Promise.all([a.stop('SIGTERM'), b.stop('SIGTERM')])).toEqual([0, 0]);
    expect(await count('answer_attempts')).toBe(before + 20);
  });
});
