import { lazy, type ComponentType } from 'react';

/** The spec gives page scripts 120 s to load before the attempt counts as failed. */
export const CHUNK_TIMEOUT_MS = 120_000;

/** The error a page's script load ends with after the spec's time-out. */
export const CHUNK_TIMEOUT_MESSAGE = 'Loading the page timed out.';

/**
 * Whether an error is a page script that could not be loaded: our time-out, or the browsers' own failures of a
 * dynamic import (a deploy replaced the files, or the connection dropped).
 */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : '';
  return (
    message === CHUNK_TIMEOUT_MESSAGE ||
    /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Loading chunk [\w-]+ failed/i.test(message)
  );
}

/** A lazily loaded page whose chunk load fails with a clear error after the spec's time-out. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same bound as React.lazy: any page, whatever its props
export function lazyPage<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  return lazy<T>(() =>
    Promise.race([
      load(),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error(CHUNK_TIMEOUT_MESSAGE)), CHUNK_TIMEOUT_MS)),
    ]),
  );
}
