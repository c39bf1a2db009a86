/** `/api/hydro/*`: basins, the entity index, entities and places with their readings. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EntityIdParams } from '@limni/shared/contracts/common';
import { BassinsResponse, EntiteDetail, IndexResponse, VigilanceResume } from '@limni/shared/contracts/hydro';
import type { AppDeps } from '../../app';
import { notFound } from '../../http/errors';
import { getEntite, listBassins, listIndex, vigilanceResume } from './hydro.repo';

export function hydroRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const db = deps.db.db;
  return async (app) => {
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
        if (!entite) throw notFound(`Aucun lac ni rivière ne porte l'identifiant ${request.params.id}.`);
        return entite;
      },
    );
  };
}
