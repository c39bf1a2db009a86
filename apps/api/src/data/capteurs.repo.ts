/**
 * Queries on sensors (`capteur`) shared by several features: the latest observation instant of the database, the
 * sensors of places with their cached latest value, and the data version that invalidates cached series bodies.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * The latest observation instant over the sensors of a dataset: the main one (`episode` null) or a recorded episode
 * (docs/decisions/088); null when it holds none.
 */
export async function latestObservationTs(
  db: Kysely<Database>,
  episode: string | null = null,
): Promise<number | null> {
  const row = await db
    .selectFrom('capteur')
    .innerJoin('lieu', 'lieu.id', 'capteur.lieu_id')
    .select((eb) => eb.fn.max('capteur.dernier_ts').as('t'))
    .where('lieu.episode', episode === null ? 'is' : '=', episode)
    .executeTakeFirst();
  return row?.t ?? null;
}

/** The places of recorded episodes among these, with their episode (docs/decisions/088). */
export async function episodesOfLieux(
  db: Kysely<Database>,
  lieuIds: readonly number[],
): Promise<Map<number, { code: string; libelle: string }>> {
  if (lieuIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('lieu')
    .innerJoin('episode', 'episode.code', 'lieu.episode')
    .select(['lieu.id', 'episode.code', 'episode.libelle'])
    .where('lieu.id', 'in', [...lieuIds])
    .execute();
  return new Map(rows.map((r) => [r.id, { code: r.code, libelle: r.libelle }]));
}

/** The recorded episode a place belongs to (null: the main dataset, or no such place). */
export async function episodeOfLieu(db: Kysely<Database>, lieuId: number): Promise<string | null> {
  const row = await db.selectFrom('lieu').select('episode').where('id', '=', lieuId).executeTakeFirst();
  return row?.episode ?? null;
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
