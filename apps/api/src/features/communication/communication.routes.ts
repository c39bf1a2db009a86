/** `/api/communication/*`: the mailing lists users may join from their profile (listes sib, docs/requirements.md R5.2). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ListesSibResponse } from '@limni/shared/contracts/communication';
import type { AppDeps } from '../../deps';
import { listesSib } from './communication.service';

export function communicationRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/communication/listes-sib',
      {
        config: { cache: 'public-long' },
        schema: {
          tags: ['communication'],
          summary: "Les listes de diffusion (lettres d'information) auxquelles un compte peut s'inscrire",
          response: { 200: ListesSibResponse },
        },
      },
      async () => listesSib(deps),
    );
  };
}
