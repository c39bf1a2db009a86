/**
 * The statements of the observation write path (observation-store.ts): the places and sensors of the station
 * codes, a sensor created on its first observation, what is already stored in the instants received, the
 * bulk upsert of new or changed observations and the cached state of each sensor.
 */
import { sql, type CompiledQuery, type Kysely } from 'kysely';
import { parisDay } from '@limni/shared/domain/time';
import type { HistoryRange } from '@limni/shared/domain/plausibility';
import { markCapteurDataChanged } from '../data/series-cache';
import { nonDouteuse } from '../db/qualite';
import type { Database } from '../db/schema';
import { inTransaction } from './transaction.repo';

export type ObservationRow = Database['observation'];
export type ConflictMode = 'update' | 'ignore';

/** Every place with a station code, with its H/Q/T sensors (one row per sensor, or one without any). */
export function lieuCapteurRows(db: Kysely<Database>) {
  return db
    .selectFrom('lieu')
    .leftJoin('capteur', 'capteur.lieu_id', 'lieu.id')
    .select([
      'lieu.id as lieuId',
      'lieu.code_station',
      'lieu.episode',
      'capteur.id as capteurId',
      'capteur.grandeur',
      'capteur.pas_min',
      'capteur.dernier_ts',
      'capteur.derniere_valeur',
    ])
    .where('lieu.code_station', 'is not', null)
    .execute();
}

/** The record range and length of each sensor's archive, from its climatology (docs/decisions/086, 136). */
export async function historyRanges(
  db: Kysely<Database>,
  ids: readonly number[],
): Promise<Map<number, HistoryRange>> {
  const out = new Map<number, HistoryRange>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .selectFrom('climatologie_capteur')
      .select(['capteur_id', 'record_min', 'record_max', 'nb_annees'])
      .where('capteur_id', 'in', ids.slice(i, i + 500))
      .where('record_min', 'is not', null)
      .where('record_max', 'is not', null)
      .execute();
    for (const r of rows) {
      out.set(r.capteur_id, { min: r.record_min as number, max: r.record_max as number, years: r.nb_annees });
    }
  }
  return out;
}

/** A reading kept apart as implausible (docs/decisions/136); `raison` is the JSON of a `RaisonEcartee`. */
export interface ValeurEcarteeRow {
  capteurId: number;
  reading: { ts: number; valeur: number; statut?: number | null; qualification?: number | null };
  raison: string;
  recuLe: number;
}

/** Stores set-aside values (the latest received for an instant wins). */
export async function upsertValeursEcartees(
  db: Kysely<Database>,
  rows: readonly ValeurEcarteeRow[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += 200) {
    await db
      .insertInto('valeur_ecartee')
      .values(
        rows.slice(i, i + 200).map((r) => ({
          capteur_id: r.capteurId,
          ts: r.reading.ts,
          valeur: r.reading.valeur,
          statut: r.reading.statut ?? null,
          qualification: r.reading.qualification ?? null,
          raison: r.raison,
          recu_le: r.recuLe,
        })),
      )
      .onConflict((oc) =>
        oc.columns(['capteur_id', 'ts']).doUpdateSet((eb) => ({
          valeur: eb.ref('excluded.valeur'),
          raison: eb.ref('excluded.raison'),
          recu_le: eb.ref('excluded.recu_le'),
        })),
      )
      .execute();
  }
}

/** Sensors that hold set-aside values. */
export async function capteursWithValeursEcartees(db: Kysely<Database>): Promise<Set<number>> {
  const rows = await db.selectFrom('valeur_ecartee').select('capteur_id').distinct().execute();
  return new Set(rows.map((r) => r.capteur_id));
}

/** Drops a sensor's set-aside values at these instants (a plausible value was stored for them). */
export async function deleteValeursEcarteesAt(
  db: Kysely<Database>,
  capteurId: number,
  instants: readonly number[],
): Promise<void> {
  for (let i = 0; i < instants.length; i += 500) {
    await db
      .deleteFrom('valeur_ecartee')
      .where('capteur_id', '=', capteurId)
      .where('ts', 'in', instants.slice(i, i + 500))
      .execute();
  }
}

/**
 * Places of recorded episodes that received live readings: they leave their episode's clock (ADR 088, 134), and
 * the episode's hourly-mean flow sensor, now fed live, is labelled as the flow it holds.
 */
export async function leaveEpisodes(db: Kysely<Database>, lieuIds: readonly number[]): Promise<void> {
  if (lieuIds.length === 0) return;
  await db
    .updateTable('lieu')
    .set({ episode: null })
    .where('id', 'in', [...lieuIds])
    .execute();
  await db
    .updateTable('capteur')
    .set({ libelle: 'Débit' })
    .where('lieu_id', 'in', [...lieuIds])
    .where('grandeur', '=', 'Q')
    .where('libelle', '=', 'Débit moyen horaire')
    .execute();
}

/**
 * A daily-mean sensor becomes instantaneous, in one transaction: its daily values (placed at noon UTC, ADR 085) go
 * into the daily archive under their Paris day (a day the archive already holds is kept), its observations are
 * removed, its cached state and step are reset, and its label says what it will hold.
 */
export async function dailyCapteurToInstantaneous(
  db: Kysely<Database>,
  capteurId: number,
  to: { source: string },
): Promise<void> {
  await inTransaction(db, async (trx) => {
    const days = await trx
      .selectFrom('observation')
      .select(['ts', 'valeur'])
      .where('capteur_id', '=', capteurId)
      .orderBy('ts')
      .execute();
    for (let i = 0; i < days.length; i += 200) {
      await trx
        .insertInto('archive_jour')
        .values(
          days.slice(i, i + 200).map((d) => ({
            capteur_id: capteurId,
            jour: parisDay(d.ts),
            moyenne: d.valeur,
            min: null,
            max: null,
            source: 'demo' as const,
            n: null,
          })),
        )
        .onConflict((oc) => oc.columns(['capteur_id', 'jour']).doNothing())
        .execute();
    }
    await trx.deleteFrom('observation').where('capteur_id', '=', capteurId).execute();
    await trx
      .updateTable('capteur')
      .set({
        pas_min: null,
        premier_ts: null,
        dernier_ts: null,
        derniere_valeur: null,
        libelle: 'Débit',
        source: to.source,
      })
      .where('id', '=', capteurId)
      .execute();
    await markCapteurDataChanged(trx, [capteurId]);
  });
}

export interface NewSensor {
  lieuId: number;
  grandeur: 'H' | 'Q';
  unite: string;
  libelle: string;
  source: string;
  codeStation: string;
}

/** Creates the sensor unless the place already has one for that quantity; returns the sensor either way. */
export async function ensureCapteur(
  db: Kysely<Database>,
  s: NewSensor,
): Promise<{ id: number; pas_min: number | null }> {
  await db
    .insertInto('capteur')
    .values({
      lieu_id: s.lieuId,
      grandeur: s.grandeur,
      unite: s.unite,
      libelle: s.libelle,
      source: s.source,
      code_station: s.codeStation,
      pas_min: null,
    })
    .onConflict((oc) => oc.columns(['lieu_id', 'grandeur']).doNothing())
    .execute();
  return db
    .selectFrom('capteur')
    .select(['id', 'pas_min'])
    .where('lieu_id', '=', s.lieuId)
    .where('grandeur', '=', s.grandeur)
    .executeTakeFirstOrThrow();
}

/** Sensors per statement when observation what is stored (one OR branch each). */
const RANGES_PER_QUERY = 200;

/** The stored observations of each sensor within [min, max], by sensor then instant. */
export async function storedInRanges(
  db: Kysely<Database>,
  ranges: ReadonlyArray<{ id: number; min: number; max: number }>,
): Promise<Map<number, Map<number, ObservationRow>>> {
  const existing = new Map<number, Map<number, ObservationRow>>();
  for (let i = 0; i < ranges.length; i += RANGES_PER_QUERY) {
    const part = ranges.slice(i, i + RANGES_PER_QUERY);
    const rows = await db
      .selectFrom('observation')
      .select(['capteur_id', 'ts', 'valeur', 'statut', 'qualification'])
      .where((eb) =>
        eb.or(
          part.map((p) =>
            eb.and([eb('capteur_id', '=', p.id), eb('ts', '>=', p.min), eb('ts', '<=', p.max)]),
          ),
        ),
      )
      .execute();
    for (const r of rows) {
      const m = existing.get(r.capteur_id) ?? new Map<number, ObservationRow>();
      m.set(r.ts, r);
      existing.set(r.capteur_id, m);
    }
  }
  return existing;
}

/**
 * Moves a sensor's cached state forward: first instant, current value and instant (never backwards: a late older
 * observation does not replace them), and the native step when it was unknown. `last` is the latest non-doubtful
 * observation written (docs/decisions/154); null when only doubtful ones were.
 */
export async function advanceCapteurState(
  db: Kysely<Database>,
  capteurId: number,
  first: number,
  last: { ts: number; valeur: number } | null,
  stepMinutes: number | null,
): Promise<void> {
  await db
    .updateTable('capteur')
    .set({
      premier_ts: sql<number>`case when premier_ts is null or premier_ts > ${first} then ${first} else premier_ts end`,
      ...(last !== null
        ? {
            derniere_valeur: sql<number>`case when dernier_ts is null or dernier_ts <= ${last.ts} then ${last.valeur} else derniere_valeur end`,
            dernier_ts: sql<number>`case when dernier_ts is null or dernier_ts < ${last.ts} then ${last.ts} else dernier_ts end`,
          }
        : {}),
      ...(stepMinutes !== null ? { pas_min: sql<number>`coalesce(pas_min, ${stepMinutes})` } : {}),
    })
    .where('id', '=', capteurId)
    .execute();
}

/**
 * Sets each sensor's current value to its latest non-doubtful observation (none: null), after a stored one was judged
 * doubtful (docs/decisions/154).
 */
export async function refreshCurrentObservation(
  db: Kysely<Database>,
  capteurIds: readonly number[],
): Promise<void> {
  for (const id of capteurIds) {
    const row = await db
      .selectFrom('observation')
      .select(['ts', 'valeur'])
      .where('capteur_id', '=', id)
      .where(nonDouteuse)
      .orderBy('ts', 'desc')
      .limit(1)
      .executeTakeFirst();
    await db
      .updateTable('capteur')
      .set({ dernier_ts: row?.ts ?? null, derniere_valeur: row?.valeur ?? null })
      .where('id', '=', id)
      .execute();
  }
}

/** Values per observation in the flat parameter list: capteur_id, ts, valeur, statut, qualification. */
export const OBSERVATION_PARAMS = 5;
/**
 * Rows per INSERT statement. Measured on SQLite: 100–200-row statements with the upsert clause insert about 3
 * times faster than one row per statement, and faster than 1,000-row ones.
 */
export const INSERT_CHUNK = 200;

function upsert(db: Kysely<Database>, rows: ObservationRow[], mode: ConflictMode) {
  const q = db.insertInto('observation').values(rows);
  return mode === 'ignore'
    ? q.onConflict((oc) => oc.columns(['capteur_id', 'ts']).doNothing())
    : q.onConflict((oc) =>
        oc.columns(['capteur_id', 'ts']).doUpdateSet((eb) => ({
          valeur: eb.ref('excluded.valeur'),
          // A status or qualification the upstream did not send (null) keeps the stored one (ADR 136).
          statut: eb.fn.coalesce('excluded.statut', 'observation.statut'),
          qualification: eb.fn.coalesce('excluded.qualification', 'observation.qualification'),
        })),
      );
}

/**
 * Upserts observations given as flat parameters (5 per row). Full chunks reuse one compiled statement per mode
 * and dialect (its text never changes, only its parameters); the rest is built row by row.
 */
export class ObservationUpserter {
  private readonly templates = new Map<ConflictMode, CompiledQuery>();

  /** `db` compiles the statements (the root handle: its dialect is the transaction's). */
  constructor(private readonly db: Kysely<Database>) {}

  private template(mode: ConflictMode): CompiledQuery {
    let t = this.templates.get(mode);
    if (!t) {
      const dummy = Array.from({ length: INSERT_CHUNK }, () => ({
        capteur_id: 0,
        ts: 0,
        valeur: 0,
        statut: 0,
        qualification: 0,
      }));
      t = upsert(this.db, dummy, mode).compile();
      if (t.parameters.length !== INSERT_CHUNK * OBSERVATION_PARAMS) {
        throw new Error('gabarit INSERT inattendu');
      }
      this.templates.set(mode, t);
    }
    return t;
  }

  async upsert(
    trx: Kysely<Database>,
    params: ReadonlyArray<number | null>,
    mode: ConflictMode,
  ): Promise<void> {
    const full = INSERT_CHUNK * OBSERVATION_PARAMS;
    for (let i = 0; i < params.length; i += full) {
      const slice = params.slice(i, i + full);
      if (slice.length === full) {
        await trx.executeQuery({ ...this.template(mode), parameters: slice });
        continue;
      }
      const rows: ObservationRow[] = [];
      for (let j = 0; j < slice.length; j += OBSERVATION_PARAMS) {
        rows.push({
          capteur_id: slice[j] as number,
          ts: slice[j + 1] as number,
          valeur: slice[j + 2] as number,
          statut: slice[j + 3] ?? null,
          qualification: slice[j + 4] ?? null,
        });
      }
      await upsert(trx, rows, mode).execute();
    }
  }
}
