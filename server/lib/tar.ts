/**
 * The little of the tar format a backup needs: plain files with short names, written one after the other, and
 * an index of a tar file's entries to read them back. Any `tar` program lists and extracts what this writes.
 */
import fsp from 'node:fs/promises';

const BLOCK = 512;
/** The size field's 11 octal digits. */
const MAX_SIZE = 8 ** 11 - 1;

export class TarError extends Error {}

function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, '0')}\0`;
}

function checksum(header: Buffer): number {
  let sum = 0;
  // The checksum field itself counts as eight spaces.
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : header[i];
  return sum;
}

/** The header block of a regular file (ustar). */
export function tarHeader(name: string, size: number, modified: Date): Buffer {
  if (Buffer.byteLength(name) > 100) throw new TarError(`The name ${name} is longer than a tar header holds.`);
  if (size > MAX_SIZE) throw new TarError(`${name} is larger than a tar entry holds (8 GiB).`);
  const header = Buffer.alloc(BLOCK);
  header.write(name, 0, 100, 'utf8');
  header.write(octal(0o644, 8), 100, 'ascii');
  header.write(octal(0, 8), 108, 'ascii');
  header.write(octal(0, 8), 116, 'ascii');
  header.write(octal(size, 12), 124, 'ascii');
  header.write(octal(Math.floor(modified.getTime() / 1000), 12), 136, 'ascii');
  header.write('0', 156, 'ascii');
  header.write('ustar\u000000', 257, 'ascii');
  header.write(`${checksum(header).toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return header;
}

/** The zeros that fill an entry of `size` bytes up to a whole block. */
export function tarPadding(size: number): Buffer {
  return Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);
}

/** A whole entry: header, bytes and padding. */
export function tarEntry(name: string, bytes: Buffer, modified: Date): Buffer {
  return Buffer.concat([tarHeader(name, bytes.length, modified), bytes, tarPadding(bytes.length)]);
}

/** Two empty blocks end a tar file. */
export function tarEnd(): Buffer {
  return Buffer.alloc(2 * BLOCK);
}

export interface TarIndexEntry {
  name: string;
  size: number;
  /** Where the entry's bytes start in the file. */
  offset: number;
}

function text(block: Buffer, start: number, length: number): string {
  const field = block.subarray(start, start + length);
  const end = field.indexOf(0);
  return field.subarray(0, end === -1 ? length : end).toString('utf8');
}

/** The entries of a tar file, read from their headers; throws on anything but whole, plain files. */
export async function indexTar(file: string): Promise<TarIndexEntry[]> {
  const handle = await fsp.open(file, 'r');
  try {
    const { size: total } = await handle.stat();
    const entries: TarIndexEntry[] = [];
    const block = Buffer.alloc(BLOCK);
    let position = 0;
    for (;;) {
      if (position + BLOCK > total) throw new TarError('The file ends in the middle: it was cut short.');
      await handle.read(block, 0, BLOCK, position);
      if (block.every((byte) => byte === 0)) return entries;
      const stored = Number.parseInt(text(block, 148, 8).trim(), 8);
      if (stored !== checksum(block)) throw new TarError(`The header at byte ${position} is damaged.`);
      const name = text(block, 0, 100);
      const type = text(block, 156, 1);
      if (type !== '0' && type !== '') throw new TarError(`${name} is not a plain file.`);
      const size = Number.parseInt(text(block, 124, 12).trim(), 8);
      entries.push({ name, size, offset: position + BLOCK });
      position += BLOCK + size + tarPadding(size).length;
      if (position > total) throw new TarError(`The file ends inside ${name}: it was cut short.`);
    }
  } finally {
    await handle.close();
  }
}
