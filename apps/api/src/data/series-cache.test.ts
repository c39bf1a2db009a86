import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/helpers';
import { markSensorDataChanged, SeriesBodyCache, sensorsVersion, strongEtag, VersionMemo } from './series-cache';

describe('SeriesBodyCache', () => {
  it('serves a body only for the version it was computed at, with its strong ETag', () => {
    const cache = new SeriesBodyCache();
    const stored = cache.set('d|1|2022-01-31|7', 'v1', '{"a":1}');
    expect(stored.etag).toBe(strongEtag('{"a":1}'));
    expect(stored.etag).toMatch(/^"[A-Za-z0-9+/=]+"$/);
    expect(cache.get('d|1|2022-01-31|7', 'v1')?.body).toBe('{"a":1}');
    expect(cache.get('d|1|2022-01-31|7', 'v2')).toBeUndefined();
    cache.set('d|1|2022-01-31|7', 'v2', '{"a":2}');
    expect(cache.get('d|1|2022-01-31|7', 'v2')?.body).toBe('{"a":2}');
    expect(cache.size).toBe(1);
  });

  it('drops the least recently used bodies beyond its byte and entry bounds', () => {
    const cache = new SeriesBodyCache(100, 3); // 100 bytes = 50 UTF-16 code units
    cache.set('a', 'v', 'x'.repeat(20));
    cache.set('b', 'v', 'x'.repeat(20));
    cache.get('a', 'v'); // a is now the most recent
    cache.set('c', 'v', 'x'.repeat(20)); // 120 bytes > 100: b goes
    expect(cache.get('b', 'v')).toBeUndefined();
    expect(cache.get('a', 'v')).toBeDefined();
    expect(cache.get('c', 'v')).toBeDefined();
    expect(cache.totalBytes).toBeLessThanOrEqual(100);
    // A body larger than the whole cache is returned but not kept.
    expect(cache.set('huge', 'v', 'x'.repeat(60)).body).toHaveLength(60);
    expect(cache.get('huge', 'v')).toBeUndefined();
    for (const k of ['d', 'e', 'f', 'g']) cache.set(k, 'v', 'y');
    expect(cache.size).toBeLessThanOrEqual(3);
  });

  it('builds the version from each sensor id, data version and latest reading', () => {
    expect(
      sensorsVersion([
        { id: 1, donnees_version: 0, dernier_ts: 5 },
        { id: 7, donnees_version: 2, dernier_ts: null },
      ]),
    ).toBe('1:0:5,7:2:');
  });
});

describe('VersionMemo', () => {
  it('shares one lookup per key for the TTL, then looks up again', async () => {
    let t = 0;
    let calls = 0;
    const memo = new VersionMemo<number>(1000, () => t);
    const load = async () => ++calls;
    expect(await Promise.all([memo.get(1, load), memo.get(1, load)])).toEqual([1, 1]);
    t = 999;
    expect(await memo.get(1, load)).toBe(1);
    t = 1000;
    expect(await memo.get(1, load)).toBe(2);
    expect(await memo.get(2, load)).toBe(3);
  });

  it('forgets a failed lookup', async () => {
    const memo = new VersionMemo<number>(1000, () => 0);
    await expect(memo.get(1, () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    await Promise.resolve();
    expect(await memo.get(1, async () => 42)).toBe(42);
  });
});

describe('markSensorDataChanged', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => ctx.close());

  const versions = () =>
    ctx.db.db.selectFrom('capteur').select(['id', 'donnees_version']).where('id', 'in', [1, 2, 3]).orderBy('id').execute();

  it('bumps the data version of the given sensors only, and drops the memoised versions of this process', async () => {
    const memo = new VersionMemo<number>(60_000);
    let calls = 0;
    await memo.get(1, async () => ++calls);
    const before = await versions();
    await markSensorDataChanged(ctx.db.db, [1, 2, 2]);
    expect((await versions()).map((v) => v.donnees_version)).toEqual([
      (before[0]?.donnees_version ?? 0) + 1,
      (before[1]?.donnees_version ?? 0) + 1,
      before[2]?.donnees_version,
    ]);
    expect(await memo.get(1, async () => ++calls)).toBe(2);
    await markSensorDataChanged(ctx.db.db, []);
  });
});
