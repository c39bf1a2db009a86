/** Sessions (one row per sign-in, the revocation list) and users' authorisations, for `auth.ts`. */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

export async function insertSession(
  db: Kysely<Database>,
  s: { id: string; userId: number; createdAt: number; expiresAt: number },
): Promise<void> {
  await db
    .insertInto('session')
    .values({
      id: s.id,
      user_id: s.userId,
      created_at: s.createdAt,
      expires_at: s.expiresAt,
      revoked_at: null,
    })
    .execute();
}

/** A session with its user's id, name and active flag; undefined when unknown. */
export async function findSessionUser(db: Kysely<Database>, sid: string) {
  return db
    .selectFrom('session')
    .innerJoin('user', 'user.id', 'session.user_id')
    .select(['session.revoked_at', 'session.expires_at', 'user.id', 'user.username', 'user.is_active'])
    .where('session.id', '=', sid)
    .executeTakeFirst();
}

export async function revokeSession(db: Kysely<Database>, sid: string, at: number): Promise<void> {
  await db
    .updateTable('session')
    .set({ revoked_at: at })
    .where('id', '=', sid)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Revokes every open session of a user, except `keepSid` when given. */
export async function revokeUserSessions(
  db: Kysely<Database>,
  userId: number,
  at: number,
  keepSid?: string,
): Promise<void> {
  let q = db
    .updateTable('session')
    .set({ revoked_at: at })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (keepSid) q = q.where('id', '!=', keepSid);
  await q.execute();
}

export async function hasAutorisation(
  db: Kysely<Database>,
  userId: number,
  autorisationId: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('user_autorisation')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('autorisation_id', '=', autorisationId)
    .executeTakeFirst();
  return row !== undefined;
}
