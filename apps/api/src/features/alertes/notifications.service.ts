/** The in-app notifications of a user (docs/decisions/057): pages newest first, read and hidden states. */
import type {
  NotificationsEtatBody,
  NotificationsEtatResponse,
  NotificationsQuery,
  NotificationsResponse,
} from '@limni/shared/contracts/alertes';
import { badRequest } from '../../http/errors';
import { champ } from '../../http/texte';
import { ALERTES } from './alertes.messages';
import type { AlertesDeps } from './alertes.service';
import * as repo from './alertes.repo';

const PAGE_PAR_DEFAUT = 50;

export async function listNotifications(
  deps: AlertesDeps,
  userId: number,
  q: NotificationsQuery,
): Promise<NotificationsResponse> {
  const db = deps.db.db;
  const [page, nonLues] = await Promise.all([
    repo.notifications(db, userId, {
      withHidden: q.masquees === '1',
      before: q.avant,
      limit: q.limite ?? PAGE_PAR_DEFAUT,
    }),
    repo.unreadCount(db, userId),
  ]);
  return { non_lues: nonLues, notifications: page.items, suite: page.more };
}

/** Marks notifications (some, or all) read or unread, hidden or shown; 400 when what or which is missing. */
export async function markNotifications(
  deps: AlertesDeps,
  userId: number,
  b: NotificationsEtatBody,
): Promise<NotificationsEtatResponse> {
  if (!b.toutes && (!b.ids || b.ids.length === 0)) {
    throw badRequest(ALERTES.notificationsCiblees, champ('ids', ALERTES.notificationsCiblees));
  }
  if (b.lu === undefined && b.masque === undefined) {
    throw badRequest(ALERTES.notificationsChangement, champ('lu', ALERTES.notificationsChangement));
  }
  const db = deps.db.db;
  const modifiees = await repo.markNotifications(
    db,
    userId,
    b.toutes ? 'toutes' : { ids: b.ids ?? [] },
    { lu: b.lu, masque: b.masque },
    deps.now(),
  );
  return { status: 200 as const, modifiees, non_lues: await repo.unreadCount(db, userId) };
}
