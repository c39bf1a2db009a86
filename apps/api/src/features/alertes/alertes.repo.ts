/** Queries of the alerts API: rules of a user or a place, notifications and their states, the replay row. */
import type { Kysely, Transaction } from 'kysely';
import type { NotificationItem, Regle } from '@limni/shared/contracts/alertes';
import type { ReplayStatus } from '@limni/shared/contracts/replay';
import { describeRule } from '@limni/shared/domain/alertes';
import type { Database } from '../../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/** A replaying process that has not written for this long is no longer running (killed). */
export const REPLAY_HEARTBEAT_MS = 30_000;

const UNITES = { H: 'm', Q: 'm³/s' } as const;

function ruleQuery(db: Db) {
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

type RuleRow = Awaited<ReturnType<ReturnType<typeof ruleQuery>['execute']>>[number];

export function toRegle(r: RuleRow): Regle {
  const unite =
    r.grandeur === null ? null : r.type === 'montee' ? `${UNITES[r.grandeur]}/h` : UNITES[r.grandeur];
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
    description: describeRule({ ...r, horizonH: r.horizon_h }),
    created_at: r.created_at,
    derniere_notification: r.derniere_notif === null ? null : Number(r.derniere_notif),
  };
}

/** Every rule of the user, by place (order of subscription), then oldest first. */
export async function userRules(db: Db, userId: number): Promise<Regle[]> {
  const rows = await ruleQuery(db)
    .innerJoin('abonnement as a', (j) =>
      j.onRef('a.user_id', '=', 'r.user_id').onRef('a.lieu_id', '=', 'r.lieu_id'),
    )
    .where('r.user_id', '=', userId)
    .orderBy('a.created_at')
    .orderBy('r.lieu_id')
    .orderBy('r.id')
    .execute();
  return rows.map(toRegle);
}

export async function placeRules(db: Db, userId: number, lieuId: number): Promise<Regle[]> {
  const rows = await ruleQuery(db)
    .where('r.user_id', '=', userId)
    .where('r.lieu_id', '=', lieuId)
    .orderBy('r.id')
    .execute();
  return rows.map(toRegle);
}

export async function findRule(db: Db, userId: number, id: number): Promise<RuleRow | undefined> {
  return ruleQuery(db).where('r.user_id', '=', userId).where('r.id', '=', id).executeTakeFirst();
}

/** A rule whatever its owner (stop links). */
export async function ruleById(db: Db, id: number): Promise<RuleRow | undefined> {
  return ruleQuery(db).where('r.id', '=', id).executeTakeFirst();
}

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

export async function subscription(db: Db, userId: number, lieuId: number) {
  return db
    .selectFrom('abonnement')
    .select(['actif'])
    .where('user_id', '=', userId)
    .where('lieu_id', '=', lieuId)
    .executeTakeFirst();
}

export async function countSubscriptions(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('abonnement')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Forecast alerts need the forecast permission (1) and acceptPrevisionAlert; null when allowed, else why not. */
export async function forecastRefusal(db: Db, userId: number): Promise<string | null> {
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
  if (!auto) {
    return 'Les alertes de prévision sont réservées aux comptes autorisés à consulter les prévisions.';
  }
  if (profile?.accept_prevision_alert !== 1) {
    return 'Acceptez les alertes de prévision dans votre profil (rubrique Notifications) pour en créer.';
  }
  return null;
}

export async function activiteExists(db: Db, id: number): Promise<boolean> {
  return (await db.selectFrom('activite').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

export async function forgetState(db: Db, regleId: number): Promise<void> {
  await db.deleteFrom('alerte_regle_etat').where('regle_id', '=', regleId).execute();
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
