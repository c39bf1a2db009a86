/**
 * Queries of the replay (docs/decisions/059): the sensors of the recorded stations, the removal of the observations
 * about to arrive again (with each sensor's cached state kept right), and the `relecture` row (running state,
 * window, speed, simulated time, heartbeat, counts) that `GET /api/replay` reads.
 */
import { sql, type Insertable, type Kysely, type Updateable } from 'kysely';
import { markCapteurDataChanged } from '../data/series-cache';
import type { Database, RelectureTable } from '../db/schema';

type Db = Kysely<Database>;

/** The H and Q sensors of the places of these stations. */
export async function capteursOfStations(db: Db, codes: readonly string[]) {
  return db
    .selectFrom('capteur')
    .innerJoin('lieu', 'lieu.id', 'capteur.lieu_id')
    .select(['capteur.id', 'capteur.grandeur', 'lieu.id as lieu_id', 'lieu.code_station'])
    .where('lieu.code_station', 'in', [...codes])
    .where('capteur.grandeur', 'in', ['H', 'Q'])
    .execute();
}

/**
 * Removes, in one transaction, each sensor's observations from `from` to its last replayed one, recomputes its cached
 * first/last observation and marks its data changed (series caches of every instance).
 */
export async function removeObservationsToReplay(
  db: Db,
  from: number,
  lastOf: ReadonlyMap<number, number>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const [id, last] of lastOf) {
      await trx
        .deleteFrom('observation')
        .where('capteur_id', '=', id)
        .where('ts', '>=', from)
        .where('ts', '<=', last)
        .execute();
      await trx
        .updateTable('capteur')
        .set({
          premier_ts: sql<number | null>`(select min(o.ts) from observation o where o.capteur_id = ${id})`,
          dernier_ts: sql<number | null>`(select max(o.ts) from observation o where o.capteur_id = ${id})`,
          derniere_valeur: sql<
            number | null
          >`(select o.valeur from observation o where o.capteur_id = ${id} order by o.ts desc limit 1)`,
        })
        .where('id', '=', id)
        .execute();
    }
    await markCapteurDataChanged(trx, [...lastOf.keys()]);
  });
}

/** The replay starts: the single `relecture` row is (re)written. */
export async function startReplayState(
  db: Db,
  state: Required<Omit<Insertable<RelectureTable>, 'id'>>,
): Promise<void> {
  await db
    .insertInto('relecture')
    .values({ id: 1, ...state })
    .onConflict((oc) => oc.column('id').doUpdateSet(state))
    .execute();
}

/** Progress, heartbeat, outcome. */
export async function updateReplayState(db: Db, change: Updateable<RelectureTable>): Promise<void> {
  await db.updateTable('relecture').set(change).where('id', '=', 1).execute();
}

/** The forecast runs stored for places of these stations with a run time in [from, to): one row per sensor and run. */
export async function previsionRunsBetween(db: Db, from: number, to: number) {
  const rows = await db
    .selectFrom('prevision')
    .innerJoin('capteur', 'capteur.id', 'prevision.capteur_id')
    .innerJoin('lieu', 'lieu.id', 'capteur.lieu_id')
    .select((eb) => [
      'capteur.id as capteurId',
      'capteur.grandeur',
      'lieu.id as lieuId',
      'lieu.code_station',
      'prevision.run_ts',
      eb.fn.min('prevision.ts').as('from'),
      eb.fn.max('prevision.ts').as('to'),
      eb.fn.countAll<number | string>().as('points'),
      eb.fn.max('prevision.valeur').as('maxValeur'),
    ])
    .where('prevision.run_ts', '>=', from)
    .where('prevision.run_ts', '<', to)
    .where('capteur.grandeur', 'in', ['H', 'Q'])
    .groupBy(['capteur.id', 'capteur.grandeur', 'lieu.id', 'lieu.code_station', 'prevision.run_ts'])
    .orderBy('prevision.run_ts')
    .execute();
  return rows.map((r) => ({
    lieuId: r.lieuId,
    capteurId: r.capteurId,
    grandeur: r.grandeur as 'H' | 'Q',
    codeStation: r.code_station ?? '',
    runTs: Number(r.run_ts),
    points: Number(r.points),
    from: Number(r.from),
    to: Number(r.to),
    maxValeur: r.maxValeur === null ? null : Number(r.maxValeur),
  }));
}
