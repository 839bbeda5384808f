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
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type')! },
  };
}

export async function buildTags(db: Db) {
  const cats = await db
    .insert(categories)
    .values([{ name: 'Fractions' }, { name: 'Geometry' }, { name: 'Algebra' }])
    .returning();
  const focus = await db
    .insert(focusAreas)
    .values([{ name: 'Computation' }, { name: 'Reasoning' }])
    .returning();
  return { categories: cats, focus };
}

/** The fields of a valid multiple-choice question (A is right) tagged with the first focus and category; overrides win. */
export function multipleChoiceFields(
  tags: Awaited<ReturnType<typeof buildTags>>,
  overrides: Record<string, unknown> = {},
) {
  return {
    questionText: '<p>What is $\\frac{1}{2} + \\frac{1}{4}$?</p>',
    grade: '5',
    type: 'Multiple Choice',
    focus: [tags.focus[0].id],
    category: [tags.categories[0].id],
    solution: '<p>$\\frac{3}{4}$</p>',
    hint: 'Common denominators.',
    source: 'Unit test',
    options: { A: '$\\frac{3}{4}$', B: '$\\frac{2}{6}$', C: '$1$', D: '$\\frac{1}{8}$' },
    answer: { a1: ['A'] },
    ...overrides,
  };
}

/** The form of a multiple-choice question (A is right) with images, as a server started by a test takes it. */
export function imageQuestionForm(questionText: string, tags: { category: string; focus: string }, images: FilePart[]) {
  return multipartBody(
    {
      questionText,
      grade: '4',
      type: 'Multiple Choice',
      category: [tags.category],
      focus: [tags.focus],
      options: { A: 'a', B: 'b' },
      answer: { a1: ['A'] },
    },
    images,
  );
}

/** A PNG of 4 x 3 pixels whose header declares another size (what a crafted file does). */
export function pngDeclaring(width: number, height: number): Buffer {
  const bytes = Buffer.from(pngBytes(4, 3));
  bytes.writeUInt32BE(width, 16);
  bytes.writeUInt32BE(height, 20);
  return bytes;
}

/** A baseline JPEG's markers up to its frame header: APP0, then SOF0 declaring the size. */
export function jpegDeclaring(width: number, height: number): Buffer {
  const app0 = Buffer.from([0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]);
  const sof = Buffer.from([
    0xff,
    0xc0,
    0,
    17,
    8,
    height >> 8,
    height & 0xff,
    width >> 8,
    width & 0xff,
    3,
    1,
    0x11,
    0,
    2,
    0x11,
    1,
    3,
    0x11,
    1,
  ]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof, Buffer.from([0xff, 0xd9])]);
}

/** A GIF with a small logical screen and one frame of the given size. */
export function gifWithFrame(width: number, height: number): Buffer {
  const u16 = (n: number) => [n & 0xff, n >> 8];
  return Buffer.from([
    ...Buffer.from('GIF89a'),
    ...u16(1),
    ...u16(1),
    0,
    0,
    0,
    // A comment extension, skipped.
    0x21,
    0xfe,
    2,
    0x68,
    0x69,
    0,
    0x2c,
    ...u16(0),
    ...u16(0),
    ...u16(width),
    ...u16(height),
    0,
    2,
    1,
    0,
    0,
    0x3b,
  ]);
}

/** A WebP whose extended header declares the canvas. */
export function webpDeclaring(width: number, height: number): Buffer {
  const u24 = (n: number) => [n & 0xff, (n >> 8) & 0xff, n >> 16];
  return Buffer.from([
    ...Buffer.from('RIFF'),
    22,
    0,
    0,
    0,
    ...Buffer.from('WEBPVP8X'),
    10,
    0,
    0,
    0,
    0,
    0,
    0,
    0,
    ...u24(width - 1),
    ...u24(height - 1),
  ]);
}
