/**
 * `/api/hydro/*`: basins, map configuration, the entity index, search terms, webcams, vigilance, entities,
 * tronçons; places (`/hydro/lieu/*`) are in lieu.routes.ts.
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
import type { AppDeps } from '../../app';
import { dataNow, sensorStatesAt } from '../../data/readings';
import { SeriesBodyCache } from '../../data/series-cache';
import { notFound } from '../../http/errors';
import {
  alertesFor,
  bassinExtents,
  entiteAlerteScopes,
  entiteDateRange,
  entiteLieuxRefs,
  getEntite,
  getTroncon,
  listBassins,
  listIndex,
  listWebcams,
  rechercheTerms,
  vigilanceResume,
} from './hydro.repo';
import { lieuRoutes } from './lieu.routes';

/** Metropolitan France, [west, south, east, north]. */
export const FRANCE_BBOX: [number, number, number, number] = [-5.2, 41.3, 9.6, 51.2];

/** The offline outlines served by the web app (apps/web/public/geo), with their sources (README). */
export const COUCHES_FOND: MapsConfig['couches'] = [
  {
    id: 'departements',
    nom: 'Départements',
    url: '/geo/departements.geojson',
    rendu: 'fill',
    attribution: 'Départements : IGN / INSEE via france-geojson, Licence Ouverte / Etalab',
  },
  {
    id: 'lacs',
    nom: 'Lacs',
    url: '/geo/lakes.geojson',
    rendu: 'fill',
    attribution: 'Lacs : Natural Earth (domaine public)',
  },
  {
    id: 'rivieres',
    nom: 'Rivières',
    url: '/geo/rivers.geojson',
    rendu: 'line',
    attribution: 'Rivières : Natural Earth (domaine public)',
  },
];

/** Attribution of the configured raster tiles: OpenStreetMap's when they come from it, else a generic one. */
export function tileAttribution(url: string): string {
  return /openstreetmap|osm/i.test(url)
    ? '© les contributeurs d’OpenStreetMap'
    : '© fournisseur des tuiles (voir la configuration TILE_URL)';
}

export interface HydroRoutesOptions {
  /** Cache of serialised series bodies (a fresh 32 MB one by default). */
  seriesCache?: SeriesBodyCache;
}

export function hydroRoutes(deps: AppDeps, opts: HydroRoutesOptions = {}): FastifyPluginAsyncZod {
  const db = deps.db.db;
  const seriesCache = opts.seriesCache ?? new SeriesBodyCache();
  const entiteInconnue = (id: number) => notFound(`Aucun lac ni rivière ne porte l'identifiant ${id}.`);
  return async (app) => {
    await app.register(lieuRoutes(deps, seriesCache));

    app.get(
      '/hydro/maps',
      {
        config: { cache: 'public-long' },
        schema: {
          tags: ['hydro'],
          summary:
            'Configuration des cartes : couches hors ligne et attributions, emprise de chaque bassin, tuiles optionnelles',
          response: { 200: MapsConfig },
        },
      },
      async () => ({
        couches: COUCHES_FOND,
        tuiles: deps.env.TILE_URL
          ? { url: deps.env.TILE_URL, attribution: tileAttribution(deps.env.TILE_URL) }
          : null,
        emprise: FRANCE_BBOX,
        bassins: await bassinExtents(db),
      }),
    );

    app.get(
      '/hydro/recherche-terms',
      {
        config: { cache: 'public' },
        schema: {
          tags: ['hydro'],
          summary: 'Termes de recherche : noms des lacs, rivières et lieux avec leurs identifiants',
          response: { 200: RechercheTerms },
        },
      },
      async () => rechercheTerms(db),
    );

    app.get(
      '/hydro/webcams',
      {
        config: { cache: 'public' },
        schema: {
          tags: ['hydro'],
          summary:
            'Toutes les webcams, avec leur lieu, leur lac ou rivière et la légende datée tirée de l’URL',
          response: { 200: WebcamsResponse },
        },
      },
      async () => listWebcams(db),
    );

    app.get(
      '/hydro/troncon/:id',
      {
        config: { cache: 'public' },
        schema: {
          tags: ['hydro'],
          summary: 'Un tronçon Vigicrues : niveau de vigilance et sa date, rivière, lieux (carte du tronçon)',
          params: EntityIdParams,
          response: { 200: TronconDetail },
        },
      },
      async (request) => {
        const t = await getTroncon(db, request.params.id);
        if (!t) throw notFound(`Aucun tronçon ne porte l'identifiant ${request.params.id}.`);
        return t;
      },
    );

    app.get(
      '/hydro/entite/:id/daterange',
      {
        config: { cache: 'public' },
        schema: {
          tags: ['hydro'],
          summary: 'Première et dernière mesure des lieux du lac ou de la rivière',
          params: EntityIdParams,
          response: { 200: DateRange },
        },
      },
      async (request) => {
        const r = await entiteDateRange(db, request.params.id);
        if (!r) throw entiteInconnue(request.params.id);
        return r;
      },
    );

    app.get(
      '/hydro/entite/:id/lieux',
      {
        config: { cache: 'public' },
        schema: {
          tags: ['hydro'],
          summary:
            'Lieux du lac ou de la rivière avec, par capteur, la dernière valeur, son heure, la tendance et la fraîcheur',
          params: EntityIdParams,
          response: { 200: EntiteLieux },
        },
      },
      async (request) => {
        const id = request.params.id;
        const lieux = await entiteLieuxRefs(db, id);
        if (!lieux) throw entiteInconnue(id);
        const maintenant = await dataNow(db, deps.env, deps.now);
        const etats = await sensorStatesAt(
          db,
          lieux.map((l) => l.id),
          maintenant,
          maintenant,
        );
        return {
          entite_id: id,
          maintenant,
          lieux: lieux.map((l) => ({ ...l, capteurs: etats.filter((e) => e.lieu_id === l.id) })),
        };
      },
    );

    app.get(
      '/hydro/entite/:id/alertes',
      {
        config: { cache: 'public' },
        schema: {
          tags: ['hydro'],
          summary: 'Alertes sur le lac ou la rivière, ses tronçons et ses lieux',
          params: EntityIdParams,
          response: { 200: AlertesResponse },
        },
      },
      async (request) => {
        const scopes = await entiteAlerteScopes(db, request.params.id);
        if (!scopes) throw entiteInconnue(request.params.id);
        return alertesFor(db, scopes, await dataNow(db, deps.env, deps.now));
      },
    );

    app.get(
      '/hydro/bassins',
      {
        config: { cache: 'public-long' },
        schema: {
          tags: ['hydro'],
          summary:
            'Bassins (circonscriptions de bassin) avec leur emprise et leur nombre de lacs et rivières',
          response: { 200: BassinsResponse },
        },
      },
      async () => listBassins(db),
    );

    app.get(
      '/hydro/index',
      {
        config: { cache: 'public' },
        schema: {
          tags: ['hydro'],
          summary: 'Index des lacs (L) et rivières (R) : bassin, départements, position, lieux, vigilance',
          response: { 200: IndexResponse },
        },
      },
      async () => listIndex(db),
    );

    app.get(
      '/hydro/vigilance',
      {
        config: { cache: 'public' },
        schema: {
          tags: ['hydro'],
          summary: 'Vigilance crues : nombre de tronçons par niveau et tronçons en jaune, orange ou rouge',
          response: { 200: VigilanceResume },
        },
      },
      async () => vigilanceResume(db),
    );

    app.get(
      '/hydro/entite/:id',
      {
        config: { cache: 'public' },
        schema: {
          tags: ['hydro'],
          summary: 'Un lac ou une rivière : lieux, sous-entités (entites_f), tronçons, départements',
          params: EntityIdParams,
          response: { 200: EntiteDetail },
        },
      },
      async (request) => {
        const entite = await getEntite(db, request.params.id);
        if (!entite) throw entiteInconnue(request.params.id);
        return entite;
      },
    );
  };
}
