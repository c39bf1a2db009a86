/** Personal alert rules (docs/decisions/055): of the user, of a place (the « M'alerter » dialog), changes. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { StatusResponse } from '@limni/shared/contracts/account';
import {
  LieuAlertes,
  Regle,
  RegleUpdateBody,
  ReglesCreateBody,
  ReglesResponse,
} from '@limni/shared/contracts/alertes';
import { EntityIdParams } from '@limni/shared/contracts/common';
import type { AppDeps } from '../../deps';
import type { AuthUser } from '../../http/auth';
import { langueOf } from '../../http/langue';
import { addRegles, deleteRegle, lieuAlertes, updateRegle, userRegles } from './alertes.service';

const tags = ['alertes'];
const user = (request: { authUser: AuthUser | null }) => request.authUser as AuthUser;

export function reglesRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const preHandler = app.auth.requireUser;

    app.get(
      '/user/alertes',
      {
        preHandler,
        schema: { tags, summary: 'Toutes mes alertes, lieu par lieu', response: { 200: ReglesResponse } },
      },
      async (request) => ({
        regles: await userRegles(deps, user(request).id, langueOf(request.headers['accept-language'])),
      }),
    );

    app.get(
      '/user/alertes/lieu/:id',
      {
        preHandler,
        schema: {
          tags,
          summary:
            "Mes alertes sur un lieu, ce qu'il mesure et les alertes proposées (dialogue « M'alerter »)",
          params: EntityIdParams,
          response: { 200: LieuAlertes },
        },
      },
      async (request) =>
        lieuAlertes(deps, user(request).id, request.params.id, langueOf(request.headers['accept-language'])),
    );

    app.post(
      '/user/alertes/lieu/:id',
      {
        preHandler,
        schema: {
          tags,
          summary: 'Ajouter des alertes sur un lieu (le lieu est suivi s’il ne l’était pas)',
          params: EntityIdParams,
          body: ReglesCreateBody,
          response: { 201: LieuAlertes },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(
            await addRegles(
              deps,
              user(request).id,
              request.params.id,
              request.body.regles,
              langueOf(request.headers['accept-language']),
            ),
          ),
    );

    app.patch(
      '/user/alertes/regles/:id',
      {
        preHandler,
        schema: {
          tags,
          summary: 'Activer, suspendre ou modifier les seuils d’une alerte',
          params: EntityIdParams,
          body: RegleUpdateBody,
          response: { 200: Regle },
        },
      },
      async (request) =>
        updateRegle(
          deps,
          user(request).id,
          request.params.id,
          request.body,
          langueOf(request.headers['accept-language']),
        ),
    );

    app.delete(
      '/user/alertes/regles/:id',
      {
        preHandler,
        schema: {
          tags,
          summary: 'Supprimer une alerte',
          params: EntityIdParams,
          response: { 200: StatusResponse },
        },
      },
      async (request) => {
        await deleteRegle(deps, user(request).id, request.params.id);
        return { status: 200 as const };
      },
    );
  };
}
