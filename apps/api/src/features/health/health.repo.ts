/** What `/api/health` reads: the period covered by the observations and the version of the loaded dataset. */
import type { Kysely } from 'kysely';
import type { HealthEpisode } from '@limni/shared/contracts/health';
import type { Database } from '../../db/schema';

/** First and last observation over the sensors of the main dataset, outside any episode (null when none). */
export async function dataPeriod(
  db: Kysely<Database>,
): Promise<{ debut: number | null; fin: number | null }> {
  const row = await db
    .selectFrom('capteur')
    .innerJoin('lieu', 'lieu.id', 'capteur.lieu_id')
    .select((eb) => [eb.fn.min('capteur.premier_ts').as('debut'), eb.fn.max('capteur.dernier_ts').as('fin')])
    .where('lieu.episode', 'is', null)
    .executeTakeFirst();
  return { debut: row?.debut ?? null, fin: row?.fin ?? null };
}

/** Each recorded episode (docs/decisions/088) with the first and last observation of its places. */
export async function episodePeriods(db: Kysely<Database>): Promise<HealthEpisode[]> {
  const rows = await db
    .selectFrom('episode')
    .leftJoin('lieu', 'lieu.episode', 'episode.code')
    .leftJoin('capteur', 'capteur.lieu_id', 'lieu.id')
    .select((eb) => [
      'episode.code',
      'episode.libelle',
      'episode.source',
      eb.fn.min('capteur.premier_ts').as('debut'),
      eb.fn.max('capteur.dernier_ts').as('fin'),
    ])
    .groupBy(['episode.code', 'episode.libelle', 'episode.source'])
    .orderBy('episode.code')
    .execute();
  return rows.map((r) => ({
    code: r.code,
    libelle: r.libelle,
    source: r.source,
    debut: r.debut === null ? null : Number(r.debut),
    fin: r.fin === null ? null : Number(r.fin),
  }));
}

/** The `dataset_version` written by the seed; null when absent. */
export async function datasetVersion(db: Kysely<Database>): Promise<string | null> {
  const row = await db
    .selectFrom('meta')
    .select('value')
    .where('key', '=', 'dataset_version')
    .executeTakeFirst();
  return row?.value ?? null;
}
