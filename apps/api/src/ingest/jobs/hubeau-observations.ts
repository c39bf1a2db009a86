/**
 * Every 10 minutes: real-time H and Q of every known station from Hub'Eau `observations_tr`
 * (docs/decisions/020-ingest-schedule-and-overlap.md). Stations are asked in multi-code requests, each from its
 * own checkpoint minus a 3-hour overlap (late arrivals), following the cursor until `next` is null. Observations are
 * normalised (mm → m, l/s → m³/s, site-level duplicates dropped) and upserted; a failed request leaves its
 * stations' checkpoints where they were, so the next run asks again for the same window.
 */
import { DAY_MS, HOUR_MS } from '@limni/shared/domain/time';
import { UpstreamError } from '../http';
import { ObservationStore } from '../observation-store';
import { normaliseObservations, observationsTr, OBS_MAX_SIZE } from '../sources/hubeau';
import { stationsInService } from './hubeau.repo';
import { RequestTracker, type IngestJob } from './runner';

export const OBS_OVERLAP_MS = 3 * HOUR_MS;
/** A station never read before is asked for its last 24 hours. */
export const OBS_INITIAL_LOOKBACK_MS = 24 * HOUR_MS;
/** observations_tr keeps about 30 days and refuses a start more than a month back. */
export const OBS_MAX_LOOKBACK_MS = 29 * DAY_MS;

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

      for (const grandeur of ['H', 'Q'] as const) {
        // Stations with the same start share requests: sort by start, then cut into chunks.
        const starts = stations
          .map((code) => {
            const last = cp.since[`${code}:${grandeur}`];
            const since = last === undefined ? now - OBS_INITIAL_LOOKBACK_MS : last - OBS_OVERLAP_MS;
            return { code, since: Math.max(floor, Math.floor(since / 60_000) * 60_000) };
          })
          .sort((a, b) => a.since - b.since || a.code.localeCompare(b.code));
        for (let i = 0; i < starts.length; i += perRequest) {
          const chunk = starts.slice(i, i + perRequest);
          const since = Math.min(...chunk.map((c) => c.since));
          if (!requests.proceed()) continue;
          const requestedAt = ctx.now();
          try {
            for await (const page of observationsTr(
              { codes: chunk.map((c) => c.code), grandeur, since, size: opts.pageSize ?? OBS_MAX_SIZE },
              { ...ctx.http, baseUrl: opts.baseUrl },
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
