import { describe, expect, it } from 'vitest';
import { TtlCache } from './ttl-cache';

describe('TtlCache', () => {
  it('loads once for concurrent misses, serves hits, and reloads after invalidation', async () => {
    const cache = new TtlCache();
    let loads = 0;
    const load = async () => ++loads;
    const [a, b] = await Promise.all([cache.getOrLoad('k:1', 60_000, load), cache.getOrLoad('k:1', 60_000, load)]);
    expect([a, b, loads]).toEqual([1, 1, 1]);
    expect(await cache.getOrLoad('k:1', 60_000, load)).toBe(1);
    cache.invalidate('k:');
    expect(await cache.getOrLoad('k:1', 60_000, load)).toBe(2);
  });

  it('reloads after the TTL', async () => {
    const cache = new TtlCache();
    let loads = 0;
    await cache.getOrLoad('x', 0, async () => ++loads);
    expect(await cache.getOrLoad('x', 0, async () => ++loads)).toBe(2);
  });

  it('does not keep a failed load', async () => {
    const cache = new TtlCache();
    await expect(cache.getOrLoad('y', 60_000, async () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.getOrLoad('y', 60_000, async () => 'ok')).toBe('ok');
  });
});
