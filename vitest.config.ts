import { configDefaults, defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

/**
 * Files that open no database of the run's choosing: they pick PGlite or PostgreSQL themselves (races and outages
 * always run on PostgreSQL, crashes and backups on both), or use none. A run on PostgreSQL (TEST_DATABASE_URL) would
 * repeat them exactly, so it leaves them to the run on PGlite.
 */
const sameOnEveryDatabase = [
  'server/**/*.race.test.ts',
  'server/lib/{backup,batch-writer,code-key,data-dir,database-errors,image-size,mail-queue,mail,rate-limit,sanitize}.test.ts',
  'server/lib/kept/*.test.ts',
  'server/plugins/{landing,spa,kept}.test.ts',
  'server/tools/{backup,to-postgres}.test.ts',
  'server/config.test.ts',
  'server/db/{changes,migrations}.test.ts',
  'server/modules/due-dates/ics.test.ts',
  'server/test/{connections,crash,disk-full,lifecycle,outage,selfContained,clientAddress,upgrade}.test.ts',
];

/** Server files that replace a module for the whole file (`vi.mock`), which files sharing modules would all see. */
const replacingModules = ['server/modules/auth/probing.test.ts'];

const exclude = process.env.TEST_DATABASE_URL
  ? [...configDefaults.exclude, ...sameOnEveryDatabase]
  : configDefaults.exclude;

export default defineConfig({
  resolve: { alias: { '@common': fileURLToPath(new URL('./common', import.meta.url)) } },
  test: {
    environment: 'node',
    // API tests each open an in-memory database; two workers match the two cores of CI's machine.
    pool: 'forks',
    globalSetup: ['server/test/pglite-template.ts'],
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['server/**/*.test.ts'],
          exclude: [...exclude, ...replacingModules],
          // Loading the server's modules took about as long as the server's tests themselves. A worker loads them
          // once for all its files: each file builds its own app on its own database, and what the server keeps
          // is kept per app or per database; a module holds only what a process shares (the file readers' threads)
          // and pure caches.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'isolated',
          include: ['*.test.ts', 'common/**/*.test.ts', 'web/**/*.test.ts', 'web/**/*.test.tsx', ...replacingModules],
          exclude,
        },
      },
    ],
  },
});
