// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { ApiError } from '../api/client';
import { QueryStates } from './QueryStates';

afterEach(cleanup);

/** A list read by `read`, drawn through QueryStates; empty when the list is. */
function List({ read }: { read: () => Promise<string[]> }) {
  const query = useQuery({ queryKey: ['names'], queryFn: read });
  return (
    <QueryStates
      query={query}
      loading="Loading the names..."
      failed="The names could not be loaded."
      empty={{ when: (names) => names.length === 0, title: 'No names yet.' }}
    >
      {(names) => <p>{names.join(', ')}</p>}
    </QueryStates>
  );
}

function renderList(read: () => Promise<string[]>) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <List read={read} />
    </QueryClientProvider>,
  );
}

describe('QueryStates', () => {
  it('says what is loading, then draws the data', async () => {
    let answer: (names: string[]) => void = () => {};
    renderList(() => new Promise((resolve) => (answer = resolve)));
    expect(screen.getByRole('status').textContent).toBe('Loading the names...');
    answer(['Ava', 'Ben']);
    expect(await screen.findByText('Ava, Ben')).toBeTruthy();
  });

  it('says so when there is nothing to show', async () => {
    renderList(() => Promise.resolve([]));
    expect(await screen.findByText('No names yet.')).toBeTruthy();
  });

  it("shows the server's message on an error, its own when the server gave none, and Try again reads again", async () => {
    const read = vi
      .fn<() => Promise<string[]>>()
      .mockRejectedValueOnce(new ApiError('You may not see these names.', 403))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(['Ava']);
    renderList(read);
    expect((await screen.findByRole('alert')).textContent).toContain('You may not see these names.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('The names could not be loaded.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Ava')).toBeTruthy();
    expect(read).toHaveBeenCalledTimes(3);
  });
});
