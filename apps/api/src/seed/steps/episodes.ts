/**
 * Seed step: the recorded forecast episode of the Loire, December 2024 (docs/decisions/088) — the Vigicrues expert
 * forecast run of 11 December 2024 06:00 UTC (EXPRESSO `.prv`, 10 / 50 / 90 % tendencies, Q and H) at Digoin and
 * Gilly-sur-Loire, and the hourly mean flows observed there from 11 to 16 December (HydroPortail QmnH, site series).
 * The two places belong to the episode `loire-2024-12`: their data clock is the episode's, not the 2022 demo's.
 * Idempotent: a database that already holds the episode is left as it is (existing databases get it once at start).
 */
import type { Kysely } from 'kysely';
import { nativeStepMinutes } from '@limni/shared/domain/series';
import type { Database } from '../../db/schema';
import { parsePrv, type PrevisionSeries } from '../../ingest/sources/vigicrues-exchange';
import { parseCsv, readSeedText } from '../files';
import {
  episodeExists,
  setEpisodePeriod,
  insertRows,
  maxCapteurId,
  lieuOfSite,
  setLieuxEpisode,
  setCapteurSeriesState,
} from '../seed.repo';
import type { SeedLog, SeedStep } from '../step';

export const EPISODE_LOIRE = {
  code: 'loire-2024-12',
  libelle: 'Crue annoncée de la Loire, 11–16 décembre 2024',
  source:
    'Prévisions : Vigicrues (SCHAPI / SPC), observations : HydroPortail – Banque HYDRO, Licence Ouverte 2.0 ; ' +
    'fichiers d’exemple diffusés par evalhyd-vigicrues (INRAE, GPL-3.0)',
} as const;

/** The two gauges of the episode: hydrometric site (Q), its forecast file and its hourly flow file. */
export const EPISODE_LOIRE_FILES = [
  {
    site: 'K1180010',
    /** Station of the place (the referential's place of the site). */
    station: 'K118001010',
    prv: 'loire_2024-12_Prev_E_20241211_0706_20241211_0707_5159.prv',
    qmnh: 'loire_2024-12_K1180010_QmnH.csv',
  },
  {
    site: 'K1440010',
    station: 'K144001010',
    prv: 'loire_2024-12_Prev_E_20241211_0706_20241211_0707_5166.prv',
    qmnh: 'loire_2024-12_K1440010_QmnH.csv',
  },
] as const;

/** One row of a HydroPortail QmnH export: UTC instant, m³/s, status and qualification codes. */
export interface HourlyFlow {
  ts: number;
  valeur: number;
  statut: number | null;
  qualification: number | null;
}

/** Reads a HydroPortail `…_QmnH.csv` export (`"Date (TU)"`, `"Valeur (en m³/s)"` as quoted text). */
export function readHourlyFlows(name: string): HourlyFlow[] {
  const opt = (v: string | undefined) => (v === undefined || v === '' ? null : Number(v));
  return parseCsv(readSeedText(name))
    .map((r) => ({
      ts: Date.parse(r['Date (TU)'] ?? ''),
      valeur: Number(r['Valeur (en m³/s)'] ?? ''),
      statut: opt(r['Statut']),
      qualification: opt(r['Qualification']),
    }))
    .filter((r) => Number.isFinite(r.ts) && Number.isFinite(r.valeur))
    .sort((a, b) => a.ts - b.ts);
}

/** The forecast series of a `.prv` file of the episode. */
export function readEpisodePrevisions(name: string): PrevisionSeries[] {
  return parsePrv(readSeedText(name));
}

const previsionRows = (capteurId: number, s: PrevisionSeries) =>
  s.points.map((p) => ({
    capteur_id: capteurId,
    run_ts: s.runTs,
    ts: p.ts,
    valeur: p.moy,
    min: p.min,
    max: p.max,
    commentaire: null,
  }));

/** Loads the episode into a seeded database that does not hold it; returns the number of observations written. */
export async function loadLoireEpisode(db: Kysely<Database>, log: SeedLog): Promise<number> {
  if (await episodeExists(db, EPISODE_LOIRE.code)) return 0;
  await insertRows(db, 'episode', [{ ...EPISODE_LOIRE }]);
  let nextId = (await maxCapteurId(db)) + 1;
  let observations = 0;
  const lieux: number[] = [];
  let debut = Infinity;
  let fin = -Infinity;
  for (const f of EPISODE_LOIRE_FILES) {
    const lieu = await lieuOfSite(db, f.site);
    if (!lieu) throw new Error(`Lieu absent du référentiel pour le site ${f.site}`);
    lieux.push(lieu.id);
    // Hourly flow: a sensor of its own (the referential gives these places a water-level sensor only).
    const flowId = nextId++;
    const flows = readHourlyFlows(f.qmnh);
    await insertRows(db, 'capteur', [
      {
        id: flowId,
        lieu_id: lieu.id,
        grandeur: 'Q',
        unite: 'm³/s',
        libelle: 'Débit moyen horaire',
        source: 'hydroportail',
        code_station: f.site,
        pas_min: 60,
      },
    ]);
    await insertRows(
      db,
      'observation',
      flows.map((r) => ({ capteur_id: flowId, ...r })),
    );
    const last = flows[flows.length - 1];
    const first = flows[0];
    if (first && last) {
      debut = Math.min(debut, first.ts);
      fin = Math.max(fin, last.ts);
      await setCapteurSeriesState(db, flowId, {
        premier_ts: first.ts,
        dernier_ts: last.ts,
        derniere_valeur: last.valeur,
        pasMin: nativeStepMinutes(flows),
      });
    }
    observations += flows.length;
    // The forecast run: Q on the flow sensor, H on the place's water-level sensor.
    const levelId = lieu.capteurs.find((c) => c.grandeur === 'H')?.id ?? null;
    for (const s of readEpisodePrevisions(f.prv)) {
      const capteurId = s.grandeur === 'Q' ? flowId : levelId;
      if (capteurId !== null) await insertRows(db, 'prevision', previsionRows(capteurId, s));
    }
  }
  await setLieuxEpisode(db, lieux, EPISODE_LOIRE.code);
  // The episode's period is fixed here: its places may later become live and get newer readings (ADR 134).
  if (Number.isFinite(debut)) await setEpisodePeriod(db, EPISODE_LOIRE.code, debut, fin);
  log(
    `Épisode ${EPISODE_LOIRE.code} : ${observations} débits horaires et la prévision du 11/12/2024 chargés`,
  );
  return observations;
}

export const seedEpisodes: SeedStep = async (trx, { log }) => {
  await loadLoireEpisode(trx, log);
};
