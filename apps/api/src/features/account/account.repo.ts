/** Account queries (Kysely, the same SQL on SQLite and PostgreSQL). */
import crypto from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { UserDetails } from '@limni/shared/contracts/account';
import type { Database } from '../../db/schema';
import { usernameSquelette } from '../../lib/squelette';

type Db = Kysely<Database> | Transaction<Database>;

/** Case-folded username: "Élodie" and "ÉLODIE" are one account. */
export const usernameKey = (username: string) => username.normalize('NFKC').toLowerCase();
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** SHA-256 (base64url) of a key or token: only hashes are stored. */
export const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('base64url');
export const randomToken = () => crypto.randomBytes(32).toString('base64url');

export interface UserRow {
  id: number;
  username: string;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  is_active: 0 | 1;
  email_verified: 0 | 1;
  /** `fr` or `en`: the language of the account's e-mails (migration 012). */
  langue: string;
}

const USER_COLUMNS = [
  'id',
  'username',
  'email',
  'password_hash',
  'first_name',
  'last_name',
  'is_active',
  'email_verified',
  'langue',
] as const;

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('user').select(USER_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('user')
    .select(USER_COLUMNS)
    .where('email', '=', normalizeEmail(email))
    .executeTakeFirst();
}

export async function findUserByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  const key = usernameKey(username);
  return db
    .selectFrom('user')
    .select(USER_COLUMNS)
    .where((eb) =>
      eb.or([
        eb('username_key', '=', key),
        eb.and([eb('username_key', 'is', null), eb(eb.fn('lower', ['username']), '=', key)]),
      ]),
    )
    .executeTakeFirst();
}

/** Sign-in identifier: an e-mail address when it contains "@", else a username. */
export function findUserByLogin(db: Db, identifier: string): Promise<UserRow | undefined> {
  return identifier.includes('@') ? findUserByEmail(db, identifier) : findUserByUsername(db, identifier);
}

export async function usernameTaken(db: Db, username: string, exceptId?: number): Promise<boolean> {
  const row = await findUserByUsername(db, username);
  return row !== undefined && row.id !== exceptId;
}

/** True when another account's username looks like this one (the same squelette, docs/decisions/160). */
export async function usernameLookalike(db: Db, username: string, exceptId?: number): Promise<boolean> {
  let q = db.selectFrom('user').select('id').where('username_squelette', '=', usernameSquelette(username));
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

export async function emailTaken(db: Db, email: string, exceptId?: number): Promise<boolean> {
  const row = await findUserByEmail(db, email);
  return row !== undefined && row.id !== exceptId;
}

export async function createUser(
  trx: Transaction<Database>,
  u: { username: string; email: string; passwordHash: string; now: number; langue?: 'fr' | 'en' },
): Promise<number> {
  const { id } = await trx
    .insertInto('user')
    .values({
      username: u.username,
      username_key: usernameKey(u.username),
      username_squelette: usernameSquelette(u.username),
      email: normalizeEmail(u.email),
      password_hash: u.passwordHash,
      first_name: '',
      last_name: '',
      is_active: 1,
      email_verified: 0,
      created_at: u.now,
      updated_at: u.now,
      langue: u.langue ?? 'fr',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('profile')
    .values({
      user_id: id,
      avatar: null,
      date_naissance: null,
      accept_prevision_alert: 0,
      notifications: '{}',
    })
    .execute();
  return id;
}

/** Stores a new verification key (hashed) for `email` and returns the key. */
export async function createEmailVerification(
  db: Db,
  userId: number,
  email: string,
  now: number,
  ttlMs: number,
): Promise<string> {
  const key = randomToken();
  await db
    .insertInto('email_verification')
    .values({
      key_hash: sha256(key),
      user_id: userId,
      email: normalizeEmail(email),
      created_at: now,
      expires_at: now + ttlMs,
      used_at: null,
    })
    .execute();
  return key;
}

/** Deletes a key whose e-mail could not be sent: the link never left, a new one may be asked at once. */
export async function forgetEmailVerification(db: Db, key: string): Promise<void> {
  await db.deleteFrom('email_verification').where('key_hash', '=', sha256(key)).execute();
}

export async function findEmailVerification(db: Db, key: string) {
  return db
    .selectFrom('email_verification')
    .select(['key_hash', 'user_id', 'email', 'created_at', 'expires_at', 'used_at'])
    .where('key_hash', '=', sha256(key))
    .executeTakeFirst();
}

/** The newest unused, unexpired verification of the user (for an address other than `exceptEmail`). */
export async function latestPendingVerification(db: Db, userId: number, now: number, exceptEmail?: string) {
  let q = db
    .selectFrom('email_verification')
    .select(['email', 'created_at'])
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now);
  if (exceptEmail) q = q.where('email', '!=', exceptEmail);
  return q.orderBy('created_at', 'desc').limit(1).executeTakeFirst();
}

/** Marks the key used; false when it was already (single use, safe against concurrent confirmations). */
export async function useEmailVerification(trx: Transaction<Database>, keyHash: string, now: number) {
  const res = await trx
    .updateTable('email_verification')
    .set({ used_at: now })
    .where('key_hash', '=', keyHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function closeEmailVerifications(trx: Transaction<Database>, userId: number, now: number) {
  await trx
    .updateTable('email_verification')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}

/** A new reset token (hashed in the table); earlier unused tokens of the user stop working. */
export async function createPasswordReset(
  trx: Transaction<Database>,
  userId: number,
  now: number,
  ttlMs: number,
): Promise<string> {
  await closePasswordResets(trx, userId, now);
  const token = randomToken();
  await trx
    .insertInto('password_reset')
    .values({
      token_hash: sha256(token),
      user_id: userId,
      created_at: now,
      expires_at: now + ttlMs,
      used_at: null,
    })
    .execute();
  return token;
}

export async function closePasswordResets(trx: Transaction<Database>, userId: number, now: number) {
  await trx
    .updateTable('password_reset')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}

/** Uses the token once: true only for the first confirmation of a valid, unexpired token of this user. */
export async function usePasswordReset(
  trx: Transaction<Database>,
  userId: number,
  token: string,
  now: number,
) {
  const res = await trx
    .updateTable('password_reset')
    .set({ used_at: now })
    .where('token_hash', '=', sha256(token))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function setPassword(
  trx: Transaction<Database>,
  userId: number,
  passwordHash: string,
  now: number,
) {
  await trx
    .updateTable('user')
    .set({ password_hash: passwordHash, updated_at: now })
    .where('id', '=', userId)
    .execute();
}

/** Revokes the user's sessions (all, or all but `keepSid`) inside the caller's transaction. */
export async function revokeSessions(
  trx: Transaction<Database>,
  userId: number,
  now: number,
  keepSid?: string,
) {
  let q = trx
    .updateTable('session')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (keepSid) q = q.where('id', '!=', keepSid);
  await q.execute();
}

export async function userDetails(db: Db, userId: number, now: number): Promise<UserDetails | null> {
  const u = await findUserById(db, userId);
  if (!u) return null;
  const pending = await latestPendingVerification(db, userId, now, u.email);
  return {
    id: u.id,
    username: u.username,
    email: u.email,
    first_name: u.first_name,
    last_name: u.last_name,
    pending_email: pending?.email ?? null,
  };
}

/** Every stored upload of the user (avatar, publication photos), to remove once the rows are gone. */
export async function userUploads(db: Db, userId: number): Promise<string[]> {
  const profile = await db
    .selectFrom('profile')
    .select('avatar')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const photos = await db
    .selectFrom('publication')
    .select('photo')
    .where('user_id', '=', userId)
    .where('photo', 'is not', null)
    .execute();
  return [profile?.avatar ?? null, ...photos.map((p) => p.photo)].filter((s): s is string => s !== null);
}

/** Erases the account: the user row and, by cascade, profile, sessions, keys, subscriptions, lists,
 * authorisations, push registrations, publications and their photos. */
export async function deleteUser(trx: Transaction<Database>, userId: number): Promise<void> {
  // Explicit deletes first: the cascade is the safety net, not the only mechanism.
  await trx.deleteFrom('photo').where('user_id', '=', userId).execute();
  await trx.deleteFrom('publication').where('user_id', '=', userId).execute();
  await trx.deleteFrom('user').where('id', '=', userId).execute();
}

// ---------------------------------------------------------------------------------------------------------------
// Transactions of the account rules (account.service.ts): each one commits all its writes or none.

/** Creates the account and its first verification key (returned), in one transaction. */
export async function registerUser(
  db: Kysely<Database>,
  u: { username: string; email: string; passwordHash: string; now: number; langue?: 'fr' | 'en' },
  verificationTtlMs: number,
): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const id = await createUser(trx, u);
    return createEmailVerification(trx, id, u.email, u.now, verificationTtlMs);
  });
}

/**
 * Uses the verification key once and makes its address the user's confirmed one; other pending links of the user
 * stop working. False (nothing written) when the key was already used.
 */
export async function confirmEmail(
  db: Kysely<Database>,
  v: { keyHash: string; userId: number; email: string; now: number },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (!(await useEmailVerification(trx, v.keyHash, v.now))) return false;
    await trx
      .updateTable('user')
      .set({ email: v.email, email_verified: 1, updated_at: v.now })
      .where('id', '=', v.userId)
      .execute();
    await closeEmailVerifications(trx, v.userId, v.now);
    return true;
  });
}

/** A new reset token for the user (earlier ones closed), in one transaction. */
export async function startPasswordReset(
  db: Kysely<Database>,
  userId: number,
  now: number,
  ttlMs: number,
): Promise<string> {
  return db.transaction().execute((trx) => createPasswordReset(trx, userId, now, ttlMs));
}

/** True when `token` is an unused, unexpired reset token of the user. */
export async function passwordResetValid(
  db: Db,
  userId: number,
  token: string,
  now: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('password_reset')
    .select('token_hash')
    .where('token_hash', '=', sha256(token))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Uses the reset token once and sets the new password: other tokens closed, the address confirmed (following the
 * mailed link proves it), every session revoked. False (nothing written) when the token is no longer usable.
 */
export async function resetPassword(
  db: Kysely<Database>,
  r: { userId: number; token: string; passwordHash: string; now: number },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (!(await usePasswordReset(trx, r.userId, r.token, r.now))) return false;
    await closePasswordResets(trx, r.userId, r.now);
    await setPassword(trx, r.userId, r.passwordHash, r.now);
    await trx.updateTable('user').set({ email_verified: 1 }).where('id', '=', r.userId).execute();
    await revokeSessions(trx, r.userId, r.now);
    return true;
  });
}

/** Sets the new password, revokes the other sessions (all but `keepSid`) and closes pending reset tokens. */
export async function changePassword(
  db: Kysely<Database>,
  c: { userId: number; passwordHash: string; now: number; keepSid: string },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await setPassword(trx, c.userId, c.passwordHash, c.now);
    await revokeSessions(trx, c.userId, c.now, c.keepSid);
    await closePasswordResets(trx, c.userId, c.now);
  });
}

export interface UserChanges {
  username?: string;
  username_key?: string;
  username_squelette?: string;
  first_name?: string;
  last_name?: string;
}

/**
 * Saves the user's new names and, for a new address, stores its verification key (returned; null without one),
 * in one transaction.
 */
export async function updateUser(
  db: Kysely<Database>,
  u: {
    userId: number;
    changes: UserChanges;
    newEmail: string | null;
    now: number;
    verificationTtlMs: number;
  },
): Promise<string | null> {
  return db.transaction().execute(async (trx) => {
    if (Object.keys(u.changes).length > 0) {
      await trx
        .updateTable('user')
        .set({ ...u.changes, updated_at: u.now })
        .where('id', '=', u.userId)
        .execute();
    }
    return u.newEmail ? createEmailVerification(trx, u.userId, u.newEmail, u.now, u.verificationTtlMs) : null;
  });
}

/** Erases the account (see `deleteUser`) and returns its stored uploads, to remove once the rows are gone. */
export async function deleteAccount(db: Kysely<Database>, userId: number): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    const uploads = await userUploads(trx, userId);
    await deleteUser(trx, userId);
    return uploads;
  });
}
