/** The deletes of the retention purge (`retention.ts`): one statement each, returning how many rows went. */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

const deleted = (res: { numDeletedRows: bigint }) => Number(res.numDeletedRows);

export async function deleteContactMessagesBefore(db: Kysely<Database>, before: number): Promise<number> {
  return deleted(await db.deleteFrom('contact_message').where('created_at', '<', before).executeTakeFirst());
}

export async function deleteSessionsExpiredAt(db: Kysely<Database>, now: number): Promise<number> {
  return deleted(await db.deleteFrom('session').where('expires_at', '<', now).executeTakeFirst());
}

export async function deleteEmailVerificationsExpiredAt(db: Kysely<Database>, now: number): Promise<number> {
  return deleted(await db.deleteFrom('email_verification').where('expires_at', '<', now).executeTakeFirst());
}

export async function deletePasswordResetsExpiredAt(db: Kysely<Database>, now: number): Promise<number> {
  return deleted(await db.deleteFrom('password_reset').where('expires_at', '<', now).executeTakeFirst());
}
