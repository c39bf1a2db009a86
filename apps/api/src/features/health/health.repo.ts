/** What `/api/health` reads: the period covered by the observations and the version of the loaded dataset. */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** First and last observation over every sensor (null on an empty database). */
export async function dataPeriod(
  db: Kysely<Database>,
): Promise<{ debut: number | null; fin: number | null }> {
  const row = await db
    .selectFrom('capteur')
    .select((eb) => [eb.fn.min('premier_ts').as('debut'), eb.fn.max('dernier_ts').as('fin')])
    .executeTakeFirst();
  return { debut: row?.debut ?? null, fin: row?.fin ?? null };
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
