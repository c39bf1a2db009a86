/** Rate-limit events (table `rate_event`: bucket, hashed key, time), for `limiter.ts`. */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** Records one event and returns its id. */
export async function insertRateEvent(
  db: Kysely<Database>,
  e: { bucket: string; key: string; ts: number },
): Promise<number> {
  const { id } = await db.insertInto('rate_event').values(e).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** Events of a key in a bucket after `afterTs`, and the oldest one's time. */
export async function countRateEvents(
  db: Kysely<Database>,
  bucket: string,
  key: string,
  afterTs: number,
): Promise<{ count: number; oldest: number | null }> {
  const row = await db
    .selectFrom('rate_event')
    .select((eb) => [eb.fn.countAll<number | string>().as('n'), eb.fn.min('ts').as('oldest')])
    .where('bucket', '=', bucket)
    .where('key', '=', key)
    .where('ts', '>', afterTs)
    .executeTakeFirst();
  return { count: Number(row?.n ?? 0), oldest: row?.oldest == null ? null : Number(row.oldest) };
}

export async function deleteRateEvent(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('rate_event').where('id', '=', id).execute();
}

/** Forgets every event of a key in a bucket. */
export async function deleteRateEventsOf(db: Kysely<Database>, bucket: string, key: string): Promise<void> {
  await db.deleteFrom('rate_event').where('bucket', '=', bucket).where('key', '=', key).execute();
}

/** Deletes the events older than `beforeTs` (every bucket). */
export async function deleteRateEventsBefore(db: Kysely<Database>, beforeTs: number): Promise<void> {
  await db.deleteFrom('rate_event').where('ts', '<', beforeTs).execute();
}
