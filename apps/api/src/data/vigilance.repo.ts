/** Reads of the Vigicrues levels of tronçons: their current level and the `alerte` rows of past changes. */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** Code, name and current level (with its publication time) of each tronçon. */
export async function tronconsNiveaux(db: Kysely<Database>, tronconIds: readonly number[]) {
  if (tronconIds.length === 0) return [];
  return db
    .selectFrom('troncon')
    .select(['id', 'code', 'nom', 'niveau', 'niveau_ts'])
    .where('id', 'in', [...tronconIds])
    .execute();
}

/** Vigicrues alerts of the tronçons that started at or before `atMs`. */
export async function vigicruesAlertes(db: Kysely<Database>, tronconIds: readonly number[], atMs: number) {
  if (tronconIds.length === 0) return [];
  return db
    .selectFrom('alerte')
    .select(['scope_id', 'niveau', 'debut', 'fin'])
    .where('scope', '=', 'troncon')
    .where('source', '=', 'vigicrues')
    .where('scope_id', 'in', [...tronconIds])
    .where('debut', '<=', atMs)
    .execute();
}
