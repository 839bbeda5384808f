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

  clear(): void {
    this.generationCount++;
    this.views.clear();
    this.bytes = 0;
  }
}
