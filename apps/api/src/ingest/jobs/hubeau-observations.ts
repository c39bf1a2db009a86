/**
 * Every 10 minutes: real-time H and Q of every known station from Hub'Eau `observations_tr`
 * (docs/decisions/020-ingest-schedule-and-overlap.md, 091). Stations are asked in multi-code requests, each from its
 * own checkpoint minus a 3-hour overlap (late arrivals), oldest first, following the cursor until `next` is null; a
 * station never read is read 29 days back (all that observations_tr keeps). Observations are normalised (mm → m,
 * l/s → m³/s, site-level duplicates dropped) and upserted. Long reads (a start more than a day back) are paced, and
 * after each of their pages the stations' checkpoints move to the last instant read and are saved at once, so a
 * stopped run resumes there; a failed request otherwise leaves its stations' checkpoints where they were.
 */
import { DAY_MS, HOUR_MS } from '@limni/shared/domain/time';
import { pacer, UpstreamError } from '../http';
import { ObservationStore } from '../observation-store';
import { normaliseObservations, observationsTr, OBS_MAX_SIZE } from '../sources/hubeau';
import { stationsInService } from './hubeau.repo';
import { RequestTracker, type IngestJob } from './runner';

export const OBS_OVERLAP_MS = 3 * HOUR_MS;
/** observations_tr keeps about 30 days and refuses a start more than a month back. */
export const OBS_MAX_LOOKBACK_MS = 29 * DAY_MS;
/** A station never read before is read as far back as observations_tr allows (docs/decisions/091). */
export const OBS_INITIAL_LOOKBACK_MS = OBS_MAX_LOOKBACK_MS;
/** A request starting further back than this is a long read: paced, checkpointed page by page. */
export const OBS_LONG_READ_MS = 24 * HOUR_MS;

export interface ObservationsCheckpoint {
  /** `code:grandeur` → instant up to which that series was read completely (start of the successful request). */
  since: Record<string, number>;
}

function readCheckpoint(v: unknown): ObservationsCheckpoint {
  const since = (v as Partial<ObservationsCheckpoint> | undefined)?.since;
  if (!since || typeof since !== 'object') return { since: {} };
  return {
    since: Object.fromEntries(
      Object.entries(since).filter((e): e is [string, number] => typeof e[1] === 'number'),
    ),
  };
}

export interface HubeauObservationsOptions {
  baseUrl: string;
  /** Station codes per request (URL length stays around 1 KB at 100). */
  codesPerRequest?: number;
  pageSize?: number;
  /** Pace of the long reads, requests a minute (default: not paced). */
  perMinute?: number;
}

/** Starts further apart than this do not share a request (a station catching up does not drag the others back). */
export const OBS_SHARE_SPAN_MS = 6 * HOUR_MS;

/** Cuts starts sorted oldest first into requests of at most `size` codes spanning at most `OBS_SHARE_SPAN_MS`. */
export function shareRequests<T extends { since: number }>(sorted: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  let cur: T[] = [];
  for (const s of sorted) {
    if (cur.length >= size || (cur.length > 0 && s.since - (cur[0] as T).since > OBS_SHARE_SPAN_MS)) {
      out.push(cur);
      cur = [];
    }
    cur.push(s);
  }
  if (cur.length) out.push(cur);
  return out;
}

/** The last instant of a page when its rows are oldest first (as asked); null otherwise (nothing is inferred). */
function ascendingEnd(ts: readonly number[]): number | null {
  for (let i = 1; i < ts.length; i++) if ((ts[i] as number) < (ts[i - 1] as number)) return null;
  return ts.length ? (ts[ts.length - 1] as number) : null;
}

export function hubeauObservationsJob(opts: HubeauObservationsOptions): IngestJob {
  const perRequest = opts.codesPerRequest ?? 100;
  return {
    name: 'hubeau-observations',
    schedule: '*/10 * * * *',
    runAtStartIfOlderThan: 0,
    async run(ctx) {
      const cp = readCheckpoint(ctx.checkpoint);
      const store = new ObservationStore(ctx.db, 'hubeau');
      const stations = await stationsInService(ctx.db);
      ctx.count('stations', stations.length);
      const now = ctx.now();
      const floor = now - OBS_MAX_LOOKBACK_MS;
      const requests = new RequestTracker();
      const pace = pacer(opts.perMinute ?? Infinity, ctx.signal);

      for (const grandeur of ['H', 'Q'] as const) {
        // Stations with the same start share requests: sort by start, then cut into chunks.
        const starts = stations
          .map((code) => {
            const last = cp.since[`${code}:${grandeur}`];
            const since = last === undefined ? now - OBS_INITIAL_LOOKBACK_MS : last - OBS_OVERLAP_MS;
            return { code, since: Math.max(floor, Math.floor(since / 60_000) * 60_000) };
          })
          .sort((a, b) => a.since - b.since || a.code.localeCompare(b.code));
        for (const chunk of shareRequests(starts, perRequest)) {
          const since = Math.min(...chunk.map((c) => c.since));
          if (!requests.proceed()) continue;
          const requestedAt = ctx.now();
          const long = since < now - OBS_LONG_READ_MS;
          if (long) ctx.count('lectures_longues');
          try {
            for await (const page of observationsTr(
              { codes: chunk.map((c) => c.code), grandeur, since, size: opts.pageSize ?? OBS_MAX_SIZE },
              { ...ctx.http, baseUrl: opts.baseUrl, beforeRequest: long ? pace : undefined },
            )) {
              ctx.count('pages');
              if (page.status === 206) ctx.count('pages_206');
              if (page.data.length === 0) ctx.count('pages_vides');
              const n = normaliseObservations(page.data, grandeur);
              ctx.count('lignes_recues', page.data.length);
              ctx.count('doublons_site_ignores', n.siteRows);
              const w = await store.write(n.observations);
              ctx.count('lectures_nouvelles', w.nouvelles);
              ctx.count('lectures_modifiees', w.modifiees);
              ctx.count('lectures_inchangees', w.inchangees);
              ctx.count('lectures_station_inconnue', w.inconnues);
              ctx.count('doublons_ignores', w.doublons);
              ctx.count('capteurs_crees', w.capteursCrees);
              // A long read keeps its progress page by page: everything up to the page's last instant is stored.
              const end = long && page.next ? ascendingEnd(n.observations.map((o) => o.ts)) : null;
              if (end !== null) {
                for (const c of chunk) {
                  const key = `${c.code}:${grandeur}`;
                  cp.since[key] = Math.max(cp.since[key] ?? -Infinity, end);
                }
                await ctx.saveCheckpoint(cp);
              }
            }
            for (const c of chunk) cp.since[`${c.code}:${grandeur}`] = requestedAt;
            requests.ok();
          } catch (err) {
            if (ctx.signal.aborted) throw err;
            requests.fail(
              err instanceof UpstreamError ? err : new UpstreamError("Hub'Eau", 'network', String(err), true),
            );
          }
          ctx.setCheckpoint(cp);
        }
      }
      requests.count(ctx);

      await ctx.events.emit({
        type: 'observations',
        origin: 'live',
        source: 'hubeau',
        at: ctx.now(),
        sensors: store.summary.sensors,
      });
      requests.throwIfFailed();
    },
  };
}
