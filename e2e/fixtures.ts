import { test as base } from '@playwright/test';

export * from '@playwright/test';

/**
 * Playwright's `test`, which also closes every browser context a test opened itself (`browser.newContext()`,
 * `browser.newPage()`) when the test ends, passed or failed. The browser lives as long as the worker: a context left
 * open keeps its signed-in pages running (their timers and refreshes) through every later test of the worker, which
 * then wait longer for the processor, and their pages join the screenshots of a later test that fails.
 */
export const test = base.extend<{ closeOwnContexts: void }>({
  closeOwnContexts: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts());
      await use();
      await Promise.all(browser.contexts().flatMap((context) => (before.has(context) ? [] : [context.close()])));
    },
    { auto: true },
  ],
});
