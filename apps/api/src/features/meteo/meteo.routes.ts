/** `GET /api/meteo/lieu/:id`: the weather at a place (Open-Meteo), or a clear "indisponible" state. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MeteoLieuResponse, MeteoParams } from '@limni/shared/contracts/meteo';
import type { AppDeps } from '../../deps';
import { MeteoService } from './meteo.service';

export function meteoRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const service = new MeteoService({
      db: deps.db.db,
      baseUrl: deps.env.OPEN_METEO_BASE_URL,
      now: deps.now,
      dailyBudget: deps.env.METEO_DAILY_BUDGET,
      log: app.log,
    });
    app.get(
      '/meteo/lieu/:id',
      {
        config: { cache: 'public' },
        schema: {
          tags: ['météo'],
          summary:
            "Météo d'un lieu (Open-Meteo, maintenant et 3 jours, par maille de 0,1°) ; état « indisponible » quand le service ne répond pas, que le budget quotidien est épuisé ou que trop de lieux sont demandés depuis une même adresse ou un même réseau",
          params: MeteoParams,
          response: { 200: MeteoLieuResponse },
        },
      },
      async (request, reply) => {
        const body = await service.forLieu(request.params.id, request.ip);
        // An unavailable state must not be kept by browsers or proxies.
        if (body.etat === 'indisponible') reply.header('cache-control', 'no-store');
        return body;
      },
    );
  };
}
