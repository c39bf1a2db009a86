/**
 * Keeps the precomputed climatology in step with the daily archive (docs/decisions/086): computed at seed time,
 * then for every sensor whose archive grew (nightly, after the roll-up or a backfill). Never per request.
 */
import type { Kysely } from 'kysely';
import {
  computeClimatology,
  MIN_DAYS_COMPLETE_YEAR,
  referencePeriodChanged,
} from '@limni/shared/domain/climatologie';
import type { Database } from '../db/schema';
import { recomputeArchiveThresholds } from './activite-seuils';
import { markCapteurDataChanged } from './series-cache';
import {
  archiveDays,
  archiveYearsWithDays,
  climatologyOrigin,
  climatologyPeriod,
  refreshArchiveSummary,
  replaceClimatology,
  capteursWithGrownArchive,
} from './archive.repo';

/**
 * Recomputes one sensor's climatology from its whole archive, then its place's indicative activity thresholds from
 * the new reference period (docs/decisions/099).
 */
export async function recomputeClimatology(
  db: Kysely<Database>,
  capteurId: number,
  now: number,
  origine?: string | null,
): Promise<void> {
  const days = await archiveDays(db, capteurId);
  const clim = computeClimatology(days.map((d) => ({ jour: d.jour, valeur: d.moyenne })));
  await replaceClimatology(db, capteurId, clim, origine ?? (await climatologyOrigin(db, capteurId)), now);
  await recomputeArchiveThresholds(db, capteurId);
}

/**
 * Brings the climatology of every sensor whose archive changed size up to date: the bands are recomputed only when
 * its complete years changed (a year completed, a backfill); otherwise new days of the current year change only the
 * records, span and count. Returns how many sensors were refreshed and how many fully recomputed.
 */
export async function refreshGrownClimatologies(
  db: Kysely<Database>,
  now: number,
  among?: readonly number[],
): Promise<{ refreshed: number; recomputed: number }> {
  const ids = await capteursWithGrownArchive(db, among);
  let recomputed = 0;
  for (const id of ids) {
    const periode = await climatologyPeriod(db, id);
    const years = await archiveYearsWithDays(db, id, MIN_DAYS_COMPLETE_YEAR);
    if (periode === undefined || referencePeriodChanged({ periode }, years)) {
      await recomputeClimatology(db, id, now);
      recomputed++;
    } else {
      await refreshArchiveSummary(db, id, now);
    }
  }
  // The history bodies served from cache (band, records, archive years) are stamped with the sensors' data version.
  await markCapteurDataChanged(db, ids);
  return { refreshed: ids.length, recomputed };
}
