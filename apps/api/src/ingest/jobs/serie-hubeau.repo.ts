/**
 * Table `serie_hubeau` (migration 013, docs/decisions/135): per station and quantity, the latest instant Hub'Eau
 * returned. It only ever moves forward, and only to what the station itself returned.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export type SeriesKey = `${string}:${'H' | 'Q'}`;
export const seriesKey = (code: string, grandeur: 'H' | 'Q'): SeriesKey => `${code}:${grandeur}`;

/** Every series read so far: `code:grandeur` → latest instant returned. */
export async function readSeries(db: Kysely<Database>): Promise<Map<SeriesKey, number>> {
  const rows = await db
    .selectFrom('serie_hubeau')
    .select(['code_station', 'grandeur', 'lu_jusqu_a'])
    .execute();
  return new Map(rows.map((r) => [seriesKey(r.code_station, r.grandeur), Number(r.lu_jusqu_a)]));
}

export interface SeriesAdvance {
  code: string;
  grandeur: 'H' | 'Q';
  /** Latest instant the station returned. */
  ts: number;
}

/** Moves each series forward to what its station returned (never backwards). */
export async function advanceSeries(
  db: Kysely<Database>,
  advances: readonly SeriesAdvance[],
  now: number,
): Promise<void> {
  for (let i = 0; i < advances.length; i += 200) {
    await db
      .insertInto('serie_hubeau')
      .values(
        advances.slice(i, i + 200).map((a) => ({
          code_station: a.code,
          grandeur: a.grandeur,
          lu_jusqu_a: a.ts,
          maj_le: now,
        })),
      )
      .onConflict((oc) =>
        oc.columns(['code_station', 'grandeur']).doUpdateSet({
          lu_jusqu_a: sql<number>`case when excluded.lu_jusqu_a > serie_hubeau.lu_jusqu_a then excluded.lu_jusqu_a else serie_hubeau.lu_jusqu_a end`,
          maj_le: sql<number>`excluded.maj_le`,
        }),
      )
      .execute();
  }
}

/** True when no series was recorded yet (a database of an earlier version, or never live). */
export async function noSeriesYet(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('serie_hubeau').select('code_station').limit(1).executeTakeFirst();
  return row === undefined;
}
