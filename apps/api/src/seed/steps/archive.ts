/**
 * Seed step: the long daily archive of the demo (docs/decisions/085) — 20 years of daily mean flows of the 19
 * airGRdatasets stations (1999–2018), 13 years of three Cance-basin gauges (smash, hourly values averaged per Paris
 * day) and 11 to 45 years of three Lez gauges (smash, daily, under their old codes) — from
 * `seed-data/history_daily.csv.gz`, then each sensor's climatology (docs/decisions/086).
 * Each station's place gets a « Débit moyen journalier » sensor when it has none; the daily values are also its
 * observations (at noon UTC, as the recorded Hub'Eau QmnJ of the Garonne), so the Données tab draws them.
 * Idempotent: a database that already has an archive is left as it is.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { recomputeClimatology } from '../../data/climatologie';
import { parseCsv, readSeedText } from '../files';
import {
  archiveIsEmpty,
  flowCapteursOfLieux,
  insertRows,
  maxCapteurId,
  setCapteurSeriesState,
} from '../seed.repo';
import type { SeedLog, SeedStep } from '../step';
import { ORIGINES_ARCHIVE_FR } from '@limni/shared/domain/sources';

export const ARCHIVE_FILE = 'history_daily.csv.gz';

/** The place codes whose archive comes from smash (`seed-data/smash_stations.csv`), read once. */
let smashCodes: Set<string> | null = null;

/** The named origin of each station's archived series (shown with the band), by station code. */
export function archiveOrigin(code: string): string {
  smashCodes ??= new Set(parseCsv(readSeedText('smash_stations.csv')).map((r) => r['code_station'] ?? ''));
  return smashCodes.has(code) ? ORIGINES_ARCHIVE_FR.smash : ORIGINES_ARCHIVE_FR.airGR;
}

interface Day {
  jour: string;
  moyenne: number;
  min: number | null;
  max: number | null;
  n: number | null;
}

function readArchiveFile(): Map<string, Day[]> {
  const byCode = new Map<string, Day[]>();
  const opt = (v: string | undefined) => (v === undefined || v === '' ? null : Number(v));
  for (const r of parseCsv(readSeedText(ARCHIVE_FILE.replace(/\.gz$/, '')))) {
    const code = r['code_station'] ?? '';
    const list = byCode.get(code) ?? [];
    list.push({
      jour: r['jour'] ?? '',
      moyenne: Number(r['moyenne_m3s']),
      min: opt(r['min_m3s']),
      max: opt(r['max_m3s']),
      n: opt(r['n']),
    });
    byCode.set(code, list);
  }
  return byCode;
}

/** Loads the archive into a seeded database that has none (the seed step, and existing databases at start). */
export async function loadDemoArchive(db: Kysely<Database>, now: number, log: SeedLog): Promise<number> {
  if (!(await archiveIsEmpty(db))) return 0;
  const byCode = readArchiveFile();
  const capteurs = await flowCapteursOfLieux(db, [...byCode.keys()]);
  let nextId = (await maxCapteurId(db)) + 1;
  let total = 0;
  for (const [code, days] of byCode) {
    const lieu = capteurs.get(code);
    if (!lieu) continue;
    let capteurId = lieu.capteurId;
    if (capteurId === null) {
      capteurId = nextId++;
      await insertRows(db, 'capteur', [
        {
          id: capteurId,
          lieu_id: lieu.lieuId,
          grandeur: 'Q',
          unite: 'm³/s',
          libelle: 'Débit moyen journalier',
          source: 'hubeau-elab',
          code_station: code,
          pas_min: 1440,
        },
      ]);
    }
    const id = capteurId;
    await insertRows(
      db,
      'archive_jour',
      days.map((d) => ({ capteur_id: id, source: 'demo' as const, ...d })),
      2000,
    );
    await insertRows(
      db,
      'observation',
      days.map((d) => ({
        capteur_id: id,
        ts: Date.parse(`${d.jour}T12:00:00Z`),
        valeur: d.moyenne,
        statut: null,
        qualification: null,
      })),
      2000,
    );
    const last = days[days.length - 1] as Day;
    await setCapteurSeriesState(db, id, {
      premier_ts: Date.parse(`${(days[0] as Day).jour}T12:00:00Z`),
      dernier_ts: Date.parse(`${last.jour}T12:00:00Z`),
      derniere_valeur: last.moyenne,
      pasMin: 1440,
    });
    await recomputeClimatology(db, id, now, archiveOrigin(code));
    total += days.length;
  }
  log(`${total} jours d'archive chargés sur ${capteurs.size} capteurs (climatologie calculée)`);
  return total;
}

export const seedArchive: SeedStep = async (trx, { now, log }) => {
  await loadDemoArchive(trx, now, log);
};
