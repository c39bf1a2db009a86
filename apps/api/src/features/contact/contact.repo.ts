/** Messages of the contact form (table `contact_message`): stored before any sending, so nothing is lost. */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export interface NewContactMessage {
  nom: string;
  email: string;
  sujet: string;
  message: string;
  ip: string | null;
  created_at: number;
}

export async function insertMessage(db: Kysely<Database>, m: NewContactMessage): Promise<number> {
  const row = await db
    .insertInto('contact_message')
    .values({ ...m, sent_at: null, error: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function markSent(db: Kysely<Database>, id: number, at: number): Promise<void> {
  await db.updateTable('contact_message').set({ sent_at: at, error: null }).where('id', '=', id).execute();
}

export async function markFailed(db: Kysely<Database>, id: number, error: string): Promise<void> {
  await db
    .updateTable('contact_message')
    .set({ error: error.slice(0, 1000) })
    .where('id', '=', id)
    .execute();
}
