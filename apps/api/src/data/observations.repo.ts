/**
 * Reads of the `observation` table shared by several features. `observationsBetween` is the series range read
 * (every chart, chronicle and 7-day table); `observationWindow` with `lastObservationTsAtOrBefore` is the
 * latest-values read (a sensor's state: its latest observation and the trend window before it). Both walk the
 * primary key (capteur_id, ts); their compiled SQL is pinned by `observations.repo.test.ts`.
 */
import type { Kysely } from 'kysely';
import { nonDouteuse } from '../db/qualite';
import type { Database } from '../db/schema';

export interface ObservationRow {
  ts: number;
  valeur: number;
  statut: number | null;
  /** The producer's qualification (12 douteuse…, docs/decisions/154), null when the source does not say. */
  qualification: number | null;
}

/** Observations of one sensor in [start, end), ascending. */
export async function observationsBetween(
  db: Kysely<Database>,
  capteurId: number,
  start: number,
  end: number,
): Promise<ObservationRow[]> {
  return db
    .selectFrom('observation')
    .select(['ts', 'valeur', 'statut', 'qualification'])
    .where('capteur_id', '=', capteurId)
    .where('ts', '>=', start)
    .where('ts', '<', end)
    .orderBy('ts')
    .execute();
}

/** Observations of one sensor in [fromTs, toTs] (both included), ascending, with their qualification. */
export async function observationWindow(
  db: Kysely<Database>,
  capteurId: number,
  fromTs: number,
  toTs: number,
): Promise<Array<{ ts: number; valeur: number; qualification: number | null }>> {
  return db
    .selectFrom('observation')
    .select(['ts', 'valeur', 'qualification'])
    .where('capteur_id', '=', capteurId)
    .where('ts', '>=', fromTs)
    .where('ts', '<=', toTs)
    .orderBy('ts')
    .execute();
}

/**
 * Instant of the sensor's latest observation at or before `atMs`; with `usable`, the latest one its producer did
 * not judge doubtful (the current one, docs/decisions/154). Null when there is none.
 */
export async function lastObservationTsAtOrBefore(
  db: Kysely<Database>,
  capteurId: number,
  atMs: number,
  { usable = false }: { usable?: boolean } = {},
): Promise<number | null> {
  const row = await db
    .selectFrom('observation')
    .select('ts')
    .where('capteur_id', '=', capteurId)
    .where('ts', '<=', atMs)
    .$if(usable, (qb) => qb.where(nonDouteuse))
    .orderBy('ts', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.ts ?? null;
}

/** Instant of the sensor's first observation at or after `atMs`; null when there is none. */
export async function firstObservationTsAtOrAfter(
  db: Kysely<Database>,
  capteurId: number,
  atMs: number,
): Promise<number | null> {
  const row = await db
    .selectFrom('observation')
    .select('ts')
    .where('capteur_id', '=', capteurId)
    .where('ts', '>=', atMs)
    .orderBy('ts')
    .limit(1)
    .executeTakeFirst();
  return row?.ts ?? null;
}
