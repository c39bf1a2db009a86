/**
 * The Web Push tables: the server's VAPID key pair (`secret`, docs/decisions/036) and the browsers' push
 * registrations (`push_registration`), written by `user/edit-push` and read when a notification is pushed.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database, PushRegistrationTable } from '../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/** Registrations kept per account (the oldest go beyond it). */
export const MAX_PUSH_REGISTRATIONS = 20;

export async function readSecret(db: Db, name: string): Promise<string | null> {
  const row = await db.selectFrom('secret').select('value').where('name', '=', name).executeTakeFirst();
  return row?.value ?? null;
}

/** Stores a secret unless one with this name exists (two instances starting together: the first wins). */
export async function insertSecretOnce(db: Db, name: string, value: string, now: number): Promise<void> {
  await db
    .insertInto('secret')
    .values({ name, value, created_at: now })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
}

/** The web registrations of a user, oldest first. */
export async function webRegistrations(
  db: Db,
  userId: number,
): Promise<Array<{ id: number; registration_id: string }>> {
  return db
    .selectFrom('push_registration')
    .select(['id', 'registration_id'])
    .where('user_id', '=', userId)
    .where('type', '=', 'web')
    .orderBy('id')
    .execute();
}

export async function deleteRegistrations(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .deleteFrom('push_registration')
    .where('id', 'in', [...ids])
    .execute();
}

export async function countRegistrations(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('push_registration')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * Stores (or moves to this user) a push registration, keeping at most MAX_PUSH_REGISTRATIONS per user, in one
 * transaction.
 */
export async function saveRegistration(
  db: Kysely<Database>,
  r: {
    userId: number;
    type: PushRegistrationTable['type'];
    registrationId: string;
    hash: string;
    now: number;
  },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('push_registration')
      .values({
        user_id: r.userId,
        type: r.type,
        registration_id: r.registrationId,
        registration_hash: r.hash,
        created_at: r.now,
      })
      .onConflict((oc) =>
        oc.column('registration_hash').doUpdateSet({
          user_id: r.userId,
          type: r.type,
          registration_id: r.registrationId,
          created_at: r.now,
        }),
      )
      .execute();
    const extra = await trx
      .selectFrom('push_registration')
      .select('id')
      .where('user_id', '=', r.userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .offset(MAX_PUSH_REGISTRATIONS)
      .limit(1000)
      .execute();
    await deleteRegistrations(
      trx,
      extra.map((e) => e.id),
    );
  });
}

export async function deleteRegistration(db: Db, userId: number, hash: string): Promise<void> {
  await db
    .deleteFrom('push_registration')
    .where('user_id', '=', userId)
    .where('registration_hash', '=', hash)
    .execute();
}
