/**
 * The alerts API (docs/decisions/055–059, 068), registered by app.ts as one plugin: following places
 * (`abonnements.routes.ts`), personal alert rules of a place or of the user (`regles.routes.ts`), the in-app
 * notifications (`notifications.routes.ts`), the signed one-click stop link of alert e-mails
 * (`stop-link.routes.ts`) and the state of a replay for the web app's banner. Logic in `alertes.service.ts` and
 * `notifications.service.ts`, SQL in `alertes.repo.ts`.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ReplayStatus } from '@limni/shared/contracts/replay';
import type { AppDeps } from '../../deps';
import { abonnementsRoutes } from './abonnements.routes';
import { replayStatus } from './alertes.service';
import { notificationsRoutes } from './notifications.routes';
import { reglesRoutes } from './regles.routes';
import { stopLinkRoutes } from './stop-link.routes';

export function alertesRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    // The abonnement paths keep the JSON-only bodies they had with the profile (their own scope).
    await app.register(abonnementsRoutes(deps));
    await app.register(async (alertes) => {
      // The stop link's confirmation form (and RFC 8058 one-click clients) post application/x-www-form-urlencoded.
      alertes.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string' },
        (_req, body, done) => {
          done(null, Object.fromEntries(new URLSearchParams(String(body))));
        },
      );
      await alertes.register(reglesRoutes(deps));
      await alertes.register(notificationsRoutes(deps));
      await alertes.register(stopLinkRoutes(deps));
      alertes.get(
        '/replay',
        {
          schema: {
            tags: ['alertes'],
            summary:
              'Relecture de données enregistrées en cours (npm run replay) : fenêtre, vitesse, temps simulé',
            response: { 200: ReplayStatus },
          },
        },
        async () => replayStatus(deps),
      );
    });
  };
}
