/**
 * Queries of the alerts feature: abonnements (with the per-user lock of docs/decisions/069), rules of a user or a
 * place, what a place offers for rules (quantities, tronçon, activity thresholds), notifications and their
 * states, the replay row.
 */
import type { Kysely, Transaction } from 'kysely';
import type { NotificationItem, Regle } from '@limni/shared/contracts/alertes';
import type { ReplayStatus } from '@limni/shared/contracts/replay';
import { REPLAY_HEARTBEAT_MS } from '../../data/relecture.repo';
import { describeRegle } from '@limni/shared/domain/alertes';
import { UNITE_PAR_GRANDEUR } from '@limni/shared/domain/units';
import type { Db as DbHandle } from '../../db/client';
import type { Database } from '../../db/schema';
import type { RegleValues, SeuilHautActivite } from './regles';

type Db = Kysely<Database> | Transaction<Database>;
export type Trx = Transaction<Database>;
/** A transaction holding the user's abonnement lock (only `withAbonnementsLock` makes one). */
export type AbonnementsTrx = Trx & { readonly abonnementsLock: true };

function regleQuery(db: Db) {
  return db
    .selectFrom('alerte_regle as r')
    .innerJoin('lieu as l', 'l.id', 'r.lieu_id')
    .leftJoin('activite as ac', 'ac.id', 'r.activite_id')
    .select((eb) => [
      'r.id',
      'r.user_id',
      'r.lieu_id',
      'l.libelle',
      'r.type',
      'r.grandeur',
      'r.seuil',
      'r.seuil2',
      'r.horizon_h',
      'r.activite_id',
      'ac.nom as activite_nom',
      'r.origine',
      'r.actif',
      'r.created_at',
      // The last notification of the rule (data time), kept even when its evaluation state is reset.
      eb
        .selectFrom('notification as n')
        .select((n) => n.fn.max('n.ts').as('m'))
        .whereRef('n.regle_id', '=', 'r.id')
        .as('derniere_notif'),
    ]);
}

export type RuleRow = Awaited<ReturnType<ReturnType<typeof regleQuery>['execute']>>[number];

/** A rule as the API answers it, its line of text in `langue`. */
export function toRegle(r: RuleRow, langue: 'fr' | 'en' = 'fr'): Regle {
  const unite =
    r.grandeur === null
      ? null
      : r.type === 'montee'
        ? `${UNITE_PAR_GRANDEUR[r.grandeur]}/h`
        : UNITE_PAR_GRANDEUR[r.grandeur];
  return {
    id: r.id,
    lieu: { id: r.lieu_id, nom: r.libelle },
    type: r.type,
    grandeur: r.grandeur,
    unite,
    seuil: r.seuil,
    seuil2: r.seuil2,
    horizon_h: r.horizon_h,
    activite:
      r.activite_id !== null && r.activite_nom !== null ? { id: r.activite_id, nom: r.activite_nom } : null,
    origine: r.origine,
    actif: r.actif === 1,
    description: describeRegle({ ...r, horizonH: r.horizon_h }, langue),
    created_at: r.created_at,
    derniere_notification: r.derniere_notif === null ? null : Number(r.derniere_notif),
  };
}

/** Every rule of the user, by place (order of abonnement), then oldest first. */
export async function userRegles(db: Db, userId: number, langue: 'fr' | 'en' = 'fr'): Promise<Regle[]> {
  const rows = await regleQuery(db)
    .innerJoin('abonnement as a', (j) =>
      j.onRef('a.user_id', '=', 'r.user_id').onRef('a.lieu_id', '=', 'r.lieu_id'),
    )
    .where('r.user_id', '=', userId)
    .orderBy('a.created_at')
    .orderBy('r.lieu_id')
    .orderBy('r.id')
    .execute();
  return rows.map((r) => toRegle(r, langue));
}

export async function lieuRegles(
  db: Db,
  userId: number,
  lieuId: number,
  langue: 'fr' | 'en' = 'fr',
): Promise<Regle[]> {
  const rows = await regleQuery(db)
    .where('r.user_id', '=', userId)
    .where('r.lieu_id', '=', lieuId)
    .orderBy('r.id')
    .execute();
  return rows.map((r) => toRegle(r, langue));
}

export async function findRegle(db: Db, userId: number, id: number): Promise<RuleRow | undefined> {
  return regleQuery(db).where('r.user_id', '=', userId).where('r.id', '=', id).executeTakeFirst();
}

/** A rule whatever its owner (stop links). */
export async function regleById(db: Db, id: number): Promise<RuleRow | undefined> {
  return regleQuery(db).where('r.id', '=', id).executeTakeFirst();
}

export async function insertRegles(
  db: Db,
  rows: Array<
    RegleValues & { user_id: number; lieu_id: number; origine: 'defaut' | 'utilisateur'; actif: 0 | 1 }
  >,
  now: number,
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('alerte_regle')
    .values(rows.map((r) => ({ ...r, created_at: now, updated_at: now })))
    .execute();
}

/**
 * New numbers and/or on-off state of a rule; `forget` resets its evaluation state (it looks at the data afresh:
 * no stale side, no old crossing), in the same transaction.
 */
export async function updateRegle(
  db: Kysely<Database>,
  id: number,
  change: Partial<Pick<RegleValues, 'seuil' | 'seuil2' | 'horizon_h'>> & { actif?: 0 | 1 },
  forget: boolean,
  now: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('alerte_regle')
      .set({ ...change, updated_at: now })
      .where('id', '=', id)
      .execute();
    if (forget) await forgetState(trx, id);
  });
}

/** Deletes a rule of the user; false when there is none with this id. */
export async function deleteRegle(db: Db, userId: number, id: number): Promise<boolean> {
  const res = await db
    .deleteFrom('alerte_regle')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

export async function forgetState(db: Db, regleId: number): Promise<void> {
  await db.deleteFrom('alerte_regle_etat').where('regle_id', '=', regleId).execute();
}

// A place: what rules it can have.

export async function lieuInfo(db: Db, lieuId: number) {
  return db
    .selectFrom('lieu')
    .select(['id', 'libelle', 'troncon_id'])
    .where('id', '=', lieuId)
    .executeTakeFirst();
}

export async function lieuGrandeurs(db: Db, lieuId: number) {
  const rows = await db
    .selectFrom('capteur')
    .select(['grandeur', 'unite', 'derniere_valeur', 'dernier_ts'])
    .where('lieu_id', '=', lieuId)
    .where('grandeur', 'in', ['H', 'Q'])
    .orderBy('grandeur')
    .execute();
  return rows.map((r) => ({
    grandeur: r.grandeur as 'H' | 'Q',
    unite: r.unite,
    derniere_valeur: r.derniere_valeur,
    dernier_ts: r.dernier_ts,
  }));
}

/** The « trop haut » thresholds of the activities of a place, on a quantity it measures (default rules). */
export async function seuilsHauts(db: Db, lieuId: number): Promise<SeuilHautActivite[]> {
  const rows = await db
    .selectFrom('activite_lieu')
    .innerJoin('activite', 'activite.id', 'activite_lieu.activite_id')
    .innerJoin('capteur', (j) =>
      j
        .onRef('capteur.lieu_id', '=', 'activite_lieu.lieu_id')
        .onRef('capteur.grandeur', '=', 'activite_lieu.grandeur'),
    )
    .select([
      'activite_lieu.activite_id',
      'activite.nom',
      'activite_lieu.grandeur',
      'activite_lieu.seuil_haut',
    ])
    .where('activite_lieu.lieu_id', '=', lieuId)
    .where('activite_lieu.seuil_haut', 'is not', null)
    .where('activite_lieu.grandeur', 'in', ['H', 'Q'])
    .execute();
  return rows.flatMap((r) =>
    r.seuil_haut !== null && (r.grandeur === 'H' || r.grandeur === 'Q')
      ? [{ activite_id: r.activite_id, nom: r.nom, grandeur: r.grandeur, seuil_haut: r.seuil_haut }]
      : [],
  );
}

/** Forecast alerts need the forecast permission (1) and acceptPrevisionAlert; null when allowed, else why not. */
export async function previsionRefusal(
  db: Db,
  userId: number,
): Promise<'previsionNonAutorisee' | 'previsionNonAcceptee' | null> {
  const [auto, profile] = await Promise.all([
    db
      .selectFrom('user_autorisation')
      .select('user_id')
      .where('user_id', '=', userId)
      .where('autorisation_id', '=', 1)
      .executeTakeFirst(),
    db
      .selectFrom('profile')
      .select('accept_prevision_alert')
      .where('user_id', '=', userId)
      .executeTakeFirst(),
  ]);
  if (!auto) return 'previsionNonAutorisee';
  if (profile?.accept_prevision_alert !== 1) return 'previsionNonAcceptee';
  return null;
}

export async function activiteExists(db: Db, id: number): Promise<boolean> {
  return (await db.selectFrom('activite').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

// Abonnements.

/**
 * Runs `fn` in one transaction holding the user's abonnement lock (docs/decisions/069): on PostgreSQL the user's
 * row is locked `FOR UPDATE` before anything is read, so two requests of one user (follow, stop, add alerts)
 * never count, check and write at the same time; SQLite has one writer at a time (the connection is held by the
 * transaction from its first statement to its commit), which serialises them the same way.
 */
export async function withAbonnementsLock<T>(
  handle: DbHandle,
  userId: number,
  fn: (trx: AbonnementsTrx) => Promise<T>,
): Promise<T> {
  return handle.db.transaction().execute(async (trx) => {
    if (handle.dialect === 'postgres') {
      await trx.selectFrom('user').select('id').where('id', '=', userId).forUpdate().execute();
    }
    return fn(trx as AbonnementsTrx);
  });
}

export async function findAbonnement(db: Db, userId: number, lieuId: number) {
  return db
    .selectFrom('abonnement')
    .select(['actif'])
    .where('user_id', '=', userId)
    .where('lieu_id', '=', lieuId)
    .executeTakeFirst();
}

export async function countAbonnements(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('abonnement')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Follows as active (an existing abonnement becomes active again). */
export async function upsertAbonnement(db: Db, userId: number, lieuId: number, now: number): Promise<void> {
  await db
    .insertInto('abonnement')
    .values({ user_id: userId, lieu_id: lieuId, actif: 1, created_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'lieu_id']).doUpdateSet({ actif: 1 }))
    .execute();
}

/** Stops following (the rules go with it, by cascade); false when the place was not followed. */
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

// Notifications.

export async function notifications(
  db: Db,
  userId: number,
  opts: { withHidden: boolean; before?: number; limit: number },
): Promise<{ items: NotificationItem[]; more: boolean }> {
  let q = db
    .selectFrom('notification as n')
    .leftJoin('lieu as l', 'l.id', 'n.lieu_id')
    .select([
      'n.id',
      'n.type',
      'n.regle_id',
      'n.lieu_id',
      'l.libelle',
      'n.titre',
      'n.message',
      'n.grandeur',
      'n.valeur',
      'n.unite',
      'n.ts',
      'n.lien',
      'n.niveau',
      'n.plafonnee',
      'n.created_at',
      'n.lu_at',
      'n.masque_at',
    ])
    .where('n.user_id', '=', userId);
  if (!opts.withHidden) q = q.where('n.masque_at', 'is', null);
  if (opts.before !== undefined) q = q.where('n.id', '<', opts.before);
  const rows = await q
    .orderBy('n.id', 'desc')
    .limit(opts.limit + 1)
    .execute();
  const page = rows.slice(0, opts.limit);
  const envois = page.length
    ? await db
        .selectFrom('notification_envoi')
        .select(['notification_id', 'canal', 'statut'])
        .where(
          'notification_id',
          'in',
          page.map((r) => r.id),
        )
        .orderBy('canal')
        .execute()
    : [];
  return {
    more: rows.length > opts.limit,
    items: page.map((r) => ({
      id: r.id,
      type: r.type,
      regle_id: r.regle_id,
      lieu: r.lieu_id !== null && r.libelle !== null ? { id: r.lieu_id, nom: r.libelle } : null,
      titre: r.titre,
      message: r.message,
      grandeur: r.grandeur,
      valeur: r.valeur,
      unite: r.unite,
      ts: r.ts,
      lien: r.lien,
      niveau: r.niveau,
      plafonnee: r.plafonnee === 1,
      created_at: r.created_at,
      lu: r.lu_at !== null,
      masque: r.masque_at !== null,
      envois: envois
        .filter((e) => e.notification_id === r.id)
        .map((e) => ({ canal: e.canal, statut: e.statut })),
    })),
  };
}

export async function unreadCount(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('notification')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .where('lu_at', 'is', null)
    .where('masque_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Marks read/unread and hidden/shown; returns the number of notifications whose state changed. */
export async function markNotifications(
  db: Db,
  userId: number,
  target: { ids: number[] } | 'toutes',
  change: { lu?: boolean; masque?: boolean },
  now: number,
): Promise<number> {
  const changes = (
    [
      ['lu_at', change.lu],
      ['masque_at', change.masque],
    ] as const
  ).flatMap(([column, on]) => (on === undefined ? [] : [{ column, on }]));
  let select = db.selectFrom('notification').select('id').where('user_id', '=', userId);
  if (target !== 'toutes') select = select.where('id', 'in', target.ids);
  const rows = await select
    .where((eb) => eb.or(changes.map((c) => eb(c.column, c.on ? 'is' : 'is not', null))))
    .execute();
  if (rows.length === 0) return 0;
  const ids = rows.map((r) => r.id);
  for (let i = 0; i < ids.length; i += 500) {
    const part = ids.slice(i, i + 500);
    for (const c of changes) {
      await db
        .updateTable('notification')
        .set({ [c.column]: c.on ? now : null })
        .where('id', 'in', part)
        .where(c.column, c.on ? 'is' : 'is not', null)
        .execute();
    }
  }
  return ids.length;
}

// Replay.

export async function replayStatus(db: Db, now: number): Promise<ReplayStatus> {
  const r = await db.selectFrom('relecture').selectAll().where('id', '=', 1).executeTakeFirst();
  if (!r) {
    return {
      en_cours: false,
      statut: 'aucune',
      debut: null,
      fin: null,
      vitesse: null,
      temps_simule: null,
      lectures: 0,
      notifications: 0,
      maj_at: null,
    };
  }
  const alive = r.statut === 'en_cours' && now - r.maj_at < REPLAY_HEARTBEAT_MS;
  return {
    en_cours: alive,
    statut: r.statut === 'en_cours' && !alive ? 'interrompu' : r.statut,
    debut: r.debut,
    fin: r.fin,
    vitesse: r.vitesse,
    temps_simule: r.temps_simule,
    lectures: r.lectures,
    notifications: r.notifications,
    maj_at: r.maj_at,
  };
}
