/**
 * Indexes on tables that grow with use, built after the migrations while the academy serves. A migration runs in one
 * transaction, and CREATE INDEX there holds every write to the table until the build ends: minutes on a year's
 * answer attempts, a pause no upgrade may bring. On PostgreSQL these are built CONCURRENTLY by one instance at a
 * time (the others serve meanwhile, as the queries are right without them, only slower); PGlite, a single process
 * whose tables stay small, builds them at open.
 */
export interface BackgroundIndex {
  name: string;
  table: string;
  /** What follows `on <table>`: the key columns, and the columns carried along. */
  columns: string;
  /** An index this one serves in place of, dropped once this one stands (the queries keep an index all along). */
  replaces?: string;
}

export const BACKGROUND_INDEXES: readonly BackgroundIndex[] = [
  {
    // A student's checks per question in the order taken, with whether each was right: their totals, a solution's
    // tries and a gradebook read from the index alone. A year's attempts of one student lie on hundreds of the
    // table's pages, each a read from disk after a restart.
    name: 'answer_attempts_student_checks_idx',
    table: 'answer_attempts',
    columns: '(student_id, question_id, created_at) include (is_correct, id)',
    replaces: 'answer_attempts_student_question_idx',
  },
];

/** Held by the instance that builds, so another one starting meanwhile neither builds twice nor drops its work. */
const INDEX_BUILD_LOCK = 7_318_004;

type Run = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;

export interface IndexLog {
  info(message: string): void;
  warn(message: string): void;
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Creates the missing ones in place, for a database that only this process uses (PGlite). */
export async function createIndexesInPlace(run: Run): Promise<void> {
  for (const index of BACKGROUND_INDEXES) {
    await run(`create index if not exists ${quoted(index.name)} on ${quoted(index.table)} ${index.columns}`);
    if (index.replaces) await run(`drop index if exists ${quoted(index.replaces)}`);
  }
}

/**
 * Builds the missing ones CONCURRENTLY on `run`'s own connection (PostgreSQL). Returns 'busy' when another instance
 * holds the build. An index left INVALID (a build stopped by a crash or a cancel) is dropped and built again: while
 * the lock is held no other build can be under way.
 */
export async function buildIndexesConcurrently(run: Run, log: IndexLog): Promise<'built' | 'busy'> {
  const [{ locked }] = (await run('select pg_try_advisory_lock($1) as locked', [INDEX_BUILD_LOCK])).rows as Array<{
    locked: boolean;
  }>;
  if (!locked) return 'busy';
  try {
    for (const index of BACKGROUND_INDEXES) {
      const [state] = (
        await run('select bi.indisvalid as valid from pg_index bi where bi.indexrelid = to_regclass($1)', [
          quoted(index.name),
        ])
      ).rows as Array<{ valid: boolean }>;
      if (!state?.valid) {
        if (state) await run(`drop index concurrently if exists ${quoted(index.name)}`);
        const started = performance.now();
        log.info(`building index ${index.name} on ${index.table} (the academy serves meanwhile)`);
        await run(`create index concurrently ${quoted(index.name)} on ${quoted(index.table)} ${index.columns}`);
        log.info(`index ${index.name} built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      }
      if (index.replaces) await run(`drop index concurrently if exists ${quoted(index.replaces)}`);
    }
    return 'built';
  } finally {
    await run('select pg_advisory_unlock($1)', [INDEX_BUILD_LOCK]);
  }
}
