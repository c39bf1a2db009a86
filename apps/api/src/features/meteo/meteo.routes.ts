/** `GET /api/meteo/lieu/:id`: the weather at a place (Open-Meteo), or a clear "indisponible" state. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MeteoLieuResponse, MeteoParams } from '@limni/shared/contracts/meteo';
import type { AppDeps } from '../../app';
import { notFound } from '../../http/errors';
import { placeCoordinates } from './meteo.repo';
import { MeteoService } from './meteo.service';

export function meteoRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const service = new MeteoService(deps.env.OPEN_METEO_BASE_URL, deps.now, app.log);
    app.get(
      '/meteo/lieu/:id',
      {
        config: { cache: 'public' },
        schema: {
          tags: ['météo'],
          summary:
            "Météo d'un lieu (Open-Meteo, maintenant et 3 jours) ; état « indisponible » quand le service ne répond pas",
          params: MeteoParams,
          response: { 200: MeteoLieuResponse },
        },
      },
      async (request, reply) => {
        const lieu = await placeCoordinates(deps.db.db, request.params.id);
        if (!lieu) throw notFound(`Aucun lieu ne porte l'identifiant ${request.params.id}.`);
        const body = await service.forPlace(lieu);
        // An unavailable state must not be kept by browsers or proxies.
        if (body.etat === 'indisponible') reply.header('cache-control', 'no-store');
        return body;
      },
    );
  };
}
