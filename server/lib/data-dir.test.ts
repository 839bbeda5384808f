/**
 * DATA_DIR is the server's user's alone: made owner-only, what is in it tightened at each start, and a folder other
 * users may write refused, by the start itself.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from '../db/client';
import { DataDirUnsafeError, prepareDataDir } from './data-dir';
import { LocalDriver } from './storage';
import { createMailer } from './mail';

const root = path.resolve(__dirname, '../..');
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-data-dir-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

const modeOf = (file: string) => fs.lstatSync(file).mode & 0o777;

/** Every file and folder under `dir` that its group or other users may read, write or enter. */
function openToOthers(dir: string): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const target = path.join(entry.parentPath, entry.name);
    if (!entry.isSymbolicLink() && modeOf(target) & 0o077) found.push(`${target} ${modeOf(target).toString(8)}`);
  }
  return found;
}

describe('the data directory', () => {
  it('is made owner-only when missing, as are the uploads and the outbox written into it', async () => {
    const dataDir = path.join(scratch, 'new', 'data');
    prepareDataDir(dataDir);
    expect(modeOf(dataDir)).toBe(0o700);

    await new LocalDriver(dataDir).put('a.png', Buffer.from('x'));
    await createMailer({ outboxDir: path.join(dataDir, 'outbox'), from: 'a@example.com' }).send({
      to: 'b@example.com',
      subject: 's',
      text: 't',
      html: '<p>t</p>',
    });
    expect(modeOf(path.join(dataDir, 'uploads'))).toBe(0o700);
    expect(modeOf(path.join(dataDir, 'uploads', 'a.png'))).toBe(0o600);
    expect(modeOf(path.join(dataDir, 'outbox'))).toBe(0o700);
    expect(openToOthers(path.join(dataDir, 'outbox'))).toEqual([]);
  });

  it("tightens what is already there at each start, the embedded database's files included", async () => {
    const dataDir = path.join(scratch, 'old');
    fs.mkdirSync(path.join(dataDir, 'uploads'), { recursive: true, mode: 0o755 });
    fs.chmodSync(dataDir, 0o755);
    fs.writeFileSync(path.join(dataDir, 'uploads', 'b.png'), 'x', { mode: 0o644 });
    prepareDataDir(dataDir);
    const database = await openPglite(dataDir);
    await database.close();
    // PGlite writes its files 0666 whatever the umask: a start afterwards takes that back.
    expect(openToOthers(dataDir).length).toBeGreaterThan(0);
    expect(modeOf(dataDir)).toBe(0o700);

    prepareDataDir(dataDir);
    expect(openToOthers(dataDir)).toEqual([]);
    expect(modeOf(path.join(dataDir, 'pg', 'PG_VERSION'))).toBe(0o600);
    expect(modeOf(path.join(dataDir, 'uploads', 'b.png'))).toBe(0o600);
  });

  it.each([
    ['its group', 0o775],
    ['everyone', 0o777],
    ['everyone, sticky as /tmp', 0o1777],
  ])('refuses a folder %s may write, and changes nothing in it', (_who, mode) => {
    const dataDir = fs.mkdtempSync(path.join(scratch, 'shared-'));
    fs.writeFileSync(path.join(dataDir, 'planted'), 'x', { mode: 0o644 });
    fs.chmodSync(dataDir, mode);
    expect(() => prepareDataDir(dataDir)).toThrow(DataDirUnsafeError);
    expect(() => prepareDataDir(dataDir)).toThrow(`DATA_DIR ${dataDir} may be written by other users of this machine`);
    expect(fs.statSync(dataDir).mode & 0o7777).toBe(mode);
    expect(modeOf(path.join(dataDir, 'planted'))).toBe(0o644);
  });

  it('stops the server at its start, with the reason, on a folder other users may write', async () => {
    const dataDir = fs.mkdtempSync(path.join(scratch, 'start-'));
    fs.chmodSync(dataDir, 0o777);
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (d) => (output += d));
    child.stderr!.on('data', (d) => (output += d));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(output.trim()).toBe(
      `DATA_DIR ${dataDir} may be written by other users of this machine (mode 0777), who could replace the database: ` +
        `make it yours alone (chmod 700 ${dataDir}) and check what it holds, or set DATA_DIR to another folder.`,
    );
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });
});
