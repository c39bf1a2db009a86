/** `/api/hydro/lieu/:id/*`: a place, its sensors' states, readings, chronicle, chart options, forecasts. */
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
import { parisDayRange } from '@limni/shared/domain/time';
import type { AppDeps } from '../../app';
import { dataNow, sensorStatesAt } from '../../data/readings';
import { sensorsVersion, VersionMemo, type CachedBody, type SeriesBodyCache } from '../../data/series-cache';
import { notFound } from '../../http/errors';
import { alertesFor, lieuWebcam, toDateRange } from './hydro.repo';
import { getLieu, latestPrevisions, lieuCapteurs, lieuScopes, type LieuCapteur } from './lieu.repo';
import { graphOptions, lieu7j, lieuChronique, lieuDonnees } from './lieu.service';

const lieuInconnu = (id: number) => notFound(`Aucun lieu ne porte l'identifiant ${id}.`);

export const PREVISIONS_REFUSEES =
  'La consultation des prévisions est réservée aux comptes disposant de l’autorisation « Prévisions ».';

/** Sends a body that is already JSON (from the series cache) with its precomputed strong ETag. */
function sendCached(reply: FastifyReply, cached: CachedBody): FastifyReply {
  return reply.header('etag', cached.etag).type('application/json; charset=utf-8').send(cached.body);
}

export function lieuRoutes(deps: AppDeps, cache: SeriesBodyCache): FastifyPluginAsyncZod {
  const db = deps.db.db;

  const capteursOr404 = async (id: number): Promise<LieuCapteur[]> => {
    const capteurs = await lieuCapteurs(db, id);
    if (!capteurs) throw lieuInconnu(id);
    return capteurs;
  };

  // The sensors of a place with their data version, memoised (at most 1 s, dropped on local writes).
  const versions = new VersionMemo<{ capteurs: LieuCapteur[]; version: string } | null>();
  const loadVersion = async (id: number) => {
    const capteurs = await lieuCapteurs(db, id);
    return capteurs && { capteurs, version: sensorsVersion(capteurs) };
  };
  const pending = new Map<string, Promise<CachedBody>>();

  /**
   * Cached body of a series endpoint, recomputed when the place's sensors' data version changed
   * (docs/decisions/013); concurrent misses of one body share one computation.
   */
  const cachedSeries = async (
    kind: string,
    id: number,
    date: string,
    nb: number,
    compute: (capteurs: LieuCapteur[]) => Promise<unknown>,
  ): Promise<CachedBody> => {
    const v = await versions.get(id, () => loadVersion(id));
    if (!v) throw lieuInconnu(id);
    const { capteurs, version } = v;
    const key = `${kind}|${id}|${date}|${nb}`;
    const hit = cache.get(key, version);
    if (hit) return hit;
    const pendingKey = `${key}@${version}`;
    let p = pending.get(pendingKey);
    if (!p) {
      p = compute(capteurs)
        .then((body) => cache.set(key, version, JSON.stringify(body)))
        .finally(() => pending.delete(pendingKey));
      pending.set(pendingKey, p);
    }
    return p;
  };

  return async (app) => {
    app.get(
      '/hydro/lieu/:id',
      {
        config: { cache: 'public' },
        schema: {
          tags: ['hydro'],
          summary:
            'Un lieu : position, station, lac ou rivière, tronçon et vigilance, capteurs, infos pratiques, photos',
          params: EntityIdParams,
          response: { 200: LieuDetail },
        },
      },
      async (request) => {
        const lieu = await getLieu(db, request.params.id);
        if (!lieu) throw lieuInconnu(request.params.id);
        return lieu;
      },
    );

    app.get(
      '/hydro/lieu/:id/daterange',
      {
        config: { cache: 'public' },
        schema: {
          tags: ['hydro'],
          summary: 'Première et dernière mesure du lieu (tous capteurs)',
          params: EntityIdParams,
          response: { 200: DateRange },
        },
      },
      async (request) => {
        const capteurs = await capteursOr404(request.params.id);
        const debuts = capteurs.map((c) => c.premier_ts).filter((t): t is number => t !== null);
        const fins = capteurs.map((c) => c.dernier_ts).filter((t): t is number => t !== null);
        return toDateRange(
          debuts.length ? Math.min(...debuts) : null,
          fins.length ? Math.max(...fins) : null,
        );
      },
    );

    app.get(
      '/hydro/lieu/:id/alertes',
      {
        config: { cache: 'public' },
        schema: {
          tags: ['hydro'],
          summary: 'Alertes sur le lieu, son tronçon et son lac ou sa rivière',
          params: EntityIdParams,
          response: { 200: AlertesResponse },
        },
      },
      async (request) => {
        const id = request.params.id;
        const scopes = await lieuScopes(db, id);
        if (!scopes) throw lieuInconnu(id);
        return alertesFor(
          db,
          {
            lieu: [id],
            entite: [scopes.entite_id],
            troncon: scopes.troncon_id === null ? [] : [scopes.troncon_id],
          },
          await dataNow(db, deps.env, deps.now),
        );
      },
    );

    app.get(
      '/hydro/lieu/:id/webcam',
      {
        config: { cache: 'public' },
        schema: {
          tags: ['hydro'],
          summary: 'La webcam du lieu (url, légende datée, idl), ou une réponse vide explicite',
          params: EntityIdParams,
          response: { 200: LieuWebcam },
        },
      },
      async (request) => {
        const w = await lieuWebcam(db, request.params.id);
        if (!w) throw lieuInconnu(request.params.id);
        return w;
      },
    );

    app.get(
      '/hydro/lieu/:id/previsions',
      {
        preHandler: app.auth.requireAutorisation(1, PREVISIONS_REFUSEES),
        schema: {
          tags: ['hydro'],
          summary:
            'Prévisions du lieu (dernier run par capteur : moyenne, min, max) — autorisation 1 requise',
          params: EntityIdParams,
          response: { 200: LieuPrevisions },
        },
      },
      async (request) => {
        const capteurs = await capteursOr404(request.params.id);
        return { lieu_id: request.params.id, series: await latestPrevisions(db, capteurs) };
      },
    );

    app.get(
      '/hydro/lieu/:id/:date',
      {
        config: { cache: 'public' },
        schema: {
          tags: ['hydro'],
          summary:
            'État de chaque capteur à la fin du jour (heure de Paris) : dernière valeur, heure, tendance sur 3 h, fraîcheur',
          params: LieuDateParams,
          response: { 200: LieuEtat },
        },
      },
      async (request) => {
        const { id, date } = request.params;
        await capteursOr404(id);
        const now = await dataNow(db, deps.env, deps.now);
        const instant = Math.min(parisDayRange(date).end - 1, now);
        return { lieu_id: id, date, instant, capteurs: await sensorStatesAt(db, [id], instant, instant) };
      },
    );

    app.get(
      '/hydro/lieu/:id/7j/:date',
      {
        config: { cache: 'public' },
        schema: {
          tags: ['hydro'],
          summary: 'Minimum, maximum et moyenne par jour (heure de Paris) des 7 jours finissant à la date',
          params: LieuDateParams,
          response: { 200: Lieu7j },
        },
      },
      async (request) => {
        const { id, date } = request.params;
        return lieu7j(db, id, await capteursOr404(id), date);
      },
    );

    app.get(
      '/hydro/lieu/:id/d/:date/:nb',
      {
        config: { cache: 'public' },
        schema: {
          tags: ['hydro'],
          summary:
            'Mesures de chaque capteur sur les nb jours finissant à la date (m, m³/s, statut) ; au-delà de 2 000 points, sous-échantillonnage LTTB',
          params: LieuPeriodParams,
          response: { 200: LieuDonnees },
        },
      },
      async (request, reply) => {
        const { id, date, nb } = request.params;
        return sendCached(
          reply,
          await cachedSeries('d', id, date, nb, (capteurs) => lieuDonnees(db, id, capteurs, date, nb)),
        );
      },
    );

    app.get(
      '/hydro/lieu/:id/c-h/:date/:nb',
      {
        config: { cache: 'public' },
        schema: {
          tags: ['hydro'],
          summary: 'Chronique horaire (date, heure, valeur, unité) sur les nb jours finissant à la date',
          params: LieuPeriodParams,
          response: { 200: ChroniqueHoraire },
        },
      },
      async (request, reply) => {
        const { id, date, nb } = request.params;
        return sendCached(
          reply,
          await cachedSeries('c-h', id, date, nb, (capteurs) => lieuChronique(db, id, capteurs, date, nb)),
        );
      },
    );

    app.get(
      '/hydro/lieu/:id/g-options/:date/:nb',
      {
        config: { cache: 'public' },
        schema: {
          tags: ['hydro'],
          summary:
            'Options du graphique : séries (libellé, couleur, échelle), seuils du lieu pour une activité (?activite=), prévisions disponibles',
          params: LieuPeriodParams,
          querystring: GraphOptionsQuery,
          response: { 200: GraphOptions },
        },
      },
      async (request) => {
        const { id, date, nb } = request.params;
        const activite = request.query.activite;
        const options = await graphOptions(db, id, await capteursOr404(id), date, nb, activite);
        if (!options) throw notFound(`Aucune activité ne porte l'identifiant ${activite}.`);
        return options;
      },
    );
  };
}
