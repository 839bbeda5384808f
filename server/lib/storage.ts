/**
 * Uploaded images: recognized by their bytes, never by their name or declared type; stored
 * under a random name by one of two drivers, the local DATA_DIR/uploads (outside the web root) or an S3-compatible
 * bucket that every instance shares; served back, streamed, with the type found at upload.
 */
import { randomBytes } from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { inArray, lte } from 'drizzle-orm';
import { STORED_NAME, type AttachmentType } from '../../common/schemas/questions';
import type { Db, Tx } from '../db/client';
import { DATA_DIR_MODE, DATA_FILE_MODE } from './data-dir';
import { DiskFull, FilesUnavailable, isDiskFull } from './errors';
import { looseFiles } from '../db/schema';

export interface StoredFile {
  filename: string;
  originalName: string;
  mime: AttachmentType;
  size: number;
}

const EXTENSIONS: Record<AttachmentType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

const startsWith = (bytes: Buffer, signature: number[], at = 0) => signature.every((b, i) => bytes[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/**
 * The image type of some bytes, from their signature; null for anything else (SVG, HTML, text, other formats).
 * A PNG-named file that holds markup has no image signature and is refused.
 */
export function detectImageType(bytes: Buffer): AttachmentType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  return null;
}

/** Whether a name can be a stored upload: the only names the uploads folder is ever read with. */
export function isStoredName(name: string): boolean {
  return STORED_NAME.test(name);
}

/** A file's original name as shown to staff: no folders, no control characters, at most 200 characters. */
export function cleanOriginalName(name: string | undefined): string {
  const base = (name ?? '')
    .split(/[\\/]/)
    .pop()!
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim();
  return base.slice(0, 200) || 'image';
}

/** Where the bytes live. Names reaching a driver are always stored names (random hex and an extension). */
export interface FileDriver {
  readonly kind: 'local' | 's3';
  /** Writes a new file; never called twice with one name. */
  put(name: string, bytes: Buffer, mime: AttachmentType): Promise<void>;
  /** A stream of a file and its size, or null when there is no such file. */
  open(name: string): Promise<{ stream: Readable; size: number } | null>;
  /** Deletes files; missing ones are fine. */
  remove(names: readonly string[]): Promise<void>;
  /** Every stored name. */
  list(): Promise<string[]>;
  /** Throws unless a file can be written and deleted again (the readiness check). */
  probe(): Promise<void>;
}

/** DATA_DIR/uploads on this machine's disk: the default, for one instance. */
export class LocalDriver implements FileDriver {
  readonly kind = 'local';
  readonly dir: string;

  constructor(dataDir: string) {
    this.dir = path.join(dataDir, 'uploads');
  }

  async put(name: string, bytes: Buffer): Promise<void> {
    await fsp.mkdir(this.dir, { recursive: true, mode: DATA_DIR_MODE });
    // 'wx': never overwrite, even on the impossible collision. Owner-only whatever the umask: uploads are pupils' work.
    await fsp.writeFile(path.join(this.dir, name), bytes, { flag: 'wx', mode: DATA_FILE_MODE });
  }

  async open(name: string): Promise<{ stream: Readable; size: number } | null> {
    const file = path.join(this.dir, name);
    let handle: fsp.FileHandle;
    try {
      handle = await fsp.open(file, 'r');
    } catch {
      return null;
    }
    // One handle for the size and the bytes: a file deleted in between is still read whole.
    const { size } = await handle.stat();
    return { stream: handle.createReadStream(), size };
  }

  async remove(names: readonly string[]): Promise<void> {
    await Promise.all(names.map((name) => fsp.rm(path.join(this.dir, name), { force: true })));
  }

  async list(): Promise<string[]> {
    try {
      return await fsp.readdir(this.dir);
    } catch {
      return [];
    }
  }

  async probe(): Promise<void> {
    await fsp.mkdir(this.dir, { recursive: true, mode: DATA_DIR_MODE });
    const probe = path.join(this.dir, `.probe-${randomBytes(6).toString('hex')}`);
    await fsp.writeFile(probe, 'ok');
    await fsp.rm(probe, { force: true });
  }
}

/** How long an unowned file may be in flight (a slow upload, a long transaction) before the sweep takes it. */
export const LOOSE_FILE_GRACE_MS = 3600_000;

/**
 * The uploads of the academy, all or nothing with the rows that name them: `save` lists a file as loose before
 * writing it, the transaction that writes its attachment row `claim`s it, the one that deletes rows `release`s
 * their files, and `remove` deletes files and their listing. Whatever a crash interrupts stays listed for `sweep`.
 */
export class UploadStore {
  private keeping = 0;
  private readonly kept = new Set<string>();

  constructor(
    readonly driver: FileDriver,
    private readonly db: Db,
  ) {}

  /**
   * Until the returned function is called, deleted files stay on disk (and listed as loose): a backup copies the
   * files its database dump names, and the rows that named them may be deleted meanwhile.
   */
  keepFiles(): () => Promise<void> {
    this.keeping++;
    let released = false;
    return async () => {
      if (released) return;
      released = true;
      if (--this.keeping > 0 || !this.kept.size) return;
      const names = [...this.kept];
      this.kept.clear();
      // Still listed as loose if this fails, so the sweep deletes them later.
      await this.remove(names).catch(() => {});
    };
  }

  /** Stores an image whose type is already known under a fresh random name. */
  async save(bytes: Buffer, originalName: string, mime: AttachmentType): Promise<StoredFile> {
    const filename = `${randomBytes(16).toString('hex')}.${EXTENSIONS[mime]}`;
    await this.db.insert(looseFiles).values({ filename });
    try {
      await this.driver.put(filename, bytes, mime);
    } catch (error) {
      // A write that failed half-way may have left a part behind; if the bucket is down the file stays listed as
      // loose, and the sweep deletes whatever part of it there is.
      await this.remove([filename]).catch(() => {});
      throw isDiskFull(error) ? DiskFull(error) : FilesUnavailable(error);
    }
    return { filename, originalName: cleanOriginalName(originalName), mime, size: bytes.length };
  }

  /** In the transaction that writes their rows: the files are owned from its commit on. */
  async claim(tx: Tx | Db, filenames: readonly string[]): Promise<void> {
    if (filenames.length) await tx.delete(looseFiles).where(inArray(looseFiles.filename, [...filenames]));
  }

  /** In the transaction that deletes their rows: from its commit on the files are loose until `remove`. */
  async release(tx: Tx, filenames: readonly string[]): Promise<void> {
    const names = filenames.filter(isStoredName);
    if (names.length)
      await tx
        .insert(looseFiles)
        .values(names.map((filename) => ({ filename })))
        .onConflictDoNothing();
  }

  /** Removes stored files; already missing ones are fine, and names that are not ours are never touched. */
  async remove(filenames: readonly string[]): Promise<void> {
    const names = filenames.filter(isStoredName);
    if (!names.length) return;
    if (this.keeping) {
      for (const name of names) this.kept.add(name);
      return;
    }
    await this.driver.remove(names);
    await this.db.delete(looseFiles).where(inArray(looseFiles.filename, names));
  }

  /** A stream of a stored file, or null when the name is not a stored name or the file is gone. */
  async open(filename: string): Promise<{ stream: Readable; size: number } | null> {
    if (!isStoredName(filename)) return null;
    try {
      return await this.driver.open(filename);
    } catch (error) {
      throw FilesUnavailable(error);
    }
  }

  /** The names of every stored file (tests and the integrity check use it). */
  async list(): Promise<string[]> {
    return (await this.driver.list()).filter(isStoredName).sort();
  }

  /**
   * Deletes the files left loose longer than `graceMs` ago: those of requests a crash cut short, and of deletions
   * it interrupted. With one process on its data directory (PGlite) nothing else can be in flight, so 0 is right.
   */
  async sweep(now: Date, graceMs = LOOSE_FILE_GRACE_MS): Promise<number> {
    const rows = await this.db
      .select({ filename: looseFiles.filename })
      .from(looseFiles)
      .where(lte(looseFiles.createdAt, new Date(now.getTime() - graceMs)));
    const names = rows.map((r) => r.filename);
    for (let i = 0; i < names.length; i += 500) await this.remove(names.slice(i, i + 500));
    return names.length;
  }
}

/** Streams a file into memory (the backup and the bucket copy read whole images of at most 5 MB). */
export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
