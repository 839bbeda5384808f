import fs from 'node:fs';
import path from 'node:path';

/**
 * DATA_DIR holds the database (password hashes, e-mail addresses, pending codes in the write-ahead log), the
 * uploads and the outbox: only the server's own user may enter it. PGlite creates its files with mode 0666 whatever
 * the umask, so what keeps them private is the folders: DATA_DIR and every folder under it are 0700.
 */
export const DATA_DIR_MODE = 0o700;
export const DATA_FILE_MODE = 0o600;

/** A mask for files and folders the process creates: nothing for the group or others. */
export const OWNER_ONLY_UMASK = 0o077;

export class DataDirUnsafeError extends Error {}

function octal(mode: number): string {
  return (mode & 0o7777).toString(8).padStart(4, '0');
}

/** Takes group and other permissions off everything under `dir` (symbolic links are left alone, not followed). */
function tighten(dir: string): void {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const target = path.join(dir, entry.name);
    if (entry.isSymbolicLink()) continue;
    const { mode } = fs.lstatSync(target);
    if (entry.isDirectory()) {
      if (mode & 0o077) fs.chmodSync(target, DATA_DIR_MODE);
      tighten(target);
    } else if (mode & 0o077) {
      fs.chmodSync(target, DATA_FILE_MODE);
    }
  }
}

/**
 * Makes DATA_DIR if it is missing and owner-only, and tightens what an earlier start (or an older version) left
 * readable. A folder other users may write is refused rather than repaired: whoever could write it may already
 * have replaced the database or planted a link in it.
 */
export function prepareDataDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: DATA_DIR_MODE });
  const stat = fs.statSync(dir);
  if (!stat.isDirectory()) throw new DataDirUnsafeError(`DATA_DIR ${dir} is a file, not a folder.`);
  const uid = process.getuid?.();
  if (uid !== undefined && uid !== 0 && stat.uid !== uid) {
    throw new DataDirUnsafeError(
      `DATA_DIR ${dir} belongs to another user (uid ${stat.uid}), who could read the academy's data: ` +
        'run the server as that user, or set DATA_DIR to a folder of your own.',
    );
  }
  if (stat.mode & 0o022) {
    throw new DataDirUnsafeError(
      `DATA_DIR ${dir} may be written by other users of this machine (mode ${octal(stat.mode)}), who could replace the database: ` +
        `make it yours alone (chmod 700 ${dir}) and check what it holds, or set DATA_DIR to another folder.`,
    );
  }
  if (stat.mode & 0o077) fs.chmodSync(dir, DATA_DIR_MODE);
  tighten(dir);
}
