/**
 * Uploaded images (DESIGN section 6): recognised by their bytes, never by their name or declared type; stored
 * under a random name in DATA_DIR/uploads, outside the web root; served back with the type found at upload.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { STORED_NAME, type AttachmentType } from '../../common/schemas/questions';

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
  // eslint-disable-next-line no-control-regex
  const base = (name ?? '').split(/[\\/]/).pop()!.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return base.slice(0, 200) || 'image';
}

export class UploadStore {
  readonly dir: string;

  constructor(dataDir: string) {
    this.dir = path.join(dataDir, 'uploads');
  }

  /** Stores an image whose type is already known under a fresh random name. */
  async save(bytes: Buffer, originalName: string, mime: AttachmentType): Promise<StoredFile> {
    await fsp.mkdir(this.dir, { recursive: true });
    const filename = `${randomBytes(16).toString('hex')}.${EXTENSIONS[mime]}`;
    // 'wx': never overwrite, even on the impossible collision.
    await fsp.writeFile(path.join(this.dir, filename), bytes, { flag: 'wx' });
    return { filename, originalName: cleanOriginalName(originalName), mime, size: bytes.length };
  }

  /** Removes stored files; already missing ones are fine, and names that are not ours are never touched. */
  async remove(filenames: readonly string[]): Promise<void> {
    await Promise.all(
      filenames.filter(isStoredName).map((name) =>
        fsp.rm(path.join(this.dir, name), { force: true }),
      ),
    );
  }

  /** A stream of a stored file, or null when the name is not a stored name or the file is gone. */
  async open(filename: string): Promise<{ stream: fs.ReadStream; size: number } | null> {
    if (!isStoredName(filename)) return null;
    const file = path.join(this.dir, filename);
    try {
      const stat = await fsp.stat(file);
      return { stream: fs.createReadStream(file), size: stat.size };
    } catch {
      return null;
    }
  }

  /** The names of every stored file (tests use it to prove nothing was left behind). */
  async list(): Promise<string[]> {
    try {
      return (await fsp.readdir(this.dir)).filter(isStoredName).sort();
    } catch {
      return [];
    }
  }
}
