/**
 * Which places have readings in Limni (docs/decisions/144): a place with at least one sensor that has an observation
 * (`capteur.dernier_ts`). A station linked to a place (`station_mesure_ok`) does not say so; counts and the pointer of
 * an empty place read this.
 */
import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** `exists` a sensor of the place with an observation: 1/0 on SQLite, true/false on PostgreSQL. */
export function aDesObservations(eb: ExpressionBuilder<Database, 'lieu'>) {
  return eb.exists(
    eb
      .selectFrom('capteur')
      .select('capteur.id')
      .whereRef('capteur.lieu_id', '=', 'lieu.id')
      .where('capteur.dernier_ts', 'is not', null),
  );
}

/** The `exists` value of `aDesObservations` as a boolean, on both engines. */
export const asBool = (v: unknown): boolean => v === true || Number(v) === 1;

export interface LieuAvecMesures {
  id: number;
  libelle: string;
  entite_id: number;
  entite_nom: string;
  entite_type: 'R' | 'L';
  ordre: number | null;
  lat_gps: number;
  lon_gps: number;
  derniere_mesure: number;
}

/** Every place with readings, with its latest reading, and the count of all places. */
export async function couverture(
  db: Kysely<Database>,
): Promise<{ avecObservations: LieuAvecMesures[]; lieux: number }> {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('lieu')
      .innerJoin('entite', 'entite.id', 'lieu.entite_id')
      .innerJoin('capteur', 'capteur.lieu_id', 'lieu.id')
      .select((eb) => [
        'lieu.id',
        'lieu.libelle',
        'lieu.entite_id',
        'entite.nom as entite_nom',
        'entite.type as entite_type',
        'lieu.ordre',
        'lieu.lat_gps',
        'lieu.lon_gps',
        eb.fn.max('capteur.dernier_ts').as('derniere'),
      ])
      .where('capteur.dernier_ts', 'is not', null)
      .groupBy([
        'lieu.id',
        'lieu.libelle',
        'lieu.entite_id',
        'entite.nom',
        'entite.type',
        'lieu.ordre',
        'lieu.lat_gps',
        'lieu.lon_gps',
      ])
      .execute(),
    db
      .selectFrom('lieu')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    avecObservations: rows.map(({ derniere, ...r }) => ({ ...r, derniere_mesure: Number(derniere) })),
    lieux: Number(total.n),
  };
}

/** Where a place is on its water body, for `voisinAvecObservations`; undefined when it does not exist. */
export async function lieuSurEau(
  db: Kysely<Database>,
  id: number,
): Promise<{ id: number; entite_id: number; ordre: number | null; lat_gps: number; lon_gps: number } | undefined> {
  return db
    .selectFrom('lieu')
    .select(['id', 'entite_id', 'ordre', 'lat_gps', 'lon_gps'])
    .where('id', '=', id)
    .executeTakeFirst();
}
