/**
 * Starts the built server (apps/api/dist/server.js, which serves apps/web/dist) on a free port with a temporary
 * DATA_DIR, waits for /api/health, and exposes its URL and data directory to the tests (E2E_BASE_URL, E2E_DATA_DIR).
 *
 * When TEST_DATABASE_URL names a PostgreSQL server (CI sets it), a second server starts at the same time on a
 * database created for the run and dropped after: the `postgres` project of playwright.config.ts runs the alert
 * specs on it (E2E_PG_BASE_URL, E2E_PG_DATA_DIR, E2E_PG_DATABASE_URL; docs/decisions/070).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createScratchDatabase } from './scratch-database';

const root = path.resolve(import.meta.dirname, '..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

interface Started {
  baseUrl: string;
  dataDir: string;
  stop: () => Promise<void>;
}

/** Starts one server of the built app; `databaseUrl` puts it on PostgreSQL instead of its SQLite file. */
async function startServer(databaseUrl?: string): Promise<Started> {
  // E2E_WEB_DIST: test another build of the web app; E2E_API_SOURCE=1: run the API from its sources (tsx)
  // instead of the bundle. Both let several developers run browser tests at once without sharing build outputs.
  const webDist = process.env.E2E_WEB_DIST ?? path.join(root, 'apps/web/dist');
  const fromSource = process.env.E2E_API_SOURCE === '1';
  const server = fromSource
    ? path.join(root, 'apps/api/src/server.ts')
    : path.join(root, 'apps/api/dist/server.js');
  if (!fs.existsSync(server) || !fs.existsSync(path.join(webDist, 'index.html'))) {
    throw new Error('Application non construite : lancez « npm run build » avant les tests navigateur.');
  }
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'limni-e2e-'));
  const command = fromSource ? path.join(root, 'node_modules/.bin/tsx') : process.execPath;
  const child = spawn(command, [server], {
    cwd: root,
    env: {
      // Playwright's own TypeScript loader (NODE_OPTIONS, PW_*) must not leak into the server process.
      ...Object.fromEntries(
        Object.entries(process.env).filter(([k]) => k !== 'NODE_OPTIONS' && !k.startsWith('PW_')),
      ),
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: webDist,
      LOG_LEVEL: 'error',
      NODE_ENV: 'test',
      // The demo dataset offline: these journeys check the app on known data (live mode has its own specs).
      INGEST: 'off',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Le serveur s'est arrêté (code ${child.exitCode})`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('Le serveur ne répond pas sur /api/health');
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    baseUrl,
    dataDir,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 300));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  // E2E_EXTERNAL_URL: the app is already running (e.g. the reference deployment behind nginx, started by
  // deploy/e2e-cluster.ts, which also sets E2E_DATA_DIR and DATABASE_URL): test it as it is.
  const external = process.env.E2E_EXTERNAL_URL;
  if (external) {
    const res = await fetch(`${external}/api/health`).catch(() => null);
    if (!res?.ok) throw new Error(`L’application ne répond pas sur ${external}/api/health`);
    if (!process.env.E2E_DATA_DIR) throw new Error('E2E_EXTERNAL_URL demande aussi E2E_DATA_DIR');
    process.env.E2E_BASE_URL = external;
    return async () => {};
  }
  const admin = process.env.TEST_DATABASE_URL;
  const scratch = admin ? await createScratchDatabase(admin) : null;
  // Both servers migrate and seed at once: the second costs the run little more than the first.
  const [first, second] = await Promise.allSettled([
    startServer(),
    scratch ? startServer(scratch.databaseUrl) : Promise.resolve(null),
  ]);
  if (first.status === 'rejected' || second.status === 'rejected') {
    // One did not start: stop the other, drop the scratch database, and say why.
    if (first.status === 'fulfilled') await first.value.stop();
    if (second.status === 'fulfilled') await second.value?.stop();
    await scratch?.drop();
    throw first.status === 'rejected' ? first.reason : (second as PromiseRejectedResult).reason;
  }
  const main = first.value;
  const onPostgres = second.value;
  process.env.E2E_BASE_URL = main.baseUrl;
  process.env.E2E_DATA_DIR = main.dataDir;
  if (onPostgres && scratch) {
    process.env.E2E_PG_BASE_URL = onPostgres.baseUrl;
    process.env.E2E_PG_DATA_DIR = onPostgres.dataDir;
    process.env.E2E_PG_DATABASE_URL = scratch.databaseUrl;
  }
  return async () => {
    await Promise.all([main.stop(), onPostgres?.stop()]);
    await scratch?.drop();
  };
}
