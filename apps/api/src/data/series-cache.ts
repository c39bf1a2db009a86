/**
 * In-memory cache of serialised series bodies (`hydro/lieu/:id/d/…`, `/c-h/…`), docs/decisions/013.
 *
 * - An entry is keyed by the request (route, place, day, number of days) and stamped with the data version of
 *   the place's sensors: for each sensor, `id:donnees_version:dernier_ts`. A request reads that version (one
 *   indexed query) and serves the cached body only when it is unchanged; otherwise the body is recomputed.
 * - Writers of observations (ingestion, replay, corrections) call `markCapteurDataChanged(db, ids)` in the same
 *   transaction as their writes: it bumps `capteur.donnees_version`, which invalidates the bodies of every API
 *   instance sharing the database. Appending observations that move `dernier_ts` invalidates even without it.
 * - Bounded by `lru-cache`: least recently used entries are dropped beyond `maxBytes` (default 32 MB) or
 *   `maxEntries`.
 * - The version read itself is memoised per place for at most `VERSION_TTL_MS` (1 s) by `VersionMemo`, so a hot
 *   place costs no query at all; `markCapteurDataChanged` also bumps a process-wide generation that drops those
 *   memos at once. Another instance's writes are thus seen within 1 s (the HTTP Cache-Control allows 60 s).
 *
 * Nothing here calls back into a feature: the service asks (`get`, `pending`), computes, then stores (`set`,
 * `share`), so a request walks down and back up once.
 */
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { Database } from '../db/schema';
import { bumpDonneesVersion } from './capteurs.repo';

export interface CachedBody {
  /** The JSON body as UTF-8 bytes, encoded once: a cached answer is written as is (docs/decisions/115). */
  bytes: Buffer;
  /** Strong ETag of the body, in @fastify/etag's format (so 304s work without rehashing). */
  etag: string;
}

interface Entry extends CachedBody {
  version: string;
}

export function strongEtag(body: string): string {
  return `"${crypto.createHash('sha1').update(body).digest('base64')}"`;
}

/** Memory taken by an entry: its UTF-8 bytes. */
const bodyBytes = (e: CachedBody) => e.bytes.length;

export class SeriesBodyCache {
  private readonly store: LRUCache<string, Entry>;
  /** Computations under way, by key and version: concurrent misses of one body share one. */
  private readonly inFlight = new Map<string, Promise<CachedBody>>();
  hits = 0;
  misses = 0;

  constructor(maxBytes = 32 * 1024 * 1024, maxEntries = 2000) {
    this.store = new LRUCache<string, Entry>({
      max: maxEntries,
      maxSize: maxBytes,
      sizeCalculation: (e) => Math.max(1, bodyBytes(e)),
    });
  }

  get size(): number {
    return this.store.size;
  }

  /** Memory taken by the bodies kept (for tests and diagnostics). */
  get totalBytes(): number {
    return this.store.calculatedSize;
  }

  /** The body stored for `key` when it was computed at `version`; refreshes its recency. */
  get(key: string, version: string): CachedBody | undefined {
    const e = this.store.get(key);
    if (!e || e.version !== version) {
      this.misses++;
      return undefined;
    }
    this.hits++;
    return e;
  }

  /** Stores a body computed at `version` and returns it with its ETag (kept only if it fits the bounds). */
  set(key: string, version: string, body: string): CachedBody {
    const entry: Entry = { bytes: Buffer.from(body, 'utf8'), etag: strongEtag(body), version };
    this.store.set(key, entry);
    return entry;
  }

  /** The computation of this body at this version already under way in this process, if any. */
  pending(key: string, version: string): Promise<CachedBody> | undefined {
    return this.inFlight.get(`${key}@${version}`);
  }

  /** Makes `computation` the one that concurrent misses of this body share until it settles. */
  share(key: string, version: string, computation: Promise<CachedBody>): Promise<CachedBody> {
    const k = `${key}@${version}`;
    this.inFlight.set(k, computation);
    const forget = () => {
      if (this.inFlight.get(k) === computation) this.inFlight.delete(k);
    };
    computation.then(forget, forget);
    return computation;
  }

  delete(key: string): void {
    this.store.delete(key);
  }

  clear(): void {
    this.store.clear();
  }
}

/** Data version of a set of sensors, as stored in the cache. */
export function capteursVersion(
  capteurs: ReadonlyArray<{ id: number; donnees_version: number; dernier_ts: number | null }>,
): string {
  return capteurs.map((c) => `${c.id}:${c.donnees_version}:${c.dernier_ts ?? ''}`).join(',');
}

/** Process-wide generation, bumped by `markCapteurDataChanged`: memoised versions older than it are dropped. */
let generation = 0;

/** Longest time a memoised data version is trusted without asking the database. */
export const VERSION_TTL_MS = 1000;

/**
 * Memo of a per-key lookup (the sensors of a place and their data version) for at most `ttlMs`, dropped when
 * `markCapteurDataChanged` runs in this process. The caller looks up (`get`) and, on a miss, stores the pending
 * lookup (`set`) before awaiting it, so that concurrent lookups of one key share one query.
 */
export class VersionMemo<T> {
  private readonly entries = new Map<number, { value: Promise<T>; at: number; generation: number }>();

  constructor(
    private readonly ttlMs = VERSION_TTL_MS,
    private readonly now: () => number = Date.now,
    private readonly maxEntries = 10_000,
  ) {}

  /** The remembered lookup of `key`, when younger than the TTL and no data changed since. */
  get(key: number): Promise<T> | undefined {
    const e = this.entries.get(key);
    return e && e.generation === generation && this.now() - e.at < this.ttlMs ? e.value : undefined;
  }

  /** Remembers a lookup of `key` and returns it; a failed lookup is forgotten. */
  set(key: number, value: Promise<T>): Promise<T> {
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(key, { value, at: this.now(), generation });
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return value;
  }
}

/**
 * To call after writing, correcting or deleting observations of these sensors (in the same transaction when
 * there is one): bumps their data version so that every API instance recomputes the bodies that used them. `bump`
 * replaces the version's own update when the caller's statement already bumps it (the write path advances each
 * sensor's state and its version in one statement).
 */
export async function markCapteurDataChanged(
  db: Kysely<Database>,
  capteurIds: readonly number[],
  bump: () => Promise<void> = () => bumpDonneesVersion(db, capteurIds),
): Promise<void> {
  if (capteurIds.length === 0) return;
  generation++;
  await bump();
  generation++;
}
