/**
 * The clock ages are measured against (docs/decisions/094). Live, the real clock. Without live ingestion (demo or
 * replayed dataset), the demo clock: the latest reading of the dataset rounded up to the next full hour, so that the freshest reading is a few minutes old as it
 * would be live (latest Garonne reading 1 February 2022 at 00:45 → « nous sommes le 1er février 2022, 01 h 00 »).
 */
import { DAY_MS, HOUR_MS } from './time';

/** A dataset whose latest reading is older than this, without live ingestion, is a demonstration. */
export const DEMO_AFTER_MS = 7 * DAY_MS;

export interface DataClock {
  now: number;
  demo: boolean;
}

export function demoNow(latestTs: number): number {
  return Math.ceil(latestTs / HOUR_MS) * HOUR_MS;
}

/**
 * Without live ingestion the data do not move: their clock is the latest reading rounded up (the API's freshness and
 * the web's ages agree); it is a demonstration, named by the banner, when that is more than 7 days before the real
 * clock.
 */
export function dataClock(realNow: number, latestTs: number | null, live: boolean): DataClock {
  if (live || latestTs === null) return { now: realNow, demo: false };
  return { now: demoNow(latestTs), demo: realNow - latestTs > DEMO_AFTER_MS };
}
