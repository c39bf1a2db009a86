/**
 * The daily archive and its climatology (migration 007, docs/decisions/085–086): reads of a sensor's archived days,
 * and the replacement of its precomputed climatology (all or nothing).
 */
import { sql, type Kysely } from 'kysely';
import type { Climatology } from '@limni/shared/domain/climatologie';
import { nonDouteuse } from '../db/qualite';
import type { Database } from '../db/schema';

/** Every archived day of a sensor, oldest first. */
export function archiveDays(db: Kysely<Database>, capteurId: number) {
  return db
    .selectFrom('archive_jour')
    .select(['jour', 'moyenne', 'min', 'max', 'source', 'n'])
    .where('capteur_id', '=', capteurId)
    .orderBy('jour')
    .execute();
}

/** Archived days of a sensor between two Paris days (inclusive), oldest first. */
export function archiveDaysBetween(db: Kysely<Database>, capteurId: number, du: string, au: string) {
  return db
    .selectFrom('archive_jour')
    .select(['jour', 'moyenne'])
    .where('capteur_id', '=', capteurId)
    .where('jour', '>=', du)
    .where('jour', '<=', au)
    .orderBy('jour')
    .execute();
}

/** Sensors (all, or among some) whose archive holds more days than their climatology was computed from (or none yet). */
export async function capteursWithGrownArchive(
  db: Kysely<Database>,
  among?: readonly number[],
): Promise<number[]> {
  if (among?.length === 0) return [];
  let query = db.selectFrom('archive_jour');
  if (among) query = query.where('archive_jour.capteur_id', 'in', [...among]);
  const rows = await query
    .leftJoin('climatologie_capteur', 'climatologie_capteur.capteur_id', 'archive_jour.capteur_id')
    .select((eb) => [
      'archive_jour.capteur_id',
      eb.fn.countAll<number>().as('n'),
      eb.fn.max('climatologie_capteur.nb_jours').as('nb_jours'),
    ])
    .groupBy('archive_jour.capteur_id')
    .execute();
  return rows.filter((r) => r.nb_jours === null || Number(r.n) !== Number(r.nb_jours)).map((r) => r.capteur_id);
}

/** Replaces a sensor's climatology (band per calendar day, period, records) in one transaction. */
export async function replaceClimatology(
  db: Kysely<Database>,
  capteurId: number,
  clim: Climatology,
  origine: string | null,
  now: number,
): Promise<void> {
  const write = async (trx: Kysely<Database>) => {
    await trx.deleteFrom('climatologie').where('capteur_id', '=', capteurId).execute();
    await trx.deleteFrom('climatologie_capteur').where('capteur_id', '=', capteurId).execute();
    await trx
      .insertInto('climatologie_capteur')
      .values({
        capteur_id: capteurId,
        annee_debut: clim.periode?.debut ?? null,
        annee_fin: clim.periode?.fin ?? null,
        nb_annees: clim.periode?.nbAnnees ?? 0,
        raison: clim.raison,
        record_max: clim.recordMax?.valeur ?? null,
        record_max_jour: clim.recordMax?.jour ?? null,
        record_min: clim.recordMin?.valeur ?? null,
        record_min_jour: clim.recordMin?.jour ?? null,
        premier_jour: clim.premierJour,
        dernier_jour: clim.dernierJour,
        nb_jours: clim.nbJours,
        origine,
        calcule_le: now,
      })
      .execute();
    const rows = clim.jours.map((j) => ({
      capteur_id: capteurId,
      mmjj: j.mmjj,
      p10: j.p10,
      p25: j.p25,
      p50: j.p50,
      p75: j.p75,
      p90: j.p90,
      n: j.n,
      valeurs_jour: JSON.stringify(j.valeursJour),
    }));
    for (let i = 0; i < rows.length; i += 200) {
      await trx.insertInto('climatologie').values(rows.slice(i, i + 200)).execute();
    }
  };
  // Inside the seed's transaction already: write there; otherwise in a transaction of its own.
  if (db.isTransaction) await write(db);
  else await db.transaction().execute(write);
}

/** The origin already named for a sensor's climatology (kept when it is recomputed). */
export async function climatologyOrigin(db: Kysely<Database>, capteurId: number): Promise<string | null> {
  const row = await db
    .selectFrom('climatologie_capteur')
    .select('origine')
    .where('capteur_id', '=', capteurId)
    .executeTakeFirst();
  return row?.origine ?? null;
}

/** The band rows of the given sensors on the given calendar days (for the class of list and map states). */
export function bandsOn(db: Kysely<Database>, capteurIds: readonly number[], mmjj: readonly string[]) {
  return db
    .selectFrom('climatologie')
    .select(['capteur_id', 'mmjj', 'p10', 'p25', 'p75', 'p90'])
    .where('capteur_id', 'in', [...capteurIds])
    .where('mmjj', 'in', [...mmjj])
    .execute();
}

/** The stored reference period of a sensor's climatology, or null when it has none. */
export async function climatologyPeriod(db: Kysely<Database>, capteurId: number) {
  const row = await db
    .selectFrom('climatologie_capteur')
    .select(['annee_debut', 'annee_fin', 'nb_annees'])
    .where('capteur_id', '=', capteurId)
    .executeTakeFirst();
  if (!row) return undefined;
  return row.annee_debut !== null && row.annee_fin !== null
    ? { debut: row.annee_debut, fin: row.annee_fin, nbAnnees: row.nb_annees }
    : null;
}

/** Calendar years of a sensor's archive with at least `minDays` days, ascending. */
export async function archiveYearsWithDays(db: Kysely<Database>, capteurId: number, minDays: number) {
  const year = sql<string>`substr(jour, 1, 4)`;
  const rows = await db
    .selectFrom('archive_jour')
    .select([year.as('annee'), (eb) => eb.fn.countAll<number>().as('n')])
    .where('capteur_id', '=', capteurId)
    .groupBy(year)
    .execute();
  return rows
    .filter((r) => Number(r.n) >= minDays)
    .map((r) => Number(r.annee))
    .sort((a, b) => a - b);
}

/** Records, span and day count of a sensor's archive, written to its climatology summary (bands untouched). */
export async function refreshArchiveSummary(db: Kysely<Database>, capteurId: number, now: number): Promise<void> {
  const span = await db
    .selectFrom('archive_jour')
    .select((eb) => [
      eb.fn.countAll<number>().as('n'),
      eb.fn.min('jour').as('premier'),
      eb.fn.max('jour').as('dernier'),
    ])
    .where('capteur_id', '=', capteurId)
    .executeTakeFirstOrThrow();
  const extreme = (dir: 'asc' | 'desc') =>
    db
      .selectFrom('archive_jour')
      .select(['moyenne', 'jour'])
      .where('capteur_id', '=', capteurId)
      .orderBy('moyenne', dir)
      .orderBy('jour', 'asc')
      .limit(1)
      .executeTakeFirst();
  const [max, min] = [await extreme('desc'), await extreme('asc')];
  await db
    .updateTable('climatologie_capteur')
    .set({
      nb_jours: Number(span.n),
      premier_jour: span.premier,
      dernier_jour: span.dernier,
      record_max: max?.moyenne ?? null,
      record_max_jour: max?.jour ?? null,
      record_min: min?.moyenne ?? null,
      record_min_jour: min?.jour ?? null,
      calcule_le: now,
    })
    .where('capteur_id', '=', capteurId)
    .execute();
}

/**
 * Rolls up the raw observations of [start, end) (one Paris day) into one archive row per sensor: mean (the maximum
 * for a sensor whose archive holds daily maxima), min, max and count, source `rollup`. A day the archive already holds (from `obs_elab`, the demo or an earlier roll-up) is kept.
 * Returns the rows written.
 */
export async function rollupObservations(
  db: Kysely<Database>,
  jour: string,
  start: number,
  end: number,
  capteurIds?: readonly number[],
): Promise<number> {
  if (capteurIds?.length === 0) return 0;
  let query = db.selectFrom('observation');
  if (capteurIds) query = query.where('capteur_id', 'in', [...capteurIds]);
  const rows = await query
    .select((eb) => [
      'capteur_id',
      // A sensor whose archive holds daily maxima (docs/decisions/140) archives the day's maximum as its value.
      eb
        .case()
        .when(
          eb
            .selectFrom('capteur')
            .select('statistique_jour')
            .whereRef('capteur.id', '=', 'observation.capteur_id'),
          '=',
          'max',
        )
        .then(eb.fn.max<number>('valeur'))
        .else(eb.fn.avg<number>('valeur'))
        .end()
        .as('moyenne'),
      eb.fn.min('valeur').as('min'),
      eb.fn.max('valeur').as('max'),
      eb.fn.countAll<number>().as('n'),
    ])
    .where('ts', '>=', start)
    .where('ts', '<', end)
    // A doubtful reading never makes a day of the archive, hence a band or a class (docs/decisions/154).
    .where(nonDouteuse)
    .groupBy('capteur_id')
    .execute();
  if (rows.length === 0) return 0;
  const res = await db
    .insertInto('archive_jour')
    .values(
      rows.map((r) => ({
        capteur_id: r.capteur_id,
        jour,
        moyenne: Number(r.moyenne),
        min: Number(r.min),
        max: Number(r.max),
        source: 'rollup' as const,
        n: Number(r.n),
      })),
    )
    .onConflict((oc) => oc.columns(['capteur_id', 'jour']).doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0);
}
