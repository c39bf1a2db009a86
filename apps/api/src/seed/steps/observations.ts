/**
 * Seed step: the recorded series of the demo — Garonne / Ariège water levels (January 2022, native steps) and daily
 * mean flows of the same month, Swiss lake levels (July 2021, 10 min) — and each sensor's cached state.
 */
import { nativeStepMinutes, type Observation } from '@limni/shared/domain/series';
import { lpsToM3s, mmToM } from '@limni/shared/domain/units';
import type { BuiltCapteur, BuiltReferentiel } from '../build';
import { parseCsv, readSeedText } from '../files';
import { insertRows, setCapteurSeriesState } from '../seed.repo';
import type { SeedStep } from '../step';

/** Observations per sensor, in observation order (sorted and deduplicated when written). */
class SeriesBySensor {
  readonly byCapteur = new Map<number, Observation[]>();

  push(capteurId: number, r: Observation): void {
    const list = this.byCapteur.get(capteurId) ?? [];
    list.push(r);
    this.byCapteur.set(capteurId, list);
  }
}

/** The sensors of the referential by place and quantity, and the ids that new ones take. */
class SensorIndex {
  private readonly byKey: Map<string, number>;
  private nextId: number;

  constructor(capteurs: readonly BuiltCapteur[]) {
    this.byKey = new Map(capteurs.map((c) => [`${c.lieu_id}:${c.grandeur}`, c.id]));
    this.nextId = Math.max(0, ...capteurs.map((c) => c.id)) + 1;
  }

  get(lieuId: number, grandeur: 'H' | 'Q'): number | undefined {
    return this.byKey.get(`${lieuId}:${grandeur}`);
  }

  add(lieuId: number, grandeur: 'H' | 'Q'): number {
    const id = this.nextId++;
    this.byKey.set(`${lieuId}:${grandeur}`, id);
    return id;
  }
}

type LieuByStation = ReadonlyMap<string, BuiltReferentiel['lieux'][number]>;

/** Garonne / Ariège, January 2022, native 5/15-min steps: H in mm → m. */
function readGaronneLevels(series: SeriesBySensor, lieux: LieuByStation, capteurs: SensorIndex): void {
  for (const row of parseCsv(readSeedText('garonne_H_2022-01_native.csv'))) {
    const lieu = lieux.get(row['code_station'] ?? '');
    const capteur = lieu && capteurs.get(lieu.id, 'H');
    const mm = Number(row['resultat_obs_mm']);
    const ts = Date.parse(row['date_obs'] ?? '');
    if (!capteur || !Number.isFinite(mm) || !Number.isFinite(ts)) continue;
    series.push(capteur, { ts, valeur: mmToM(mm) });
  }
}

/**
 * Daily mean flow (QmnJ) of the same month, l/s → m³/s, placed at noon UTC of its day; a place without a Q sensor
 * gets a "daily mean flow" one, returned to be inserted.
 */
function readGaronneDailyFlows(
  series: SeriesBySensor,
  lieux: LieuByStation,
  capteurs: SensorIndex,
): BuiltCapteur[] {
  const created: BuiltCapteur[] = [];
  for (const row of parseCsv(readSeedText('garonne_QmnJ_5crues_1905-2022.csv'))) {
    const day = row['date_obs_elab'] ?? '';
    if (!day.startsWith('2022-01-')) continue;
    const lieu = lieux.get(row['code_station'] ?? '');
    const lps = Number(row['resultat_obs_elab_l_s']);
    if (!lieu || !Number.isFinite(lps)) continue;
    let capteur = capteurs.get(lieu.id, 'Q');
    if (capteur === undefined) {
      capteur = capteurs.add(lieu.id, 'Q');
      created.push({
        id: capteur,
        lieu_id: lieu.id,
        grandeur: 'Q',
        unite: 'm³/s',
        libelle: 'Débit moyen journalier',
        source: 'hubeau-elab',
        code_station: lieu.code_station,
        pas_min: 1440,
      });
    }
    series.push(capteur, { ts: Date.parse(`${day}T12:00:00Z`), valeur: lpsToM3s(lps) });
  }
  return created;
}

/** Swiss lakes, July 2021, 10 min, already in metres (altitude of the water surface). */
function readSwissLevels(series: SeriesBySensor, ref: BuiltReferentiel): void {
  const swissLieux = new Map(
    ref.lieux
      .filter((l) => l.source === 'ofev')
      .map((l) => [l, ref.capteurs.find((c) => c.lieu_id === l.id)]),
  );
  const capteurBySwissCode = new Map(
    [...swissLieux.values()].filter(Boolean).map((c) => [c?.code_station ?? '', c?.id ?? 0]),
  );
  for (const row of parseCsv(readSeedText('lakes_suisse_crue_2021-07_10min.csv'))) {
    const capteur = capteurBySwissCode.get(row['code_station_ofev'] ?? '');
    const v = Number(row['niveau_m']);
    const ts = Date.parse(row['date_obs'] ?? '');
    if (!capteur || !Number.isFinite(v) || !Number.isFinite(ts)) continue;
    series.push(capteur, { ts, valeur: v });
  }
}

export const seedObservations: SeedStep = async (trx, { ref, log }) => {
  const lieux: LieuByStation = new Map(
    ref.lieux.filter((l) => l.code_station).map((l) => [l.code_station as string, l]),
  );
  const capteurs = new SensorIndex(ref.capteurs);
  const series = new SeriesBySensor();
  readGaronneLevels(series, lieux, capteurs);
  await insertRows(trx, 'capteur', readGaronneDailyFlows(series, lieux, capteurs));
  readSwissLevels(series, ref);

  let total = 0;
  for (const [capteurId, observed] of series.byCapteur) {
    observed.sort((a, b) => a.ts - b.ts);
    const unique = observed.filter((r, i) => i === 0 || r.ts !== (observed[i - 1] as Observation).ts);
    await insertRows(
      trx,
      'observation',
      unique.map((r) => ({
        capteur_id: capteurId,
        ts: r.ts,
        valeur: r.valeur,
        statut: null,
        qualification: null,
      })),
      2000,
    );
    const last = unique[unique.length - 1] as Observation;
    await setCapteurSeriesState(trx, capteurId, {
      premier_ts: (unique[0] as Observation).ts,
      dernier_ts: last.ts,
      derniere_valeur: last.valeur,
      pasMin: nativeStepMinutes(unique),
    });
    total += unique.length;
  }
  log(`${total} relevés chargés sur ${series.byCapteur.size} capteurs`);
};
