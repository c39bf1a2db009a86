/** Profile queries: the profile row, subscriptions to places, mailing lists, authorisations, push registrations. */
import type { Kysely, Transaction } from 'kysely';
import type {
  AbonnementLieu,
  AutorisationRef,
  ListeSibEtat,
  NotificationPrefs,
  Profile,
  PushType,
} from '@limni/shared/contracts/profile';
import { uploadUrl } from '../../data/uploads';
import type { Database } from '../../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

export const DEFAULT_NOTIFICATIONS: NotificationPrefs = { email: true, push: true };
/** Registrations kept per account (the oldest go beyond it). */
export const MAX_PUSH_REGISTRATIONS = 20;

export function parseNotifications(json: string | null | undefined): NotificationPrefs {
  try {
    const v = JSON.parse(json ?? '{}') as Partial<Record<keyof NotificationPrefs, unknown>>;
    return {
      email: typeof v.email === 'boolean' ? v.email : DEFAULT_NOTIFICATIONS.email,
      push: typeof v.push === 'boolean' ? v.push : DEFAULT_NOTIFICATIONS.push,
    };
  } catch {
    return { ...DEFAULT_NOTIFICATIONS };
  }
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

/** Subscribed places, oldest subscription first; `nom` is the place's full label ("La Garonne à Toulouse"). */
export async function abonnements(db: Db, userId: number): Promise<AbonnementLieu[]> {
  const rows = await db
    .selectFrom('abonnement')
    .innerJoin('lieu', 'lieu.id', 'abonnement.lieu_id')
    .select(['lieu.id', 'lieu.libelle', 'abonnement.actif'])
    .where('abonnement.user_id', '=', userId)
    .orderBy('abonnement.created_at')
    .orderBy('lieu.id')
    .execute();
  return rows.map((r) => ({ id: r.id, nom: r.libelle, actif: r.actif === 1 }));
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

export async function profile(db: Db, userId: number): Promise<Profile> {
  const [row, lieux, listes, autos, push] = await Promise.all([
    profileRow(db, userId),
    abonnements(db, userId),
    listesSib(db, userId),
    autorisations(db, userId),
    db
      .selectFrom('push_registration')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirst(),
  ]);
  return {
    lieux,
    listes_sib: listes,
    autorisations: autos,
    avatar: uploadUrl(row?.avatar ?? null),
    date_naissance: row?.date_naissance ?? null,
    acceptPrevisionAlert: row?.accept_prevision_alert === 1,
    notifications: parseNotifications(row?.notifications),
    nb_push: Number(push?.n ?? 0),
  };
}

export async function lieuExists(db: Db, lieuId: number): Promise<boolean> {
  return (await db.selectFrom('lieu').select('id').where('id', '=', lieuId).executeTakeFirst()) !== undefined;
}

export async function countAbonnements(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('abonnement')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function findAbonnement(db: Db, userId: number, lieuId: number) {
  return db
    .selectFrom('abonnement')
    .select('actif')
    .where('user_id', '=', userId)
    .where('lieu_id', '=', lieuId)
    .executeTakeFirst();
}

/** Subscribes as active (an existing subscription becomes active again). */
export async function createAbonnement(db: Db, userId: number, lieuId: number, now: number): Promise<void> {
  await db
    .insertInto('abonnement')
    .values({ user_id: userId, lieu_id: lieuId, actif: 1, created_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'lieu_id']).doUpdateSet({ actif: 1 }))
    .execute();
}

export async function deleteAbonnement(db: Db, userId: number, lieuId: number): Promise<boolean> {
  const res = await db
    .deleteFrom('abonnement')
    .where('user_id', '=', userId)
    .where('lieu_id', '=', lieuId)
    .executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

export async function setAbonnementActif(
  db: Db,
  userId: number,
  lieuId: number,
  actif: 0 | 1,
): Promise<void> {
  await db
    .updateTable('abonnement')
    .set({ actif })
    .where('user_id', '=', userId)
    .where('lieu_id', '=', lieuId)
    .execute();
}

export async function listeExists(db: Db, listeId: number): Promise<boolean> {
  return (
    (await db.selectFrom('liste_sib').select('id').where('id', '=', listeId).executeTakeFirst()) !== undefined
  );
}

/** Joins or leaves the list; returns whether the user is on it now. */
export async function toggleListe(
  trx: Transaction<Database>,
  userId: number,
  listeId: number,
): Promise<boolean> {
  const removed = await trx
    .deleteFrom('user_liste_sib')
    .where('user_id', '=', userId)
    .where('liste_id', '=', listeId)
    .executeTakeFirst();
  if (Number(removed.numDeletedRows) > 0) return false;
  await trx.insertInto('user_liste_sib').values({ user_id: userId, liste_id: listeId }).execute();
  return true;
}

/** Stores (or moves to this user) a push registration, keeping at most MAX_PUSH_REGISTRATIONS per user. */
export async function savePushRegistration(
  trx: Transaction<Database>,
  r: { userId: number; type: PushType; registrationId: string; hash: string; now: number },
): Promise<void> {
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
  if (extra.length > 0) {
    await trx
      .deleteFrom('push_registration')
      .where(
        'id',
        'in',
        extra.map((e) => e.id),
      )
      .execute();
  }
}

export async function deletePushRegistration(db: Db, userId: number, hash: string): Promise<void> {
  await db
    .deleteFrom('push_registration')
    .where('user_id', '=', userId)
    .where('registration_hash', '=', hash)
    .execute();
}
