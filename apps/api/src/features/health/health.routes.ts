import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HealthResponse } from '@limni/shared/contracts/health';
import type { AppDeps } from '../../app';
import { pingDb } from '../../db/client';
import { APP_VERSION } from '../../version';

/** Ingestion jobs report here (see ingest/); empty when ingestion is off. */
export type IngestStatusProvider = () => Promise<HealthResponse['ingestion']['jobs']>;

export function healthRoutes(deps: AppDeps & { ingestStatus?: IngestStatusProvider }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/health',
      {
        schema: {
          tags: ['système'],
          summary: 'État du service : base de données, version, période couverte par les données, ingestion',
          response: { 200: HealthResponse, 503: HealthResponse },
        },
      },
      async (_request, reply) => {
        const ok = await pingDb(deps.db);
        let debut: number | null = null;
        let fin: number | null = null;
        let jeu: string | null = null;
        if (ok) {
          const period = await deps.db.db
            .selectFrom('capteur')
            .select((eb) => [eb.fn.min('premier_ts').as('debut'), eb.fn.max('dernier_ts').as('fin')])
            .executeTakeFirst();
          debut = period?.debut ?? null;
          fin = period?.fin ?? null;
          const meta = await deps.db.db
            .selectFrom('meta')
            .select('value')
            .where('key', '=', 'dataset_version')
            .executeTakeFirst();
          jeu = meta?.value ?? null;
        }
        const jobs = deps.ingestStatus ? await deps.ingestStatus() : [];
        const body: HealthResponse = {
          status: ok ? 'ok' : 'degraded',
          version: APP_VERSION,
          database: { ok, dialect: deps.db.dialect },
          donnees: { debut, fin, jeu },
          ingestion: { mode: deps.env.INGEST, jobs },
        };
        return reply.code(ok ? 200 : 503).send(body);
      },
    );
  };
}
