/**
 * Queries of the delivery outbox `notification_envoi` (docs/decisions/057): rows due, the atomic claim of one row
 * (a conditional UPDATE: several processes never send the same row), the notification, its user and rule as
 * a message needs them, and the row's outcome.
 */
import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database, StatutEnvoi } from '../../db/schema';

type Db = Kysely<Database>;

/** Rows not finished yet and the earliest next attempt among them. */
export async function pendingDeliveries(db: Db): Promise<{ count: number; next: number | null }> {
  const row = await db
    .selectFrom('notification_envoi')
    .select((eb) => [eb.fn.countAll<number | string>().as('n'), eb.fn.min('prochain_essai').as('next')])
    .where('statut', 'in', ['en_attente', 'en_cours'])
    .executeTakeFirst();
  return { count: Number(row?.n ?? 0), next: row?.next ?? null };
}

/** Waiting and due, or claimed by a worker whose lease ran out. */
const isDue = (t: number) => (eb: ExpressionBuilder<Database, 'notification_envoi'>) =>
  eb.or([
    eb.and([eb('statut', '=', 'en_attente'), eb('prochain_essai', '<=', t)]),
    eb.and([eb('statut', '=', 'en_cours'), eb('verrou_jusqu_a', '<', t)]),
  ]);

/** Ids of rows due at `now`, oldest first. */
export async function dueDeliveryIds(db: Db, now: number, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('notification_envoi')
    .select('id')
    .where(isDue(now))
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** Takes the row for this worker until `leaseUntil` if it is still due at `t`; false when another took it. */
export async function claimDelivery(db: Db, id: number, t: number, leaseUntil: number): Promise<boolean> {
  const claimed = await db
    .updateTable('notification_envoi')
    .set((eb) => ({
      statut: 'en_cours',
      verrou_jusqu_a: leaseUntil,
      tentatives: eb('tentatives', '+', 1),
    }))
    .where('id', '=', id)
    .where(isDue(t))
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

/** A claimed row with its notification, user (address, preferences) and rule, as the message needs them. */
export async function deliveryToSend(db: Db, id: number) {
  return db
    .selectFrom('notification_envoi as e')
    .innerJoin('notification as n', 'n.id', 'e.notification_id')
    .innerJoin('user as u', 'u.id', 'n.user_id')
    .leftJoin('profile as p', 'p.user_id', 'u.id')
    .leftJoin('alerte_regle as r', 'r.id', 'n.regle_id')
    .select([
      'e.id',
      'e.canal',
      'e.tentatives',
      'e.faits',
      'n.id as notification_id',
      'n.user_id',
      'n.titre',
      'n.message',
      'n.type',
      'n.lien',
      'u.username',
      'u.email',
      'u.email_verified',
      'u.langue',
      'p.notifications',
      'r.id as regle_id',
      'r.user_id as regle_user_id',
      'r.created_at as regle_created_at',
      'r.type as regle_type',
      'r.grandeur',
      'r.seuil',
      'r.seuil2',
      'r.horizon_h',
    ])
    .where('e.id', '=', id)
    .executeTakeFirst();
}

export type DeliveryToSend = NonNullable<Awaited<ReturnType<typeof deliveryToSend>>>;

/** The row's outcome: finished (`envoye`, `echec`, `annule`, `sans_destinataire`), or back to waiting. */
export async function recordDelivery(
  db: Db,
  id: number,
  change: {
    statut: StatutEnvoi;
    derniere_erreur: string | null;
    prochain_essai?: number;
    envoye_at?: number;
    /** JSON of the browsers reached or gone (push). */
    faits?: string;
  },
): Promise<void> {
  await db
    .updateTable('notification_envoi')
    .set({ ...change, verrou_jusqu_a: null })
    .where('id', '=', id)
    .execute();
}
