import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { acceptsGzip, ViewCache } from './view-cache';

describe('ViewCache', () => {
  it('keeps values until cleared', () => {
    const cache = new ViewCache(1000);
    cache.set('a', { a: 1 }, 7, cache.generation);
    expect(cache.get('a')).toEqual({ a: 1 });
    cache.clear();
    expect(cache.get('a')).toBeUndefined();
  });

  it('drops a value computed while a change landed', () => {
    const cache = new ViewCache(1000);
    const started = cache.generation;
    cache.clear();
    cache.set('a', 'stale', 5, started);
    expect(cache.get('a')).toBeUndefined();
  });

  it('stays within its size by dropping the oldest values', () => {
    const cache = new ViewCache(10);
    cache.set('a', '12345', 5, cache.generation);
    cache.set('b', '12345', 5, cache.generation);
    cache.set('c', '12345', 5, cache.generation);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBe('12345');
    expect(cache.get('c')).toBe('12345');
    cache.set('huge', 'x'.repeat(11), 11, cache.generation);
    expect(cache.get('huge')).toBeUndefined();
  });

  it('renders a view once for a burst of requests, with a gzip copy of a large one', async () => {
    const cache = new ViewCache(1_000_000);
    let renders = 0;
    const rows = Array.from({ length: 200 }, (_, i) => ({ id: i, title: `Section ${i}` }));
    const compute = async () => {
      renders++;
      return rows;
    };
    const [first, second] = await Promise.all([cache.view('list', compute), cache.view('list', compute)]);
    expect(renders).toBe(1);
    expect(second).toBe(first);
    expect(JSON.parse(first.body.toString())).toEqual(rows);
    expect(JSON.parse(gunzipSync(first.gzip!).toString())).toEqual(rows);
    expect(first.gzip!.length).toBeLessThan(first.body.length);
    expect((await cache.view('small', async () => ({ ok: true }))).gzip).toBeNull();
  });

  it('keeps no failed view, so the next request tries again', async () => {
    const cache = new ViewCache(1_000_000);
    await expect(cache.view('x', () => Promise.reject(new Error('not found')))).rejects.toThrow('not found');
    expect((await cache.view('x', async () => [1])).body.toString()).toBe('[1]');
  });

  it('renders again after a change, even while an older render is under way', async () => {
    const cache = new ViewCache(1_000_000);
    let release: () => void = () => {};
    const slow = cache.view('v', () => new Promise((resolve) => (release = () => resolve('old'))));
    cache.clear();
    const fresh = await cache.view('v', async () => 'new');
    release();
    expect((await slow).body.toString()).toBe('"old"');
    expect(fresh.body.toString()).toBe('"new"');
    expect(cache.get('v')).toBe(fresh);
  });
});

describe('acceptsGzip', () => {
  it.each([
    ['gzip, deflate, br, zstd', true],
    ['br;q=1.0, gzip;q=0.8', true],
    ['*', true],
    ['GZIP', true],
    ['gzip;q=0', false],
    ['deflate, br', false],
    ['', false],
    [undefined, false],
  ])('%s -> %s', (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected);
  });
});
