/**
 * `npm run db:to-postgres`: copies the academy of an embedded database (DATA_DIR/pg) into the empty PostgreSQL
 * database of DATABASE_URL, and its uploads into the bucket of S3_BUCKET when one is set, so an academy that began
 * on one machine can move to PostgreSQL (and to several instances) without losing a row. Run it with the server
 * stopped: PGlite lets one process open its data directory, and the copy must see the academy as it stands.
 *
 * Both databases are brought to this code's migrations first, so they have the same tables and columns. The target
 * must hold no academy data: the copy never merges into a database nor overwrites one. It goes in one transaction,
 * so a copy cut short (or a count that differs) leaves the target as empty as it was and the command can run again.
 */
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { type Config, loadConfig, type S3Settings } from '../config';
import { type Database, dataDirHolder, DataDirLockedError, openPglite, openPostgres } from '../db/client';
import { OWNER_ONLY_UMASK } from '../lib/data-dir';
import { S3Driver } from '../lib/s3-storage';
import { isStoredName, LocalDriver } from '../lib/storage';
import { copyUploads } from './storage-migrate';

/** A refusal or failure the operator can act on: printed as its message alone, exit code 1. */
export class ToPostgresError extends Error {}

/**
 * Tables the migrations themselves fill (the academy's settings row and the built-in exam profiles), so a newly
 * migrated database holds rows there before any academy used it. They do not make the target "not empty": the
 * copy replaces their rows with the embedded academy's, whose tests name its own profiles' ids.
 * `to-postgres.test.ts` checks this list against a newly migrated database.
 */
export const FILLED_BY_MIGRATIONS = ['academy_settings', 'exam_profiles'];

/**
 * The first statement of a table reads few rows, their width unknown yet; each next one is sized from the bytes the
 * last one read, so a table of wide rows never arrives thousands at a time.
 */
const FIRST_BATCH_ROWS = 100;
const MAX_BATCH_ROWS = 5_000;
/** About this many bytes of rows read and written per statement, so memory stays bounded however large the academy. */
const BATCH_BYTES = 4 * 1024 * 1024;

export interface ToPostgresOptions {
  dataDir: string;
  databaseUrl?: string;
  /** The bucket the uploads go into; unset, they stay in DATA_DIR/uploads. */
  s3?: S3Settings;
  /** Progress, a line at a time. */
  log?: (line: string) => void;
}

export interface TableCount {
  table: string;
  embedded: number;
  postgres: number;
}

export interface ToPostgresReport {
  /** In the order they were copied, each with its rows on both sides. */
  tables: TableCount[];
  rows: number;
  /** The value each sequence of the target continues after. */
  sequences: Array<{ sequence: string; value: string }>;
  uploads:
    | { kind: 'bucket'; bucket: string; copied: number; present: number; skipped: string[] }
    | { kind: 'local'; folder: string; files: number };
  /** Other schemas of the embedded database that hold tables and were not copied (the letters' job queue). */
  notCopied: string[];
  seconds: number;
}

type Query = <T>(text: string, values?: unknown[]) => Promise<T[]>;

const ident = (name: string) => pg.escapeIdentifier(name);
const tableName = (name: string) => `${ident('public')}.${ident(name)}`;

interface TableInfo {
  name: string;
  /** Every column, as the catalog lists them. */
  columns: string[];
  /** The columns written: all but the generated ones, which the target computes itself. */
  written: string[];
  /** A column is `generated always as identity`: the copy must override it to keep the ids. */
  identityAlways: boolean;
  /** The primary key's columns with their types, in order; empty when the table has none (read by ctid then). */
  key: Array<{ column: string; typeSchema: string; type: string }>;
  /** Other tables of the schema this one's foreign keys reference. */
  references: Set<string>;
  /** Whether a foreign key references this table itself. */
  selfReference: boolean;
}

async function readCatalog(query: Query): Promise<Map<string, TableInfo>> {
  const tables = new Map<string, TableInfo>();
  const columns = await query<{ tbl: string; col: string; generated: boolean; identity: string }>(
    `select c.relname as tbl, a.attname as col, a.attgenerated <> '' as generated, a.attidentity as identity
       from pg_catalog.pg_attribute a
       join pg_catalog.pg_class c on c.oid = a.attrelid
      where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') and not c.relispartition
        and a.attnum > 0 and not a.attisdropped
      order by c.relname, a.attnum`,
  );
  for (const row of columns) {
    let table = tables.get(row.tbl);
    if (!table) {
      table = {
        name: row.tbl,
        columns: [],
        written: [],
        identityAlways: false,
        key: [],
        references: new Set(),
        selfReference: false,
      };
      tables.set(row.tbl, table);
    }
    table.columns.push(row.col);
    if (!row.generated) table.written.push(row.col);
    if (row.identity === 'a') table.identityAlways = true;
  }
  const keys = await query<{ tbl: string; col: string; type_schema: string; type_name: string }>(
    `select c.relname as tbl, a.attname as col, tn.nspname as type_schema, ty.typname as type_name
       from pg_catalog.pg_constraint p
       join pg_catalog.pg_class c on c.oid = p.conrelid
       cross join lateral unnest(p.conkey) with ordinality k(attnum, position)
       join pg_catalog.pg_attribute a on a.attrelid = p.conrelid and a.attnum = k.attnum
       join pg_catalog.pg_type ty on ty.oid = a.atttypid
       join pg_catalog.pg_namespace tn on tn.oid = ty.typnamespace
      where p.contype = 'p' and c.relnamespace = 'public'::regnamespace
      order by c.relname, k.position`,
  );
  for (const row of keys)
    tables.get(row.tbl)?.key.push({ column: row.col, typeSchema: row.type_schema, type: row.type_name });
  const foreignKeys = await query<{ tbl: string; referenced: string }>(
    `select c.relname as tbl, r.relname as referenced
       from pg_catalog.pg_constraint f
       join pg_catalog.pg_class c on c.oid = f.conrelid
       join pg_catalog.pg_class r on r.oid = f.confrelid
      where f.contype = 'f' and c.relnamespace = 'public'::regnamespace and r.relnamespace = 'public'::regnamespace`,
  );
  for (const row of foreignKeys) {
    const table = tables.get(row.tbl);
    if (!table) continue;
    if (row.referenced === row.tbl) table.selfReference = true;
    else table.references.add(row.referenced);
  }
  return tables;
}

/**
 * The tables in an order where every table comes after those its foreign keys reference, so each row's references
 * exist when it is written and PostgreSQL checks every key as usual. A table that references itself, or tables that
 * reference one another, have no such order (the academy has none): the command says so rather than copy them.
 */
function copyOrder(tables: Map<string, TableInfo>): string[] {
  const order: string[] = [];
  const placed = new Set<string>();
  let waiting = [...tables.keys()].sort();
  while (waiting.length > 0) {
    const ready = waiting.filter((name) => {
      const table = tables.get(name)!;
      return !table.selfReference && [...table.references].every((other) => placed.has(other));
    });
    if (ready.length === 0) {
      throw new ToPostgresError(
        `These tables reference themselves or one another, so no order writes each row after the rows it references: ${waiting.join(', ')}. ` +
          'This command copies the tables one after another in the order of their foreign keys.',
      );
    }
    for (const name of ready) {
      order.push(name);
      placed.add(name);
    }
    waiting = waiting.filter((name) => !placed.has(name));
  }
  return order;
}

/** Throws unless both databases have the same tables with the same columns (another version of the academy). */
function checkSameTables(source: Map<string, TableInfo>, target: Map<string, TableInfo>) {
  const names = new Set([...source.keys(), ...target.keys()]);
  for (const name of [...names].sort()) {
    const [a, b] = [source.get(name), target.get(name)];
    if (!a || !b || a.columns.join(',') !== b.columns.join(',')) {
      throw new ToPostgresError(
        `The table ${name} differs between the embedded database and PostgreSQL (${!a ? 'only in PostgreSQL' : !b ? 'only in the embedded database' : 'not the same columns'}): ` +
          'the PostgreSQL database was made by another version of the academy. Copy into a new, empty database.',
      );
    }
  }
}

/** The first table (in `tables`' order) that holds rows the migrations did not write, with its count. */
async function academyRowsIn(query: Query, tables: string[]): Promise<{ table: string; rows: number } | null> {
  for (const table of tables) {
    if (FILLED_BY_MIGRATIONS.includes(table)) continue;
    const [found] = await query<{ found: boolean }>(`select exists (select 1 from ${tableName(table)} t) as found`);
    if (!found.found) continue;
    const [row] = await query<{ rows: string }>(`select count(*)::text as rows from ${tableName(table)} t`);
    return { table, rows: Number(row.rows) };
  }
  return null;
}

/** Every table's rows, in one statement: one round trip whatever the number of tables. */
async function countRows(query: Query, tables: string[]): Promise<number[]> {
  const [row] = await query<{ counts: string }>(
    `select json_build_array(${tables.map((table) => `(select count(*) from ${tableName(table)} t)`).join(', ')})::text as counts`,
  );
  return JSON.parse(row.counts) as number[];
}

function refuseOccupied(found: { table: string; rows: number }): never {
  throw new ToPostgresError(
    `The PostgreSQL database already holds academy data (${found.rows} row(s) in the table ${found.table}): ` +
      'the copy goes into an empty database only, and never merges into or overwrites one. Create a new database and point DATABASE_URL at it.',
  );
}

/**
 * Throws when the database holds tables but no academy: migrating it would write the academy's tables beside
 * another application's, which a mistyped DATABASE_URL must never do.
 */
async function refuseOtherData(url: string, where: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch (error) {
    throw new ToPostgresError(
      `Could not connect to PostgreSQL at ${where}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  try {
    const [{ academy }] = (
      await client.query<{ academy: boolean }>(
        `select to_regclass('drizzle.__drizzle_migrations') is not null as academy`,
      )
    ).rows;
    if (academy) return;
    const others = (
      await client.query<{ name: string }>(
        `select c.relname as name from pg_catalog.pg_class c
          where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p', 'v', 'm', 'f')
          order by c.relname limit 6`,
      )
    ).rows.map((row) => row.name);
    if (others.length > 0) {
      throw new ToPostgresError(
        `The PostgreSQL database at ${where} holds tables that are not an academy's (${others.slice(0, 5).join(', ')}${others.length > 5 ? ', ...' : ''}): ` +
          'the copy goes into a new, empty database only. Create one and point DATABASE_URL at it.',
      );
    }
  } finally {
    await client.end();
  }
}

/** Where DATABASE_URL points, without its password, for messages. */
function describeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}${parsed.port ? `:${parsed.port}` : ''}${parsed.pathname}`;
  } catch {
    return 'DATABASE_URL';
  }
}

/**
 * Copies one table by keyset batches in primary key order (by ctid without one): each statement reads the rows after
 * the last one read, as JSON, and writes them with one multi-row insert. The next batch is read while this one is
 * written, so the two databases work side by side.
 */
async function copyTable(source: Query, target: pg.Client, table: TableInfo): Promise<number> {
  const name = tableName(table.name);
  const keyColumns = table.key.length > 0 ? table.key.map((k) => `t.${ident(k.column)}`) : ['t.ctid'];
  const keyCasts =
    table.key.length > 0
      ? table.key.map((k, i) => `($1::json->>${i})::${ident(k.typeSchema)}.${ident(k.type)}`)
      : ['($1::json->>0)::tid'];
  let limit = FIRST_BATCH_ROWS;
  const select = (after: string | null) =>
    source<{ row: string; key: string }>(
      `select to_json(t)::text as row, json_build_array(${keyColumns.join(', ')})::text as key
         from ${name} t
        ${after === null ? '' : `where (${keyColumns.join(', ')}) > (${keyCasts.join(', ')})`}
        order by ${keyColumns.join(', ')}
        limit ${after === null ? '$1' : '$2'}`,
      after === null ? [limit] : [after, limit],
    );
  const insert =
    `insert into ${name} (${table.written.map(ident).join(', ')}) ${table.identityAlways ? 'overriding system value ' : ''}` +
    `select ${table.written.map((column) => `r.${ident(column)}`).join(', ')} from json_populate_recordset(null::${name}, $1::json) r`;

  let copied = 0;
  let next: Promise<Array<{ row: string; key: string }>> | null = select(null);
  while (next) {
    const rows: Array<{ row: string; key: string }> = await next;
    if (rows.length === 0) break;
    const full = rows.length === limit;
    const bytes = rows.reduce((sum, r) => sum + r.row.length, 0);
    limit = Math.max(1, Math.min(MAX_BATCH_ROWS, Math.floor((rows.length * BATCH_BYTES) / Math.max(bytes, 1))));
    next = full ? select(rows[rows.length - 1].key) : null;
    // Read and written side by side: a failed write must not leave the next read's rejection unheard.
    next?.catch(() => undefined);
    await target.query(insert, [`[${rows.map((r) => r.row).join(',')}]`]);
    copied += rows.length;
  }
  return copied;
}

/**
 * Each sequence of the target continues after the larger of the embedded one's last value and the largest value
 * of the column it fills, so a new row never takes an id a copied row holds.
 */
async function continueSequences(
  source: Query,
  target: pg.Client,
): Promise<Array<{ sequence: string; value: string }>> {
  const sequences = await source<{ name: string; last_value: string | null }>(
    `select s.sequencename as name, s.last_value::text as last_value
       from pg_catalog.pg_sequences s where s.schemaname = 'public' order by s.sequencename`,
  );
  const done: Array<{ sequence: string; value: string }> = [];
  for (const sequence of sequences) {
    const qualified = `${ident('public')}.${ident(sequence.name)}`;
    const owners = await target.query<{ tbl: string; col: string }>(
      `select t.relname as tbl, a.attname as col
         from pg_catalog.pg_depend d
         join pg_catalog.pg_class t on t.oid = d.refobjid
         join pg_catalog.pg_attribute a on a.attrelid = d.refobjid and a.attnum = d.refobjsubid
        where d.classid = 'pg_catalog.pg_class'::regclass and d.refclassid = 'pg_catalog.pg_class'::regclass
          and d.deptype in ('a', 'i') and d.objid = $1::regclass`,
      [qualified],
    );
    let value = sequence.last_value === null ? null : BigInt(sequence.last_value);
    for (const owner of owners.rows) {
      const [max] = (
        await target.query<{ max: string | null }>(
          `select max(t.${ident(owner.col)})::text as max from ${tableName(owner.tbl)} t`,
        )
      ).rows;
      if (max.max !== null && (value === null || BigInt(max.max) > value)) value = BigInt(max.max);
    }
    if (value === null) continue;
    await target.query('select setval($1::regclass, $2::bigint)', [qualified, value.toString()]);
    done.push({ sequence: sequence.name, value: value.toString() });
  }
  return done;
}

async function copyFiles(options: ToPostgresOptions): Promise<ToPostgresReport['uploads']> {
  const local = new LocalDriver(options.dataDir);
  if (!options.s3) return { kind: 'local', folder: local.dir, files: (await local.list()).filter(isStoredName).length };
  const bucket = new S3Driver(options.s3);
  try {
    const report = await copyUploads(local, bucket);
    return { kind: 'bucket', bucket: options.s3.bucket, ...report };
  } finally {
    bucket.client.destroy();
  }
}

/**
 * Copies the academy of `dataDir` into the PostgreSQL database of `databaseUrl` (and its uploads into the bucket).
 * Throws a `ToPostgresError` for every refusal: no DATABASE_URL, no database in DATA_DIR, a server still on it, a
 * target that is not empty or not of this version, a count that differs after the copy.
 */
export async function toPostgres(options: ToPostgresOptions): Promise<ToPostgresReport> {
  const started = performance.now();
  const log = options.log ?? (() => {});
  const { dataDir, databaseUrl } = options;
  if (!databaseUrl) {
    throw new ToPostgresError(
      'Set DATABASE_URL to the PostgreSQL database to copy the academy into (an empty one, e.g. postgres://academy:PASSWORD@db.example.com:5432/academy).',
    );
  }
  if (!fs.existsSync(path.join(dataDir, 'pg', 'PG_VERSION'))) {
    throw new ToPostgresError(
      `There is no embedded academy database in ${path.join(dataDir, 'pg')}: set DATA_DIR to the academy's data directory.`,
    );
  }
  const holder = dataDirHolder(dataDir);
  if (holder) {
    throw new ToPostgresError(
      `A server (pid ${holder}) is using ${dataDir}: stop it first, so the copy holds everything and nothing changes after it (npm run backup works while it runs).`,
    );
  }

  const where = describeUrl(databaseUrl);
  await refuseOtherData(databaseUrl, where);
  let target: Database;
  try {
    // Applies the migrations, so the target has this code's tables whatever it had.
    target = await openPostgres(databaseUrl, 2);
  } catch (error) {
    throw new ToPostgresError(
      `Could not open and migrate the PostgreSQL database at ${where}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  let source: Database | undefined;
  try {
    const targetQuery: Query = async (text, values) => (await target.executeSql(text, values)).rows as never;
    const targetTables = await readCatalog(targetQuery);
    // Checked before the embedded database is opened (and migrated), which takes a while; again in the transaction.
    const early = await academyRowsIn(targetQuery, copyOrder(targetTables));
    if (early) refuseOccupied(early);

    // Takes the data directory's lock (a server starting now is refused) and applies the migrations.
    source = await openPglite(dataDir);
    const sourceDb = source;
    const sourceQuery: Query = async (text, values) => (await sourceDb.executeSql(text, values ?? [])).rows as never;
    const tables = await readCatalog(sourceQuery);
    checkSameTables(tables, targetTables);
    const order = copyOrder(tables);
    const notCopied = (
      await sourceQuery<{ name: string }>(
        `select distinct n.nspname as name from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
          where c.relkind in ('r', 'p') and n.nspname not in ('public', 'drizzle', 'pg_catalog', 'information_schema')
            and n.nspname not like 'pg\\_%' order by 1`,
      )
    ).map((row) => row.name);

    // The uploads first: copying them again skips the files already there, so after any failure below the whole
    // command simply runs again; the other way round, a bucket refusing its keys would strand a copied database.
    if (options.s3) log(`Copying the uploads into the bucket ${options.s3.bucket}...`);
    const uploads = await copyFiles(options);

    const embeddedCounts = await countRows(sourceQuery, order);
    log(`Copying ${order.length} tables, ${embeddedCounts.reduce((sum, n) => sum + n, 0)} rows, in one transaction...`);

    // Under the start-up lock: an academy server starting on the target meanwhile waits for the copy before it
    // creates its first admin, instead of making one the copy would then collide with.
    const result = await target.exclusive(async () => {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        // One transaction, in the order of the foreign keys, rather than `session_replication_role = replica`
        // (which skips the keys' checks and the triggers): that setting takes a superuser, which the academy's
        // role on a managed PostgreSQL seldom is, and the keys checked row by row prove the copy whole. The
        // triggers that announce changes to running servers fire once a statement; at most they empty a cache.
        await client.query('begin');
        const targetInTx: Query = async (text, values) => (await client.query(text, values)).rows as never;
        const occupied = await academyRowsIn(targetInTx, order);
        if (occupied) refuseOccupied(occupied);
        // Rows that reference others first, so no delete is refused for a reference.
        for (const table of [...order].reverse().filter((name) => FILLED_BY_MIGRATIONS.includes(name)))
          await client.query(`delete from ${tableName(table)}`);

        for (const [i, table] of order.entries()) {
          const tableStarted = performance.now();
          // An empty table needs no statement: the embedded database is locked and cannot change meanwhile.
          const copied = embeddedCounts[i] > 0 ? await copyTable(sourceQuery, client, tables.get(table)!) : 0;
          if (embeddedCounts[i] >= 10_000)
            log(`${table}: ${copied} rows in ${((performance.now() - tableStarted) / 1000).toFixed(1)} s`);
        }
        const sequences = await continueSequences(sourceQuery, client);
        const postgresCounts = await countRows(targetInTx, order);
        const tableCounts: TableCount[] = order.map((table, i) => ({
          table,
          embedded: embeddedCounts[i],
          postgres: postgresCounts[i],
        }));
        const differ = tableCounts.filter((count) => count.embedded !== count.postgres);
        if (differ.length > 0) {
          throw new ToPostgresError(
            `The copy was not committed: the counts differ in ${differ.map((c) => `${c.table} (embedded ${c.embedded}, PostgreSQL ${c.postgres})`).join(', ')}.\n` +
              countTable(tableCounts),
          );
        }
        await client.query('commit');
        return { tableCounts, sequences };
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        await client.end();
      }
    });

    return {
      tables: result.tableCounts,
      rows: result.tableCounts.reduce((sum, count) => sum + count.postgres, 0),
      sequences: result.sequences,
      uploads,
      notCopied,
      seconds: (performance.now() - started) / 1000,
    };
  } finally {
    await source?.close();
    await target.close();
  }
}

/** Rows table by table, as printed: by name, for a reader looking one up. */
export function countTable(counts: TableCount[]): string {
  const width = Math.max(5, ...counts.map((count) => count.table.length));
  return [
    `  ${'table'.padEnd(width)}  ${'embedded'.padStart(9)}  ${'PostgreSQL'.padStart(10)}`,
    ...[...counts]
      .sort((a, b) => a.table.localeCompare(b.table))
      .map(
        (count) =>
          `  ${count.table.padEnd(width)}  ${String(count.embedded).padStart(9)}  ${String(count.postgres).padStart(10)}`,
      ),
  ].join('\n');
}

/** What the command prints once the copy is committed: the counts, the uploads, and what to do next. */
export function summary(report: ToPostgresReport, config: Pick<Config, 'dataDir' | 'codeSecret'>): string {
  const lines = [
    `Copied the academy of ${path.join(config.dataDir, 'pg')} into PostgreSQL in ${report.seconds.toFixed(1)} s: ` +
      `${report.tables.length} tables, ${report.rows} rows, every count the same on both sides.`,
    countTable(report.tables),
  ];
  if (report.sequences.length > 0)
    lines.push(`Sequences continue after: ${report.sequences.map((s) => `${s.sequence} ${s.value}`).join(', ')}.`);
  const uploads = report.uploads;
  if (uploads.kind === 'bucket') {
    lines.push(
      `Uploads: ${uploads.copied} file(s) copied into the bucket ${uploads.bucket}, ${uploads.present} already there.` +
        (uploads.skipped.length > 0 ? ` Not images, not copied: ${uploads.skipped.join(', ')}.` : ''),
    );
  } else {
    lines.push(
      `Uploads: the ${uploads.files} file(s) stay in ${uploads.folder} (no S3_BUCKET set). A server on PostgreSQL on this machine ` +
        'with the same DATA_DIR keeps serving them there; for several machines, set S3_BUCKET and run npm run storage:migrate.',
    );
  }
  for (const schema of report.notCopied) {
    lines.push(
      schema === 'pgboss'
        ? 'Not copied: the letters job queue (schema pgboss). Each server makes it again at start; the letters table, copied, ' +
            'says which letters were sent (never sent again), and a letter still waiting is queued again within ten minutes.'
        : `Not copied: the schema ${schema}, which is not the academy's.`,
    );
  }
  if (!config.codeSecret) {
    lines.push(
      `E-mail codes and the letters' unsubscribe links are keyed by ${path.join(config.dataDir, 'code-secret')}: run the servers ` +
        "with this DATA_DIR, or set CODE_SECRET to that file's content on every one.",
    );
  }
  lines.push(
    'Next: start the server with DATABASE_URL (and the S3_* settings) set. The embedded database is left as it was; keep it until the academy runs on PostgreSQL.',
  );
  return `${lines.join('\n')}\n`;
}

async function main() {
  const config = loadConfig();
  // The embedded database may write new files while it is open here: they are the server's user's alone.
  process.umask(OWNER_ONLY_UMASK);
  const report = await toPostgres({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    s3: config.s3,
    log: (line) => process.stdout.write(`${line}\n`),
  });
  process.stdout.write(summary(report, config));
}

if (process.argv[1]?.endsWith('to-postgres.ts')) {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      const known = error instanceof ToPostgresError || error instanceof DataDirLockedError;
      process.stderr.write(
        `The copy to PostgreSQL failed: ${known ? error.message : error instanceof Error ? error.stack : String(error)}\n`,
      );
      process.exit(1);
    },
  );
}
