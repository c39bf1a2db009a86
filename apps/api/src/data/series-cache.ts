/**
 * In-memory cache of serialised series bodies (`hydro/lieu/:id/d/…`, `/c-h/…`), docs/decisions/013.
 *
 * - An entry is keyed by the request (route, place, day, number of days) and stamped with the data version of
 *   the place's sensors: for each sensor, `id:donnees_version:dernier_ts`. A request reads that version (one
 *   indexed query) and serves the cached body only when it is unchanged; otherwise the body is recomputed.
 * - Writers of readings (ingestion, replay, corrections) call `markSensorDataChanged(db, ids)` in the same
 *   transaction as their writes: it bumps `capteur.donnees_version`, which invalidates the bodies of every API
 *   instance sharing the database. Appending readings that move `dernier_ts` invalidates even without it.
 * - Bounded: least recently used entries are dropped beyond `maxBytes` (default 32 MB) or `maxEntries`.
 * - The version read itself is memoised per place for at most `VERSION_TTL_MS` (1 s) by `VersionMemo`, so a hot
 *   place costs no query at all; `markSensorDataChanged` also bumps a process-wide generation that drops those
 *   memos at once. Another instance's writes are thus seen within 1 s (the HTTP Cache-Control allows 60 s).
 */
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

export interface CachedBody {
  body: string;
  /** Strong ETag of the body, in @fastify/etag's format (so 304s work without rehashing). */
  etag: string;
}

interface Entry extends CachedBody {
  version: string;
}

export function strongEtag(body: string): string {
  return `"${crypto.createHash('sha1').update(body).digest('base64')}"`;
}

export class SeriesBodyCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  hits = 0;
  misses = 0;

  constructor(
    private readonly maxBytes = 32 * 1024 * 1024,
    private readonly maxEntries = 2000,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  get totalBytes(): number {
    return this.bytes;
  }

  /** The body stored for `key` when it was computed at `version`; refreshes its recency. */
  get(key: string, version: string): CachedBody | undefined {
    const e = this.entries.get(key);
    if (!e || e.version !== version) {
      this.misses++;
      return undefined;
    }
    this.entries.delete(key);
    this.entries.set(key, e);
    this.hits++;
    return e;
  }

  set(key: string, version: string, body: string): CachedBody {
    const entry: Entry = { body, etag: strongEtag(body), version };
    this.delete(key);
    const size = body.length * 2;
    if (size > this.maxBytes) return entry;
    this.entries.set(key, entry);
    this.bytes += size;
    while (this.bytes > this.maxBytes || this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.delete(oldest);
    }
    return entry;
  }

  delete(key: string): void {
    const e = this.entries.get(key);
    if (!e) return;
    this.bytes -= e.body.length * 2;
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }
}

/** Data version of a set of sensors, as stored in the cache. */
export function sensorsVersion(
  capteurs: ReadonlyArray<{ id: number; donnees_version: number; dernier_ts: number | null }>,
): string {
  return capteurs.map((c) => `${c.id}:${c.donnees_version}:${c.dernier_ts ?? ''}`).join(',');
}

/** Process-wide generation, bumped by `markSensorDataChanged`: memoised versions older than it are dropped. */
let generation = 0;

/** Longest time a memoised data version is trusted without asking the database. */
export const VERSION_TTL_MS = 1000;

/**
 * Memo of a per-key lookup (the sensors of a place and their data version) for at most `ttlMs`, dropped when
 * `markSensorDataChanged` runs in this process; concurrent lookups of one key share one query.
 */
export class VersionMemo<T> {
  private readonly entries = new Map<number, { value: Promise<T>; at: number; generation: number }>();

  constructor(
    private readonly ttlMs = VERSION_TTL_MS,
    private readonly now: () => number = Date.now,
    private readonly maxEntries = 10_000,
  ) {}

  get(key: number, load: () => Promise<T>): Promise<T> {
    const t = this.now();
    const e = this.entries.get(key);
    if (e && e.generation === generation && t - e.at < this.ttlMs) return e.value;
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    const value = load();
    this.entries.set(key, { value, at: t, generation });
    // A failed lookup is not remembered.
    value.catch(() => this.entries.delete(key));
    return value;
  }
}

/**
 * To call after writing, correcting or deleting readings of these sensors (in the same transaction when there
 * is one): bumps their data version so that every API instance recomputes the bodies that used them.
 */
export async function markSensorDataChanged(db: Kysely<Database>, capteurIds: readonly number[]): Promise<void> {
  if (capteurIds.length === 0) return;
  generation++;
  const ids = [...new Set(capteurIds)];
  for (let i = 0; i < ids.length; i += 500) {
    await db
      .updateTable('capteur')
      .set((eb) => ({ donnees_version: eb('donnees_version', '+', 1) }))
      .where('id', 'in', ids.slice(i, i + 500))
      .execute();
  }
  generation++;
}
