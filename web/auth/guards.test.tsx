// @vitest-environment jsdom
import { afterEach, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { lazy, Suspense, useState, type ReactElement } from 'react';
import { Guarded } from './guards';

afterEach(cleanup);

it('a guarded page whose code arrives after the guard was shown and left breaks nothing', async () => {
  let arrive!: (module: { default: () => ReactElement }) => void;
  const Page = lazy(() => new Promise<{ default: () => ReactElement }>((resolve) => (arrive = resolve)));
  const control: { pending?(value: boolean): void; leave?(): void } = {};
  function App() {
    const [pending, setPending] = useState(true);
    const [left, setLeft] = useState(false);
    control.pending = setPending;
    control.leave = () => setLeft(true);
    return (
      <Suspense fallback={<p>Loading the layout</p>}>
        {left ? (
          <p>Another page</p>
        ) : (
          <Guarded pending={pending}>
            <Page />
          </Guarded>
        )}
      </Suspense>
    );
  }
  // React's failure comes out of a promise callback: it reaches the process, not the page's error event.
  const errors: unknown[] = [];
  const onError = (error: unknown) => errors.push(error);
  process.on('unhandledRejection', onError);
  process.on('uncaughtException', onError);
  try {
    render(<App />);
    // The auth check ends while the page's code is still on its way; then the user goes elsewhere.
    await act(async () => control.pending!(false));
    expect(screen.getByText('Loading...')).toBeTruthy();
    await act(async () => control.leave!());
    await act(async () => arrive({ default: () => <p>The page</p> }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(errors).toEqual([]);
    expect(screen.getByText('Another page')).toBeTruthy();
  } finally {
    process.off('unhandledRejection', onError);
    process.off('uncaughtException', onError);
  }
});
