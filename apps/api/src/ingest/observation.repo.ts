/**
 * The statements of the observation write path (observation-store.ts): the places and sensors of the station
 * codes, a sensor created on its first observation, what is already stored in the instants received, the
 * bulk upsert of new or changed observations and the cached state of each sensor.
 */
import { sql, type CompiledQuery, type Kysely } from 'kysely';
import { parisDay } from '@limni/shared/domain/time';
import type { HistoryRange } from '@limni/shared/domain/plausibility';
import { markCapteurDataChanged } from '../data/series-cache';
import { isPostgresDb } from '../db/dialect';
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

/** Sensors per SQLite statement when reading what is stored (one OR branch each). */
const RANGES_PER_QUERY = 200;
/** Rows per PostgreSQL statement that takes its rows as arrays (`unnest`): one round trip, one plan. */
const UNNEST_ROWS = 10_000;

/** The stored observations of each sensor within [min, max], by sensor then instant. */
export async function storedInRanges(
  db: Kysely<Database>,
  ranges: ReadonlyArray<{ id: number; min: number; max: number }>,
): Promise<Map<number, Map<number, ObservationRow>>> {
  const existing = new Map<number, Map<number, ObservationRow>>();
  const add = (r: ObservationRow) => {
    const m = existing.get(r.capteur_id) ?? new Map<number, ObservationRow>();
    m.set(r.ts, r);
    existing.set(r.capteur_id, m);
  };
  if (isPostgresDb(db)) {
    // One statement for every range: the ranges as arrays, joined along the primary key (no OR of ranges to plan
    // against every partition). The bounds of all the ranges prune the partitions when the statement is planned:
    // without them, each of the ranges is pruned again at run time against every monthly partition.
    for (let i = 0; i < ranges.length; i += UNNEST_ROWS) {
      const part = ranges.slice(i, i + UNNEST_ROWS);
      const lo = Math.min(...part.map((p) => p.min));
      const hi = Math.max(...part.map((p) => p.max));
      const { rows } = await sql<ObservationRow>`
        select o.capteur_id, o.ts, o.valeur, o.statut, o.qualification
        from unnest(${part.map((p) => p.id)}::int[], ${part.map((p) => p.min)}::bigint[], ${part.map((p) => p.max)}::bigint[])
          as r(id, lo, hi)
        join observation o on o.capteur_id = r.id and o.ts >= r.lo and o.ts <= r.hi
        where o.ts >= ${lo} and o.ts <= ${hi}`.execute(db);
      for (const r of rows) add({ ...r, ts: Number(r.ts) });
    }
    return existing;
  }
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
    for (const r of rows) add(r);
  }
  return existing;
}

/** How one sensor's cached state moves after a write (advanceCapteurStates). */
export interface CapteurAdvance {
  id: number;
  /** Earliest instant written. */
  first: number;
  /** Latest non-doubtful observation written (docs/decisions/154); null when only doubtful ones were. */
  last: { ts: number; valeur: number } | null;
  /** Native step estimated from the instants written, when it was unknown. */
  step: number | null;
}

/** Sensors per SQLite statement of advanceCapteurStates (5 parameters each). */
const ADVANCE_CHUNK = 200;

/**
 * Moves the cached state of every sensor of a batch forward, in one statement (PostgreSQL) or one per 200 sensors
 * (SQLite): first instant, current value and instant (never backwards: a late older observation does not replace
 * them), the native step when it was unknown, and the data version (the series-cache mark, docs/decisions/013: call
 * it through `markCapteurDataChanged`). Sensors are updated in id order (concurrent writers lock rows in the same
 * order).
 */
export async function advanceCapteurStates(
  db: Kysely<Database>,
  rows: readonly CapteurAdvance[],
): Promise<void> {
  if (rows.length === 0) return;
  const sorted = [...rows].sort((a, b) => a.id - b.id);
  const set = sql`
    premier_ts = case when capteur.premier_ts is null or capteur.premier_ts > v.f then v.f else capteur.premier_ts end,
    derniere_valeur = case when v.lt is not null and (capteur.dernier_ts is null or capteur.dernier_ts <= v.lt)
      then v.lv else capteur.derniere_valeur end,
    dernier_ts = case when v.lt is not null and (capteur.dernier_ts is null or capteur.dernier_ts < v.lt)
      then v.lt else capteur.dernier_ts end,
    pas_min = coalesce(capteur.pas_min, v.st),
    donnees_version = capteur.donnees_version + 1`;
  if (isPostgresDb(db)) {
    for (let i = 0; i < sorted.length; i += UNNEST_ROWS) {
      const part = sorted.slice(i, i + UNNEST_ROWS);
      await sql`update capteur set ${set}
        from unnest(${part.map((r) => r.id)}::int[], ${part.map((r) => r.first)}::bigint[],
          ${part.map((r) => r.last?.ts ?? null)}::bigint[], ${part.map((r) => r.last?.valeur ?? null)}::float8[],
          ${part.map((r) => r.step)}::int[]) as v(id, f, lt, lv, st)
        where capteur.id = v.id`.execute(db);
    }
    return;
  }
  for (let i = 0; i < sorted.length; i += ADVANCE_CHUNK) {
    const values = sorted
      .slice(i, i + ADVANCE_CHUNK)
      .map((r) => sql`(${r.id}, ${r.first}, ${r.last?.ts ?? null}, ${r.last?.valeur ?? null}, ${r.step})`);
    await sql`with v(id, f, lt, lv, st) as (values ${sql.join(values)})
      update capteur set ${set} from v where capteur.id = v.id`.execute(db);
  }
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
 * PostgreSQL: observations upserted 10,000 at a time as five arrays (`insert … select from unnest(…)`), one round trip
 * and one plan per statement (docs/decisions/157).
 */
async function upsertArrays(
  trx: Kysely<Database>,
  params: ReadonlyArray<number | null>,
  mode: ConflictMode,
): Promise<void> {
  const step = UNNEST_ROWS * OBSERVATION_PARAMS;
  for (let i = 0; i < params.length; i += step) {
    const cols: Array<Array<number | null>> = [[], [], [], [], []];
    const end = Math.min(params.length, i + step);
    for (let j = i; j < end; j += OBSERVATION_PARAMS) {
      for (let c = 0; c < OBSERVATION_PARAMS; c++) {
        (cols[c] as Array<number | null>).push(params[j + c] ?? null);
      }
    }
    const [ids, ts, valeurs, statuts, qualifications] = cols;
    const conflict =
      mode === 'ignore'
        ? sql`do nothing`
        : sql`do update set valeur = excluded.valeur,
            statut = coalesce(excluded.statut, observation.statut),
            qualification = coalesce(excluded.qualification, observation.qualification)`;
    await sql`insert into observation (capteur_id, ts, valeur, statut, qualification)
      select * from unnest(${ids}::int[], ${ts}::bigint[], ${valeurs}::float8[], ${statuts}::int[], ${qualifications}::int[])
      on conflict (capteur_id, ts) ${conflict}`.execute(trx);
  }
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
    if (isPostgresDb(trx)) return upsertArrays(trx, params, mode);
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
