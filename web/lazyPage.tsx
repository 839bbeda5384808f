import { lazy, type ComponentType } from 'react';

/** The spec gives page scripts 120 s to load before the attempt counts as failed. */
export const CHUNK_TIMEOUT_MS = 120_000;

/** A lazily loaded page whose chunk load fails with a clear error after the spec's time-out. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same bound as React.lazy: any page, whatever its props
export function lazyPage<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  return lazy<T>(() =>
    Promise.race([
      load(),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('Loading the page timed out.')), CHUNK_TIMEOUT_MS)),
    ]),
  );
}
