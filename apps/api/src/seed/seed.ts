/**
 * Loads the real demo dataset into an empty database, in one transaction (all or nothing).
 * `seedDatabase(handle)` does nothing on a database that already holds entities, so it is safe at every start;
 * `{ reset: true }` empties every table first (`npm run seed -- --reset`).
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import { mmToM, lpsToM3s } from '@limni/shared/domain/units';
import {
  NIVEAUX_VIGILANCE as NIVEAUX,
  SIGNIFICATIONS_VIGILANCE as SIGNIFICATIONS,
} from '@limni/shared/domain/vigilance';
import type { Db } from '../db/client';
import { resetIdSequences, type DialectName } from '../db/dialect';
import type { Database } from '../db/schema';
import { buildReferentiel, type BuiltReferentiel } from './build';
import { parseCsv, readSeedText } from './files';
import { loadSeedSources } from './sources';
import { extraSeedSteps } from './steps/index';
import { refreshPages } from './steps/pages';

export const DATASET_VERSION = '2026-11-21.1';
/** Issue time of the recorded national Vigicrues bulletin (InfoVigiCru_TypEntVigiCru2_detail.json). */
export const VIGILANCE_RECORDED_AT = Date.parse('2021-01-24T08:16:03+01:00');

/** Tables in the order they can be emptied (children first). */
const TABLES_CHILD_FIRST = [
  'photo',
  'publication',
  'push_registration',
  'user_autorisation',
  'user_liste_sib',
  'abonnement',
  'password_reset',
  'email_verification',
  'session',
  'profile',
  'user',
  'autorisation',
  'contact_message',
  'liste_sib',
  'page',
  'webcam',
  'alerte',
  'activite_lieu',
  'activite',
  'prevision',
  'observation',
  'capteur',
  'lieu',
  'troncon',
  'entite_departement',
  'entite',
  'departement',
  'bassin',
  'meta',
] as const;

export interface SeedContext {
  dialect: DialectName;
  ref: BuiltReferentiel;
  now: number;
  log: (msg: string) => void;
}

export type SeedStep = (trx: Transaction<Database>, ctx: SeedContext) => Promise<void>;

export interface SeedResult {
  seeded: boolean;
  counts: Record<string, number>;
}

async function insertChunks<T extends keyof Database>(
  trx: Kysely<Database>,
  table: T,
  rows: ReadonlyArray<object>,
  chunk = 1000,
): Promise<void> {
  for (let i = 0; i < rows.length; i += chunk) {
    // Rows are built to the table's shape; Kysely's insert typing cannot follow the generic table name.
    await trx
      .insertInto(table)
      .values(rows.slice(i, i + chunk) as never)
      .execute();
  }
}

export async function isSeeded(db: Kysely<Database>): Promise<boolean> {
  const row = await db
    .selectFrom('entite')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0) > 0;
}

export async function seedDatabase(
  handle: Db,
  opts: { reset?: boolean; log?: (msg: string) => void; now?: number } = {},
): Promise<SeedResult> {
  const log = opts.log ?? (() => {});
  const now = opts.now ?? Date.now();
  if (!opts.reset && (await isSeeded(handle.db))) {
    const pages = await refreshPages(handle.db);
    if (pages > 0) log(`${pages} page(s) de contenu mise(s) à jour`);
    return { seeded: false, counts: {} };
  }
  const ref = buildReferentiel(loadSeedSources());
  const ctx: SeedContext = { dialect: handle.dialect, ref, now, log };

  await handle.db.transaction().execute(async (trx) => {
    if (opts.reset) {
      for (const t of TABLES_CHILD_FIRST) await trx.deleteFrom(t).execute();
    }
    await seedReferentiel(trx, ctx);
    await seedObservations(trx, ctx);
    await seedVigilance(trx, ctx);
    await seedAutorisations(trx);
    for (const step of extraSeedSteps) await step(trx, ctx);
    await resetIdSequences(trx as unknown as Kysely<unknown>, handle.dialect, [
      'entite',
      'troncon',
      'lieu',
      'capteur',
      'alerte',
      'activite',
      'liste_sib',
      'webcam',
    ]);
    await trx
      .insertInto('meta')
      .values([
        { key: 'dataset_version', value: DATASET_VERSION },
        { key: 'seeded_at', value: String(now) },
      ])
      .execute();
  });

  const counts: Record<string, number> = {};
  for (const t of ['entite', 'lieu', 'capteur', 'observation', 'troncon', 'alerte'] as const) {
    const r = await handle.db
      .selectFrom(t)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    counts[t] = Number(r?.n ?? 0);
  }
  log(`Jeu de démonstration chargé : ${JSON.stringify(counts)}`);
  return { seeded: true, counts };
}

async function seedReferentiel(trx: Transaction<Database>, { ref }: SeedContext): Promise<void> {
  await insertChunks(
    trx,
    'bassin',
    ref.bassins.map((b) => ({
      slug: b.slug,
      code: b.code,
      nom: b.nom,
      territoire: b.territoire,
      ordre: b.ordre,
      west: b.bbox?.[0] ?? null,
      south: b.bbox?.[1] ?? null,
      east: b.bbox?.[2] ?? null,
      north: b.bbox?.[3] ?? null,
    })),
  );
  await insertChunks(trx, 'departement', ref.departements);
  // Parents are set after every entity exists (self-reference).
  await insertChunks(
    trx,
    'entite',
    ref.entites.map(({ departements: _d, parent_id: _p, ...e }) => ({ ...e, parent_id: null })),
    200,
  );
  for (const e of ref.entites) {
    if (e.parent_id !== null) {
      await trx.updateTable('entite').set({ parent_id: e.parent_id }).where('id', '=', e.id).execute();
    }
  }
  await insertChunks(
    trx,
    'entite_departement',
    ref.entites.flatMap((e) => e.departements.map((d) => ({ entite_id: e.id, departement_code: d }))),
  );
  await insertChunks(
    trx,
    'troncon',
    ref.troncons.map((t) => ({
      ...t,
      niveau_ts: t.niveau === null ? null : VIGILANCE_RECORDED_AT,
      geometry: null,
    })),
  );
  const tronconId = new Map(ref.troncons.map((t) => [t.code, t.id]));
  await insertChunks(
    trx,
    'lieu',
    ref.lieux.map(({ troncon_code, ...l }) => ({
      ...l,
      troncon_id: troncon_code ? (tronconId.get(troncon_code) ?? null) : null,
    })),
    500,
  );
  await insertChunks(trx, 'capteur', ref.capteurs);
}

interface Reading {
  ts: number;
  valeur: number;
}

/** Native step of a series in minutes: the most frequent gap between consecutive readings. */
export function nativeStepMinutes(readings: readonly Reading[]): number | null {
  const counts = new Map<number, number>();
  for (let i = 1; i < readings.length; i++) {
    const gap = Math.round(((readings[i] as Reading).ts - (readings[i - 1] as Reading).ts) / 60_000);
    if (gap > 0) counts.set(gap, (counts.get(gap) ?? 0) + 1);
  }
  const best = [...counts.entries()].sort((a, b) => b[1] - a[1])[0];
  return best ? best[0] : null;
}

async function seedObservations(trx: Transaction<Database>, { ref, log }: SeedContext): Promise<void> {
  const lieuByStation = new Map(
    ref.lieux.filter((l) => l.code_station).map((l) => [l.code_station as string, l]),
  );
  const capteurByKey = new Map(ref.capteurs.map((c) => [`${c.lieu_id}:${c.grandeur}`, c.id]));
  let nextCapteurId = Math.max(0, ...ref.capteurs.map((c) => c.id)) + 1;
  const series = new Map<number, Reading[]>();
  const push = (capteurId: number, r: Reading) => {
    const list = series.get(capteurId) ?? [];
    list.push(r);
    series.set(capteurId, list);
  };

  // Garonne / Ariège, January 2022, native 5/15-min steps: H in mm → m.
  for (const row of parseCsv(readSeedText('garonne_H_2022-01_native.csv'))) {
    const lieu = lieuByStation.get(row['code_station'] ?? '');
    const capteur = lieu && capteurByKey.get(`${lieu.id}:H`);
    const mm = Number(row['resultat_obs_mm']);
    const ts = Date.parse(row['date_obs'] ?? '');
    if (!capteur || !Number.isFinite(mm) || !Number.isFinite(ts)) continue;
    push(capteur, { ts, valeur: mmToM(mm) });
  }

  // Daily mean flow (QmnJ) of the same month, l/s → m³/s, placed at noon UTC of its day.
  const newCapteurs: Array<Record<string, unknown>> = [];
  for (const row of parseCsv(readSeedText('garonne_QmnJ_5crues_1905-2022.csv'))) {
    const day = row['date_obs_elab'] ?? '';
    if (!day.startsWith('2022-01-')) continue;
    const lieu = lieuByStation.get(row['code_station'] ?? '');
    const lps = Number(row['resultat_obs_elab_l_s']);
    if (!lieu || !Number.isFinite(lps)) continue;
    let capteur = capteurByKey.get(`${lieu.id}:Q`);
    if (capteur === undefined) {
      capteur = nextCapteurId++;
      capteurByKey.set(`${lieu.id}:Q`, capteur);
      newCapteurs.push({
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
    push(capteur, { ts: Date.parse(`${day}T12:00:00Z`), valeur: lpsToM3s(lps) });
  }
  await insertChunks(trx, 'capteur', newCapteurs);

  // Swiss lakes, July 2021, 10 min, already in metres (altitude of the water surface).
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
    push(capteur, { ts, valeur: v });
  }

  let total = 0;
  for (const [capteurId, readings] of series) {
    readings.sort((a, b) => a.ts - b.ts);
    const unique = readings.filter((r, i) => i === 0 || r.ts !== (readings[i - 1] as Reading).ts);
    await insertChunks(
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
    const first = unique[0] as Reading;
    const last = unique[unique.length - 1] as Reading;
    await trx
      .updateTable('capteur')
      .set({
        premier_ts: first.ts,
        dernier_ts: last.ts,
        derniere_valeur: last.valeur,
        pas_min: sql<number>`coalesce(pas_min, ${nativeStepMinutes(unique)})`,
      })
      .where('id', '=', capteurId)
      .execute();
    total += unique.length;
  }
  log(`${total} relevés chargés sur ${series.size} capteurs`);
}

async function seedVigilance(trx: Transaction<Database>, { ref, now }: SeedContext): Promise<void> {
  const rows = ref.troncons
    .filter((t) => t.niveau !== null && t.niveau >= 2)
    .map((t) => {
      const niveau = t.niveau as number;
      return {
        scope: 'troncon' as const,
        scope_id: t.id,
        source: 'vigicrues' as const,
        niveau,
        titre: `Vigilance ${NIVEAUX[niveau]} crues — ${t.nom}`,
        message: `Vigicrues a placé le tronçon « ${t.nom} » (${t.territoire_nom}) en vigilance ${NIVEAUX[niveau]} dans son bulletin du 24/01/2021 à 08h16. ${SIGNIFICATIONS[niveau]}`,
        debut: VIGILANCE_RECORDED_AT,
        fin: null,
        created_at: now,
      };
    });
  await insertChunks(trx, 'alerte', rows);
}

async function seedAutorisations(trx: Transaction<Database>): Promise<void> {
  await trx
    .insertInto('autorisation')
    .values({
      id: 1,
      nom: 'Prévisions',
      description: 'Consultation des prévisions de hauteur et de débit (Vigicrues) sur les pages des lieux.',
    })
    .execute();
}
