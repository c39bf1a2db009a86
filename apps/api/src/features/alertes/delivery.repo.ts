/**
 * Queries of the delivery outbox `notification_envoi` (docs/decisions/057, 159): rows due, the atomic claim of
 * a batch of rows (one UPDATE: several processes never send the same row), the notifications, their users and
 * rules as the messages need them, and the rows' outcomes, one statement per batch.
 */
import { PostgresAdapter, sql, type ExpressionBuilder, type Kysely } from 'kysely';
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

const isPostgres = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * Takes up to `limit` due rows (of one channel when given), oldest first, for this worker until `leaseUntil`, in one statement; returns their
 * ids. PostgreSQL: the rows are picked in a CTE `for update skip locked` (evaluated once: a `where id in (…)`
 * subquery may be run again by the plan, each run skipping the rows it already took and taking more than
 * `limit`), so two workers claiming at once get disjoint batches without waiting on each other; a row updated by
 * another worker meanwhile is checked again when locked. SQLite: the statement runs under the database's single
 * writer lock, so no other claim interleaves with it.
 */
export async function claimDeliveries(
  db: Db,
  t: number,
  leaseUntil: number,
  limit: number,
  /** Only this channel's rows (each channel has its own senders). */
  canal?: 'email' | 'push',
): Promise<number[]> {
  const pick = db
    .selectFrom('notification_envoi')
    .select('id')
    .where(isDue(t))
    .$if(canal !== undefined, (q) => q.where('canal', '=', canal ?? 'email'))
    .orderBy('id')
    .limit(limit);
  const rows = isPostgres(db)
    ? await db
        .with('picked', () => pick.forUpdate().skipLocked())
        .updateTable('notification_envoi')
        .from('picked')
        .set((eb) => ({
          statut: 'en_cours',
          verrou_jusqu_a: leaseUntil,
          tentatives: eb('notification_envoi.tentatives', '+', 1),
        }))
        .whereRef('notification_envoi.id', '=', 'picked.id')
        .returning('notification_envoi.id')
        .execute()
    : await db
        .updateTable('notification_envoi')
        .set((eb) => ({
          statut: 'en_cours',
          verrou_jusqu_a: leaseUntil,
          tentatives: eb('tentatives', '+', 1),
        }))
        .where('id', 'in', pick)
        .where(isDue(t))
        .returning('id')
        .execute();
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/**
 * Claimed rows given back untried (the worker stops, or their lease is too close to its end to start a send):
 * waiting again, due now, the attempt not counted.
 */
export async function releaseDeliveries(db: Db, ids: readonly number[], now: number): Promise<void> {
  for (const part of chunks(ids, 500)) {
    await db
      .updateTable('notification_envoi')
      .set((eb) => ({
        statut: 'en_attente',
        verrou_jusqu_a: null,
        prochain_essai: now,
        tentatives: eb('tentatives', '-', 1),
      }))
      .where('id', 'in', part)
      .where('statut', '=', 'en_cours')
      .execute();
  }
}

function chunks<T>(list: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/** Claimed rows with their notification, user (address, preferences) and rule, as the messages need them. */
function deliveriesToSendQuery(db: Db) {
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
    ]);
}

export type DeliveryToSend = Awaited<ReturnType<ReturnType<typeof deliveriesToSendQuery>['execute']>>[number];

/** Claimed rows, as the messages need them, in id order (rows deleted meanwhile are missing). */
export async function deliveriesToSend(db: Db, ids: readonly number[]): Promise<DeliveryToSend[]> {
  const out: DeliveryToSend[] = [];
  for (const part of chunks(ids, 500)) {
    out.push(...(await deliveriesToSendQuery(db).where('e.id', 'in', part).orderBy('e.id').execute()));
  }
  return out;
}

/** The web push registrations of these users, oldest first, by user (users without one are absent). */
export async function webRegistrationsOf(
  db: Db,
  userIds: readonly number[],
): Promise<Map<number, Array<{ id: number; registration_id: string }>>> {
  const out = new Map<number, Array<{ id: number; registration_id: string }>>();
  for (const part of chunks([...new Set(userIds)], 500)) {
    const rows = await db
      .selectFrom('push_registration')
      .select(['id', 'user_id', 'registration_id'])
      .where('user_id', 'in', part)
      .where('type', '=', 'web')
      .orderBy('id')
      .execute();
    for (const r of rows) {
      let list = out.get(r.user_id);
      if (!list) out.set(r.user_id, (list = []));
      list.push({ id: r.id, registration_id: r.registration_id });
    }
  }
  return out;
}

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

/** A finished row: its final status and, for push, the browsers reached or gone (JSON). */
export interface FinishedDelivery {
  id: number;
  statut: Exclude<StatutEnvoi, 'en_attente' | 'en_cours'>;
  faits?: string;
}

/**
 * Finished rows without an error, one UPDATE per status and chunk: `envoye_at` set for those sent, `faits`
 * written where given (a CASE on the id), the lease dropped.
 */
export async function recordFinished(db: Db, rows: readonly FinishedDelivery[], now: number): Promise<void> {
  const byStatut = new Map<FinishedDelivery['statut'], FinishedDelivery[]>();
  for (const r of rows) byStatut.set(r.statut, [...(byStatut.get(r.statut) ?? []), r]);
  for (const [statut, list] of byStatut) {
    for (const part of chunks(list, 400)) {
      const withFaits = part.filter((r): r is FinishedDelivery & { faits: string } => r.faits !== undefined);
      await db
        .updateTable('notification_envoi')
        .set((eb) => ({
          statut,
          derniere_erreur: null,
          verrou_jusqu_a: null,
          ...(statut === 'envoye' ? { envoye_at: now } : {}),
          ...(withFaits.length > 0
            ? {
                faits: sql<string>`case ${eb.ref('id')} ${sql.join(
                  withFaits.map((r) => sql`when ${r.id} then ${r.faits}`),
                  sql` `,
                )} else ${eb.ref('faits')} end`,
              }
            : {}),
        }))
        .where(
          'id',
          'in',
          part.map((r) => r.id),
        )
        .execute();
    }
  }
}
