/**
 * `npm run restore FILE`: brings an empty (or new) DATA_DIR back to the state a backup of `npm run backup` holds.
 * The whole file is checked against its manifest first; then the uploads are written (into DATA_DIR/uploads, or
 * the bucket when S3_BUCKET is set) and the database last, so a restore that fails leaves no database behind.
 * A DATA_DIR that holds anything is refused: a restore never overwrites.
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config';
import { DataDirLockedError, lockDataDir, restorePglite } from '../db/client';
import { BackupError, checkBackup, postgresAdvice } from '../lib/backup';
import { DataDirUnsafeError, OWNER_ONLY_UMASK, prepareDataDir } from '../lib/data-dir';
import { fileDriver } from '../lib/file-driver';
import { detectImageType } from '../lib/storage';

/** Whether DATA_DIR exists; throws unless it is an empty folder or nothing at all. */
function checkEmpty(dataDir: string, allowed: string[] = []): boolean {
  let entries: string[];
  try {
    entries = fs.readdirSync(dataDir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return false;
    if (code === 'ENOTDIR') throw new BackupError(`DATA_DIR ${dataDir} is a file, not a folder.`);
    throw error;
  }
  const present = entries.filter((entry) => !allowed.includes(entry));
  if (present.length) {
    throw new BackupError(
      `DATA_DIR ${dataDir} is not empty (it holds ${present.slice(0, 5).join(', ')}${present.length > 5 ? ', ...' : ''}): ` +
        'a restore goes into an empty or new folder only, so nothing is overwritten. Set DATA_DIR to one.',
    );
  }
  return true;
}

async function main() {
  const config = loadConfig();
  const file = process.argv[2];
  if (!file) throw new BackupError('Name the backup file: npm run restore FILE');
  if (config.databaseUrl) {
    process.stderr.write(postgresAdvice(config, 'restore'));
    process.exit(1);
  }
  const { dataDir } = config;
  const existed = checkEmpty(dataDir);
  const backup = await checkBackup(path.resolve(file));

  process.umask(OWNER_ONLY_UMASK);
  prepareDataDir(dataDir);
  const unlock = lockDataDir(dataDir);
  try {
    // The lock is ours now; anything else that appeared meanwhile is someone else's.
    checkEmpty(dataDir, ['server.lock']);
    const files = fileDriver(config);
    for (const name of backup.uploads) {
      const bytes = await backup.upload(name);
      const mime = detectImageType(bytes);
      if (!mime) throw new BackupError(`The upload ${name} in ${file} is not an image.`);
      await files.put(name, bytes, mime);
    }
    const dump = await backup.database();
    await restorePglite(dataDir, new Blob([new Uint8Array(dump.buffer, dump.byteOffset, dump.length)]));
  } catch (error) {
    // Only what this restore wrote is there: the folder was empty.
    fs.rmSync(path.join(dataDir, 'pg'), { recursive: true, force: true });
    fs.rmSync(path.join(dataDir, 'uploads'), { recursive: true, force: true });
    unlock();
    if (!existed) fs.rmdirSync(dataDir);
    throw error;
  }
  unlock();
  process.stdout.write(
    `Restored the backup of ${backup.manifest.createdAt} into ${dataDir}: the database and ${backup.uploads.length} upload(s)` +
      `${config.s3 ? ` (into the bucket ${config.s3.bucket})` : ''}. Start the academy with this DATA_DIR.\n`,
  );
}

main().catch((error: unknown) => {
  const known =
    error instanceof BackupError || error instanceof DataDirLockedError || error instanceof DataDirUnsafeError;
  process.stderr.write(
    `Restore failed: ${known ? error.message : error instanceof Error ? error.stack : String(error)}\n`,
  );
  process.exit(1);
});
