/**
 * Reads of the history API (docs/decisions/087): a place's sensors with their climatology summary, the stored band
 * of a sensor, one archived day.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** The sensors of a place, each with its climatology summary when it has one; null when the place does not exist. */
export async function lieuCapteursWithClimatology(db: Kysely<Database>, lieuId: number) {
  const lieu = await db.selectFrom('lieu').select('id').where('id', '=', lieuId).executeTakeFirst();
  if (!lieu) return null;
  return db
    .selectFrom('capteur')
    .leftJoin('climatologie_capteur as cc', 'cc.capteur_id', 'capteur.id')
    .select([
      'capteur.id',
      'capteur.grandeur',
      'capteur.unite',
      'capteur.libelle',
      'capteur.pas_min',
      'capteur.premier_ts',
      'capteur.dernier_ts',
      'capteur.donnees_version',
      'capteur.statistique_jour',
      'cc.annee_debut',
      'cc.annee_fin',
      'cc.nb_annees',
      'cc.raison',
      'cc.record_max',
      'cc.record_max_jour',
      'cc.record_min',
      'cc.record_min_jour',
      'cc.premier_jour',
      'cc.dernier_jour',
      'cc.nb_jours',
      'cc.origine',
      'cc.calcule_le',
    ])
    .where('capteur.lieu_id', '=', lieuId)
    .orderBy('capteur.id')
    .execute();
}
export type CapteurWithClimatology = NonNullable<
  Awaited<ReturnType<typeof lieuCapteursWithClimatology>>
>[number];

/** The stored band of a sensor, in calendar order. */
export function bandOf(db: Kysely<Database>, capteurId: number) {
  return db
    .selectFrom('climatologie')
    .select(['mmjj', 'p10', 'p25', 'p50', 'p75', 'p90', 'valeurs_jour'])
    .where('capteur_id', '=', capteurId)
    .orderBy('mmjj')
    .execute();
}

/** The archived mean of one day, or null. */
export async function archiveValue(
  db: Kysely<Database>,
  capteurId: number,
  jour: string,
): Promise<number | null> {
  const row = await db
    .selectFrom('archive_jour')
    .select('moyenne')
    .where('capteur_id', '=', capteurId)
    .where('jour', '=', jour)
    .executeTakeFirst();
  return row?.moyenne ?? null;
}

/** The highest archived value of each calendar year of a sensor, oldest year first. */
export async function annualMaxima(db: Kysely<Database>, capteurId: number) {
  const year = sql<string>`substr(jour, 1, 4)`;
  const rows = await db
    .selectFrom('archive_jour')
    .select([year.as('annee'), (eb) => eb.fn.max('moyenne').as('valeur')])
    .where('capteur_id', '=', capteurId)
    .groupBy(year)
    .orderBy(year)
    .execute();
  return rows.map((r) => ({ annee: Number(r.annee), valeur: Number(r.valeur) }));
}

/** The highest archived value between two Paris days (inclusive) and its first day, or null. */
export async function highestBetween(db: Kysely<Database>, capteurId: number, du: string, au: string) {
  const row = await db
    .selectFrom('archive_jour')
    .select(['moyenne', 'jour'])
    .where('capteur_id', '=', capteurId)
    .where('jour', '>=', du)
    .where('jour', '<=', au)
    .orderBy('moyenne', 'desc')
    .orderBy('jour', 'asc')
    .limit(1)
    .executeTakeFirst();
  return row ? { valeur: row.moyenne, jour: row.jour } : null;
}
