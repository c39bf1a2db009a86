import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Coordinates of a place, undefined when it does not exist. */
export function placeCoordinates(db: Kysely<Database>, id: number) {
  return db.selectFrom('lieu').select(['id', 'lat_gps', 'lon_gps']).where('id', '=', id).executeTakeFirst();
}
