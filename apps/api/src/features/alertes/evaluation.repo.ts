/**
 * Queries of the alert evaluation (docs/decisions/056): the active rules an event concerns (active rules of
 * active abonnements, with their place and evaluation state), the observations and forecasts they look at, and
 * the writes of one evaluation — states, notifications under their unique key, deliveries queued in the outbox.
 * Long `in` lists are cut in chunks (SQLite binds at most 32,766 values, PostgreSQL 65,535).
 */
import type { Insertable, Kysely, Transaction } from 'kysely';
import { TYPES_OBSERVATION, type GrandeurAlerte, type Observation } from '@limni/shared/domain/alertes';
import { estDouteuse } from '@limni/shared/domain/qualite';
import type { Database, NotificationTable } from '../../db/schema';

type Db = Kysely<Database>;
export type EvaluationTrx = Transaction<Database>;

export function chunks<T>(list: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/** Active rules of active abonnements, with their place and state. */
function activeRegles(db: Db) {
  return db
    .selectFrom('alerte_regle as r')
    .innerJoin('abonnement as a', (j) =>
      j.onRef('a.user_id', '=', 'r.user_id').onRef('a.lieu_id', '=', 'r.lieu_id'),
    )
    .innerJoin('lieu as l', 'l.id', 'r.lieu_id')
    .leftJoin('alerte_regle_etat as e', 'e.regle_id', 'r.id')
    .where('r.actif', '=', 1)
    .where('a.actif', '=', 1);
}

/**
 * The rule scan after new observations (the query that matters for speed, snapshot-tested): active rules on
 * observations (above, below, rising, back in range) of the sensors `capteurIds`, with the sensor's step.
 */
export function activeObservationReglesQuery(db: Db, capteurIds: readonly number[]) {
  return activeRegles(db)
    .innerJoin('capteur as c', (j) =>
      j.onRef('c.lieu_id', '=', 'r.lieu_id').onRef('c.grandeur', '=', 'r.grandeur'),
    )
    .select([
      'r.id',
      'r.user_id',
      'r.lieu_id',
      'r.type',
      'r.grandeur',
      'r.seuil',
      'r.seuil2',
      'r.activite_id',
      'e.etat',
      'c.id as capteur_id',
      'c.pas_min',
      'l.libelle',
    ])
    .where('r.type', 'in', [...TYPES_OBSERVATION])
    .where('c.id', 'in', [...capteurIds]);
}

export type ObservationRule = Awaited<
  ReturnType<ReturnType<typeof activeObservationReglesQuery>['execute']>
>[number];

export async function activeObservationRegles(
  db: Db,
  capteurIds: readonly number[],
): Promise<ObservationRule[]> {
  const regles: ObservationRule[] = [];
  for (const ids of chunks(capteurIds, 500)) {
    regles.push(...(await activeObservationReglesQuery(db, ids).execute()));
  }
  return regles;
}

/**
 * Observations of each sensor within its range [from, to], by sensor, in time order — without those its producer
 * judged doubtful: they never drive an alert until a later answer qualifies them otherwise (docs/decisions/154).
 */
export async function observationsInRanges(
  db: Db,
  ranges: ReadonlyMap<number, { from: number; to: number }>,
): Promise<Map<number, Observation[]>> {
  const out = new Map<number, Observation[]>();
  for (const part of chunks([...ranges.entries()], 100)) {
    const rows = await db
      .selectFrom('observation')
      .select(['capteur_id', 'ts', 'valeur', 'qualification'])
      .where((eb) =>
        eb.or(
          part.map(([id, r]) =>
            eb.and([eb('capteur_id', '=', id), eb('ts', '>=', r.from), eb('ts', '<=', r.to)]),
          ),
        ),
      )
      .orderBy('capteur_id')
      .orderBy('ts')
      .execute();
    for (const row of rows) {
      if (estDouteuse(row.qualification)) continue;
      let list = out.get(row.capteur_id);
      if (!list) out.set(row.capteur_id, (list = []));
      list.push({ ts: row.ts, valeur: row.valeur });
    }
  }
  return out;
}

/** Active vigilance rules of places, by user then rule. */
export async function activeVigilanceRegles(db: Db, lieuIds: readonly number[]) {
  return activeRegles(db)
    .select(['r.id', 'r.user_id', 'r.lieu_id', 'r.activite_id', 'l.libelle', 'e.etat'])
    .where('r.type', '=', 'vigilance')
    .where('r.lieu_id', 'in', [...lieuIds])
    .orderBy('r.user_id')
    .orderBy('r.id')
    .execute();
}

/** The language of each account (`user.langue`: `fr` or `en`), for the texts of its notifications. */
export async function userLangues(db: Db, userIds: readonly number[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  for (const ids of chunks([...new Set(userIds)], 500)) {
    const rows = await db.selectFrom('user').select(['id', 'langue']).where('id', 'in', ids).execute();
    for (const row of rows) out.set(row.id, row.langue);
  }
  return out;
}

/** Title and message of a public alert (`alerte` row written by ingestion), when it exists. */
export async function alerteTexte(db: Db, alerteId: number) {
  return (
    (await db
      .selectFrom('alerte')
      .select(['titre', 'message'])
      .where('id', '=', alerteId)
      .executeTakeFirst()) ?? null
  );
}

/** Active forecast rules of a place and quantity, of users who may see forecasts and accepted forecast alerts. */
export async function activePrevisionRegles(db: Db, lieuId: number, grandeur: GrandeurAlerte) {
  return activeRegles(db)
    .innerJoin('profile as pr', 'pr.user_id', 'r.user_id')
    .innerJoin('user_autorisation as ua', (j) =>
      j.onRef('ua.user_id', '=', 'r.user_id').on('ua.autorisation_id', '=', 1),
    )
    .select([
      'r.id',
      'r.user_id',
      'r.lieu_id',
      'r.grandeur',
      'r.seuil',
      'r.horizon_h',
      'r.activite_id',
      'l.libelle',
      'e.etat',
    ])
    .where('r.type', '=', 'prevision')
    .where('pr.accept_prevision_alert', '=', 1)
    .where('r.lieu_id', '=', lieuId)
    .where('r.grandeur', '=', grandeur)
    .execute();
}

/** The points of a forecast run (central value, or the top of the band when it has none). */
export async function previsionPoints(db: Db, capteurId: number, runTs: number): Promise<Observation[]> {
  const rows = await db
    .selectFrom('prevision')
    .select(['ts', 'valeur', 'max'])
    .where('capteur_id', '=', capteurId)
    .where('run_ts', '=', runTs)
    .orderBy('ts')
    .execute();
  return rows.flatMap((x) => {
    const v = x.valeur ?? x.max;
    return v === null ? [] : [{ ts: x.ts, valeur: v }];
  });
}

/** The sensor's latest observation (from its cached state), if any. */
export async function latestObservation(db: Db, capteurId: number): Promise<Observation | null> {
  const c = await db
    .selectFrom('capteur')
    .select(['derniere_valeur', 'dernier_ts'])
    .where('id', '=', capteurId)
    .executeTakeFirst();
  return c?.derniere_valeur != null && c.dernier_ts != null
    ? { ts: c.dernier_ts, valeur: c.derniere_valeur }
    : null;
}

/** The observation rules of these places forget their state (before a replay). */
export async function forgetObservationRegleStates(db: Db, lieuIds: readonly number[]): Promise<void> {
  for (const ids of chunks(lieuIds, 500)) {
    await db
      .deleteFrom('alerte_regle_etat')
      .where(
        'regle_id',
        'in',
        db
          .selectFrom('alerte_regle')
          .select('id')
          .where('lieu_id', 'in', ids)
          .where('type', 'in', [...TYPES_OBSERVATION]),
      )
      .execute();
  }
}

// The writes of one evaluation, in one transaction.

export function evaluationTransaction<T>(db: Db, fn: (trx: EvaluationTrx) => Promise<T>): Promise<T> {
  return db.transaction().execute(fn);
}

export async function saveStates(
  trx: EvaluationTrx,
  states: ReadonlyArray<{ regle_id: number; etat: string }>,
  now: number,
): Promise<void> {
  for (const part of chunks(states, 400)) {
    await trx
      .insertInto('alerte_regle_etat')
      .values(part.map((s) => ({ ...s, maj_at: now })))
      .onConflict((oc) =>
        oc
          .column('regle_id')
          .doUpdateSet((eb) => ({ etat: eb.ref('excluded.etat'), maj_at: eb.ref('excluded.maj_at') })),
      )
      .execute();
  }
}

/** Each user's account state and stored notification preferences. */
export async function recipientRows(trx: EvaluationTrx, userIds: readonly number[]) {
  const rows = [];
  for (const ids of chunks(userIds, 500)) {
    rows.push(
      ...(await trx
        .selectFrom('user')
        .leftJoin('profile', 'profile.user_id', 'user.id')
        .select(['user.id', 'user.email_verified', 'user.is_active', 'profile.notifications'])
        .where('user.id', 'in', ids)
        .execute()),
    );
  }
  return rows;
}

/** Notifications of these users in [start, end) (data time) that were not beyond the daily cap, by user. */
export async function countUncappedNotificationsOf(
  trx: EvaluationTrx,
  userIds: readonly number[],
  start: number,
  end: number,
): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  for (const ids of chunks(userIds, 500)) {
    const rows = await trx
      .selectFrom('notification')
      .select((eb) => ['user_id', eb.fn.countAll<number | string>().as('n')])
      .where('user_id', 'in', ids)
      .where('ts', '>=', start)
      .where('ts', '<', end)
      .where('plafonnee', '=', 0)
      .groupBy('user_id')
      .execute();
    for (const r of rows) out.set(r.user_id, Number(r.n));
  }
  return out;
}

/** The keys among `cles` that a notification already has (already notified crossings). */
export async function existingNotificationKeys(
  trx: EvaluationTrx,
  cles: readonly string[],
): Promise<Set<string>> {
  const out = new Set<string>();
  for (const part of chunks([...new Set(cles)], 500)) {
    const rows = await trx.selectFrom('notification').select('cle').where('cle', 'in', part).execute();
    for (const r of rows) out.add(r.cle);
  }
  return out;
}

export type NotificationRow = Omit<Insertable<NotificationTable>, 'id' | 'lu_at' | 'masque_at'>;

/**
 * Inserts notifications, 500 per statement, each under its unique key; returns the id of each one inserted by key
 * (a key that exists already is left out).
 */
export async function insertNotifications(
  trx: EvaluationTrx,
  rows: readonly NotificationRow[],
): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const part of chunks(rows, 500)) {
    const inserted = await trx
      .insertInto('notification')
      .values(part.map((n) => ({ ...n, lu_at: null, masque_at: null })))
      .onConflict((oc) => oc.column('cle').doNothing())
      .returning(['id', 'cle'])
      .execute();
    for (const r of inserted) out.set(r.cle, r.id);
  }
  return out;
}

/** Outbox rows, due now, 1,000 per statement. */
export async function queueDeliveriesOf(
  trx: EvaluationTrx,
  rows: ReadonlyArray<{ notificationId: number; canal: 'email' | 'push' }>,
  now: number,
): Promise<void> {
  for (const part of chunks(rows, 1000)) {
    await trx
      .insertInto('notification_envoi')
      .values(
        part.map((r) => ({
          notification_id: r.notificationId,
          canal: r.canal,
          prochain_essai: now,
          verrou_jusqu_a: null,
          derniere_erreur: null,
          envoye_at: null,
          created_at: now,
        })),
      )
      .execute();
  }
}
