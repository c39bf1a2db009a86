import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HealthQuery, HealthResponse } from '@limni/shared/contracts/health';
import type { AppDeps } from '../../deps';
import { healthStatus, type IngestLeaderProvider, type IngestStatusProvider } from './health.service';

export function healthRoutes(
  deps: AppDeps & { ingestStatus?: IngestStatusProvider; ingestLeader?: IngestLeaderProvider },
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/health',
      {
        schema: {
          tags: ['système'],
          summary:
            'État du service : base de données, version, période des données, ingestion ; « degraded » en 200, ou en 503 avec ?strict=1 (répartiteurs de charge)',
          querystring: HealthQuery,
          response: { 200: HealthResponse, 503: HealthResponse },
        },
      },
      async (request, reply) => {
        const body = await healthStatus(deps, deps.ingestStatus, deps.ingestLeader);
        // A database that does not answer: this instance serves nothing (503). A failing ingestion job: the
        // data get old but pages still work, so 200 with the status, unless a load balancer asks ?strict=1.
        const down = !body.database.ok || (body.status === 'degraded' && request.query.strict === '1');
        return reply.code(down ? 503 : 200).send(body);
      },
    );
  };
}
