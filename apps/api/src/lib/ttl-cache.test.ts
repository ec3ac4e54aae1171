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

describe('TtlCache under change', () => {
  it('does not store what a load read before an invalidation that happened while it ran', async () => {
    const cache = new TtlCache();
    let release!: () => void;
    const slow = cache.getOrLoad('catalog:home', 60_000, () => new Promise<string>((resolve) => (release = () => resolve('before the write'))));
    cache.invalidate('catalog:');
    release();
    expect(await slow).toBe('before the write');
    expect(await cache.getOrLoad('catalog:home', 60_000, async () => 'after the write')).toBe('after the write');
  });

  it('a request after an invalidation does not join a load that began before it', async () => {
    const cache = new TtlCache();
    let release!: () => void;
    void cache.getOrLoad('k', 60_000, () => new Promise<string>((resolve) => (release = () => resolve('old'))));
    cache.invalidate('k');
    const fresh = cache.getOrLoad('k', 60_000, async () => 'new');
    release();
    expect(await fresh).toBe('new');
  });

  it('keeps at most maxEntries, dropping the oldest first', async () => {
    const cache = new TtlCache(3);
    for (const key of ['a', 'b', 'c', 'd']) await cache.getOrLoad(key, 60_000, async () => key);
    expect(cache.size).toBe(3);
    let loads = 0;
    expect(await cache.getOrLoad('a', 60_000, async () => (++loads, 'a again'))).toBe('a again');
    expect(await cache.getOrLoad('d', 60_000, async () => (++loads, 'd again'))).toBe('d');
    expect(loads).toBe(1);
  });

  it("broadcasts its own invalidations, not the ones it is told of, and keeps nothing while it cannot hear them", async () => {
    const told: string[] = [];
    const cache = new TtlCache(100, (prefix) => told.push(prefix));
    let loads = 0;
    const load = async () => ++loads;
    await cache.getOrLoad('k:1', 60_000, load);
    cache.invalidate('k:');
    cache.drop('other:');
    expect(told).toEqual(['k:']);

    await cache.getOrLoad('k:1', 60_000, load);
    cache.setTrusted(false);
    // An invalidation sent meanwhile may be lost: nothing kept from before, nothing kept now.
    expect(cache.peek('k:1')).toBeUndefined();
    expect(await cache.getOrLoad('k:1', 60_000, load)).toBe(3);
    expect(await cache.getOrLoad('k:1', 60_000, load)).toBe(4);
    cache.setIfCurrent('k:2', 'x', 60_000, cache.currentGeneration);
    expect(cache.peek('k:2')).toBeUndefined();
    // A load begun while untrusted is not kept once trusted again.
    let finish: (v: number) => void = () => undefined;
    const slow = cache.getOrLoad('k:1', 60_000, () => new Promise<number>((resolve) => (finish = resolve)));
    cache.setTrusted(true);
    finish(99);
    expect(await slow).toBe(99);
    expect(await cache.getOrLoad('k:1', 60_000, load)).toBe(5);
    expect(await cache.getOrLoad('k:1', 60_000, load)).toBe(5);
  });
});
