/** The statements of the Hub'Eau jobs: the stations of Limni's places and what the catalogue says of them. */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Station codes to poll for observations: places with a station in service, by code. */
export async function stationsInService(db: Kysely<Database>): Promise<string[]> {
  const rows = await db
    .selectFrom('lieu')
    .select('code_station')
    .where('code_station', 'is not', null)
    .where('station_mesure_ok', '=', 1)
    .orderBy('code_station')
    .execute();
  return rows.map((r) => r.code_station as string);
}

/** Every place with a station code, with the state the catalogue may change. */
export function placesWithStation(db: Kysely<Database>) {
  return db
    .selectFrom('lieu')
    .select(['id', 'code_station', 'station_mesure_ok', 'altitude_zero'])
    .where('code_station', 'is not', null)
    .execute();
}

export interface StationState {
  /** The place (`lieu.id`). */
  id: number;
  station_mesure_ok: 0 | 1;
  altitude_zero: number | null;
}

/** Writes the in-service state and gauge-zero altitude of places, in one transaction. */
export async function updateStationStates(
  db: Kysely<Database>,
  states: readonly StationState[],
): Promise<void> {
  if (states.length === 0) return;
  await db.transaction().execute(async (trx) => {
    for (const u of states) {
      await trx
        .updateTable('lieu')
        .set({ station_mesure_ok: u.station_mesure_ok, altitude_zero: u.altitude_zero })
        .where('id', '=', u.id)
        .execute();
    }
  });
}
