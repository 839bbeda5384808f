// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { newQueryClient } from '../AppRoot';
import { api, ApiError, readRetryDelay, retryAfterMs, retryRead } from './client';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('a failed read tried again', () => {
  it("reads Retry-After's seconds or date", () => {
    const now = Date.UTC(2026, 11, 6, 18, 0, 0);
    expect(retryAfterMs('5', now)).toBe(5000);
    expect(retryAfterMs(' 30 ', now)).toBe(30_000);
    expect(retryAfterMs('Sun, 06 Dec 2026 18:00:12 GMT', now)).toBe(12_000);
    expect(retryAfterMs('Sun, 06 Dec 2026 17:59:00 GMT', now)).toBe(0);
    for (const nothing of [null, '', 'soon', '-5', '1.5']) expect(retryAfterMs(nothing, now)).toBeUndefined();
  });

  it('is tried once, when trying again may help, after the wait the server asked for', () => {
    const refused = (status: number, retryAfter?: number) =>
      new ApiError('x', status, undefined, undefined, retryAfter);
    for (const status of [0, 429, 500, 503]) expect(retryRead(0, refused(status)), String(status)).toBe(true);
    for (const status of [400, 401, 403, 404, 409, 422])
      expect(retryRead(0, refused(status)), String(status)).toBe(false);
    expect(retryRead(0, new TypeError('failed to fetch'))).toBe(true);
    expect(retryRead(1, refused(503))).toBe(false);

    expect(readRetryDelay(0, refused(503, 5000))).toBe(5000);
    expect(readRetryDelay(0, refused(503))).toBe(1000);
    expect(readRetryDelay(0, refused(503, 3_600_000))).toBe(30_000);
  });

  it("the app's reads wait out a 503's Retry-After, and do not ask again after a 404", async () => {
    vi.useFakeTimers();
    const replies = [
      new Response('{"message":"The academy is busy.","code":"DATABASE_UNAVAILABLE"}', {
        status: 503,
        headers: { 'Retry-After': '5' },
      }),
      new Response('{"ok":true}', { status: 200 }),
      new Response('{"message":"Not found"}', { status: 404 }),
    ];
    const fetched = vi.fn(async () => replies.shift()!);
    vi.stubGlobal('fetch', fetched);
    const client: QueryClient = newQueryClient();

    const read = client.fetchQuery({ queryKey: ['busy'], queryFn: () => api.get('/thing', 'Failed') });
    await vi.advanceTimersByTimeAsync(4900);
    expect(fetched).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(200);
    await expect(read).resolves.toEqual({ ok: true });
    expect(fetched).toHaveBeenCalledTimes(2);

    const missing = client.fetchQuery({ queryKey: ['missing'], queryFn: () => api.get('/gone', 'Failed') });
    await expect(missing).rejects.toMatchObject({ status: 404, message: 'Not found' });
    expect(fetched).toHaveBeenCalledTimes(3);
  });
});
