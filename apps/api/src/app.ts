/**
 * Builds the Fastify application: plugins, error handling, the /api routes of every feature (registered
 * explicitly below) and the web app. server.ts opens the database and listens; tests call buildApp directly.
 */
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import etag from '@fastify/etag';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Env } from './config/env';
import type { Secrets } from './config/secrets';
import type { Db } from './db/client';
import { accountRoutes } from './features/account/account.routes';
import { activitesRoutes } from './features/activites/activites.routes';
import { alertesRoutes } from './features/alertes/alertes.routes';
import { communicationRoutes } from './features/communication/communication.routes';
import { contactRoutes } from './features/contact/contact.routes';
import { healthRoutes } from './features/health/health.routes';
import { hydroRoutes } from './features/hydro/hydro.routes';
import { mediaRoutes } from './features/media/media.routes';
import { meteoRoutes } from './features/meteo/meteo.routes';
import { pagesRoutes } from './features/pages/pages.routes';
import { profileRoutes } from './features/profile/profile.routes';
import { publicationsRoutes } from './features/publications/publications.routes';
import { AuthService, registerAuth } from './http/auth';
import { registerApiCaching } from './http/cache';
import { registerCsrf } from './http/csrf';
import { AppError, errorBody, registerErrorHandling } from './http/errors';
import { registerWeb } from './http/web';
import type { IngestEvents } from './ingest/events';
import { readIngestStatus } from './ingest/jobs/runner';
import type { Mailer } from './notify/mail';
import type { PushService } from './notify/push';
import { APP_VERSION } from './version';

/** What every feature may use. Features receive it when their routes are registered. */
export interface AppDeps {
  env: Env;
  db: Db;
  secrets: Secrets;
  /** Current time in epoch ms (tests may pin it). */
  now: () => number;
  /** E-mail transport (SMTP or the outbox in DATA_DIR). */
  mailer: Mailer;
  /**
   * Web Push with the server's VAPID keys (notify/push.ts): `sendToUser` reaches every browser of a user.
   * Optional: `pushFor(deps)` gives this one, or one created on first use for the database.
   */
  push?: PushService;
  /** What ingestion (live or replay) reports after each run: subscribe with `.on(...)` (ingest/events.ts). */
  ingestEvents?: IngestEvents;
}

export interface BuildOptions {
  logger?: boolean;
}

export async function buildApp(deps: AppDeps, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const { env } = deps;
  const app = Fastify({
    logger: opts.logger === false ? false : { level: env.LOG_LEVEL },
    trustProxy: env.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  await app.register(cookie);
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(rateLimit, {
    global: false,
    // Thrown as an AppError so that the error handler keeps this French message and the wait time.
    errorResponseBuilder: (_req, ctx) =>
      new AppError(
        429,
        'rate_limited',
        `Trop de tentatives. Merci de réessayer dans ${Math.ceil(ctx.ttl / 1000)} s.`,
      ),
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'API Limni',
        description: 'Niveaux, débits, prévisions, vigilance et activités des lacs et rivières de France.',
        version: APP_VERSION,
      },
      servers: [{ url: env.PUBLIC_URL }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  registerAuth(app, new AuthService(deps.db.db, deps.secrets.jwtKey, deps.now));

  await app.register(
    async (api) => {
      await api.register(etag);
      registerApiCaching(api);
      registerCsrf(api, { key: deps.secrets.csrfKey, secureCookie: env.PUBLIC_URL.startsWith('https://') });

      await api.register(healthRoutes({ ...deps, ingestStatus: () => readIngestStatus(deps.db.db) }));
      await api.register(hydroRoutes(deps));
      await api.register(accountRoutes(deps));
      await api.register(profileRoutes(deps));
      await api.register(publicationsRoutes(deps));
      await api.register(mediaRoutes(deps));
      await api.register(meteoRoutes(deps));
      await api.register(activitesRoutes(deps));
      await api.register(pagesRoutes(deps));
      await api.register(communicationRoutes(deps));
      await api.register(contactRoutes(deps));
      await api.register(alertesRoutes(deps));

      api.setNotFoundHandler((request, reply) => {
        reply
          .code(404)
          .send(
            errorBody(
              'not_found',
              `Aucune route ne correspond à ${request.method} ${request.url.split('?')[0]}.`,
            ),
          );
      });
    },
    { prefix: '/api' },
  );

  await registerWeb(app, env);
  return app;
}
