import type { FastifyInstance } from 'fastify';

/** The channel on which every instance hears that learning content or assignments changed (see migration triggers). */
export const CONTENT_CHANNEL = 'academy_content_changed';

/**
 * Rendered JSON by key, bounded in bytes, emptied as a whole whenever content changes.
 * Statement-level triggers on the content and assignment tables NOTIFY every instance on commit, so no write
 * path can forget to invalidate. A view computed while a change lands is not kept: `generation` tells.
 */
export class ViewCache {
  private readonly views = new Map<string, string>();
  private bytes = 0;
  private generationCount = 0;

  constructor(private readonly maxBytes: number) {}

  /** Read before computing a view; pass it back to `set`. */
  get generation(): number {
    return this.generationCount;
  }

  get(key: string): string | undefined {
    return this.views.get(key);
  }

  set(key: string, json: string, generationAtStart: number): void {
    if (generationAtStart !== this.generationCount || json.length > this.maxBytes) return;
    const previous = this.views.get(key);
    if (previous !== undefined) this.bytes -= previous.length;
    this.views.set(key, json);
    this.bytes += json.length;
    // Oldest first: a Map iterates in insertion order.
    for (const [oldKey, oldJson] of this.views) {
      if (this.bytes <= this.maxBytes) break;
      this.views.delete(oldKey);
      this.bytes -= oldJson.length;
    }
  }

  /** The kept JSON of `key`, or `compute()` serialized and kept, unless a change landed meanwhile. */
  async json(key: string, compute: () => Promise<unknown>): Promise<string> {
    const kept = this.views.get(key);
    if (kept !== undefined) return kept;
    const generation = this.generationCount;
    const json = JSON.stringify(await compute());
    this.set(key, json, generation);
    return json;
  }

  clear(): void {
    this.generationCount++;
    this.views.clear();
    this.bytes = 0;
  }
}

/**
 * The triggers' notice reaches the writing instance a moment after it answers; a module whose writes change
 * learning content also empties its own instance's views at once, so a read right after a write sees it.
 */
export function clearViewsAfterWrites(app: FastifyInstance, views: ViewCache): void {
  app.addHook('onSend', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400) views.clear();
  });
}
