import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/helpers';
import { lieuIdByCode } from '../../test/referentiel';
import {
  capteursVersion,
  markCapteurDataChanged,
  SeriesBodyCache,
  strongEtag,
  VersionMemo,
  type CachedBody,
} from './series-cache';

describe('SeriesBodyCache', () => {
  it('serves a body only for the version it was computed at, with its strong ETag', () => {
    const cache = new SeriesBodyCache();
    const stored = cache.set('d|1|2022-01-31|7', 'v1', '{"a":1}');
    expect(stored.etag).toBe(strongEtag('{"a":1}'));
    expect(stored.etag).toMatch(/^"[A-Za-z0-9+/=]+"$/);
    expect(cache.get('d|1|2022-01-31|7', 'v1')?.bytes.toString()).toBe('{"a":1}');
    expect(cache.get('d|1|2022-01-31|7', 'v2')).toBeUndefined();
    cache.set('d|1|2022-01-31|7', 'v2', '{"a":2}');
    expect(cache.get('d|1|2022-01-31|7', 'v2')?.bytes.toString()).toBe('{"a":2}');
    expect(cache.size).toBe(1);
    expect([cache.hits, cache.misses]).toEqual([2, 1]);
  });

  it('drops the least recently used bodies beyond its byte and entry bounds', () => {
    const cache = new SeriesBodyCache(50, 3); // 50 bytes of UTF-8
    cache.set('a', 'v', 'x'.repeat(20));
    cache.set('b', 'v', 'x'.repeat(20));
    cache.get('a', 'v'); // a is now the most recent
    cache.set('c', 'v', 'x'.repeat(20)); // 60 bytes > 50: b goes
    expect(cache.get('b', 'v')).toBeUndefined();
    expect(cache.get('a', 'v')?.bytes.toString()).toBe('x'.repeat(20));
    expect(cache.get('c', 'v')?.bytes.toString()).toBe('x'.repeat(20));
    expect(cache.totalBytes).toBe(40);
    // A body larger than the whole cache is returned but not kept.
    expect(cache.set('huge', 'v', 'x'.repeat(60)).bytes).toHaveLength(60);
    expect(cache.get('huge', 'v')).toBeUndefined();
    // Small bodies: the entry bound holds (3), the most recent ones stay.
    for (const k of ['d', 'e', 'f', 'g']) cache.set(k, 'v', 'y');
    expect(cache.size).toBe(3);
    expect(['e', 'f', 'g'].map((k) => cache.get(k, 'v')?.bytes.toString())).toEqual(['y', 'y', 'y']);
    expect(cache.get('d', 'v')).toBeUndefined();
  });

  it('shares a computation under way between concurrent misses of one body and version, then forgets it', async () => {
    const cache = new SeriesBodyCache();
    let resolve!: (b: CachedBody) => void;
    const computation = new Promise<CachedBody>((r) => (resolve = r));
    expect(cache.pending('k', 'v1')).toBeUndefined();
    expect(cache.share('k', 'v1', computation)).toBe(computation);
    expect(cache.pending('k', 'v1')).toBe(computation);
    expect(cache.pending('k', 'v2')).toBeUndefined();
    resolve(cache.set('k', 'v1', '{}'));
    await computation;
    expect(cache.pending('k', 'v1')).toBeUndefined();
    // A failed computation is forgotten too.
    const failed = Promise.reject(new Error('db down'));
    await expect(cache.share('k', 'v2', failed)).rejects.toThrow('db down');
    expect(cache.pending('k', 'v2')).toBeUndefined();
  });

  it('builds the version from each sensor id, data version and latest observation', () => {
    expect(
      capteursVersion([
        { id: 1, donnees_version: 0, dernier_ts: 5 },
        { id: 7, donnees_version: 2, dernier_ts: null },
      ]),
    ).toBe('1:0:5,7:2:');
  });
});

describe('VersionMemo', () => {
  it('keeps a lookup per key for the TTL, then has none', async () => {
    let t = 0;
    const memo = new VersionMemo<number>(1000, () => t);
    expect(memo.get(1)).toBeUndefined();
    const first = memo.set(1, Promise.resolve(1));
    expect(memo.get(1)).toBe(first);
    t = 999;
    expect(await memo.get(1)).toBe(1);
    t = 1000;
    expect(memo.get(1)).toBeUndefined();
    expect(memo.get(2)).toBeUndefined();
  });

  it('forgets a failed lookup', async () => {
    const memo = new VersionMemo<number>(1000, () => 0);
    await expect(memo.set(1, Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    await Promise.resolve();
    expect(memo.get(1)).toBeUndefined();
  });
});

describe('markCapteurDataChanged', () => {
  let ctx: TestContext;
  let ids: number[];
  beforeAll(async () => {
    ctx = await createTestApp();
    // Three sensors of the demo data: Toulouse Pont-Neuf's and the two of the Garonne at Portet.
    const lieux = [await lieuIdByCode(ctx, 'O200004001')];
    const rows = await ctx.db.db
      .selectFrom('capteur')
      .innerJoin('lieu', 'lieu.id', 'capteur.lieu_id')
      .select('capteur.id')
      .where((eb) =>
        eb.or([eb('lieu.id', 'in', lieux), eb('lieu.libelle', '=', 'La Garonne à Portet-sur-Garonne')]),
      )
      .orderBy('capteur.id')
      .execute();
    ids = rows.map((r) => r.id);
  });
  afterAll(async () => ctx.close());

  const versions = () =>
    ctx.db.db
      .selectFrom('capteur')
      .select(['id', 'donnees_version'])
      .where('id', 'in', ids)
      .orderBy('id')
      .execute();

  it('bumps the data version of the given sensors only, and drops the memoised versions of this process', async () => {
    expect(ids).toHaveLength(3);
    const [a, b, c] = ids as [number, number, number];
    const memo = new VersionMemo<number>(60_000);
    const lookup = memo.set(a, Promise.resolve(1));
    expect(memo.get(a)).toBe(lookup);
    const before = await versions();
    await markCapteurDataChanged(ctx.db.db, [a, b, b]);
    expect((await versions()).map((v) => v.donnees_version)).toEqual([
      (before[0]?.donnees_version ?? 0) + 1,
      (before[1]?.donnees_version ?? 0) + 1,
      before[2]?.donnees_version,
    ]);
    expect(memo.get(a)).toBeUndefined();
    await markCapteurDataChanged(ctx.db.db, []);
    expect((await versions()).find((v) => v.id === c)?.donnees_version).toBe(before[2]?.donnees_version);
  });
});
