/** Reads of activity thresholds (and the archive periods they rest on) shared by the activities API and the embeddable widget (portable Kysely). */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

type Db = Kysely<Database>;

/** A stored threshold of an activity at a place, with the kind of its place's water body. */
export interface SeuilRow {
  lieu_id: number;
  type: 'R' | 'L';
  grandeur: 'H' | 'Q' | 'T';
  seuil_bas: number | null;
  seuil_haut: number | null;
  texte: string | null;
  indicatif: number;
}

/** Stored thresholds of an activity at the given places, by place then quantity (H, Q, T). */
export async function seuilRows(db: Db, activiteId: number, lieuIds: readonly number[]): Promise<SeuilRow[]> {
  if (lieuIds.length === 0) return [];
  return db
    .selectFrom('activite_lieu')
    .innerJoin('lieu', 'lieu.id', 'activite_lieu.lieu_id')
    .innerJoin('entite', 'entite.id', 'lieu.entite_id')
    .select([
      'activite_lieu.lieu_id',
      'entite.type',
      'activite_lieu.grandeur',
      'activite_lieu.seuil_bas',
      'activite_lieu.seuil_haut',
      'activite_lieu.texte',
      'activite_lieu.indicatif',
    ])
    .where('activite_lieu.activite_id', '=', activiteId)
    .where('activite_lieu.lieu_id', 'in', [...new Set(lieuIds)])
    .orderBy('activite_lieu.lieu_id')
    .orderBy('activite_lieu.grandeur')
    .execute();
}

/** The climatology reference periods of the places' sensors (the archive computed thresholds come from). */
export async function periodesArchive(db: Db, lieuIds: readonly number[]) {
  if (lieuIds.length === 0) return [];
  return db
    .selectFrom('climatologie_capteur')
    .innerJoin('capteur', 'capteur.id', 'climatologie_capteur.capteur_id')
    .select([
      'capteur.lieu_id',
      'capteur.grandeur',
      'capteur.statistique_jour',
      'climatologie_capteur.annee_debut',
      'climatologie_capteur.annee_fin',
      'climatologie_capteur.nb_annees',
    ])
    .where('capteur.lieu_id', 'in', [...new Set(lieuIds)])
    .where('climatologie_capteur.annee_debut', 'is not', null)
    .execute();
}

/** An activity's id, slug and name; undefined when it does not exist. */
export async function activiteNom(
  db: Db,
  id: number,
): Promise<{ id: number; slug: string; nom: string } | undefined> {
  return db.selectFrom('activite').select(['id', 'slug', 'nom']).where('id', '=', id).executeTakeFirst();
}
