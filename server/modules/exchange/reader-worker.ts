/**
 * A worker thread that reads files of questions (read-file.ts), one at a time, for as long as the server runs: a long
 * parse here holds no other request, and the readers are loaded once, not for every file.
 */
import { parentPort } from 'node:worker_threads';
import type { ExchangeFormat } from '../../../common/schemas/exchange';
import { DomainError } from '../../lib/errors';
import { readItems } from './read-file';

parentPort!.on('message', async ({ bytes, format }: { bytes: Uint8Array; format: ExchangeFormat }) => {
  try {
    const items = await readItems(format, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    parentPort!.postMessage({ ok: true, items });
  } catch (error) {
    parentPort!.postMessage(
      error instanceof DomainError
        ? { ok: false, status: error.status, code: error.code, message: error.message }
        : { ok: false, status: 500, code: 'INTERNAL', message: error instanceof Error ? error.stack : String(error) },
    );
  }
});
