/**
 * `/api/hydro/lieu/:id/*`: a place, its sensors' states, observations, chronicle, chart options, forecasts. Each
 * handler validates (shared schemas), calls one `LieuService` method and sends (docs/decisions/063).
 */
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EntityIdParams } from '@limni/shared/contracts/common';
import {
  AlertesResponse,
  ChroniqueHoraire,
  DateRange,
  GraphOptions,
  GraphOptionsQuery,
  Lieu7j,
  LieuDateParams,
  LieuDetail,
  LieuDonnees,
  LieuEtat,
  LieuPeriodParams,
  LieuPrevisions,
  LieuWebcam,
} from '@limni/shared/contracts/hydro';
import { LieuArchiveParams, NormalesLieu } from '@limni/shared/contracts/historique';
import type { AppDeps } from '../../deps';
import { SeriesBodyCache, type CachedBody } from '../../data/series-cache';
import { langueOf } from '../../http/langue';
import { texte } from '../../http/texte';
import { HistoriqueService } from './historique.service';
import { LieuService } from './lieu.service';

export const PREVISIONS_REFUSEES = texte(
  'La consultation des prévisions est réservée aux comptes disposant de l’autorisation « Prévisions ».',
  'Forecasts are for accounts with the “Forecasts” permission.',
);

const tags = ['hydro'];

/** Sends a body that is already JSON (from the series cache) with its precomputed strong ETag. */
function sendCached(reply: FastifyReply, cached: CachedBody): FastifyReply {
  return reply.header('etag', cached.etag).type('application/json; charset=utf-8').send(cached.bytes);
}

/** The place's page: its card, period, alerts, webcam and (with authorisation 1) forecasts. */
function lieuFicheRoutes(service: LieuService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/hydro/lieu/:id',
      {
        config: { cache: 'public', langue: true, instant: true },
        schema: {
          tags,
          summary:
            'Un lieu : position, station, lac ou rivière, tronçon et vigilance, capteurs, infos pratiques, photos',
          params: EntityIdParams,
          response: { 200: LieuDetail },
        },
      },
      async (request) => service.detail(request.params.id, langueOf(request.headers['accept-language'])),
    );

    app.get(
      '/hydro/lieu/:id/daterange',
      {
        config: { cache: 'public', instant: true },
        schema: {
          tags,
          summary: 'Première et dernière mesure du lieu (tous capteurs)',
          params: EntityIdParams,
          response: { 200: DateRange },
        },
      },
      async (request) => service.dateRange(request.params.id),
    );

    app.get(
      '/hydro/lieu/:id/alertes',
      {
        config: { cache: 'public', instant: true },
        schema: {
          tags,
          summary: 'Alertes sur le lieu, son tronçon et son lac ou sa rivière',
          params: EntityIdParams,
          response: { 200: AlertesResponse },
        },
      },
      async (request) => service.alertes(request.params.id),
    );

    app.get(
      '/hydro/lieu/:id/webcam',
      {
        config: { cache: 'public', instant: true },
        schema: {
          tags,
          summary: 'La webcam du lieu (url, légende datée, idl), ou une réponse vide explicite',
          params: EntityIdParams,
          response: { 200: LieuWebcam },
        },
      },
      async (request) => service.webcam(request.params.id),
    );

    app.get(
      '/hydro/lieu/:id/previsions',
      {
        preHandler: app.auth.requireAutorisation(1, PREVISIONS_REFUSEES),
        config: { instant: true },
        schema: {
          tags,
          summary:
            'Prévisions du lieu (dernier run par capteur : moyenne, min, max) — autorisation 1 requise',
          params: EntityIdParams,
          response: { 200: LieuPrevisions },
        },
      },
      async (request) => service.previsions(request.params.id),
    );
  };
}

/** The place's data over days: state at a date, 7-day statistics, series, chronicle, chart options. */
function lieuDonneesRoutes(service: LieuService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/hydro/lieu/:id/:date',
      {
        config: { cache: 'public', instant: true },
        schema: {
          tags,
          summary:
            'État de chaque capteur à la fin du jour (heure de Paris) : dernière valeur, heure, tendance sur 3 h, fraîcheur',
          params: LieuDateParams,
          response: { 200: LieuEtat },
        },
      },
      async (request) => service.etat(request.params.id, request.params.date),
    );

    app.get(
      '/hydro/lieu/:id/7j/:date',
      {
        config: { cache: 'public', instant: true },
        schema: {
          tags,
          summary: 'Minimum, maximum et moyenne par jour (heure de Paris) des 7 jours finissant à la date',
          params: LieuDateParams,
          response: { 200: Lieu7j },
        },
      },
      async (request) => service.septJours(request.params.id, request.params.date),
    );

    app.get(
      '/hydro/lieu/:id/d/:date/:nb',
      {
        config: { cache: 'public', instant: true },
        schema: {
          tags,
          summary:
            'Mesures de chaque capteur sur les nb jours finissant à la date (m, m³/s, statut, qualification) ; au-delà de 2 000 points, sous-échantillonnage LTTB',
          params: LieuPeriodParams,
          response: { 200: LieuDonnees },
        },
      },
      async (request, reply) => {
        const { id, date, nb } = request.params;
        return sendCached(reply, await service.donnees(id, date, nb));
      },
    );

    app.get(
      '/hydro/lieu/:id/c-h/:date/:nb',
      {
        config: { cache: 'public', instant: true },
        schema: {
          tags,
          summary: 'Chronique horaire (date, heure, valeur, unité) sur les nb jours finissant à la date',
          params: LieuPeriodParams,
          response: { 200: ChroniqueHoraire },
        },
      },
      async (request, reply) => {
        const { id, date, nb } = request.params;
        return sendCached(reply, await service.chronique(id, date, nb));
      },
    );

    app.get(
      '/hydro/lieu/:id/g-options/:date/:nb',
      {
        config: { cache: 'public', langue: true, instant: true },
        schema: {
          tags,
          summary:
            'Options du graphique : séries (libellé, couleur, échelle), seuils du lieu pour une activité (?activite=), prévisions disponibles',
          params: LieuPeriodParams,
          querystring: GraphOptionsQuery,
          response: { 200: GraphOptions },
        },
      },
      async (request) => {
        const { id, date, nb } = request.params;
        return service.graphOptions(
          id,
          date,
          nb,
          request.query.activite,
          langueOf(request.headers['accept-language']),
        );
      },
    );
  };
}

/** Where a day sits in the place's history (docs/decisions/087): band, class, rank, records, years of daily values. */
function lieuHistoriqueRoutes(service: HistoriqueService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/hydro/lieu/:id/normales/:date',
      {
        config: { cache: 'public', langue: true, instant: true },
        schema: {
          tags,
          summary:
            'Plage habituelle (P10–P90 de la période de référence, ±7 jours) pour chaque jour de l’année, classe et rang de la valeur du jour, records, valeur de l’an dernier',
          params: LieuDateParams,
          response: { 200: NormalesLieu },
        },
      },
      async (request, reply) =>
        sendCached(
          reply,
          await service.normales(
            request.params.id,
            request.params.date,
            langueOf(request.headers['accept-language']),
          ),
        ),
    );

    app.get(
      '/hydro/lieu/:id/archive/:date/:annees',
      {
        config: { cache: 'public', instant: true },
        schema: {
          tags,
          summary:
            'Valeurs journalières de l’archive sur 1 an, 5 ans ou toute l’archive finissant à la date ; au-delà de 2 000 points, sous-échantillonnage LTTB',
          params: LieuArchiveParams,
          response: { 200: LieuDonnees },
        },
      },
      async (request, reply) => {
        const { id, date, annees } = request.params;
        return sendCached(reply, await service.archive(id, date, annees));
      },
    );
  };
}

export interface LieuRoutesOptions {
  /** Cache of serialised series bodies (a fresh 32 MB one by default). */
  seriesCache?: SeriesBodyCache;
}

export function lieuRoutes(deps: AppDeps, opts: LieuRoutesOptions = {}): FastifyPluginAsyncZod {
  const cache = opts.seriesCache ?? new SeriesBodyCache();
  const service = new LieuService(deps, cache);
  return async (app) => {
    await app.register(lieuFicheRoutes(service));
    await app.register(lieuDonneesRoutes(service));
    await app.register(lieuHistoriqueRoutes(new HistoriqueService(deps, cache)));
  };
}
