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
            'État du service : base de données, version, période des données, mode (direct ou démonstration), ingestion et sources ; ?strict=1 (répartiteurs de charge) : 503 seulement si cette instance ne peut pas servir',
          querystring: HealthQuery,
          response: { 200: HealthResponse, 503: HealthResponse },
        },
      },
      async (request, reply) => {
        // A load balancer's probe asks often and only reads the status code: no sources, no jobs' counts.
        const strict = request.query.strict === '1';
        const body = await healthStatus(deps, deps.ingestStatus, deps.ingestLeader, !strict);
        // A database that does not answer: this instance serves nothing (503). Failing sources: the data get old but
        // every instance still serves its pages, so 200 with the status — `?strict=1` included, or a load balancer
        // would take every instance out at once (docs/decisions/134).
        return reply.code(body.database.ok ? 200 : 503).send(body);
      },
    );
  };
}
