/**
 * `/api/activites/*`: the activities, where each is practised, and the verdict of places for an activity at a
 * date (trop bas, praticable, trop haut, déconseillé, inconnu) from indicative per-place thresholds.
 * Days are Europe/Paris calendar days; without a date, the data "now" is the reference (docs/decisions/016).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ActiviteDetail,
  ActiviteEntiteDateParams,
  ActiviteEntiteParams,
  ActiviteLieuDateParams,
  ActiviteLieuParams,
  ActiviteParams,
  ActivitesResponse,
  VerdictEntite,
  VerdictLieu,
  VerdictLieu7j,
} from '@limni/shared/contracts/activites';
import type { AppDeps } from '../../deps';
import { langueOf } from '../../http/langue';
import { ActivitesService } from './activites.service';

const TAGS = ['activités'];

export function activitesRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const service = new ActivitesService(deps);
  return async (app) => {
    app.get(
      '/activites/all',
      {
        config: { cache: 'public-long' },
        schema: {
          tags: TAGS,
          summary: 'Les activités (baignade, pêche, canoë-kayak, voile, aviron, stand-up paddle)',
          response: { 200: ActivitesResponse },
        },
      },
      async () => service.list(),
    );

    app.get(
      '/activites/type-:ida',
      {
        config: { cache: 'public', langue: true, instant: true },
        schema: {
          tags: TAGS,
          summary:
            'Une activité, avec les lacs et rivières, tronçons et lieux où elle se pratique, et leurs seuils indicatifs',
          params: ActiviteParams,
          response: { 200: ActiviteDetail },
        },
      },
      async (request) => service.detail(request.params.ida, langueOf(request.headers['accept-language'])),
    );

    app.get(
      '/activites/type-:ida/lieu-:idl',
      {
        config: { cache: 'public', langue: true, instant: true },
        schema: {
          tags: TAGS,
          summary: "Avis pour l'activité à ce lieu maintenant (instant des dernières données)",
          params: ActiviteLieuParams,
          response: { 200: VerdictLieu },
        },
      },
      async (request) =>
        service.lieuJour(
          request.params.ida,
          request.params.idl,
          null,
          langueOf(request.headers['accept-language']),
        ),
    );

    app.get(
      '/activites/type-:ida/lieu-:idl/:date',
      {
        config: { cache: 'public', langue: true, instant: true },
        schema: {
          tags: TAGS,
          summary:
            "Avis pour l'activité à ce lieu ce jour-là (fin de journée, ou maintenant pour le jour en cours)",
          params: ActiviteLieuDateParams,
          response: { 200: VerdictLieu },
        },
      },
      async (request) =>
        service.lieuJour(
          request.params.ida,
          request.params.idl,
          request.params.date,
          langueOf(request.headers['accept-language']),
        ),
    );

    app.get(
      '/activites/type-:ida/lieu-:idl/7j/:date',
      {
        config: { cache: 'public', langue: true, instant: true },
        schema: {
          tags: TAGS,
          summary: "Avis pour l'activité à ce lieu, jour par jour, sur les 7 jours finissant à la date",
          params: ActiviteLieuDateParams,
          response: { 200: VerdictLieu7j },
        },
      },
      async (request) =>
        service.lieuSeptJours(
          request.params.ida,
          request.params.idl,
          request.params.date,
          langueOf(request.headers['accept-language']),
        ),
    );

    app.get(
      '/activites/type-:ida/entite-:id',
      {
        config: { cache: 'public', langue: true, instant: true },
        schema: {
          tags: TAGS,
          summary: "Avis pour l'activité à chaque lieu du lac ou de la rivière, maintenant",
          params: ActiviteEntiteParams,
          response: { 200: VerdictEntite },
        },
      },
      async (request) =>
        service.entite(
          request.params.ida,
          request.params.id,
          null,
          langueOf(request.headers['accept-language']),
        ),
    );

    app.get(
      '/activites/type-:ida/entite-:id/:date',
      {
        config: { cache: 'public', langue: true, instant: true },
        schema: {
          tags: TAGS,
          summary: "Avis pour l'activité à chaque lieu du lac ou de la rivière ce jour-là",
          params: ActiviteEntiteDateParams,
          response: { 200: VerdictEntite },
        },
      },
      async (request) =>
        service.entite(
          request.params.ida,
          request.params.id,
          request.params.date,
          langueOf(request.headers['accept-language']),
        ),
    );
  };
}
