/**
 * The backup file on its own (tools/backup.test.ts runs the commands): it holds the uploads the dump names, even
 * one deleted while the backup runs, which is deleted once the backup has read it; a file the database names but
 * the disk lacks is reported; and the file reads back whole.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachments, looseFiles } from '../db/schema';
import { createTestApp, type TestApp } from '../test/harness';
import { pngBytes } from '../test/questionFixtures';
import { backupArchive, checkBackup } from './backup';
import { LocalDriver } from './storage';

let t: TestApp;
let dir: string;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-backup-lib-'));
  // Backups are the embedded database's (on PostgreSQL they are pg_dump's), so this runs on PGlite in every run.
  t = await createTestApp({ files: new LocalDriver(dir), database: 'embedded' });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function storeImage(width: number): Promise<string> {
  const file = await t.app.uploads.save(pngBytes(width, 2), `${width}.png`, 'image/png');
  await t.db.transaction(async (tx) => {
    await tx.insert(attachments).values({
      questionId: null,
      filename: file.filename,
      originalName: file.originalName,
      mime: file.mime,
      size: file.size,
    });
    await t.app.uploads.claim(tx, [file.filename]);
  });
  return file.filename;
}

describe('the backup file', () => {
  it('holds every upload the dump names, keeps one deleted meanwhile until it is read, and reads back whole', async () => {
    const [kept, deletedMeanwhile, lost] = [await storeImage(3), await storeImage(4), await storeImage(5)];
    fs.rmSync(path.join(dir, 'uploads', lost));

    const archive = backupArchive(t.database, t.app.uploads, new Date('2026-01-02T03:04:05Z'));
    const chunks: Buffer[] = [(await archive.next()).value as Buffer];
    // The dump is taken: a question deleted now keeps its file until the backup has read it.
    await t.db.transaction(async (tx) => {
      await tx.delete(attachments).where(eq(attachments.filename, deletedMeanwhile));
      await t.app.uploads.release(tx, [deletedMeanwhile]);
    });
    await t.app.uploads.remove([deletedMeanwhile]);
    expect(fs.existsSync(path.join(dir, 'uploads', deletedMeanwhile))).toBe(true);
    for await (const chunk of archive) chunks.push(chunk);
    expect(fs.existsSync(path.join(dir, 'uploads', deletedMeanwhile))).toBe(false);
    expect(await t.db.select().from(looseFiles)).toEqual([]);

    const file = path.join(dir, 'backup.tar');
    fs.writeFileSync(file, Buffer.concat(chunks));
    const backup = await checkBackup(file);
    expect(backup.uploads.sort()).toEqual([kept, deletedMeanwhile].sort());
    expect(backup.manifest.missing).toEqual([lost]);
    expect(backup.manifest.createdAt).toBe('2026-01-02T03:04:05.000Z');
    expect((await backup.upload(kept)).equals(pngBytes(3, 2))).toBe(true);
    expect((await backup.database()).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
  });
});
