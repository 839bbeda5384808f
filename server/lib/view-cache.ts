import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** The channel on which every instance hears that learning content or assignments changed (see migration triggers). */
export const CONTENT_CHANNEL = 'academy_content_changed';
/** The channel on which every instance hears that questions, their tags or the tags' names changed. */
export const BANK_CHANNEL = 'academy_bank_changed';

const gzipAsync = promisify(gzip);
/** Below this a compressed copy saves less than its headers cost. */
const COMPRESS_FROM_BYTES = 1024;

/** A JSON answer rendered once: its bytes, and a gzip copy for the browsers that accept one (they all do). */
export interface RenderedView {
  body: Buffer;
  gzip: Buffer | null;
}

/**
 * Rendered answers by key, bounded in bytes, emptied as a whole whenever content changes.
 * Statement-level triggers on the content and assignment tables NOTIFY every instance on commit, so no write
 * path can forget to invalidate. A view computed while a change lands is not kept: `generation` tells.
 */
export class ViewCache {
  private readonly entries = new Map<string, { value: unknown; bytes: number }>();
  /** Views being rendered, so a burst of requests after a change renders each view once. */
  private readonly rendering = new Map<string, Promise<RenderedView>>();
  private bytes = 0;
  private generationCount = 0;

  constructor(private readonly maxBytes: number) {}

  /** Read before computing a value; pass it back to `set`. */
  get generation(): number {
    return this.generationCount;
  }

  get<T>(key: string): T | undefined {
    return this.entries.get(key)?.value as T | undefined;
  }

  set(key: string, value: unknown, bytes: number, generationAtStart: number): void {
    if (generationAtStart !== this.generationCount || bytes > this.maxBytes) return;
    const previous = this.entries.get(key);
    if (previous) this.bytes -= previous.bytes;
    this.entries.set(key, { value, bytes });
    this.bytes += bytes;
    // Oldest first: a Map iterates in insertion order.
    for (const [oldKey, old] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldKey);
      this.bytes -= old.bytes;
    }
  }

  /** The kept view of `key`, or `compute()` rendered (JSON, and gzip when worth it) and kept. */
  view(key: string, compute: () => Promise<unknown>): Promise<RenderedView> {
    return this.viewOfJson(key, async () => JSON.stringify(await compute()));
  }

  /** The same for a view whose JSON text is already written (by the database, say). */
  viewOfJson(key: string, computeJson: () => Promise<string>): Promise<RenderedView> {
    const kept = this.get<RenderedView>(key);
    if (kept) return Promise.resolve(kept);
    const generation = this.generationCount;
    const pendingKey = `${generation}:${key}`;
    let pending = this.rendering.get(pendingKey);
    if (!pending) {
      pending = (async () => {
        const body = Buffer.from(await computeJson());
        // Compressed off the main thread (zlib's pool): a large list must not stall other requests.
        const view = { body, gzip: body.length >= COMPRESS_FROM_BYTES ? await gzipAsync(body) : null };
        this.set(key, view, body.length + (view.gzip?.length ?? 0), generation);
        return view;
      })().finally(() => this.rendering.delete(pendingKey));
      this.rendering.set(pendingKey, pending);
    }
    return pending;
  }

  clear(): void {
    this.generationCount++;
    this.entries.clear();
    this.bytes = 0;
  }
}

/** Whether an Accept-Encoding header allows gzip (a q of 0 refuses it). */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    if (coding.trim() !== 'gzip' && coding.trim() !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/**
 * Sends a rendered view as it is: no serializing again (its presenter shaped it when it was rendered), gzip to
 * clients that accept it. The cast only tells TypeScript that the bytes are the route's declared reply.
 */
export function sendView<T>(request: FastifyRequest, reply: FastifyReply, view: RenderedView): T {
  reply.header('content-type', 'application/json; charset=utf-8').header('vary', 'accept-encoding');
  if (view.gzip && acceptsGzip(request.headers['accept-encoding'])) {
    return reply.header('content-encoding', 'gzip').send(view.gzip) as unknown as T;
  }
  return reply.send(view.body) as unknown as T;
}

/**
 * The triggers' notice reaches the writing instance a moment after it answers; a module whose writes change
 * kept views or counts also empties its own instance's caches at once, so a read right after a write sees it.
 */
export function clearViewsAfterWrites(app: FastifyInstance, ...caches: ViewCache[]): void {
  app.addHook('onSend', async (request, reply) => {
    if (request.method === 'GET' || request.method === 'HEAD' || reply.statusCode >= 400) return;
    for (const cache of caches) cache.clear();
  });
}
