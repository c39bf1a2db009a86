/**
 * `/api/hydro/*` except places (`features/lieu`): basins, map configuration, the entity index, search terms,
 * webcams, vigilance, entities, tronçons. Each handler validates, calls one `HydroService` method and sends.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EntityIdParams } from '@limni/shared/contracts/common';
import {
  AlertesResponse,
  BassinsResponse,
  DateRange,
  EntiteDetail,
  EntiteLieux,
  IndexResponse,
  MapsConfig,
  RechercheTerms,
  TronconDetail,
  VigilanceResume,
  WebcamsResponse,
} from '@limni/shared/contracts/hydro';
import type { AppDeps } from '../../deps';
import { langueOf } from '../../http/langue';
import { HydroService } from './hydro.service';

const tags = ['hydro'];

/** What the maps, the header search and the webcam and tronçon pages read. */
function cartesRoutes(service: HydroService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/hydro/maps',
      {
        config: { cache: 'public-long' },
        schema: {
          tags,
          summary:
            'Configuration des cartes : couches hors ligne et attributions, emprise de chaque bassin, tuiles optionnelles',
          response: { 200: MapsConfig },
        },
      },
      async () => service.maps(),
    );

    app.get(
      '/hydro/recherche-terms',
      {
        config: { cache: 'public', instant: true },
        schema: {
          tags,
          summary: 'Termes de recherche : noms des lacs, rivières et lieux avec leurs identifiants',
          response: { 200: RechercheTerms },
        },
      },
      async () => service.rechercheTerms(),
    );

    app.get(
      '/hydro/webcams',
      {
        config: { cache: 'public', instant: true },
        schema: {
          tags,
          summary:
            'Toutes les webcams, avec leur lieu, leur lac ou rivière et la légende datée tirée de l’URL',
          response: { 200: WebcamsResponse },
        },
      },
      async () => service.webcams(),
    );

    app.get(
      '/hydro/troncon/:id',
      {
        config: { cache: 'public', instant: true },
        schema: {
          tags,
          summary: 'Un tronçon Vigicrues : niveau de vigilance et sa date, rivière, lieux (carte du tronçon)',
          params: EntityIdParams,
          response: { 200: TronconDetail },
        },
      },
      async (request) => service.troncon(request.params.id),
    );
  };
}

/** An entity's period, places with their sensors' states, and alerts. */
function entiteDonneesRoutes(service: HydroService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/hydro/entite/:id/daterange',
      {
        config: { cache: 'public', instant: true },
        schema: {
          tags,
          summary: 'Première et dernière mesure des lieux du lac ou de la rivière',
          params: EntityIdParams,
          response: { 200: DateRange },
        },
      },
      async (request) => service.entiteDateRange(request.params.id),
    );

    app.get(
      '/hydro/entite/:id/lieux',
      {
        config: { cache: 'public', instant: true },
        schema: {
          tags,
          summary:
            'Lieux du lac ou de la rivière avec, par capteur, la dernière valeur, son heure, la tendance et la fraîcheur',
          params: EntityIdParams,
          response: { 200: EntiteLieux },
        },
      },
      async (request) => service.entiteLieux(request.params.id),
    );

    app.get(
      '/hydro/entite/:id/alertes',
      {
        config: { cache: 'public', instant: true },
        schema: {
          tags,
          summary: 'Alertes sur le lac ou la rivière, ses tronçons et ses lieux',
          params: EntityIdParams,
          response: { 200: AlertesResponse },
        },
      },
      async (request) => service.entiteAlertes(request.params.id),
    );
  };
}

/** The overview pages: basins, the entity index, the vigilance summary, an entity's page. */
function vueEnsembleRoutes(service: HydroService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/hydro/bassins',
      {
        config: { cache: 'public-long' },
        schema: {
          tags,
          summary:
            'Bassins (circonscriptions de bassin) avec leur emprise et leur nombre de lacs et rivières',
          response: { 200: BassinsResponse },
        },
      },
      async () => service.bassins(),
    );

    app.get(
      '/hydro/index',
      {
        config: { cache: 'public', instant: true },
        schema: {
          tags,
          summary: 'Index des lacs (L) et rivières (R) : bassin, départements, position, lieux, vigilance',
          response: { 200: IndexResponse },
        },
      },
      async () => service.index(),
    );

    app.get(
      '/hydro/vigilance',
      {
        config: { cache: 'public', instant: true },
        schema: {
          tags,
          summary: 'Vigilance crues : nombre de tronçons par niveau et tronçons en jaune, orange ou rouge',
          response: { 200: VigilanceResume },
        },
      },
      async () => service.vigilance(),
    );

    app.get(
      '/hydro/entite/:id',
      {
        config: { cache: 'public', langue: true, instant: true },
        schema: {
          tags,
          summary: 'Un lac ou une rivière : lieux, sous-entités (entites_f), tronçons, départements',
          params: EntityIdParams,
          response: { 200: EntiteDetail },
        },
      },
      async (request) => service.entite(request.params.id, langueOf(request.headers['accept-language'])),
    );
  };
}

export function hydroRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const service = new HydroService(deps);
  return async (app) => {
    await app.register(cartesRoutes(service));
    await app.register(entiteDonneesRoutes(service));
    await app.register(vueEnsembleRoutes(service));
  };
}
