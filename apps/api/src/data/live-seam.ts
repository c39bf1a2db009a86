/**
 * Where the archive ends and live readings begin (docs/decisions/138). A database that went live keeps what it held
 * before — the demo dataset, an imported archive — and live ingestion reads at most 29 days back (all Hub'Eau's
 * `observations_tr` keeps). Between the two there may be years without a reading: a sentence that spans both
 * (« mesures du 1 janvier 2022 au 28 novembre 2026 ») must say so.
 *
 * The seam is 30 days before live mode began; a sensor's readings break there when its last reading before the seam
 * and its first from it are more than a week apart.
 */
import type { Kysely } from 'kysely';
import type { Interruption } from '@limni/shared/contracts/hydro';
import type { Database } from '../db/schema';
import { aroundSeam } from './live-seam.repo';
import type { ServiceMode } from './service-mode';

const DAY_MS = 86_400_000;
/** Live readings begin at most 29 days before live mode did (Hub'Eau's real-time window), with a day's margin. */
const SEAM_BEFORE_LIVE_MS = 30 * DAY_MS;
/** A shorter break is an outage of the station, not the seam between two datasets. */
export const INTERRUPTION_MIN_MS = 7 * DAY_MS;

/** The seam of a live database; null while it has never been live (the demo has one clock, no seam). */
export async function liveSeam(mode: ServiceMode): Promise<number | null> {
  const m = await mode.current();
  return m.mode === 'live' && m.depuis !== null ? m.depuis - SEAM_BEFORE_LIVE_MS : null;
}

/**
 * The break at the seam in the readings of `capteurIds` taken together: from the last reading before it to the first
 * after it, when they are more than a week apart; null when there is none (or no seam).
 */
export async function interruptionAtSeam(
  db: Kysely<Database>,
  capteurIds: readonly number[],
  seam: number | null,
): Promise<Interruption | null> {
  if (seam === null || capteurIds.length === 0) return null;
  const around = await Promise.all(capteurIds.map((id) => aroundSeam(db, id, seam)));
  const avants = around.map((a) => a.avant).filter((x): x is number => x !== null);
  const apres = around.map((a) => a.apres).filter((x): x is number => x !== null);
  if (avants.length === 0 || apres.length === 0) return null;
  const du = Math.max(...avants);
  const au = Math.min(...apres);
  return au - du > INTERRUPTION_MIN_MS ? { du, au } : null;
}
