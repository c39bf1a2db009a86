/** What the operator commands read and write: accounts, authorisations and their grants. */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

export async function listUsers(db: Kysely<Database>) {
  return db
    .selectFrom('user')
    .select(['id', 'username', 'email', 'email_verified', 'is_active', 'created_at'])
    .orderBy('id')
    .execute();
}

/** Every (user, authorisation) grant, by authorisation. */
export async function listGrants(db: Kysely<Database>) {
  return db
    .selectFrom('user_autorisation')
    .select(['user_id', 'autorisation_id'])
    .orderBy('autorisation_id')
    .execute();
}

export async function listAutorisations(db: Kysely<Database>) {
  return db.selectFrom('autorisation').select(['id', 'nom', 'description']).orderBy('id').execute();
}

/** An account by its (normalised) e-mail address. */
export async function findUserByEmail(db: Kysely<Database>, email: string) {
  return db
    .selectFrom('user')
    .select(['id', 'username', 'email'])
    .where('email', '=', email.trim().toLowerCase())
    .executeTakeFirst();
}

export async function findAutorisation(db: Kysely<Database>, id: number) {
  return db.selectFrom('autorisation').select(['id', 'nom']).where('id', '=', id).executeTakeFirst();
}

/** Grants the authorisation; granting it twice is harmless. */
export async function grant(db: Kysely<Database>, userId: number, autorisationId: number, at: number) {
  await db
    .insertInto('user_autorisation')
    .values({ user_id: userId, autorisation_id: autorisationId, created_at: at })
    .onConflict((oc) => oc.columns(['user_id', 'autorisation_id']).doNothing())
    .execute();
}

/** Removes the grant; false when the user did not have it. */
export async function revoke(db: Kysely<Database>, userId: number, autorisationId: number): Promise<boolean> {
  const res = await db
    .deleteFrom('user_autorisation')
    .where('user_id', '=', userId)
    .where('autorisation_id', '=', autorisationId)
    .executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}
