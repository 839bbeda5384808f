/** Test helpers of the question bank: multipart bodies as a browser sends them, images by their bytes, tags. */
import type { Db } from '../db/client';
import { categories, focusAreas } from '../db/schema';
import { Canvas, type Rgb } from '../lib/png';

/** A real PNG: width x height pixels of one color. */
export function pngBytes(width = 4, height = 3, rgb: Rgb = [47, 63, 184]): Buffer {
  const canvas = new Canvas(width, height, rgb);
  return canvas.png();
}

export interface FilePart {
  field: string;
  name: string;
  type: string;
  bytes: Buffer;
}

/** A multipart/form-data body built by the platform's own FormData, ready for `inject`. */
export async function multipartBody(fields: Record<string, unknown>, files: FilePart[] = []) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    form.append(name, typeof value === 'string' ? value : JSON.stringify(value));
  }
  for (const f of files) form.append(f.field, new Blob([new Uint8Array(f.bytes)], { type: f.type }), f.name);
  const response = new Response(form);
  return { payload: Buffer.from(await response.arrayBuffer()), headers: { 'content-type': response.headers.get('content-type')! } };
}

export async function buildTags(db: Db) {
  const cats = await db.insert(categories).values([{ name: 'Fractions' }, { name: 'Geometry' }, { name: 'Algebra' }]).returning();
  const focus = await db.insert(focusAreas).values([{ name: 'Computation' }, { name: 'Reasoning' }]).returning();
  return { categories: cats, focus };
}
