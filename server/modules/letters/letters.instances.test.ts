/**
 * Two academy instances on one PostgreSQL database, both scheduling and sending letters at once: each parent gets
 * one letter per child and period. Always on PostgreSQL: PGlite is one process by design.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { openPostgres, type Database } from '../../db/client';
import { parentStudents } from '../../db/schema';
import { buildUser, type TestUser } from '../../test/factories';
import { MemoryOutbox } from '../../test/harness';
import { freshPostgres } from '../../test/processes';
import type { FastifyInstance } from 'fastify';

const SUNDAY_EVENING = new Date('2026-11-29T18:30:00Z');
const FAMILIES = 30;

let server: Awaited<ReturnType<typeof freshPostgres>>;
const instances: Array<{ app: FastifyInstance; database: Database; outbox: MemoryOutbox }> = [];
const parents: TestUser[] = [];

beforeAll(async () => {
  server = await freshPostgres();
  for (let i = 0; i < 2; i++) {
    const database = await openPostgres(server.url, 6);
    const outbox = new MemoryOutbox();
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: `/tmp/academy-letters-${process.pid}-${i}`,
      LOG_LEVEL: 'silent',
      // Instances of one academy share the key, as they must for sign-in codes.
      CODE_SECRET: 'letters-instances-shared-secret-0123456789',
    });
    const app = await buildApp({
      config,
      database,
      mailer: outbox,
      distDir: null,
      jobs: true,
      now: () => SUNDAY_EVENING,
    });
    await app.ready();
    instances.push({ app, database, outbox });
  }
  const db = instances[0].database.db;
  for (let i = 0; i < FAMILIES; i++) {
    const parent = await buildUser(db, 'parent');
    const child = await buildUser(db, 'student');
    await db.insert(parentStudents).values({ parentId: parent.id, studentId: child.id });
    parents.push(parent);
  }
}, 120_000);

afterAll(async () => {
  for (const { app, database } of instances) {
    await app.close();
    await database.close();
  }
  await server?.drop();
});

it('sends each letter once when two instances schedule and send at the same moment', async () => {
  const queued = await Promise.all(instances.map(({ app }) => app.letterJobs!.queueDue()));
  expect(queued[0] + queued[1]).toBe(FAMILIES);
  const sent = () => instances.flatMap(({ outbox }) => outbox.sent);
  const end = Date.now() + 30_000;
  while (sent().length < FAMILIES && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 200));
  // Time for a second sending of any letter, had one been queued twice.
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  await Promise.all(instances.map(({ app }) => app.letterJobs!.queueDue()));
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  const recipients = sent().map((mail) => mail.to);
  expect(recipients.sort()).toEqual(parents.map((p) => p.email).sort());
}, 90_000);
