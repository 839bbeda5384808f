// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { CHUNK_TIMEOUT_MESSAGE } from '../lazyPage';
import { CHUNK_FAILED, PAGE_FAILED, RouteError } from './RouteError';

afterEach(cleanup);

/** A router whose one page throws `error` while rendering. */
function renderFailing(error: Error) {
  const Failing = () => {
    throw error;
  };
  const router = createMemoryRouter([{ path: '/', element: <Failing />, errorElement: <RouteError /> }]);
  render(<RouterProvider router={router} />);
}

describe("the router's error screen", () => {
  it("says a page script did not arrive, for the load time-out and for the browser's import failure", () => {
    renderFailing(new Error(CHUNK_TIMEOUT_MESSAGE));
    expect(screen.getByRole('heading', { name: CHUNK_FAILED.title })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    cleanup();
    renderFailing(new TypeError('Failed to fetch dynamically imported module: /assets/Page-abc.js'));
    expect(screen.getByRole('heading', { name: CHUNK_FAILED.title })).toBeTruthy();
  });

  it("shows a friendly error for any other failure, not the router's default screen", () => {
    renderFailing(new Error('boom'));
    expect(screen.getByRole('heading', { name: PAGE_FAILED.title })).toBeTruthy();
    expect(screen.queryByText(/Unexpected Application Error/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
  });
});
