import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTtlCache } from './ttl-cache.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('createTtlCache', () => {
  it('computes once per key while fresh, again after the time to live, and never holds more than max', async () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    const cache = createTtlCache<number>({ max: 2, ttlMs: 1_000 });
    let computed = 0;
    const compute = async () => ++computed;
    expect(await Promise.all([cache.get('a', compute), cache.get('a', compute)])).toEqual([1, 1]);
    vi.advanceTimersByTime(1_001);
    expect(await cache.get('a', compute)).toBe(2);
    await cache.get('b', compute);
    await cache.get('a', compute); // a is now the most recently used
    await cache.get('c', compute); // so b goes
    expect(cache.size).toBe(2);
    expect(await cache.get('a', compute)).toBe(2);
    expect(await cache.get('b', compute)).toBe(5);
    cache.clear();
    expect(await cache.get('a', compute)).toBe(6);
  });

  it('does not remember a failed computation', async () => {
    const cache = createTtlCache<number>({ max: 10, ttlMs: 60_000 });
    await expect(cache.get('a', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('a', async () => 7)).toBe(7);
  });
});
