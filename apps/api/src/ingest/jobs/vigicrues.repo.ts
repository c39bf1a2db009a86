/**
 * The statements of the Vigicrues jobs: tronçons (referential, lines, vigilance levels), the Vigicrues alerts that
 * record level changes, forecasts (`prevision`) and the stations read by the fallback.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/* ---- tronçon referential and lines ---- */

export function listTroncons(db: Kysely<Database>) {
  return db.selectFrom('troncon').select(['id', 'code', 'nom', 'geometry']).execute();
}

export interface TronconReferentielChanges {
  create: ReadonlyArray<{ code: string; nom: string }>;
  rename: ReadonlyArray<{ id: number; nom: string }>;
  /** Territory code → name, applied to every tronçon of that territory whose name differs. */
  territoires: Readonly<Record<string, string>>;
}

/** Writes the referential's new tronçons, new names and territory names, in one transaction. */
export async function writeTronconReferentiel(
  db: Kysely<Database>,
  changes: TronconReferentielChanges,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const t of changes.create) await trx.insertInto('troncon').values(t).execute();
    for (const t of changes.rename) {
      await trx.updateTable('troncon').set({ nom: t.nom }).where('id', '=', t.id).execute();
    }
    for (const [code, nom] of Object.entries(changes.territoires)) {
      await trx
        .updateTable('troncon')
        .set({ territoire_nom: nom })
        .where('territoire_code', '=', code)
        .where((eb) => eb.or([eb('territoire_nom', 'is', null), eb('territoire_nom', '!=', nom)]))
        .execute();
    }
  });
}

/** Writes tronçon lines (GeoJSON text), in one transaction. */
export async function writeTronconGeometries(
  db: Kysely<Database>,
  lines: ReadonlyArray<{ id: number; geometry: string }>,
): Promise<void> {
  if (lines.length === 0) return;
  await db.transaction().execute(async (trx) => {
    for (const l of lines) {
      await trx.updateTable('troncon').set({ geometry: l.geometry }).where('id', '=', l.id).execute();
    }
  });
}

/* ---- vigilance levels (called inside the bulletin's transaction) ---- */

/** Issue time of the most recent level stored, null before any. */
/** The latest bulletin time among stored levels, ignoring any dated after `notAfter` (never a valid bulletin). */
export async function latestLevelTs(db: Kysely<Database>, notAfter: number): Promise<number | null> {
  const r = await db
    .selectFrom('troncon')
    .select((eb) => eb.fn.max('niveau_ts').as('t'))
    .where('niveau_ts', '<=', notAfter)
    .executeTakeFirst();
  return r?.t ?? null;
}

export interface TronconState {
  id: number;
  code: string;
  nom: string;
  niveau: number | null;
  niveau_ts: number | null;
  territoire_code: string | null;
  territoire_nom: string | null;
}

export function listTronconStates(db: Kysely<Database>): Promise<TronconState[]> {
  return db
    .selectFrom('troncon')
    .select(['id', 'code', 'nom', 'niveau', 'niveau_ts', 'territoire_code', 'territoire_nom'])
    .execute();
}

/** A tronçon first seen in a bulletin: named by its code until the referential names it. */
export async function insertTroncon(
  db: Kysely<Database>,
  t: { code: string; territoire_code: string | null; territoire_nom: string | null },
): Promise<number> {
  const row = await db
    .insertInto('troncon')
    .values({
      code: t.code,
      nom: t.code,
      territoire_code: t.territoire_code,
      territoire_nom: t.territoire_nom,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function setTronconTerritoire(
  db: Kysely<Database>,
  id: number,
  territoire: { code: string | null; nom: string | null },
): Promise<void> {
  await db
    .updateTable('troncon')
    .set({ territoire_code: territoire.code, territoire_nom: territoire.nom })
    .where('id', '=', id)
    .execute();
}

export async function setTronconLevel(
  db: Kysely<Database>,
  id: number,
  niveau: number,
  ts: number,
): Promise<void> {
  await db.updateTable('troncon').set({ niveau, niveau_ts: ts }).where('id', '=', id).execute();
}

/** Tronçons per statement when confirming unchanged levels. */
const CONFIRM_CHUNK = 500;

/** Moves the issue time of unchanged levels to the bulletin that confirmed them. */
export async function confirmTronconLevels(
  db: Kysely<Database>,
  ids: readonly number[],
  ts: number,
): Promise<void> {
  for (let i = 0; i < ids.length; i += CONFIRM_CHUNK) {
    await db
      .updateTable('troncon')
      .set({ niveau_ts: ts })
      .where('id', 'in', ids.slice(i, i + CONFIRM_CHUNK))
      .execute();
  }
}

/** Ends the tronçon's open Vigicrues alert(s) at `fin`; returns how many were ended. */
export async function endOpenVigilanceAlerts(
  db: Kysely<Database>,
  tronconId: number,
  fin: number,
): Promise<number> {
  const r = await db
    .updateTable('alerte')
    .set({ fin })
    .where('scope', '=', 'troncon')
    .where('scope_id', '=', tronconId)
    .where('source', '=', 'vigicrues')
    .where('fin', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

export interface VigilanceAlert {
  tronconId: number;
  niveau: number;
  titre: string;
  message: string;
  debut: number;
  fin: number | null;
  createdAt: number;
}

/** Records a level change as a Vigicrues alert on the tronçon; returns its id. */
export async function insertVigilanceAlert(db: Kysely<Database>, a: VigilanceAlert): Promise<number> {
  const row = await db
    .insertInto('alerte')
    .values({
      scope: 'troncon',
      scope_id: a.tronconId,
      source: 'vigicrues',
      niveau: a.niveau,
      titre: a.titre,
      message: a.message,
      debut: a.debut,
      fin: a.fin,
      created_at: a.createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The places on these tronçons. */
export function lieuxOnTroncons(db: Kysely<Database>, tronconIds: readonly number[]) {
  return db.selectFrom('lieu').select(['id', 'troncon_id']).where('troncon_id', 'in', tronconIds).execute();
}

/* ---- forecasts and the observations fallback ---- */

/** H and Q sensors of every place with a station in service: Vigicrues says which are forecast stations. */
export function previsionCapteurs(db: Kysely<Database>) {
  return db
    .selectFrom('lieu')
    .innerJoin('capteur', 'capteur.lieu_id', 'lieu.id')
    .select(['lieu.id as lieuId', 'lieu.code_station', 'capteur.id as capteurId', 'capteur.grandeur'])
    .where('lieu.code_station', 'is not', null)
    .where('lieu.station_mesure_ok', '=', 1)
    .where('capteur.grandeur', 'in', ['H', 'Q'])
    .orderBy('lieu.code_station')
    .orderBy('capteur.grandeur')
    .execute();
}

/** True when a forecast run of the sensor is already stored. */
export async function isRunKnown(db: Kysely<Database>, capteurId: number, runTs: number): Promise<boolean> {
  const r = await db
    .selectFrom('prevision')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('capteur_id', '=', capteurId)
    .where('run_ts', '=', runTs)
    .executeTakeFirst();
  return Number(r?.n ?? 0) > 0;
}

/** Rows per forecast INSERT statement. */
const PREVISION_CHUNK = 500;

/**
 * Stores the points of forecast runs, in one transaction. The table is the archive of every run received: a point
 * already stored for (capteur, run, instant) is kept as first published, never overwritten (docs/decisions/152).
 */
export async function storePrevisions(
  db: Kysely<Database>,
  rows: ReadonlyArray<Database['prevision']>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += PREVISION_CHUNK) {
      await trx
        .insertInto('prevision')
        .values(rows.slice(i, i + PREVISION_CHUNK))
        .onConflict((oc) => oc.columns(['capteur_id', 'run_ts', 'ts']).doNothing())
        .execute();
    }
  });
}

/** H and Q sensors of in-service stations on a tronçon: what the fallback reads from Vigicrues. */
export function fallbackCapteurs(db: Kysely<Database>) {
  return db
    .selectFrom('lieu')
    .innerJoin('capteur', 'capteur.lieu_id', 'lieu.id')
    .select(['lieu.code_station', 'capteur.grandeur'])
    .where('lieu.troncon_id', 'is not', null)
    .where('lieu.code_station', 'is not', null)
    .where('lieu.station_mesure_ok', '=', 1)
    .where('capteur.grandeur', 'in', ['H', 'Q'])
    .orderBy('lieu.code_station')
    .execute();
}
