/**
 * Every 10 minutes: real-time H and Q from Hub'Eau `observations_tr`, newest first (docs/decisions/135).
 * 1. The sweep: one paged read of the whole network over the last 4 hours, newest first (`sort=desc`, no station
 *    codes): a few pages make every station of France current. A series covered by it (latest reading within the
 *    hour, so its 3-hour overlap for late readings is inside the window) moves to the latest instant its station
 *    returned.
 * 2. The short catch-ups: series behind by more than an hour and less than a day (a station late to publish, a gap
 *    in the sweeps) are asked from their latest reading minus 3 hours, in requests of up to 100 codes.
 * Series further behind, or never read, are the paced catch-up job's (`hubeau-rattrapage`). A station that returned
 * nothing keeps its series where it was and is asked again from there: readings that arrive late upstream are not
 * lost (ADR 020). Readings of stations out of service or unknown to Limni are dropped.
 */
import { ObservationStore } from '../observation-store';
import {
  catchUp,
  endRun,
  lagOf,
  loadSeries,
  OBS_SWEEP_MS,
  readObservations,
  tracked,
  type HubeauSeries,
} from './hubeau-read';
import { RequestTracker, type IngestJob, type JobContext } from './runner';
import { advanceSeries, noSeriesYet, seriesKey, type SeriesAdvance } from './serie-hubeau.repo';

export {
  OBS_CURRENT_MS,
  OBS_LONG_READ_MS,
  OBS_MAX_LOOKBACK_MS,
  OBS_OVERLAP_MS,
  OBS_SWEEP_MS,
  shareRequests,
} from './hubeau-read';

export interface HubeauObservationsOptions {
  baseUrl: string;
  /** Station codes per catch-up request. */
  codesPerRequest?: number;
  pageSize?: number;
}

/** The sweep of one quantity: every station over the last hours, newest first. */
async function sweep(
  ctx: JobContext,
  store: ObservationStore,
  s: HubeauSeries,
  grandeur: 'H' | 'Q',
  opts: HubeauObservationsOptions,
  requests: RequestTracker,
): Promise<void> {
  const now = ctx.now();
  const keep = new Set(s.stations);
  const covered = new Set(
    s.stations.filter((code) => lagOf(s.series.get(seriesKey(code, grandeur)), now) === 'courant'),
  );
  const latest = new Map<string, number>();
  await tracked(ctx, requests, () =>
    readObservations(
      ctx,
      store,
      { codes: null, grandeur, since: Math.floor((now - OBS_SWEEP_MS) / 60_000) * 60_000, sort: 'desc' },
      {
        baseUrl: opts.baseUrl,
        pageSize: opts.pageSize,
        keep,
        advance: { stations: covered, eachPage: false },
      },
      ctx.http,
      latest,
    ),
  );
  ctx.count('series_balayees', latest.size);
  ctx.count('series_a_jour', [...latest.keys()].filter((c) => covered.has(c)).length);
}

/**
 * A database of an earlier version kept the series in this job's checkpoint (`since`: `code:grandeur` → start of
 * the last request that read it): they become the table's rows once.
 */
async function importOldCheckpoint(ctx: JobContext): Promise<void> {
  const since = (ctx.checkpoint as { since?: unknown } | undefined)?.since;
  if (!since || typeof since !== 'object' || !(await noSeriesYet(ctx.db))) return;
  const advances: SeriesAdvance[] = [];
  for (const [key, ts] of Object.entries(since)) {
    const [code, grandeur] = key.split(':');
    if (code && (grandeur === 'H' || grandeur === 'Q') && typeof ts === 'number') {
      advances.push({ code, grandeur, ts });
    }
  }
  await advanceSeries(ctx.db, advances, ctx.now());
  ctx.setCheckpoint(null);
}

export function hubeauObservationsJob(opts: HubeauObservationsOptions): IngestJob {
  return {
    name: 'hubeau-observations',
    schedule: '*/10 * * * *',
    runAtStartIfOlderThan: 0,
    async run(ctx) {
      await importOldCheckpoint(ctx);
      const s = await loadSeries(ctx);
      ctx.count('stations', s.stations.length);
      const store = new ObservationStore(ctx.db, 'hubeau', undefined, { live: true });
      const requests = new RequestTracker();
      for (const grandeur of ['H', 'Q'] as const) {
        await sweep(ctx, store, s, grandeur, opts, requests);
      }
      for (const grandeur of ['H', 'Q'] as const) {
        ctx.count('series_en_retard', await catchUp(ctx, store, s, grandeur, 'court', opts, requests));
      }
      if (
        s.stations.length > 0 &&
        (ctx.counts().lignes_recues ?? 0) === 0 &&
        requests.failures.length === 0
      ) {
        ctx.warn(
          'reponses_vides',
          "Hub'Eau a répondu sans aucune mesure pour l'ensemble du réseau : les séries restent où elles étaient et seront redemandées",
        );
      }
      await endRun(ctx, store, requests);
    },
  };
}
