/**
 * Following places (docs/requirements.md R10.6 paths `user/crea-abonnement`, `stop-abonnement`, `toggle-abonnement`; tagged with
 * the profile in the API document, as R10.6 lists them): same body, same answer — the places followed now.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AbonnementsResponse, LieuBody } from '@limni/shared/contracts/alertes';
import type { AppDeps } from '../../deps';
import type { AuthUser } from '../../http/auth';
import { changeAbonnement, type AbonnementAction } from './alertes.service';

const tags = ['profil'];

const PATHS: Array<{ url: string; summary: string; action: AbonnementAction }> = [
  { url: '/user/crea-abonnement', summary: 'Suivre un lieu (abonnement actif)', action: 'suivre' },
  { url: '/user/stop-abonnement', summary: 'Ne plus suivre un lieu', action: 'arreter' },
  {
    url: '/user/toggle-abonnement',
    summary: 'Activer ou suspendre les notifications d’un lieu suivi',
    action: 'basculer',
  },
];

export function abonnementsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    for (const { url, summary, action } of PATHS) {
      app.post(
        url,
        {
          preHandler: app.auth.requireUser,
          schema: { tags, summary, body: LieuBody, response: { 200: AbonnementsResponse } },
        },
        async (request) => {
          const { id } = request.authUser as AuthUser;
          return { status: 200 as const, lieux: await changeAbonnement(deps, id, request.body.lieu, action) };
        },
      );
    }
  };
}
