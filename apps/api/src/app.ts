/**
 * Builds the Fastify application: plugins, error handling, the /api routes of every feature (registered
 * explicitly below) and the web app. server.ts opens the database and listens; tests call buildApp directly.
 */
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import etag from '@fastify/etag';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import pino, { type DestinationStream } from 'pino';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { accountRoutes } from './features/account/account.routes';
import { activitesRoutes } from './features/activites/activites.routes';
import { alertesRoutes } from './features/alertes/alertes.routes';
import { replayStatus } from './features/alertes/alertes.service';
import { communicationRoutes } from './features/communication/communication.routes';
import { contactRoutes } from './features/contact/contact.routes';
import { embedRoutes, oembedRoutes } from './features/embed/embed.routes';
import { healthRoutes } from './features/health/health.routes';
import { healthStatus } from './features/health/health.service';
import { hydroRoutes } from './features/hydro/hydro.routes';
import { lieuRoutes } from './features/lieu/lieu.routes';
import { mediaRoutes } from './features/media/media.routes';
import { meteoRoutes } from './features/meteo/meteo.routes';
import { pagesRoutes } from './features/pages/pages.routes';
import { profileRoutes } from './features/profile/profile.routes';
import { publicationsRoutes } from './features/publications/publications.routes';
import { secheresseRoutes } from './features/secheresse/secheresse.routes';
import { AccessLogController } from './http/access-log';
import { AuthService, registerAuth } from './http/auth';
import { registerApiCaching } from './http/cache';
import { registerCsrf } from './http/csrf';
import { registerInstantConsulte } from './http/instant';
import { debutDesDonnees } from './data/debut-donnees.repo';
import { errorBody, frameworkErrors, registerErrorHandling } from './http/errors';
import { langueOf } from './http/langue';
import { routeInconnue } from './http/messages';
import { createSecurityHeaders, registerSecurityHeaders } from './http/security-headers';
import { registerWeb } from './http/web';
import { webIdsExist } from './data/web-ids.repo';
import { recordPublicUrl } from './data/relecture.repo';
import { readIngestLeader } from './ingest/ingest-job.repo';
import { readIngestStatus } from './ingest/jobs/runner';
import type { TrustProxy } from './config/env';
import type { AppDeps } from './deps';
import { APP_VERSION } from './version';

export type { AppDeps } from './deps';

/**
 * TRUST_PROXY for Fastify (docs/decisions/102): a hop count n trusts the n nearest proxies (proxy-addr's own rule
 * for a number, given as a function because Fastify's types take no number), a list trusts those addresses.
 */
export function trustProxyOption(
  trust: TrustProxy,
): boolean | string[] | ((addr: string, hop: number) => boolean) {
  if (typeof trust === 'number') return (_addr, hop) => hop < trust;
  return trust;
}

export interface BuildOptions {
  logger?: boolean;
  /** Where log lines go (tests read them); stdout, buffered, by default. */
  logStream?: DestinationStream;
}

export async function buildApp(deps: AppDeps, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const { env } = deps;
  const csrf = { key: deps.secrets.csrfKey, secureCookie: env.PUBLIC_URL.startsWith('https://') };
  // Computed on first use: the inline-script hashes of index.html are known once the web app is registered.
  let inlineScriptHashes: readonly string[] = [];
  const securityHeaders = createSecurityHeaders({ env, inlineScriptHashes: () => inlineScriptHashes });
  const app = Fastify({
    // Log lines are buffered (4 KB) and written without blocking, flushed at exit (docs/decisions/115).
    logger:
      opts.logger === false
        ? false
        : {
            level: env.LOG_LEVEL,
            stream: opts.logStream ?? pino.destination({ dest: 1, sync: false, minLength: 4096 }),
          },
    // One access line per answer instead of Fastify's two (docs/decisions/115).
    logController: new AccessLogController(),
    trustProxy: trustProxyOption(env.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
    // The router's own refusals skip every hook: they get the headers here.
    frameworkErrors: (err, request, reply) => {
      securityHeaders(request, reply);
      frameworkErrors(err, request, reply);
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  // First of all hooks, so that every answer gets them (docs/decisions/101).
  registerSecurityHeaders(app, securityHeaders);

  await app.register(cookie);
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
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
  // The OpenAPI description always exists (tests read it); its UI is public outside production only, unless
  // API_DOCS=public (docs/decisions/101). Swagger UI sends its own CSP (its scripts are files), unframable.
  if (env.API_DOCS === 'public') {
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      staticCSP: true,
      transformStaticCSP: (csp) => csp.replace("frame-ancestors 'self'", "frame-ancestors 'none'"),
    });
  }

  registerAuth(app, new AuthService(deps.db.db, deps.secrets.jwtKey, deps.now));

  await app.register(
    async (api) => {
      await api.register(etag);
      registerApiCaching(api, deps.now);
      registerCsrf(api, csrf);
      registerInstantConsulte(api, { now: deps.now, debutDesDonnees: () => debutDesDonnees(deps.db.db) });

      await api.register(
        healthRoutes({
          ...deps,
          ingestStatus: () => readIngestStatus(deps.db.db),
          ingestLeader: () => readIngestLeader(deps.db.db),
        }),
      );
      await api.register(lieuRoutes(deps));
      await api.register(hydroRoutes(deps));
      await api.register(accountRoutes(deps));
      await api.register(profileRoutes(deps));
      await api.register(publicationsRoutes(deps));
      await api.register(mediaRoutes(deps));
      await api.register(meteoRoutes(deps));
      await api.register(secheresseRoutes(deps));
      await api.register(activitesRoutes(deps));
      await api.register(pagesRoutes(deps));
      await api.register(communicationRoutes(deps));
      await api.register(contactRoutes(deps));
      await api.register(alertesRoutes(deps));
      await api.register(oembedRoutes(deps));

      api.setNotFoundHandler((request, reply) => {
        reply
          .code(404)
          .send(
            errorBody(
              'not_found',
              routeInconnue(request.method, request.url.split('?')[0] ?? '/')[
                langueOf(request.headers['accept-language'])
              ],
            ),
          );
      });
    },
    { prefix: '/api' },
  );

  // The embeddable widget: HTML pages outside /api, framable by any site (docs/decisions/123).
  await app.register(embedRoutes(deps));

  inlineScriptHashes = await registerWeb(app, env, csrf, {
    pageHealth: () =>
      healthStatus(
        deps,
        () => readIngestStatus(deps.db.db),
        () => readIngestLeader(deps.db.db),
        false,
      ),
    idsExist: (refs) => webIdsExist(deps.db.db, refs),
    pageReplay: () => replayStatus(deps),
  });
  // The address this server's e-mails link to, for `npm run replay` on the same database (docs/decisions/142).
  app.addHook('onReady', async () => recordPublicUrl(deps.db.db, env.PUBLIC_URL));
  return app;
}
