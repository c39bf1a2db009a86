/** `GET hydro/lieu/{id}/secheresse`: the drought restrictions of a place (docs/decisions/155). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EntityIdParams } from '@limni/shared/contracts/common';
import { LieuSecheresse } from '@limni/shared/contracts/secheresse';
import type { AppDeps } from '../../deps';
import { SecheresseService } from './secheresse.service';

export function secheresseRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const service = new SecheresseService(deps);
  return async (app) => {
    app.get(
      '/hydro/lieu/:id/secheresse',
      {
        config: { cache: 'public', instant: true },
        schema: {
          tags: ['hydro'],
          summary:
            'Restrictions sécheresse de la zone d’alerte (eaux superficielles) où se trouve le lieu, d’après VigiEau',
          params: EntityIdParams,
          response: { 200: LieuSecheresse },
        },
      },
      async (request) => service.duLieu(request.params.id),
    );
  };
}
