/**
 * A tiny raster canvas and PNG encoder (node:zlib only), for the figures of the demo questions and for tests
 * that need real images. Shapes are drawn with 4x supersampling so edges come out smooth.
 */
import { deflateSync } from 'node:zlib';

export type Rgb = readonly [number, number, number];

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const out = Buffer.alloc(body.length + 8);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), body.length + 4);
  return out;
}

/** Encodes RGB pixels (row by row, 3 bytes each) as a PNG file. */
export function encodePng(width: number, height: number, rgb: Uint8Array): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width * 3 + 1)] = 0;
    raw.set(rgb.subarray(y * width * 3, (y + 1) * width * 3), y * (width * 3 + 1) + 1);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const SS = 4;

/** A white canvas on which filled shapes are drawn by coverage: each pixel blends by how much of it a shape covers. */
export class Canvas {
  private readonly pixels: Float32Array;

  constructor(
    readonly width: number,
    readonly height: number,
    background: Rgb = [255, 255, 255],
  ) {
    this.pixels = new Float32Array(width * height * 3);
    for (let i = 0; i < width * height; i++) this.pixels.set(background, i * 3);
  }

  /** Fills every pixel whose samples fall inside `inside(x, y)`, within a bounding box. */
  private fill(inside: (x: number, y: number) => boolean, color: Rgb, box: [number, number, number, number]) {
    const [x0, y0, x1, y1] = [
      Math.max(0, Math.floor(box[0])),
      Math.max(0, Math.floor(box[1])),
      Math.min(this.width - 1, Math.ceil(box[2])),
      Math.min(this.height - 1, Math.ceil(box[3])),
    ];
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        let hits = 0;
        for (let sy = 0; sy < SS; sy++)
          for (let sx = 0; sx < SS; sx++) if (inside(x + (sx + 0.5) / SS, y + (sy + 0.5) / SS)) hits++;
        if (hits === 0) continue;
        const a = hits / (SS * SS);
        const i = (y * this.width + x) * 3;
        for (let c = 0; c < 3; c++) this.pixels[i + c] = this.pixels[i + c] * (1 - a) + color[c] * a;
      }
    }
  }

  rect(x: number, y: number, w: number, h: number, color: Rgb) {
    this.fill((px, py) => px >= x && px <= x + w && py >= y && py <= y + h, color, [x, y, x + w, y + h]);
  }

  circle(cx: number, cy: number, r: number, color: Rgb, fromAngle = 0, toAngle = Math.PI * 2) {
    this.fill(
      (px, py) => {
        const dx = px - cx;
        const dy = py - cy;
        if (dx * dx + dy * dy > r * r) return false;
        const angle = (Math.atan2(dy, dx) + Math.PI * 2) % (Math.PI * 2);
        return angle >= fromAngle && angle <= toAngle;
      },
      color,
      [cx - r, cy - r, cx + r, cy + r],
    );
  }

  /** A convex or concave polygon, filled by the even-odd rule. */
  polygon(points: ReadonlyArray<readonly [number, number]>, color: Rgb) {
    const xs = points.map((p) => p[0]);
    const ys = points.map((p) => p[1]);
    this.fill(
      (px, py) => {
        let inside = false;
        for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
          const [xi, yi] = points[i];
          const [xj, yj] = points[j];
          if (yi > py !== yj > py && px < ((xj - xi) * (py - yi)) / (yj - yi) + xi) inside = !inside;
        }
        return inside;
      },
      color,
      [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)],
    );
  }

  /** A straight stroke of a given width with round ends. */
  line(x1: number, y1: number, x2: number, y2: number, width: number, color: Rgb) {
    const half = width / 2;
    const dx = x2 - x1;
    const dy = y2 - y1;
    const length2 = dx * dx + dy * dy || 1;
    this.fill(
      (px, py) => {
        const t = Math.max(0, Math.min(1, ((px - x1) * dx + (py - y1) * dy) / length2));
        const ex = px - (x1 + t * dx);
        const ey = py - (y1 + t * dy);
        return ex * ex + ey * ey <= half * half;
      },
      color,
      [Math.min(x1, x2) - half, Math.min(y1, y2) - half, Math.max(x1, x2) + half, Math.max(y1, y2) + half],
    );
  }

  /** The outline of a polygon. */
  outline(points: ReadonlyArray<readonly [number, number]>, width: number, color: Rgb) {
    points.forEach((p, i) => {
      const q = points[(i + 1) % points.length];
      this.line(p[0], p[1], q[0], q[1], width, color);
    });
  }

  png(): Buffer {
    return encodePng(
      this.width,
      this.height,
      Uint8Array.from(this.pixels, (v) => Math.round(v)),
    );
  }
}
