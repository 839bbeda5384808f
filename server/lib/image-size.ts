/**
 * The pixel size an image file declares, read from its headers without decoding it. A browser allocates the
 * declared size before it draws: a 200-byte PNG declaring 60000 x 60000 pixels asks for 14 GB and freezes the tab
 * of every student who opens the question.
 */
import type { AttachmentType } from '../../common/schemas/questions';

export interface ImageSize {
  width: number;
  height: number;
}

const ascii = (bytes: Buffer, at: number, length: number) => bytes.toString('latin1', at, at + length);

/** PNG: the IHDR chunk comes first, right after the signature. */
function pngSize(bytes: Buffer): ImageSize | null {
  if (bytes.length < 24 || ascii(bytes, 12, 4) !== 'IHDR') return null;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** JPEG: the largest frame any start-of-frame marker declares (SOF0-SOF15 but DHT, JPG and DAC). */
function jpegSize(bytes: Buffer): ImageSize | null {
  let found: ImageSize | null = null;
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return found;
    const marker = bytes[at + 1];
    // Fill bytes, and the markers that stand alone (no length).
    if (marker === 0xff) {
      at++;
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return found;
    const length = bytes.readUInt16BE(at + 2);
    if (
      marker >= 0xc0 &&
      marker <= 0xcf &&
      marker !== 0xc4 &&
      marker !== 0xc8 &&
      marker !== 0xcc &&
      at + 9 <= bytes.length
    ) {
      const size = { height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
      if (!found || size.width * size.height > found.width * found.height) found = size;
    }
    at += 2 + length;
  }
  return found;
}

/**
 * GIF: the logical screen, and every frame's own rectangle (a frame may reach beyond the screen, and browsers
 * grow the canvas to hold it): the size is the union of them all.
 */
function gifSize(bytes: Buffer): ImageSize | null {
  if (bytes.length < 13) return null;
  let width = bytes.readUInt16LE(6);
  let height = bytes.readUInt16LE(8);
  const flags = bytes[10];
  let at = 13 + (flags & 0x80 ? 3 * 2 ** ((flags & 0x07) + 1) : 0);
  const skipSubBlocks = () => {
    while (at < bytes.length && bytes[at] !== 0) at += bytes[at] + 1;
    at++;
  };
  while (at < bytes.length) {
    const block = bytes[at];
    if (block === 0x3b) break;
    if (block === 0x21) {
      at += 2;
      skipSubBlocks();
    } else if (block === 0x2c) {
      if (at + 10 > bytes.length) break;
      width = Math.max(width, bytes.readUInt16LE(at + 1) + bytes.readUInt16LE(at + 5));
      height = Math.max(height, bytes.readUInt16LE(at + 3) + bytes.readUInt16LE(at + 7));
      const local = bytes[at + 9];
      at += 10 + (local & 0x80 ? 3 * 2 ** ((local & 0x07) + 1) : 0);
      // The LZW minimum code size, then the image data.
      at++;
      skipSubBlocks();
    } else {
      break;
    }
  }
  return { width, height };
}

/** WebP: the extended header's canvas, or the lossy or lossless bitstream's own frame size. */
function webpSize(bytes: Buffer): ImageSize | null {
  const chunk = ascii(bytes, 12, 4);
  if (chunk === 'VP8X' && bytes.length >= 30) {
    return { width: 1 + bytes.readUIntLE(24, 3), height: 1 + bytes.readUIntLE(27, 3) };
  }
  if (chunk === 'VP8 ' && bytes.length >= 30) {
    return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff };
  }
  if (chunk === 'VP8L' && bytes.length >= 25) {
    const bits = bytes.readUInt32LE(21);
    return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >>> 14) & 0x3fff) };
  }
  return null;
}

/** The size an image of a detected type declares; null when its headers are cut short or hold none. */
export function imageSize(bytes: Buffer, type: AttachmentType): ImageSize | null {
  switch (type) {
    case 'image/png':
      return pngSize(bytes);
    case 'image/jpeg':
      return jpegSize(bytes);
    case 'image/gif':
      return gifSize(bytes);
    case 'image/webp':
      return webpSize(bytes);
  }
}
