/** `/api/communication/*`: the mailing lists users may join from their profile (spec: listes sib). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ListesSibResponse } from '@limni/shared/contracts/communication';
import type { AppDeps } from '../../app';
import { listListes } from './communication.repo';

export function communicationRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const db = deps.db.db;
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
      async () => listListes(db),
    );
  };
}
