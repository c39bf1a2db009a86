/**
 * `npm run bench -- api` (or `npx tsx bench/api.ts [--pg=postgres://…] [--rounds=5] [--duration=5] [--lieu=2]
 * [--date=2022-01-31]`):
 * throughput of `GET /api/hydro/lieu/{id}/d/{date}/7` for a 5-min Garonne station (Portet, place 2: 1,912 water
 * levels and 7 daily flows over the 7 days to 2022-01-31, about 47 KB of JSON) against a baseline route of the same
 * server that sends a precomputed body of the same size (with the same hooks: CSRF cookie, Cache-Control, a
 * precomputed ETag).
 *
 * The app is built in this process on a freshly seeded temporary SQLite database, and on a temporary PostgreSQL
 * database when `--pg=<admin URL>` or TEST_DATABASE_URL is given. autocannon runs in a child process (64
 * connections) so that it does not share the server's event loop. Targets: ≥ 0.8 of the baseline on SQLite,
 * ≥ 0.5 on PostgreSQL. Prints req/s, p99 latency and the ratio.
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import etag from '@fastify/etag';
import pg from 'pg';
import { buildApp, type AppDeps } from '../apps/api/src/app';
import { loadEnv } from '../apps/api/src/config/env';
import { loadSecrets } from '../apps/api/src/config/secrets';
import { strongEtag } from '../apps/api/src/data/series-cache';
import { migrateToLatest, openDb, type Db } from '../apps/api/src/db/client';
import { registerApiCaching } from '../apps/api/src/http/cache';
import { registerCsrf } from '../apps/api/src/http/csrf';
import { createMailer } from '../apps/api/src/notify/mail';
import { seedDatabase } from '../apps/api/src/seed/seed';

const TARGETS = { sqlite: 0.8, postgres: 0.5 } as const;
const CONNECTIONS = 64;

const arg = (name: string): string | undefined =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);

const duration = Number(arg('duration') ?? 5);
const rounds = Number(arg('rounds') ?? 5);
const lieuId = Number(arg('lieu') ?? 2);
const day = arg('date') ?? '2022-01-31';
const pgAdminUrl = arg('pg') ?? process.env.TEST_DATABASE_URL;

interface Measure {
  rps: number;
  p99: number;
  bytes: number;
  errors: number;
  non2xx: number;
}

interface AutocannonJson {
  requests: { average: number };
  latency: { p99: number };
  throughput: { average: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}

/** Runs autocannon in a child process (its own event loop) and returns its JSON summary. */
function autocannon(url: string, seconds: number): Promise<Measure> {
  const bin = createRequire(import.meta.url).resolve('autocannon/autocannon.js');
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [bin, '-c', String(CONNECTIONS), '-d', String(seconds), '-j', url],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`autocannon a échoué (code ${code})`));
      const r = JSON.parse(out) as AutocannonJson;
      resolve({
        rps: r.requests.average,
        p99: r.latency.p99,
        bytes: r.throughput.average,
        errors: r.errors + r.timeouts,
        non2xx: r.non2xx,
      });
    });
  });
}

async function openSeeded(kind: 'sqlite' | 'postgres'): Promise<{ db: Db; cleanup: () => Promise<void> }> {
  if (kind === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'limni-bench-api-'));
    const db = openDb({ dataDir: dir });
    await migrateToLatest(db);
    await seedDatabase(db);
    return { db, cleanup: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  }
  const admin = new pg.Client({ connectionString: pgAdminUrl });
  await admin.connect();
  const name = `limni_bench_api_${crypto.randomBytes(3).toString('hex')}`;
  await admin.query(`create database ${name}`);
  const url = new URL(pgAdminUrl as string);
  url.pathname = `/${name}`;
  const db = openDb({ databaseUrl: url.toString(), dataDir: os.tmpdir(), poolMax: 10 });
  await migrateToLatest(db);
  await seedDatabase(db);
  return {
    db,
    cleanup: async () => {
      // The pool's connections may still be closing: wait for them rather than killing them (an idle client
      // killed by the server would raise an unhandled pool error).
      for (let attempt = 0; ; attempt++) {
        try {
          await admin.query(`drop database if exists ${name}`);
          break;
        } catch (err) {
          if (attempt >= 20) throw err;
          await new Promise((r) => setTimeout(r, 250));
        }
      }
      await admin.end();
    },
  };
}

async function benchOne(kind: 'sqlite' | 'postgres'): Promise<boolean> {
  const t0 = Date.now();
  const { db, cleanup } = await openSeeded(kind);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'limni-bench-data-'));
  try {
    console.log(`${kind} : base préparée en ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    const env = loadEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    const deps: AppDeps = { env, db, secrets: loadSecrets(env), now: Date.now, mailer: createMailer(env) };
    const app = await buildApp(deps, { logger: false });

    // The baseline: the same bytes, precomputed with their ETag, behind the same hooks as /api.
    let body = '';
    let bodyEtag = '';
    await app.register(
      async (scope) => {
        await scope.register(etag);
        registerApiCaching(scope);
        registerCsrf(scope, { key: deps.secrets.csrfKey, secureCookie: false });
        scope.get('/baseline', { config: { cache: 'public' } }, async (_req, reply) =>
          reply.header('etag', bodyEtag).type('application/json; charset=utf-8').send(body),
        );
      },
      { prefix: '/bench' },
    );
    const routeUrl = `/api/hydro/lieu/${lieuId}/d/${day}/7`;
    const probe = await app.inject({ url: routeUrl });
    if (probe.statusCode !== 200) throw new Error(`${routeUrl} → ${probe.statusCode}`);
    body = probe.body;
    bodyEtag = strongEtag(body);
    const check = await app.inject({ url: '/bench/baseline' });
    if (check.body.length !== body.length) throw new Error('baseline : corps différent');
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const base = `http://127.0.0.1:${port}`;
    const series = (probe.json() as { series: Array<{ nb_brut: number; nb_renvoye: number }> }).series;
    console.log(
      `${routeUrl} : ${(body.length / 1024).toFixed(1)} Ko, ${series.map((s) => `${s.nb_brut} → ${s.nb_renvoye} points`).join(', ')}`,
    );

    // Warm-up, then alternate baseline / route in short rounds: the ratio of each round is measured under the
    // same machine load, and the median of the rounds is kept (other processes make single runs drift).
    await autocannon(`${base}${routeUrl}`, 2);
    await autocannon(`${base}/bench/baseline`, 2);
    const runs: Record<'route' | 'baseline', Measure[]> = { route: [], baseline: [] };
    for (let i = 0; i < rounds; i++) {
      runs.baseline.push(await autocannon(`${base}/bench/baseline`, duration));
      runs.route.push(await autocannon(`${base}${routeUrl}`, duration));
    }
    await app.close();

    const median = (xs: number[]) => {
      const s = [...xs].sort((a, b) => a - b);
      const m = Math.floor(s.length / 2);
      return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
    };
    const med = (ms: Measure[], k: keyof Measure) => median(ms.map((m) => m[k]));
    const route = { rps: med(runs.route, 'rps'), p99: med(runs.route, 'p99') };
    const baseline = { rps: med(runs.baseline, 'rps'), p99: med(runs.baseline, 'p99') };
    const failures = [...runs.route, ...runs.baseline].reduce((s, m) => s + m.errors + m.non2xx, 0);
    const ratios = runs.route.map((r, i) => r.rps / (runs.baseline[i] as Measure).rps);
    const ratio = median(ratios);
    const ok = ratio >= TARGETS[kind] && failures === 0;
    console.log(
      [
        `${kind} — ${CONNECTIONS} connexions, ${rounds} × ${duration} s par route (médianes)`,
        `  route    : ${route.rps.toFixed(0)} req/s, p99 ${route.p99.toFixed(1)} ms`,
        `  baseline : ${baseline.rps.toFixed(0)} req/s, p99 ${baseline.p99.toFixed(1)} ms`,
        `  ratios   : ${ratios.map((r) => r.toFixed(2)).join(' ')}`,
        `  ratio    : ${ratio.toFixed(2)} (cible ≥ ${TARGETS[kind]})${failures ? `, ${failures} erreurs` : ''} → ${ok ? 'OK' : 'ÉCHEC'}`,
      ].join('\n'),
    );
    return ok;
  } finally {
    await db.close();
    await cleanup();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

let ok = await benchOne('sqlite');
if (pgAdminUrl) ok = (await benchOne('postgres')) && ok;
else console.log('PostgreSQL : ignoré (donner --pg=postgres://… ou TEST_DATABASE_URL)');
process.exit(ok ? 0 : 1);
