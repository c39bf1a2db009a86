/** Whether a place exists: the 404 check of the place's sub-resources (publications, photos, drought orders). */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';

export async function lieuExists(db: Kysely<Database> | Transaction<Database>, lieuId: number): Promise<boolean> {
  return (await db.selectFrom('lieu').select('id').where('id', '=', lieuId).executeTakeFirst()) !== undefined;
}
