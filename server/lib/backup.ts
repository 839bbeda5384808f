/**
 * One backup file of an academy on the embedded database: a tar holding the PGlite data directory (its own
 * gzipped tar, `database.tar.gz`), every upload the database names (`uploads/NAME`) and `manifest.json`, last,
 * with each entry's size and SHA-256. `npm run backup` writes it (server/tools/backup.ts), through the running
 * server when there is one, and `npm run restore` checks and loads it (server/tools/restore.ts).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { readAll, type UploadStore } from './storage';
import { indexTar, TarError, tarEnd, tarEntry, type TarIndexEntry } from './tar';

export const MANIFEST_ENTRY = 'manifest.json';
export const DATABASE_ENTRY = 'database.tar.gz';
const UPLOADS_PREFIX = 'uploads/';

const manifestSchema = z.object({
  format: z.literal('math-academy-backup'),
  version: z.literal(1),
  createdAt: z.string(),
  database: z.literal('pglite'),
  entries: z.array(
    z.object({ name: z.string(), size: z.number().int().nonnegative(), sha256: z.string().regex(/^[0-9a-f]{64}$/) }),
  ),
  /** Uploads the database named that were not found when the backup was taken. */
  missing: z.array(z.string()),
});
export type BackupManifest = z.infer<typeof manifestSchema>;

export class BackupError extends Error {}

/** What `npm run backup` and `npm run restore` say on PostgreSQL, where the database's own tools do the work. */
export function postgresAdvice(config: Pick<Config, 's3'>, command: 'backup' | 'restore'): string {
  const bucket = config.s3?.bucket;
  const copyOut = bucket
    ? `aws s3 sync s3://${bucket} ./uploads        (or: mc mirror ALIAS/${bucket} ./uploads)`
    : 'cp -a "$DATA_DIR/uploads" ./uploads';
  const copyIn = bucket ? `aws s3 sync ./uploads s3://${bucket}` : 'cp -a ./uploads "$DATA_DIR/uploads"';
  return [
    `npm run ${command} handles the embedded database only; this academy runs on PostgreSQL (DATABASE_URL), whose own tools do it:`,
    '',
    'Back up the database first, then the uploads (a file the dump names but the copy lacks is the only loss that matters):',
    '  pg_dump -Fc "$DATABASE_URL" > academy.dump',
    `  ${copyOut}`,
    '',
    'Restore into an empty database, with the servers stopped:',
    '  pg_restore --no-owner -d "$DATABASE_URL" academy.dump',
    `  ${copyIn}`,
    '',
  ].join('\n');
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * The backup file's bytes, in order. Deleted uploads are kept on disk from before the dump until the last file
 * is read, so every file the dump names is still there to copy; files written later belong to a later backup.
 */
export async function* backupArchive(
  database: Database,
  uploads: UploadStore,
  now: Date = new Date(),
): AsyncGenerator<Buffer> {
  if (!database.snapshot) {
    throw new BackupError(
      'The academy backs up only its embedded database; back up PostgreSQL with pg_dump (docs/DEPLOYMENT.md, backups).',
    );
  }
  const entries: BackupManifest['entries'] = [];
  const missing: string[] = [];
  const entry = (name: string, bytes: Buffer) => {
    entries.push({ name, size: bytes.length, sha256: sha256(bytes) });
    return tarEntry(name, bytes, now);
  };
  const release = uploads.keepFiles();
  try {
    const { dump, filenames } = await database.snapshot();
    yield entry(DATABASE_ENTRY, Buffer.from(await dump.arrayBuffer()));
    for (const name of filenames) {
      const file = await uploads.open(name);
      if (!file) {
        missing.push(name);
        continue;
      }
      yield entry(`${UPLOADS_PREFIX}${name}`, await readAll(file.stream));
    }
  } finally {
    await release();
  }
  const manifest: BackupManifest = {
    format: 'math-academy-backup',
    version: 1,
    createdAt: now.toISOString(),
    database: 'pglite',
    entries,
    missing,
  };
  yield tarEntry(MANIFEST_ENTRY, Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`), now);
  yield tarEnd();
}

export interface CheckedBackup {
  manifest: BackupManifest;
  /** The names of the uploads in the backup. */
  uploads: string[];
  database(): Promise<Buffer>;
  upload(name: string): Promise<Buffer>;
}

/**
 * Opens a backup file and checks it whole: a tar of exactly the entries its manifest lists, each of the size and
 * SHA-256 the manifest gives. Throws a BackupError that says what is wrong.
 */
export async function checkBackup(file: string): Promise<CheckedBackup> {
  let index: TarIndexEntry[];
  try {
    index = await indexTar(file);
  } catch (error) {
    if (error instanceof TarError) throw new BackupError(`${file} is not a whole backup: ${error.message}`);
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new BackupError(`There is no file ${file}.`);
    throw error;
  }
  const byName = new Map(index.map((entry) => [entry.name, entry]));
  const readEntry = async (entry: TarIndexEntry): Promise<Buffer> => {
    const handle = await fsp.open(file, 'r');
    try {
      const bytes = Buffer.alloc(entry.size);
      await handle.read(bytes, 0, entry.size, entry.offset);
      return bytes;
    } finally {
      await handle.close();
    }
  };
  const manifestEntry = byName.get(MANIFEST_ENTRY);
  if (!manifestEntry)
    throw new BackupError(
      `${file} holds no ${MANIFEST_ENTRY}: it is not a backup of the academy, or it was cut short.`,
    );
  let manifest: BackupManifest;
  try {
    manifest = manifestSchema.parse(JSON.parse((await readEntry(manifestEntry)).toString('utf8')));
  } catch {
    throw new BackupError(`The ${MANIFEST_ENTRY} of ${file} is not one this version of the academy reads.`);
  }
  const listed = new Set(manifest.entries.map((entry) => entry.name));
  const unlisted = index
    .filter((entry) => entry.name !== MANIFEST_ENTRY && !listed.has(entry.name))
    .map((entry) => entry.name);
  if (unlisted.length)
    throw new BackupError(`${file} holds entries its manifest does not list: ${unlisted.join(', ')}.`);
  if (!listed.has(DATABASE_ENTRY)) throw new BackupError(`${file} holds no database.`);
  for (const expected of manifest.entries) {
    const entry = byName.get(expected.name);
    if (!entry) throw new BackupError(`${file} lacks ${expected.name}, which its manifest lists.`);
    const name = expected.name.startsWith(UPLOADS_PREFIX) ? expected.name.slice(UPLOADS_PREFIX.length) : null;
    if (expected.name !== DATABASE_ENTRY && (!name || name.includes('/') || name.startsWith('.'))) {
      throw new BackupError(`${file} holds ${expected.name}, which is neither the database nor an upload.`);
    }
    if (entry.size !== expected.size || (await hashEntry(file, entry)) !== expected.sha256) {
      throw new BackupError(
        `${expected.name} in ${file} is damaged: its bytes do not match the checksum in the manifest.`,
      );
    }
  }
  return {
    manifest,
    uploads: manifest.entries
      .filter((entry) => entry.name.startsWith(UPLOADS_PREFIX))
      .map((entry) => entry.name.slice(UPLOADS_PREFIX.length)),
    database: () => readEntry(byName.get(DATABASE_ENTRY)!),
    upload: (name) => readEntry(byName.get(`${UPLOADS_PREFIX}${name}`)!),
  };
}

async function hashEntry(file: string, entry: TarIndexEntry): Promise<string> {
  const hash = createHash('sha256');
  if (entry.size > 0) {
    for await (const chunk of fs.createReadStream(file, { start: entry.offset, end: entry.offset + entry.size - 1 }))
      hash.update(chunk as Buffer);
  }
  return hash.digest('hex');
}

/**
 * How `npm run backup` asks the running server for the backup: its address and a secret, in a file of DATA_DIR
 * that only the server's own user may read, so whoever can ask could read the database files anyway.
 */
export interface BackupAccess {
  pid: number;
  url: string;
  token: string;
}

const ACCESS_FILE = 'backup-access.json';
const accessSchema = z.object({ pid: z.number().int(), url: z.string().url(), token: z.string().min(32) });

export function writeBackupAccess(dataDir: string, access: BackupAccess): void {
  const target = path.join(dataDir, ACCESS_FILE);
  const fresh = `${target}.${process.pid}`;
  // A new file takes the mode as it is created; renaming it over an old one never leaves the secret readable.
  fs.rmSync(fresh, { force: true });
  fs.writeFileSync(fresh, JSON.stringify(access), { mode: 0o600, flag: 'wx' });
  fs.renameSync(fresh, target);
}

/** Removes the access file if it is still this process's. */
export function removeBackupAccess(dataDir: string): void {
  if (readBackupAccess(dataDir)?.pid === process.pid) fs.rmSync(path.join(dataDir, ACCESS_FILE), { force: true });
}

/** The running server's access file; null when there is none (or a half-written one). */
export function readBackupAccess(dataDir: string): BackupAccess | null {
  const file = path.join(dataDir, ACCESS_FILE);
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EACCES') {
      throw new BackupError(`${file} may be read only by the user the server runs as: run the backup as that user.`);
    }
    return null;
  }
  try {
    return accessSchema.parse(JSON.parse(text));
  } catch {
    return null;
  }
}
