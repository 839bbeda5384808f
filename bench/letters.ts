/**
 * The weekly letters at scale (budget: 5,000 parents' letters built and queued within five minutes): seeds 5,000
 * parents with a child each and a week of activity on PGlite, then times the tick that claims and queues them and
 * the jobs that build and hand them to the mail server. Run: `npm run bench:letters`.
 */
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openPglite } from '../server/db/client';
import type { Mail } from '../server/lib/mail';

const PARENTS = Number(process.env.PARENTS ?? 5000);
const SUNDAY_EVENING = new Date('2026-11-29T18:30:00Z');

const database = await openPglite(null);
const db = database.db;
await db.execute(sql`insert into users (email, password_hash, type)
  select 'bench-parent-' || g || '@example.com', 'x', 'parent' from generate_series(1, ${PARENTS}) g`);
await db.execute(sql`insert into users (email, password_hash, type)
  select 'bench-child-' || g || '@example.com', 'x', 'student' from generate_series(1, ${PARENTS}) g`);
await db.execute(sql`insert into parent_students (parent_id, student_id)
  select p.id, c.id from users p join users c on c.email = replace(p.email, 'bench-parent-', 'bench-child-')
  where p.email like 'bench-parent-%'`);
await db.execute(sql`insert into student_days (student_id, day, checks, solved, first_tries, first_tries_right, active_minutes)
  select c.id, d::date, 6, 4, 4, 3, 15 from users c, generate_series('2026-11-22'::date, '2026-11-28'::date, '1 day') d
  where c.email like 'bench-child-%'`);

let sent = 0;
const app = await buildApp({
  config: loadConfig({ NODE_ENV: 'test', DATA_DIR: `/tmp/academy-letters-bench-${process.pid}`, LOG_LEVEL: 'silent' }),
  database,
  mailer: { send: async (_mail: Mail) => void sent++ },
  distDir: null,
  jobs: true,
  now: () => SUNDAY_EVENING,
});
await app.ready();
const started = performance.now();
const queued = await app.letterJobs!.queueDue();
const queuedMs = performance.now() - started;
while (sent < queued) await new Promise((resolve) => setTimeout(resolve, 200));
const allMs = performance.now() - started;
process.stdout.write(
  `${queued} letters claimed and queued in ${(queuedMs / 1000).toFixed(1)} s; built and handed to the mail server in ${(allMs / 1000).toFixed(1)} s\n`,
);
await app.close();
await database.close();
