import { promisify } from 'node:util';
import { gzip } from 'node:zlib';

/**
 * The stores of what the server keeps in memory between requests: rendered answers (`RenderedViews`) and typed
 * values (`Memo`), each bounded in bytes. What empties them is the plugin's work (server/plugins/kept.ts).
 */

/**
 * What a scoped entry depends on, by the names a change notice carries (server/db/changes.ts): a notice that names
 * its student, its course or one of its questions empties it (and one naming a course, the entries of the course's
 * students). A scoped key holds every student, course and question its entry depends on, and may hold other parts
 * (a section, a filter) that only tell entries apart.
 */
export interface Scope {
  student?: string;
  course?: string;
  question?: string;
  questions?: readonly string[];
  [part: string]: string | number | boolean | null | undefined | readonly string[];
}

/** A memo's key: a text, or a `Scope` for a memo a change empties entry by entry. */
export type MemoKey = string | Scope;

/**
 * The text of a key: a scope's parts in the order of their names, so two spellings of one scope are one entry. Read
 * several times by every request: built by hand, as JSON.stringify with a list of names takes its slow path. The
 * names are the code's own; the values are JSON, so no value can pass for another part.
 */
export function keyText(key: ViewKey | MemoKey): string {
  if (typeof key === 'string') return key;
  if (Array.isArray(key)) return JSON.stringify(key);
  const names = Object.keys(key);
  if (names.length > 1) names.sort();
  let text = '{';
  for (const name of names) {
    const value = (key as Scope)[name];
    if (value !== undefined) text += `${text.length > 1 ? ',' : ''}${name}:${JSON.stringify(value)}`;
  }
  return `${text}}`;
}

/** An entry's key as a scope, when it is one (an array or a text names nothing). */
const scopeOf = (key: ViewKey | MemoKey): Scope | null =>
  typeof key === 'object' && !Array.isArray(key) ? (key as Scope) : null;

/** Entries by key, bounded in bytes (oldest dropped first); `generation` tells a value computed across a clear. */
class Bounded<V> {
  private readonly entries = new Map<string, { value: V; bytes: number; scope: Scope | null }>();
  private bytes = 0;
  generation = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string): V | undefined {
    return this.entries.get(key)?.value;
  }

  bytesOf(key: string): number {
    return this.entries.get(key)?.bytes ?? 0;
  }

  set(key: string, scope: Scope | null, value: V, bytes: number, generationAtStart: number): void {
    if (generationAtStart !== this.generation) return;
    // The key's old value goes even when the new one is too big to keep: it would be served stale.
    this.delete(key);
    if (bytes > this.maxBytes) return;
    this.entries.set(key, { value, bytes, scope });
    this.bytes += bytes;
    // Oldest first: a Map iterates in insertion order.
    for (const [oldKey, old] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldKey);
      this.bytes -= old.bytes;
    }
  }

  delete(key: string): void {
    const previous = this.entries.get(key);
    if (!previous) return;
    this.entries.delete(key);
    this.bytes -= previous.bytes;
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
    this.bytes = 0;
  }

  /** Drops every entry whose scope `reached` says a change reached (entries without a scope stay). */
  evictWhere(reached: (scope: Scope) => boolean): void {
    for (const [key, entry] of this.entries) if (entry.scope && reached(entry.scope)) this.delete(key);
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }
}

const gzipAsync = promisify(gzip);
/** Below this a compressed copy saves less than its headers cost. */
const COMPRESS_FROM_BYTES = 1024;

/** A JSON answer rendered once: its bytes, and a gzip copy for the browsers that accept one (they all do). */
export interface RenderedView {
  body: Buffer;
  gzip: Buffer | null;
}

/** A render under way: requests that arrive meanwhile wait for it (null: it failed, they run their own handler). */
interface Render {
  scope: Scope | null;
  done: Promise<RenderedView | null>;
  finish(view: RenderedView | null): void;
}

/** A view's key: a `Scope` for a scoped view, else the list of what its answer depends on. */
export type ViewKey = Scope | ReadonlyArray<string | number | boolean | null | undefined>;

/** Rendered answers of one view, bounded by their measured bytes (the JSON and its gzip copy). */
export class RenderedViews {
  private readonly store: Bounded<RenderedView>;
  private readonly rendering = new Map<string, Render>();

  constructor(maxBytes: number) {
    this.store = new Bounded(maxBytes);
  }

  /** The kept view of a key's text (`keyText`). */
  get(text: string): RenderedView | undefined {
    return this.store.get(text);
  }

  /** The render under way for a key's text, if any. */
  pending(text: string): Promise<RenderedView | null> | undefined {
    return this.rendering.get(text)?.done;
  }

  /** Starts rendering `key`: call `keep` with the serialized answer, or `fail` when there is none to keep. */
  start(key: ViewKey | string, text = keyText(key)): { keep(json: string): Promise<RenderedView>; fail(): void } {
    const generation = this.store.generation;
    let finish: (view: RenderedView | null) => void = () => {};
    const render: Render = {
      scope: scopeOf(key),
      done: new Promise((resolve) => (finish = resolve)),
      finish: (view) => finish(view),
    };
    this.rendering.set(text, render);
    const settle = (view: RenderedView | null) => {
      if (this.rendering.get(text) === render) this.rendering.delete(text);
      render.finish(view);
    };
    return {
      keep: async (json) => {
        const body = Buffer.from(json);
        // Compressed off the main thread (zlib's pool): a large list must not stall other requests.
        const view = { body, gzip: body.length >= COMPRESS_FROM_BYTES ? await gzipAsync(body) : null };
        // Not kept when a change reached the key while it rendered (evictWhere or clear dropped the render).
        if (this.rendering.get(text) === render)
          this.store.set(
            text,
            render.scope,
            view,
            Buffer.byteLength(text) + body.length + (view.gzip?.length ?? 0),
            generation,
          );
        settle(view);
        return view;
      },
      fail: () => settle(null),
    };
  }

  clear(): void {
    this.store.clear();
    // Requests from now on render afresh; those already waiting get the render they waited for.
    this.rendering.clear();
  }

  /** Drops the views, kept or rendering, whose scope `reached` says a change reached. */
  evictWhere(reached: (scope: Scope) => boolean): void {
    this.store.evictWhere(reached);
    for (const [text, render] of [...this.rendering])
      if (render.scope && reached(render.scope)) this.rendering.delete(text);
  }

  get size() {
    return this.store.size;
  }
}

/**
 * Typed values kept by key, each measured by the bytes of its key and its JSON. A load in flight is shared by the
 * requests that need it meanwhile, and is not kept when the key changed while it ran (`update`, `evict`, `clear`).
 */
export class Memo<V, K extends MemoKey = string> {
  private readonly store: Bounded<V>;
  private readonly loading = new Map<string, { scope: Scope | null; loaded: Promise<V> }>();

  constructor(maxBytes: number) {
    this.store = new Bounded(maxBytes);
  }

  get(key: K): V | undefined {
    return this.store.get(keyText(key));
  }

  /** The kept value of `key`, or `load()`'s, kept when `keep` allows it. */
  remember(key: K, load: () => Promise<V>, keep: (value: V) => boolean = () => true): Promise<V> {
    const text = keyText(key);
    const kept = this.store.get(text);
    if (kept !== undefined) return Promise.resolve(kept);
    const running = this.loading.get(text);
    if (running) return running.loaded;
    const generation = this.store.generation;
    const scope = scopeOf(key);
    const loaded: Promise<V> = load()
      .then((value) => {
        if (this.loading.get(text)?.loaded === loaded && keep(value))
          this.store.set(text, scope, value, measure(text, value), generation);
        return value;
      })
      .finally(() => {
        if (this.loading.get(text)?.loaded === loaded) this.loading.delete(text);
      });
    this.loading.set(text, { scope, loaded });
    return loaded;
  }

  /**
   * Changes a kept value in place (nothing when none is kept); a load under way is not kept. `growth`, told the value
   * before the change, bounds the bytes the change adds, for a value changed often: measuring it again would cost a
   * pass over all of it on every change.
   */
  update(key: K, change: (value: V) => V, growth?: (before: V) => number): void {
    const text = keyText(key);
    this.loading.delete(text);
    const kept = this.store.get(text);
    if (kept !== undefined) {
      const bytes = growth ? this.store.bytesOf(text) + growth(kept) : undefined;
      const value = change(kept);
      this.store.set(text, scopeOf(key), value, bytes ?? measure(text, value), this.store.generation);
    }
  }

  evict(key: K): void {
    const text = keyText(key);
    this.loading.delete(text);
    this.store.delete(text);
  }

  clear(): void {
    this.loading.clear();
    this.store.clear();
  }

  /** Drops the values, kept or loading, whose scope `reached` says a change reached. */
  evictWhere(reached: (scope: Scope) => boolean): void {
    this.store.evictWhere(reached);
    for (const [text, load] of [...this.loading]) if (load.scope && reached(load.scope)) this.loading.delete(text);
  }

  get size() {
    return this.store.size;
  }
}

function measure(key: string, value: unknown): number {
  return Buffer.byteLength(key) + Buffer.byteLength(JSON.stringify(value) ?? '');
}
