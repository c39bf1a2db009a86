/** What the weather reads and writes: a place's coordinates, and the weather cache of each cell (migration 009). */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Coordinates of a place, undefined when it does not exist. */
export function lieuCoordinates(db: Kysely<Database>, id: number) {
  return db.selectFrom('lieu').select(['id', 'lat_gps', 'lon_gps']).where('id', '=', id).executeTakeFirst();
}

/** The cached outcome of a cell (JSON), with its fetch time and expiry; undefined when never asked. */
export function readCell(db: Kysely<Database>, cell: string) {
  return db
    .selectFrom('meteo_cache')
    .select(['outcome', 'fetched_at', 'expires_at'])
    .where('cell', '=', cell)
    .executeTakeFirst();
}

/** Stores a cell's outcome (replacing the previous one). */
export async function writeCell(
  db: Kysely<Database>,
  row: { cell: string; outcome: string; fetched_at: number; expires_at: number },
): Promise<void> {
  await db
    .insertInto('meteo_cache')
    .values(row)
    .onConflict((oc) =>
      oc.column('cell').doUpdateSet({
        outcome: row.outcome,
        fetched_at: row.fetched_at,
        expires_at: row.expires_at,
      }),
    )
    .execute();
}

/** Forgets cells expired before `beforeTs`. */
export async function deleteCellsExpiredBefore(db: Kysely<Database>, beforeTs: number): Promise<void> {
  await db.deleteFrom('meteo_cache').where('expires_at', '<', beforeTs).execute();
}
