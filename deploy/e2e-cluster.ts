/**
 * `npm run test:e2e:cluster`: browser specs against the reference deployment (ADR 120). Starts the local
 * cluster (`startCluster`: a fresh PostgreSQL database, 2 instances in production mode, nginx with its cache in
 * front), runs Playwright with `E2E_EXTERNAL_URL` = nginx's address (so every page, asset and API call goes through
 * the proxy and both instances), then stops everything and drops the database.
 *
 * The specs run are the journeys that use only what a deployment offers (no server of their own, no test-only
 * switch): pass others as arguments (`npm run test:e2e:cluster -- e2e/lac.spec.ts`). Ports: CLUSTER_PORT (8390),
 * CLUSTER_BASE_PORT (8391…). Needs nginx (`apt-get install nginx`) and PostgreSQL (CLUSTER_PG_URL). Not part of
 * `npm test`: CI machines need not have nginx.
 */
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { optionsFromEnv, ROOT, startCluster } from './cluster';

/** Journeys through the proxy: public pages, the account, favourites, alerts, the widget, the 404s. */
export const CLUSTER_SPECS = [
  'e2e/accueil.spec.ts',
  'e2e/choisir.spec.ts',
  'e2e/lieu.spec.ts',
  'e2e/entite.spec.ts',
  'e2e/lac.spec.ts',
  'e2e/compte.spec.ts',
  'e2e/favoris.spec.ts',
  'e2e/alertes.spec.ts',
  'e2e/embed.spec.ts',
  'e2e/404.spec.ts',
  'e2e/securite.spec.ts',
];

async function main(): Promise<number> {
  const database = `limni_e2e_cluster_${crypto.randomBytes(3).toString('hex')}`;
  const opts = {
    ...optionsFromEnv({
      CLUSTER_PORT: '8390',
      CLUSTER_BASE_PORT: '8391',
      ...process.env,
      CLUSTER_DB: database,
    }),
    instances: 2,
  };
  fs.mkdirSync(path.join(ROOT, 'test-results'), { recursive: true });
  const logDir = fs.mkdtempSync(path.join(ROOT, 'test-results', 'cluster-'));
  const cluster = await startCluster({ ...opts, logDir });
  let status = 1;
  try {
    process.stdout.write(`Tests navigateur via nginx : ${cluster.url} (journaux : ${logDir})\n`);
    const specs = process.argv.slice(2);
    const run = spawnSync(
      'npx',
      ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...(specs.length ? specs : CLUSTER_SPECS)],
      {
        cwd: ROOT,
        stdio: 'inherit',
        env: {
          ...process.env,
          E2E_EXTERNAL_URL: cluster.url,
          E2E_DATA_DIR: cluster.dataDir,
          E2E_SERVER_MODE: 'production',
          DATABASE_URL: cluster.databaseUrl,
          E2E_OUTPUT_DIR: '../test-results/playwright-cluster',
        },
      },
    );
    status = run.status ?? 1;
    fs.copyFileSync(cluster.accessLog, path.join(logDir, 'access.log'));
  } finally {
    await cluster.stop();
    fs.rmSync(cluster.prefix, { recursive: true, force: true });
    const admin = new pg.Client({ connectionString: opts.pgAdminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.end();
  }
  return status;
}

main().then(
  (status) => process.exit(status),
  (err: unknown) => {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
