/**
 * Starts the built server (apps/api/dist/server.js, which serves apps/web/dist) on a free port with a temporary
 * DATA_DIR, waits for /api/health, and exposes its URL and data directory to the tests.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

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
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: webDist,
      LOG_LEVEL: 'error',
      NODE_ENV: 'test',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
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
  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_DATA_DIR = dataDir;
  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
