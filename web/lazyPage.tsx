import { isValidElement, lazy, type ComponentType, type ReactNode } from 'react';

/** Page scripts get 120 s to load before the attempt counts as failed. */
export const CHUNK_TIMEOUT_MS = 120_000;

/** The error a page's script load ends with after CHUNK_TIMEOUT_MS. */
export const CHUNK_TIMEOUT_MESSAGE = 'Loading the page timed out.';

/**
 * Whether an error is a page script that could not be loaded: our time-out, or the browsers' own failures of a
 * dynamic import (a deploy replaced the files, or the connection dropped).
 */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : '';
  return (
    message === CHUNK_TIMEOUT_MESSAGE ||
    /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Loading chunk [\w-]+ failed/i.test(
      message,
    )
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same bound as React.lazy: any page, whatever its props
type AnyComponent = ComponentType<any>;

const preloaders = new WeakMap<object, () => void>();

/** A lazily loaded page whose chunk load fails with a clear error after CHUNK_TIMEOUT_MS. */
export function lazyPage<T extends AnyComponent>(load: () => Promise<{ default: T }>) {
  let loading: Promise<{ default: T }> | null = null;
  const loadOnce = () => {
    // The timer ends with the load: left running, it would keep a process that loaded the page (the build's
    // prerender, a test) alive for the whole time-out after its work is done.
    loading ??= new Promise<{ default: T }>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(CHUNK_TIMEOUT_MESSAGE)), CHUNK_TIMEOUT_MS);
      load()
        .then(resolve, reject)
        .finally(() => clearTimeout(timer));
    });
    return loading;
  };
  const page = lazy<T>(loadOnce);
  preloaders.set(page, () => void loadOnce().catch(() => undefined));
  return page;
}

/**
 * Starts loading every lazy page named in a route's element (guards and wrappers included), so a page's code is
 * on its way from the first script rather than after the auth check or the parent's render. A failed load is
 * left to the render, which shows it.
 */
export function preloadPages(node: ReactNode): void {
  if (Array.isArray(node)) {
    for (const child of node) preloadPages(child);
    return;
  }
  if (!isValidElement(node)) return;
  preloaders.get(node.type as object)?.();
  for (const value of Object.values(node.props as Record<string, unknown>)) {
    if (Array.isArray(value) || isValidElement(value)) preloadPages(value as ReactNode);
  }
}
