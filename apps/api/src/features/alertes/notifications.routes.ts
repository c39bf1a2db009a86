/** The in-app notifications of alerts (docs/decisions/057): list, read and hidden states. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  NotificationsEtatBody,
  NotificationsEtatResponse,
  NotificationsQuery,
  NotificationsResponse,
} from '@limni/shared/contracts/alertes';
import type { AppDeps } from '../../deps';
import type { AuthUser } from '../../http/auth';
import { listNotifications, markNotifications } from './notifications.service';

const tags = ['alertes'];
const user = (request: { authUser: AuthUser | null }) => request.authUser as AuthUser;

export function notificationsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/user/notifications',
      {
        preHandler: app.auth.requireUser,
        schema: {
          tags,
          summary: 'Mes notifications d’alerte, les plus récentes d’abord (masquées avec masquees=1)',
          querystring: NotificationsQuery,
          response: { 200: NotificationsResponse },
        },
      },
      async (request) => listNotifications(deps, user(request).id, request.query),
    );

    app.post(
      '/user/notifications/etat',
      {
        preHandler: app.auth.requireUser,
        schema: {
          tags,
          summary: 'Marquer des notifications (ou toutes) comme lues ou non lues, masquées ou affichées',
          body: NotificationsEtatBody,
          response: { 200: NotificationsEtatResponse },
        },
      },
      async (request) => markNotifications(deps, user(request).id, request.body),
    );
  };
}
