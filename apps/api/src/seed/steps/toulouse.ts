/**
 * Seed step: the Garonne's daily maximum water levels at Toulouse Pont-Neuf since 1857 (docs/decisions/140), from
 * `seed-data/toulouse_H_max_journalier_1857-2024.csv.gz` (hackaviz-2025, from HydroPortail): the old gauge on the
 * first pier (O200004002, 1857–1945) then the quay gauge (O200004001, from 1946), in mm, become the daily archive of
 * the Toulouse place's level sensor — an archive of daily MAXIMA, not means — then its climatology. Only days that
 * ended before the demo's last reading are loaded: the archive never runs ahead of the data clock. The St-Michel gauge of
 * the lower arm (O200008001) in the same file is another river branch and is left out.
 * Idempotent: a sensor whose archive already holds daily maxima is left as it is.
 */
import type { Kysely } from 'kysely';
import { mmToM } from '@limni/shared/domain/units';
import { ORIGINES_ARCHIVE_FR } from '@limni/shared/domain/sources';
import { parisDay } from '@limni/shared/domain/time';
import type { Database } from '../../db/schema';
import { recomputeClimatology } from '../../data/climatologie';
import { latestObservationTs } from '../../data/capteurs.repo';
import { parseCsv, readSeedText } from '../files';
import { levelCapteurOfStation, writeDailyMaxima } from '../seed.repo';
import type { SeedLog, SeedStep } from '../step';

export const TOULOUSE_FILE = 'toulouse_H_max_journalier_1857-2024.csv.gz';
/** The Toulouse place's station, and the gauges of the same bridge whose daily maxima make its series. */
export const TOULOUSE_STATION = 'O200004001';
export const TOULOUSE_GAUGES: readonly string[] = ['O200004002', 'O200004001'];

/** The daily maxima of the Pont-Neuf gauges (m), oldest first, the days before the Paris day of `until` (ms) only. */
function readDailyMaxima(until: number | null): Array<{ jour: string; max: number }> {
  const today = until === null ? null : parisDay(until);
  const days: Array<{ jour: string; max: number }> = [];
  for (const r of parseCsv(readSeedText(TOULOUSE_FILE.replace(/\.gz$/, '')))) {
    const jour = r['date'] ?? '';
    const mm = Number(r['hauteur_max_mm']);
    if (!TOULOUSE_GAUGES.includes(r['code_station'] ?? '') || !Number.isFinite(mm)) continue;
    if (today !== null && jour >= today) continue;
    days.push({ jour, max: mmToM(mm) });
  }
  return days.sort((a, b) => (a.jour < b.jour ? -1 : a.jour > b.jour ? 1 : 0));
}

/** Loads Toulouse's daily maxima into a database that lacks them (the seed step, and existing databases at start). */
export async function loadToulouseMaxima(db: Kysely<Database>, now: number, log: SeedLog): Promise<number> {
  const capteur = await levelCapteurOfStation(db, TOULOUSE_STATION);
  if (!capteur || (capteur.statistique_jour === 'max' && Boolean(capteur.archive))) return 0;
  const days = readDailyMaxima(await latestObservationTs(db, null));
  await writeDailyMaxima(db, capteur.id, days);
  await recomputeClimatology(db, capteur.id, now, ORIGINES_ARCHIVE_FR.toulouse);
  log(`${days.length} maxima journaliers de la Garonne à Toulouse chargés (climatologie calculée)`);
  return days.length;
}

export const seedToulouse: SeedStep = async (trx, { now, log }) => {
  await loadToulouseMaxima(trx, now, log);
};
