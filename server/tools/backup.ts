/**
 * `npm run backup [FILE]`: writes one file holding the embedded database and every upload it names
 * (lib/backup.ts), by default `academy-backup-YYYYMMDD-HHMMSS.tar` in the current folder. PGlite lets one process
 * open its data directory, so while a server runs on DATA_DIR the server itself takes the copy, between two of its
 * statements, and streams it here; without one the command opens DATA_DIR itself. The file is checked against
 * its manifest before it takes its name. On PostgreSQL the command says how to back up with pg_dump instead.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { type Config, loadConfig } from '../config';
import { dataDirHolder, DataDirLockedError, openPglite } from '../db/client';
import { backupArchive, BackupError, checkBackup, postgresAdvice, readBackupAccess } from '../lib/backup';
import { fileDriver } from '../lib/file-driver';
import { UploadStore } from '../lib/storage';

/** The file holds every account's password hash: only its owner may read it. */
const BACKUP_FILE_MODE = 0o600;

function timestamp(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}${pad(date.getMonth() + 1)}${pad(date.getDate())}-${pad(date.getHours())}${pad(date.getMinutes())}${pad(date.getSeconds())}`;
}

/** Asks the server running on DATA_DIR for the backup and writes what it streams into `file`. */
async function backupThroughServer(config: Config, holder: number, file: string): Promise<void> {
  const access = readBackupAccess(config.dataDir);
  if (!access || access.pid !== holder) {
    throw new BackupError(
      `A server (pid ${holder}) is using ${config.dataDir} but offers no backup: it may still be starting (try again in a moment), ` +
        'or it is older than this command (stop it and run the backup again).',
    );
  }
  let response: Response;
  try {
    response = await fetch(`${access.url}/api/backup`, { headers: { authorization: `Bearer ${access.token}` } });
  } catch (error) {
    throw new BackupError(
      `Could not reach the server (pid ${holder}) at ${access.url}: ${error instanceof Error ? error.message : String(error)}.`,
    );
  }
  if (!response.ok || !response.body)
    throw new BackupError(`The server (pid ${holder}) at ${access.url} refused the backup (HTTP ${response.status}).`);
  try {
    await pipeline(
      Readable.fromWeb(response.body as WebReadableStream<Uint8Array>),
      fs.createWriteStream(file, { flags: 'wx', mode: BACKUP_FILE_MODE }),
    );
  } catch (error) {
    throw new BackupError(
      `The server stopped sending the backup half-way (${error instanceof Error ? error.message : String(error)}); its log says why.`,
    );
  }
}

/** Opens DATA_DIR itself (no server runs on it) and writes the backup into `file`. */
async function backupDataDir(config: Config, file: string): Promise<void> {
  if (!fs.existsSync(path.join(config.dataDir, 'pg', 'PG_VERSION'))) {
    throw new BackupError(
      `There is no academy database in ${path.join(config.dataDir, 'pg')}: set DATA_DIR to the academy's data directory.`,
    );
  }
  // As it is: a backup never migrates.
  const database = await openPglite(config.dataDir, { migrate: false });
  try {
    const uploads = new UploadStore(fileDriver(config), database.db);
    await pipeline(
      Readable.from(backupArchive(database, uploads)),
      fs.createWriteStream(file, { flags: 'wx', mode: BACKUP_FILE_MODE }),
    );
  } finally {
    await database.close();
  }
}

async function main() {
  const config = loadConfig();
  if (config.databaseUrl) {
    process.stderr.write(postgresAdvice(config, 'backup'));
    process.exit(1);
  }
  const target = path.resolve(process.argv[2] ?? `academy-backup-${timestamp(new Date())}.tar`);
  if (fs.existsSync(target)) throw new BackupError(`${target} already exists: name a new file.`);
  const partial = `${target}.partial`;
  fs.rmSync(partial, { force: true });
  const holder = dataDirHolder(config.dataDir);
  try {
    if (holder) await backupThroughServer(config, holder, partial);
    else await backupDataDir(config, partial);
    const backup = await checkBackup(partial);
    fs.renameSync(partial, target);
    const size = fs.statSync(target).size;
    process.stdout.write(
      `Backed up the database and ${backup.uploads.length} upload(s) of ${config.dataDir} into ${target} ` +
        `(${(size / 1024 / 1024).toFixed(1)} MB, ${holder ? `taken by the running server, pid ${holder}` : 'no server was running'}).\n`,
    );
    if (backup.manifest.missing.length) {
      process.stdout.write(
        `The database names ${backup.manifest.missing.length} upload(s) that were already missing: ${backup.manifest.missing.join(', ')}\n`,
      );
    }
  } catch (error) {
    fs.rmSync(partial, { force: true });
    throw error;
  }
}

if (process.argv[1]?.endsWith('backup.ts')) {
  main().catch((error: unknown) => {
    const known = error instanceof BackupError || error instanceof DataDirLockedError;
    process.stderr.write(
      `Backup failed: ${known ? error.message : error instanceof Error ? error.stack : String(error)}\n`,
    );
    process.exit(1);
  });
}
