/** Reads and writes of the indicative activity thresholds computed from a sensor's long archive (docs/decisions/099). */
import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * What the thresholds of a sensor's place are computed from: the place, its kind and catchment, and the archived daily
 * values (means or maxima) of the climatology's reference period (calendar years `annee_debut`–`annee_fin`, of which
 * `annees_completes` complete). Undefined when the sensor has no reference period.
 */
export async function archiveThresholdBase(db: Kysely<Database>, capteurId: number) {
  const head = await db
    .selectFrom('climatologie_capteur')
    .innerJoin('capteur', 'capteur.id', 'climatologie_capteur.capteur_id')
    .innerJoin('lieu', 'lieu.id', 'capteur.lieu_id')
    .innerJoin('entite', 'entite.id', 'lieu.entite_id')
    .select([
      'capteur.lieu_id',
      'capteur.grandeur',
      'capteur.statistique_jour',
      'entite.type',
      'lieu.surface_bv_km2',
      'climatologie_capteur.annee_debut',
      'climatologie_capteur.annee_fin',
      'climatologie_capteur.nb_annees',
      'climatologie_capteur.origine',
    ])
    .where('climatologie_capteur.capteur_id', '=', capteurId)
    .executeTakeFirst();
  if (!head || head.annee_debut === null || head.annee_fin === null || head.grandeur === 'T') return undefined;
  const rows = await db
    .selectFrom('archive_jour')
    .select('moyenne')
    .where('capteur_id', '=', capteurId)
    .where('jour', '>=', `${head.annee_debut}-01-01`)
    .where('jour', '<=', `${head.annee_fin}-12-31`)
    .execute();
  return {
    lieu_id: head.lieu_id,
    grandeur: head.grandeur,
    type: head.type,
    surface_bv_km2: head.surface_bv_km2,
    annee_debut: head.annee_debut,
    annee_fin: head.annee_fin,
    origine: head.origine,
    statistique: head.statistique_jour === 'max' ? ('max' as const) : ('moyenne' as const),
    annees_completes: head.nb_annees,
    valeurs: rows.map((r) => r.moyenne),
  };
}

/**
 * Replaces a place's indicative thresholds, all or nothing. Official ones (`indicatif = 0`) are kept, and win over a
 * computed one for the same activity and quantity.
 */
export async function replaceIndicativeThresholds(
  db: Kysely<Database>,
  lieuId: number,
  seuils: ReadonlyArray<Insertable<Database['activite_lieu']>>,
): Promise<void> {
  const write = async (trx: Kysely<Database>) => {
    await trx.deleteFrom('activite_lieu').where('lieu_id', '=', lieuId).where('indicatif', '=', 1).execute();
    const official = await trx
      .selectFrom('activite_lieu')
      .select(['activite_id', 'grandeur'])
      .where('lieu_id', '=', lieuId)
      .execute();
    const taken = new Set(official.map((o) => `${o.activite_id}:${o.grandeur}`));
    // Only activities this database knows (during the seed, the archive is loaded before the activities).
    const known = new Set((await trx.selectFrom('activite').select('id').execute()).map((a) => a.id));
    const rows = seuils.filter((s) => known.has(s.activite_id) && !taken.has(`${s.activite_id}:${s.grandeur}`));
    if (rows.length > 0) await trx.insertInto('activite_lieu').values(rows).execute();
  };
  // Inside the seed (or any caller's) transaction already: write there; otherwise open one.
  if (db.isTransaction) await write(db);
  else await db.transaction().execute(write);
}
