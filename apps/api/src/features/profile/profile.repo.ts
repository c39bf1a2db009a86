/**
 * Profile queries: the profile row, the places followed (read only: the alerts feature writes abonnements),
 * mailing lists, authorisations, the number of push registrations (notify/push.repo.ts keeps them).
 */
import type { Kysely, Transaction } from 'kysely';
import { abonnementsOf } from '../../data/abonnements.repo';
import type { AutorisationRef, ListeSibEtat, Profile } from '@limni/shared/contracts/profile';
import { parseNotificationPrefs } from '@limni/shared/domain/alertes';
import { uploadUrl } from '../../data/uploads';
import type { Database } from '../../db/schema';
import { countRegistrations } from '../../notify/push.repo';

type Db = Kysely<Database> | Transaction<Database>;

/** True when the user holds the authorisation (1: forecasts). */
export async function hasAutorisation(db: Db, userId: number, autorisationId: number): Promise<boolean> {
  const row = await db
    .selectFrom('user_autorisation')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('autorisation_id', '=', autorisationId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function profileRow(db: Db, userId: number) {
  return db
    .selectFrom('profile')
    .select(['avatar', 'date_naissance', 'accept_prevision_alert', 'notifications'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Creates the profile row when missing (accounts created before their profile), then applies `changes`. */
export async function upsertProfile(
  db: Db,
  userId: number,
  changes: Partial<{
    avatar: string | null;
    date_naissance: string | null;
    accept_prevision_alert: 0 | 1;
    notifications: string;
  }>,
): Promise<void> {
  await db
    .insertInto('profile')
    .values({
      user_id: userId,
      avatar: null,
      date_naissance: null,
      accept_prevision_alert: 0,
      notifications: '{}',
      ...changes,
    })
    .onConflict((oc) =>
      Object.keys(changes).length > 0
        ? oc.column('user_id').doUpdateSet(changes)
        : oc.column('user_id').doNothing(),
    )
    .execute();
}

export async function listesSib(db: Db, userId: number): Promise<ListeSibEtat[]> {
  const rows = await db
    .selectFrom('liste_sib')
    .leftJoin('user_liste_sib', (j) =>
      j.onRef('user_liste_sib.liste_id', '=', 'liste_sib.id').on('user_liste_sib.user_id', '=', userId),
    )
    .select(['liste_sib.id', 'liste_sib.nom', 'liste_sib.description', 'user_liste_sib.user_id'])
    .orderBy('liste_sib.id')
    .execute();
  return rows.map((r) => ({ id: r.id, nom: r.nom, description: r.description, inscrit: r.user_id !== null }));
}

export async function autorisations(db: Db, userId: number): Promise<AutorisationRef[]> {
  return db
    .selectFrom('user_autorisation')
    .innerJoin('autorisation', 'autorisation.id', 'user_autorisation.autorisation_id')
    .select(['autorisation.id', 'autorisation.nom'])
    .where('user_autorisation.user_id', '=', userId)
    .orderBy('autorisation.id')
    .execute();
}

/** The language of the account's e-mails and notifications (`user.langue`, docs/decisions/146). */
export async function userLangue(db: Db, userId: number): Promise<'fr' | 'en'> {
  const row = await db.selectFrom('user').select('langue').where('id', '=', userId).executeTakeFirst();
  return row?.langue === 'en' ? 'en' : 'fr';
}

export async function setUserLangue(db: Db, userId: number, langue: 'fr' | 'en'): Promise<void> {
  await db.updateTable('user').set({ langue }).where('id', '=', userId).execute();
}

export async function profile(db: Db, userId: number): Promise<Profile> {
  const [row, lieux, listes, autos, push, langue] = await Promise.all([
    profileRow(db, userId),
    abonnementsOf(db, userId),
    listesSib(db, userId),
    autorisations(db, userId),
    countRegistrations(db, userId),
    userLangue(db, userId),
  ]);
  return {
    lieux,
    listes_sib: listes,
    autorisations: autos,
    avatar: uploadUrl(row?.avatar ?? null),
    date_naissance: row?.date_naissance ?? null,
    acceptPrevisionAlert: row?.accept_prevision_alert === 1,
    notifications: parseNotificationPrefs(row?.notifications),
    nb_push: push,
    langue,
  };
}

export async function listeExists(db: Db, listeId: number): Promise<boolean> {
  return (
    (await db.selectFrom('liste_sib').select('id').where('id', '=', listeId).executeTakeFirst()) !== undefined
  );
}

/** Joins or leaves the list, in one transaction; returns whether the user is on it now. */
export async function toggleListe(db: Kysely<Database>, userId: number, listeId: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const removed = await trx
      .deleteFrom('user_liste_sib')
      .where('user_id', '=', userId)
      .where('liste_id', '=', listeId)
      .executeTakeFirst();
    if (Number(removed.numDeletedRows) > 0) return false;
    await trx.insertInto('user_liste_sib').values({ user_id: userId, liste_id: listeId }).execute();
    return true;
  });
}

/** Sets (or removes, with null) the avatar file; returns the previous one, to delete once committed. */
export async function replaceAvatar(
  db: Kysely<Database>,
  userId: number,
  avatar: string | null,
): Promise<string | null> {
  return db.transaction().execute(async (trx) => {
    const old = (await profileRow(trx, userId))?.avatar ?? null;
    await upsertProfile(trx, userId, { avatar });
    return old;
  });
}
