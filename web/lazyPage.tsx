import { isValidElement, lazy, type ComponentType, type ReactNode } from 'react';

/** The spec gives page scripts 120 s to load before the attempt counts as failed. */
export const CHUNK_TIMEOUT_MS = 120_000;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same bound as React.lazy: any page, whatever its props
type AnyComponent = ComponentType<any>;

const preloaders = new WeakMap<object, () => void>();

/** A lazily loaded page whose chunk load fails with a clear error after the spec's time-out. */
export function lazyPage<T extends AnyComponent>(load: () => Promise<{ default: T }>) {
  let loading: Promise<{ default: T }> | null = null;
  const loadOnce = () => {
    loading ??= Promise.race([
      load(),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('Loading the page timed out.')), CHUNK_TIMEOUT_MS)),
    ]);
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
