/**
 * When a live place's current readings are asked again (docs/decisions/134, 135): on the rhythm of its sensors — a
 * reading every 5 to 15 minutes is not worth asking for more often than it comes, and Hub'Eau's sweep brings them
 * every 10 minutes —, and when the tab is shown again. A daily mean is asked for hourly. Only live: a demonstration
 * never moves, so its queries are never asked again on a schedule. Pure.
 */
import { HOUR_MS, MINUTE_MS } from '@limni/shared/domain/time';

/** Never more often than this: readings come at best every few minutes, and each refetch renders the page. */
export const MIN_REFRESH_MIN = 5;
/** Never less often: a station with a long step still gets its late readings within a quarter of an hour. */
export const MAX_REFRESH_MIN = 15;
/** A sensor of unknown step: the period of Hub'Eau's sweep (`ingest/jobs/hubeau-observations.ts`). */
export const DEFAULT_REFRESH_MIN = 10;
/** A daily mean (`pas_min` ≥ 1440) changes once a day. */
export const DAILY_REFRESH_MS = HOUR_MS;

/** The refetch interval of the current readings of a sensor of step `pasMin` (minutes, null when unknown). */
export function refreshIntervalMs(pasMin: number | null): number {
  if (pasMin === null || !Number.isFinite(pasMin) || pasMin <= 0) return DEFAULT_REFRESH_MIN * MINUTE_MS;
  if (pasMin >= 1440) return DAILY_REFRESH_MS;
  return Math.min(Math.max(pasMin, MIN_REFRESH_MIN), MAX_REFRESH_MIN) * MINUTE_MS;
}

/** A place's step: the shortest of its sensors' known steps (its quickest reading sets the pace); null when none. */
export function lieuStepMin(capteurs: ReadonlyArray<{ pas_min: number | null }>): number | null {
  const steps = capteurs.map((c) => c.pas_min).filter((p): p is number => p !== null && p > 0);
  return steps.length ? Math.min(...steps) : null;
}

/**
 * The TanStack Query options of a current-reading query: asked again every `refreshIntervalMs(pasMin)` while the tab
 * is shown, and when it is shown again (if stale), live only. Left to the defaults (no schedule, no refetch on
 * focus: `main.tsx`) otherwise.
 */
export function liveRefetch(
  live: boolean,
  pasMin: number | null,
): { refetchInterval: number | false; refetchOnWindowFocus: boolean } {
  return live
    ? { refetchInterval: refreshIntervalMs(pasMin), refetchOnWindowFocus: true }
    : { refetchInterval: false, refetchOnWindowFocus: false };
}
