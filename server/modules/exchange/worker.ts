/**
 * A worker thread that reads and writes files of questions (files.ts), one at a time, for as long as the server
 * runs: a long parse or a large package holds no other request, and the formats are loaded once, not for every file.
 */
import { parentPort } from 'node:worker_threads';
import type { ExchangeFormat } from '../../../common/schemas/exchange';
import { DomainError } from '../../lib/errors';
import { readItems, writeFile } from './files';
import type { ExchangeQuestion } from './model';

export type Job =
  | { kind: 'read'; format: ExchangeFormat; bytes: Uint8Array }
  | { kind: 'write'; format: ExchangeFormat; questions: ExchangeQuestion[] };

const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

async function run(job: Job) {
  if (job.kind === 'read') return { items: await readItems(job.format, asBuffer(job.bytes)) };
  // Buffers arrive as plain byte arrays: the writers read images as Buffers.
  for (const question of job.questions)
    for (const [key, bytes] of Object.entries(question.images)) question.images[key] = asBuffer(bytes);
  return { file: await writeFile(job.format, job.questions) };
}

parentPort!.on('message', async (job: Job) => {
  try {
    parentPort!.postMessage({ ok: true, ...(await run(job)) });
  } catch (error) {
    parentPort!.postMessage(
      error instanceof DomainError
        ? { ok: false, status: error.status, code: error.code, message: error.message }
        : { ok: false, status: 500, code: 'INTERNAL', message: error instanceof Error ? error.stack : String(error) },
    );
  }
});
