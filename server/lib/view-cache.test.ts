import { describe, expect, it } from 'vitest';
import { ViewCache } from './view-cache';

describe('ViewCache', () => {
  it('keeps views until cleared', () => {
    const cache = new ViewCache(1000);
    cache.set('a', '{"a":1}', cache.generation);
    expect(cache.get('a')).toBe('{"a":1}');
    cache.clear();
    expect(cache.get('a')).toBeUndefined();
  });

  it('drops a view computed while a change landed', () => {
    const cache = new ViewCache(1000);
    const started = cache.generation;
    cache.clear();
    cache.set('a', 'stale', started);
    expect(cache.get('a')).toBeUndefined();
  });

  it('stays within its size by dropping the oldest views', () => {
    const cache = new ViewCache(10);
    cache.set('a', '12345', cache.generation);
    cache.set('b', '12345', cache.generation);
    cache.set('c', '12345', cache.generation);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBe('12345');
    expect(cache.get('c')).toBe('12345');
    cache.set('huge', 'x'.repeat(11), cache.generation);
    expect(cache.get('huge')).toBeUndefined();
  });
});
