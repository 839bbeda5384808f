import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CODE_KEY_FILE, codeKey } from './code-key';
import { hashCode, sha256 } from './crypto';

const dirs: string[] = [];
const freshDir = () => {
  const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'academy-key-')), 'data');
  dirs.push(path.dirname(dir));
  return dir;
};
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the key e-mail codes are hashed with', () => {
  it('is made once in DATA_DIR, readable by the server only, and the same after a restart', () => {
    const dataDir = freshDir();
    const first = codeKey({ dataDir });
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(fs.statSync(path.join(dataDir, CODE_KEY_FILE)).mode & 0o777).toBe(0o600);
    expect(codeKey({ dataDir }).equals(first)).toBe(true);
    expect(codeKey({ dataDir: freshDir() }).equals(first)).toBe(false);
  });

  it('is CODE_SECRET when it is set, and then nothing is written', () => {
    const dataDir = freshDir();
    const secret = 'a-configured-secret-of-32-chars-or-more';
    expect(codeKey({ dataDir, codeSecret: secret }).toString('utf8')).toBe(secret);
    expect(fs.existsSync(path.join(dataDir, CODE_KEY_FILE))).toBe(false);
  });

  it('refuses a key file that holds no usable key', () => {
    const dataDir = freshDir();
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(path.join(dataDir, CODE_KEY_FILE), '\n');
    expect(() => codeKey({ dataDir })).toThrow('holds no usable key');
  });

  it('makes a stored code worthless without it: the hash is keyed, not a plain digest of what it binds', () => {
    const key = codeKey({ dataDir: freshDir() });
    const stored = hashCode(key, 'ada@example.com', 'password-reset', '123456');
    expect(stored).not.toBe(sha256('ada@example.com\npassword-reset\n123456'));
    expect(stored).not.toBe(hashCode(codeKey({ dataDir: freshDir() }), 'ada@example.com', 'password-reset', '123456'));
    expect(stored).toBe(hashCode(key, 'ada@example.com', 'password-reset', '123456'));
  });
});
