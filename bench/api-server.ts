/**
 * The app side of `bench/api.ts`, in its own process as in production: the API built by `buildApp` on an already
 * seeded database (SQLite directory or PostgreSQL URL given by the parent), with the production defaults —
 * NODE_ENV=production, info logging written to stdout (a pipe the parent drains, as journald or a container
 * runtime would) — plus one extra route, `/bench/baseline`, that sends a precomputed copy of the measured answer
 * behind the same /api hooks (the "in-app" baseline of earlier figures). Prints `{ port }` over IPC when listening.
 */
import etag from '@fastify/etag';
import { buildApp } from '../apps/api/src/app';
import { loadEnv } from '../apps/api/src/config/env';
import { loadSecrets } from '../apps/api/src/config/secrets';
import { openDb } from '../apps/api/src/db/client';
import { registerApiCaching } from '../apps/api/src/http/cache';
import { registerCsrf } from '../apps/api/src/http/csrf';
import { createMailer } from '../apps/api/src/notify/mail';

const [dataDir, databaseUrl] = [process.env.BENCH_DATA_DIR, process.env.BENCH_DATABASE_URL];
if (!dataDir) throw new Error('BENCH_DATA_DIR manquant');
const env = loadEnv({
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
  JWT_SECRET: 'bench-only-secret-bench-only-secret-0123456789',
  EDITEUR: 'Banc de mesure',
  DIRECTEUR_PUBLICATION: 'Banc de mesure',
  HEBERGEUR: 'Cette machine',
  PUBLIC_URL: 'http://127.0.0.1',
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
});
const db = openDb({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, poolMax: 10 });
const deps = { env, db, secrets: loadSecrets(env), now: Date.now, mailer: createMailer(env) };
const app = await buildApp(deps);

let baseline: { body: string; etag: string } | null = null;
await app.register(
  async (scope) => {
    await scope.register(etag);
    registerApiCaching(scope, Date.now);
    registerCsrf(scope, { key: deps.secrets.csrfKey, secureCookie: false });
    scope.get('/baseline', { config: { cache: 'public' } }, async (_req, reply) => {
      if (!baseline) return reply.code(503).send();
      return reply.header('etag', baseline.etag).type('application/json; charset=utf-8').send(baseline.body);
    });
  },
  { prefix: '/bench' },
);
process.on('message', (m: { baseline?: { body: string; etag: string } }) => {
  if (m.baseline) {
    baseline = m.baseline;
    process.send?.({ baselineReady: true });
  }
});
process.on('SIGTERM', () => {
  void app.close().then(() => db.close().then(() => process.exit(0)));
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
