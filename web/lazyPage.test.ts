import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_TIMEOUT_MESSAGE, CHUNK_TIMEOUT_MS, lazyPage, preloadPages } from './lazyPage';

const Page = () => null;

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('lazyPage', () => {
  it('leaves no timer behind once the page has loaded, so a process that drew it can exit at once', async () => {
    let loaded!: () => void;
    const load = vi.fn(
      () => new Promise<{ default: typeof Page }>((resolve) => (loaded = () => resolve({ default: Page }))),
    );
    const LazyPage = lazyPage(load);
    preloadPages(createElement(LazyPage));
    expect(load).toHaveBeenCalledOnce();
    expect(vi.getTimerCount()).toBe(1);
    loaded();
    await vi.advanceTimersByTimeAsync(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('still fails a load that takes longer than the time-out, with the time-out message', async () => {
    const load = () => new Promise<{ default: typeof Page }>(() => {});
    const LazyPage = lazyPage(load);
    const failed = vi.fn();
    // React's lazy hands its loader to the render; the preloader's promise is the same one.
    const loader = (LazyPage as unknown as { _payload: { _result: () => Promise<unknown> } })._payload._result;
    loader().catch(failed);
    await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS - 1);
    expect(failed).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(failed).toHaveBeenCalledWith(new Error(CHUNK_TIMEOUT_MESSAGE));
  });
});
