/** The service's mode as the ingestion leader last recorded it (`meta.mode_service`, docs/decisions/134). */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

const KEY = 'mode_service';

export async function readServiceModeRow(db: Kysely<Database>): Promise<string | null> {
  const row = await db.selectFrom('meta').select('value').where('key', '=', KEY).executeTakeFirst();
  return row?.value ?? null;
}

export async function writeServiceModeRow(db: Kysely<Database>, value: string): Promise<void> {
  await db
    .insertInto('meta')
    .values({ key: KEY, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}
