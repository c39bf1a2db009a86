/**
 * Queries on sensors (`capteur`) shared by several features: the latest observation instant of the database, the
 * sensors of places with their cached latest value, and the data version that invalidates cached series bodies.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** The latest observation instant over every sensor; null on an empty database. */
export async function latestObservationTs(db: Kysely<Database>): Promise<number | null> {
  const row = await db
    .selectFrom('capteur')
    .select((eb) => eb.fn.max('dernier_ts').as('t'))
    .executeTakeFirst();
  return row?.t ?? null;
}

export interface CapteurLatest {
  id: number;
  lieu_id: number;
  grandeur: 'H' | 'Q' | 'T';
  unite: string;
  libelle: string;
  pas_min: number | null;
  dernier_ts: number | null;
  derniere_valeur: number | null;
}

/** The sensors of the given places with their latest observation, by place then quantity (H, Q, T). */
export async function capteursOfLieux(
  db: Kysely<Database>,
  lieuIds: readonly number[],
): Promise<CapteurLatest[]> {
  if (lieuIds.length === 0) return [];
  return db
    .selectFrom('capteur')
    .select(['id', 'lieu_id', 'grandeur', 'unite', 'libelle', 'pas_min', 'dernier_ts', 'derniere_valeur'])
    .where('lieu_id', 'in', [...lieuIds])
    .orderBy('lieu_id')
    .orderBy('grandeur')
    .execute();
}

/** Adds 1 to the data version of each sensor (in chunks of 500 ids: PostgreSQL and SQLite parameter limits). */
export async function bumpDonneesVersion(db: Kysely<Database>, capteurIds: readonly number[]): Promise<void> {
  const ids = [...new Set(capteurIds)];
  for (let i = 0; i < ids.length; i += 500) {
    await db
      .updateTable('capteur')
      .set((eb) => ({ donnees_version: eb('donnees_version', '+', 1) }))
      .where('id', 'in', ids.slice(i, i + 500))
      .execute();
  }
}
