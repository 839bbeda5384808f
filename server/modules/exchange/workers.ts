/**
 * Files are read and written in worker threads kept for the server's life, at most two (each may hold a 20 MB file
 * and its tree): a request that finds both busy waits its turn, and a job that runs past its time, or past the memory
 * a worker is given, is stopped and refused; the worker is then replaced by a fresh one for the next job.
 */
import { Worker } from 'node:worker_threads';
import { EXCHANGE_MAX_QUESTIONS, EXCHANGE_MESSAGES, type ExchangeFormat } from '../../../common/schemas/exchange';
import { DomainError, Invalid } from '../../lib/errors';
import { detectFormat } from './files';
import type { ExchangeQuestion, ReadItem, WrittenFile } from './model';
import type { Job } from './worker';

const MAX_READERS = 2;
const READ_TIMEOUT_MS = 60_000;
export const READER_MESSAGES = {
  tooSlow: 'This file took too long to read. Split it into smaller files.',
  tooBig: 'This file needs more memory to read than the academy gives one file. Split it into smaller files.',
} as const;

type Reply =
  { ok: true; items?: ReadItem[]; file?: WrittenFile } | { ok: false; status: number; code: string; message: string };

const idle: Worker[] = [];
let started = 0;
const waiting: Array<(worker: Worker) => void> = [];

function startWorker(): Worker {
  // JavaScript entry that teaches the thread TypeScript first (worker.mjs).
  const worker = new Worker(new URL('./worker.mjs', import.meta.url), {
    resourceLimits: { maxOldGenerationSizeMb: 1024 },
  });
  // An idle reader keeps no process alive: the server (or a test) ends when its own work does.
  worker.unref();
  started++;
  return worker;
}

async function takeWorker(): Promise<Worker> {
  const ready = idle.pop();
  if (ready) return ready;
  if (started < MAX_READERS) return startWorker();
  return new Promise((resolve) => waiting.push(resolve));
}

function giveBack(worker: Worker) {
  const next = waiting.shift();
  if (next) next(worker);
  else idle.push(worker);
}

/** A worker that failed or was stopped: its place goes to a fresh one for whoever waits. */
function retire(worker: Worker) {
  void worker.terminate();
  started--;
  const next = waiting.shift();
  if (next) next(startWorker());
}

function ask(worker: Worker, job: Job): Promise<Reply> {
  return new Promise<Reply>((resolve, reject) => {
    const timer = setTimeout(() => finish(() => reject(Invalid(READER_MESSAGES.tooSlow)), false), READ_TIMEOUT_MS);
    const onMessage = (reply: Reply) => finish(() => resolve(reply), true);
    const onError = (error: Error) => {
      const outOfMemory = (error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY';
      finish(() => reject(outOfMemory ? Invalid(READER_MESSAGES.tooBig) : error), false);
    };
    const onExit = () => finish(() => reject(new Error('A question file reader stopped unasked')), false);
    function finish(settle: () => void, reusable: boolean) {
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
      if (reusable) giveBack(worker);
      else retire(worker);
      settle();
    }
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
    worker.postMessage(job);
  });
}

/** A worker's structured clone turns Buffers into plain byte arrays: the images are Buffers again. */
function withBuffers(items: ReadItem[]): ReadItem[] {
  for (const item of items) {
    if (!('question' in item)) continue;
    const images = item.question.images;
    for (const [key, bytes] of Object.entries(images))
      images[key] = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }
  return items;
}

/** The format and questions of a file, read off the event loop. */
export async function readFile(bytes: Buffer, named?: ExchangeFormat) {
  if (bytes.length === 0) throw Invalid(EXCHANGE_MESSAGES.noFile);
  const format = detectFormat(bytes, named);
  const items = (await done(await ask(await takeWorker(), { kind: 'read', format, bytes }))).items ?? [];
  if (items.length > EXCHANGE_MAX_QUESTIONS) throw Invalid(EXCHANGE_MESSAGES.tooManyQuestions);
  return { format, items: withBuffers(items) };
}

/** Questions written as a file of a format, off the event loop. */
export async function writeFile(format: ExchangeFormat, questions: ExchangeQuestion[]): Promise<WrittenFile> {
  const { file } = await done(await ask(await takeWorker(), { kind: 'write', format, questions }));
  const bytes = file!.bytes as Uint8Array;
  return { bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), lost: file!.lost };
}

/** A worker's answer, or its refusal as the API's. */
function done(reply: Reply) {
  if (reply.ok) return reply;
  if (reply.status >= 500) throw new Error(`A question file job failed: ${reply.message}`);
  throw new DomainError(reply.status, reply.code, reply.message);
}
