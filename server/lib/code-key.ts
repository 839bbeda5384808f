import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Config } from '../config';

/** The file in DATA_DIR that holds the generated key when CODE_SECRET is not set. */
export const CODE_KEY_FILE = 'code-secret';

/**
 * The key e-mail codes are hashed with: CODE_SECRET, or else a random key made at the first start and kept in
 * DATA_DIR (readable by the server's user only), so codes mailed before a restart still verify after it. Kept
 * apart from the database on purpose: a leaked copy of the database alone must not let anyone test codes.
 */
export function codeKey(config: Pick<Config, 'codeSecret' | 'dataDir'>): Buffer {
  if (config.codeSecret) return Buffer.from(config.codeSecret, 'utf8');
  const file = path.join(config.dataDir, CODE_KEY_FILE);
  fs.mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  if (!fs.existsSync(file)) {
    // Written whole under another name, then linked into place: the link fails when the file exists, so two
    // processes starting at once keep one key, and neither can read the other's half-written file.
    const fresh = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    fs.writeFileSync(fresh, randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' });
    try {
      fs.linkSync(fresh, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      fs.rmSync(fresh, { force: true });
    }
  }
  const stored = fs.readFileSync(file, 'utf8').trim();
  if (stored.length < 32)
    throw new Error(`${file} holds no usable key (at least 32 characters); delete it to have a new one made`);
  return Buffer.from(stored, 'utf8');
}
