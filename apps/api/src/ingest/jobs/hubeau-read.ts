/**
 * What the two Hub'Eau observation jobs share (docs/decisions/135): the stations and their series, where each series
 * starts, and one paged read of `observations_tr` written through the store, page by page, with its counts, its
 * schema warnings and the latest instant each station returned.
 */
import { DAY_MS, HOUR_MS, MINUTE_MS } from '@limni/shared/domain/time';
import { UpstreamError, type HttpOptions } from '../http';
import type { ObservationStore } from '../observation-store';
import {
  normaliseObservations,
  observationsTr,
  OBS_MAX_SIZE,
  type ObservationsQuery,
} from '../sources/hubeau';
import { stationsInService } from './hubeau.repo';
import type { JobContext, RequestTracker } from './runner';
import { advanceSeries, readSeries, seriesKey, type SeriesKey } from './serie-hubeau.repo';

/** Late readings (ADR 020): a series is asked again from its latest reading minus this. */
export const OBS_OVERLAP_MS = 3 * HOUR_MS;
/** The sweep of the whole network reads this far back. */
export const OBS_SWEEP_MS = 4 * HOUR_MS;
/** A series whose latest reading is this recent is covered by the sweep, its overlap included. */
export const OBS_CURRENT_MS = OBS_SWEEP_MS - OBS_OVERLAP_MS;
/** observations_tr keeps about 30 days and refuses a start more than a month back (ADR 091). */
export const OBS_MAX_LOOKBACK_MS = 29 * DAY_MS;
/** A series further behind than this is caught up by the paced job (`hubeau-rattrapage`). */
export const OBS_LONG_READ_MS = 24 * HOUR_MS;
/** Starts further apart than this do not share a request (a station catching up does not drag the others back). */
export const OBS_SHARE_SPAN_MS = 6 * HOUR_MS;
/** Station codes per request (URL length stays around 1 KB at 100). */
export const CODES_PER_REQUEST = 100;

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

/** Where a series is asked from: its latest reading minus the overlap, never before the 29-day floor, to the minute. */
export function seriesStart(latest: number | undefined, now: number): number {
  const since = latest === undefined ? now - OBS_MAX_LOOKBACK_MS : latest - OBS_OVERLAP_MS;
  return Math.floor(Math.max(now - OBS_MAX_LOOKBACK_MS, since) / MINUTE_MS) * MINUTE_MS;
}

/** How far behind a series is: `courant` (the sweep covers it), `court` (< 24 h), `long` (older, or never read). */
export function lagOf(latest: number | undefined, now: number): 'courant' | 'court' | 'long' {
  if (latest === undefined || latest < now - OBS_LONG_READ_MS) return 'long';
  return latest >= now - OBS_CURRENT_MS ? 'courant' : 'court';
}

export interface HubeauSeries {
  /** Stations of places in service, by code. */
  stations: string[];
  series: Map<SeriesKey, number>;
}

export async function loadSeries(ctx: Pick<JobContext, 'db'>): Promise<HubeauSeries> {
  const [stations, series] = await Promise.all([stationsInService(ctx.db), readSeries(ctx.db)]);
  return { stations, series };
}

/** The series of one quantity behind by `lag`, each with its start, oldest first. */
export function lagging(
  s: HubeauSeries,
  grandeur: 'H' | 'Q',
  lag: 'court' | 'long',
  now: number,
): Array<{ code: string; since: number }> {
  return s.stations
    .filter((code) => lagOf(s.series.get(seriesKey(code, grandeur)), now) === lag)
    .map((code) => ({ code, since: seriesStart(s.series.get(seriesKey(code, grandeur)), now) }))
    .sort((a, b) => a.since - b.since || a.code.localeCompare(b.code));
}

export interface ReadOptions {
  baseUrl: string;
  pageSize?: number | undefined;
  /** Awaited before each page (long reads). */
  beforeRequest?: (() => Promise<void>) | undefined;
  /**
   * Stations whose series may move to what they returned: after each page (`eachPage`, a long read keeps its
   * progress if stopped) or at the end of the read. A station outside it only gets its readings stored.
   */
  advance: { stations: ReadonlySet<string>; eachPage: boolean } | null;
  /** Stations whose readings are kept (others, out of service or unknown, are counted and dropped). */
  keep: ReadonlySet<string>;
}

/**
 * One paged read of `observations_tr` written page by page through `store`. Returns the latest instant each kept
 * station returned. Throws the first failure of the paging (what was written before it stays written, and the
 * series advanced so far stay advanced).
 */
export async function readObservations(
  ctx: JobContext,
  store: ObservationStore,
  q: ObservationsQuery,
  opts: ReadOptions,
  http: HttpOptions,
  latest = new Map<string, number>(),
): Promise<Map<string, number>> {
  const pending = new Map<string, number>();
  const flush = async () => {
    if (!opts.advance || pending.size === 0) return;
    const now = ctx.now();
    await advanceSeries(
      ctx.db,
      [...pending].map(([code, ts]) => ({ code, grandeur: q.grandeur, ts })),
      now,
    );
    pending.clear();
  };
  for await (const page of observationsTr(
    { ...q, size: opts.pageSize ?? OBS_MAX_SIZE },
    { ...http, baseUrl: opts.baseUrl, beforeRequest: opts.beforeRequest },
  )) {
    ctx.count('pages');
    if (page.status === 206) ctx.count('pages_206');
    if (page.data.length === 0) ctx.count('pages_vides');
    const n = normaliseObservations(page.data, q.grandeur);
    for (const field of n.missingFields) {
      ctx.warn(
        `champ_absent_${field}`,
        `Hub'Eau : le champ « ${field} » manque à toutes les mesures d'une page (renommé ou retiré ?) : la valeur déjà enregistrée est gardée`,
      );
    }
    const kept = n.observations.filter((o) => opts.keep.has(o.codeStation));
    ctx.count('lignes_recues', page.data.length);
    ctx.count('doublons_site_ignores', n.siteRows);
    ctx.count('lectures_hors_service_ou_inconnues', n.observations.length - kept.length);
    const w = await store.write(kept);
    ctx.count('lectures_nouvelles', w.nouvelles);
    ctx.count('lectures_modifiees', w.modifiees);
    ctx.count('lectures_inchangees', w.inchangees);
    ctx.count('lectures_ecartees', w.ecartees);
    ctx.count('lectures_station_inconnue', w.inconnues);
    ctx.count('doublons_ignores', w.doublons);
    ctx.count('capteurs_crees', w.capteursCrees);
    for (const o of kept) {
      if (o.ts > (latest.get(o.codeStation) ?? -Infinity)) latest.set(o.codeStation, o.ts);
      if (opts.advance?.stations.has(o.codeStation) && o.ts > (pending.get(o.codeStation) ?? -Infinity)) {
        pending.set(o.codeStation, o.ts);
      }
    }
    if (opts.advance?.eachPage) await flush();
  }
  await flush();
  return latest;
}

/**
 * One request of a run, counted: a success, or a failure recorded for the run's error (what was written before it
 * stays written). Shutdown aborts the run.
 */
export async function tracked(
  ctx: JobContext,
  requests: RequestTracker,
  read: () => Promise<unknown>,
): Promise<void> {
  if (!requests.proceed()) return;
  try {
    await read();
    requests.ok();
  } catch (err) {
    if (ctx.signal.aborted) throw err;
    requests.fail(
      err instanceof UpstreamError ? err : new UpstreamError("Hub'Eau", 'network', String(err), true),
    );
  }
}

export interface CatchUpOptions {
  baseUrl: string;
  pageSize?: number | undefined;
  codesPerRequest?: number | undefined;
  beforeRequest?: (() => Promise<void>) | undefined;
}

/**
 * The catch-ups of the series of one quantity behind by `lag`: requests of up to 100 codes whose starts are within
 * 6 hours, oldest first, each station's series moved after every page to what it returned. Returns how many series.
 */
export async function catchUp(
  ctx: JobContext,
  store: ObservationStore,
  s: HubeauSeries,
  grandeur: 'H' | 'Q',
  lag: 'court' | 'long',
  opts: CatchUpOptions,
  requests: RequestTracker,
): Promise<number> {
  const starts = lagging(s, grandeur, lag, ctx.now());
  const keep = new Set(s.stations);
  for (const chunk of shareRequests(starts, opts.codesPerRequest ?? CODES_PER_REQUEST)) {
    const codes = chunk.map((c) => c.code);
    ctx.count(lag === 'long' ? 'lectures_longues' : 'lectures_courtes');
    await tracked(ctx, requests, () =>
      readObservations(
        ctx,
        store,
        { codes, grandeur, since: Math.min(...chunk.map((c) => c.since)), sort: 'asc' },
        {
          baseUrl: opts.baseUrl,
          pageSize: opts.pageSize,
          beforeRequest: opts.beforeRequest,
          keep,
          advance: { stations: new Set(codes), eachPage: true },
        },
        ctx.http,
      ),
    );
  }
  return starts.length;
}

/** The end of a run: what was written goes to the listeners (alerts), then the run fails if a request did. */
export async function endRun(
  ctx: JobContext,
  store: ObservationStore,
  requests: RequestTracker,
): Promise<void> {
  requests.count(ctx);
  await ctx.events.emit({
    type: 'observations',
    origin: 'live',
    source: 'hubeau',
    at: ctx.now(),
    sensors: store.summary.sensors,
  });
  requests.throwIfFailed();
}
