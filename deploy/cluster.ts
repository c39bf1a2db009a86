/**
 * The reference deployment, run locally (docs/decisions/120): one PostgreSQL database, N Limni instances
 * (`node apps/api/dist/server.js`, each with its own PORT, HOST=127.0.0.1, TRUST_PROXY=1) and nginx in front,
 * started in the foreground with a configuration generated from `deploy/nginx/*.template` in a temporary prefix
 * (never the system's nginx configuration). deploy/README.md shows the same layout on a real host.
 *
 *   npm run cluster                  start, print the addresses, run until Ctrl-C (or `npm run cluster -- stop`)
 *   npm run cluster -- stop          stop a cluster started from another terminal
 *
 * Settings (environment): CLUSTER_INSTANCES (2), CLUSTER_PORT (nginx, 8090), CLUSTER_BASE_PORT (first instance,
 * 8091), CLUSTER_DB (limni_cluster), CLUSTER_PG_URL (postgres://postgres@127.0.0.1:5432/postgres, an account that
 * may create the database), INGEST (off), NGINX (/usr/sbin/nginx). The first instance migrates and seeds an empty
 * database; the others start once it answers.
 *
 * `startCluster` is also used by `bench/flood.ts`.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TEMPLATES = path.join(ROOT, 'deploy/nginx');
const SERVER = path.join(ROOT, 'apps/api/dist/server.js');
/** Where `npm run cluster` keeps its pid (for `stop`). */
const STATE_DIR = path.join(os.tmpdir(), 'limni-cluster');
const PID_FILE = path.join(STATE_DIR, 'cluster.pid');

export interface ClusterOptions {
  instances: number;
  /** nginx's port on 127.0.0.1. */
  port: number;
  /** Instance i listens on basePort + i. */
  basePort: number;
  /** Database name, created when missing. */
  database: string;
  /** A PostgreSQL URL of an account that may create databases (its path is ignored). */
  pgAdminUrl: string;
  ingest: 'off' | 'live';
  nginx: string;
  /** Extra environment of every instance (e.g. OPEN_METEO_BASE_URL, INGEST_LEADER_RETRY_S). */
  env?: Record<string, string>;
  /** Where each instance's and nginx's output goes (default: inherited). */
  logDir?: string;
  log?: (line: string) => void;
}

export interface ClusterInstance {
  index: number;
  port: number;
  url: string;
  child: ChildProcess;
  exited: Promise<number | null>;
}

export interface Cluster {
  /** nginx's address: what users and browser tests use. */
  url: string;
  databaseUrl: string;
  /** The DATA_DIR every instance shares (uploads, e-mail outbox, generated secrets). */
  dataDir: string;
  instances: ClusterInstance[];
  /** nginx's access log (one line per request with `cache=$upstream_cache_status`). */
  accessLog: string;
  /** The nginx prefix folder (configuration, cache, logs). */
  prefix: string;
  stop(): Promise<void>;
}

export function optionsFromEnv(source: NodeJS.ProcessEnv = process.env): ClusterOptions {
  const int = (name: string, fallback: number) => {
    const v = source[name];
    if (v === undefined || v === '') return fallback;
    const n = Number(v);
    if (!Number.isInteger(n) || n < 1 || n > 65535) throw new Error(`${name} : entier attendu (reçu ${v})`);
    return n;
  };
  const ingest = source.INGEST === 'live' ? 'live' : 'off';
  return {
    instances: int('CLUSTER_INSTANCES', 2),
    port: int('CLUSTER_PORT', 8090),
    basePort: int('CLUSTER_BASE_PORT', 8091),
    database: source.CLUSTER_DB || 'limni_cluster',
    pgAdminUrl: source.CLUSTER_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
    ingest,
    nginx: source.NGINX || '/usr/sbin/nginx',
  };
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function ensureDatabase(adminUrl: string, database: string): Promise<void> {
  if (!/^[a-z_][a-z0-9_]*$/.test(database)) throw new Error(`Nom de base invalide : ${database}`);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [database]);
    if (!rowCount) await admin.query(`create database ${database}`);
  } finally {
    await admin.end();
  }
}

/** Fills the `{{NAME}}` fields of a template; an unknown field is an error. */
export function render(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{([A-Z_]+)\}\}/g, (_m, name: string) => {
    const v = values[name];
    if (v === undefined) throw new Error(`Champ de modèle sans valeur : ${name}`);
    return v;
  });
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs = 180_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`${url} : le processus s’est arrêté (code ${child.exitCode})`);
    }
    try {
      const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > end) throw new Error(`${url} ne répond pas`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

function output(logDir: string | undefined, name: string): 'inherit' | number {
  return logDir ? fs.openSync(path.join(logDir, `${name}.log`), 'a') : 'inherit';
}

function exitOf(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });
}

/** Starts instance `index` (its own PORT, HOST=127.0.0.1, TRUST_PROXY=1: nginx is the one hop in front). */
export function startInstance(
  opts: ClusterOptions,
  shared: { databaseUrl: string; dataDir: string; publicUrl: string; jwtSecret: string },
  index: number,
): ClusterInstance {
  const port = opts.basePort + index;
  const child = spawn(process.execPath, [SERVER], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      MALLOC_ARENA_MAX: '2',
      DATABASE_URL: shared.databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      TRUST_PROXY: '1',
      INGEST: opts.ingest,
      PUBLIC_URL: shared.publicUrl,
      // Shared by every instance: a token signed by one is checked by the others; uploads live in one folder.
      JWT_SECRET: shared.jwtSecret,
      DATA_DIR: shared.dataDir,
      LOG_LEVEL: 'warn',
      EDITEUR: 'Déploiement de référence local (npm run cluster)',
      DIRECTEUR_PUBLICATION: 'Déploiement de référence local',
      HEBERGEUR: 'Cette machine (127.0.0.1)',
      ...opts.env,
    },
    stdio: ['ignore', output(opts.logDir, `instance-${index}`), output(opts.logDir, `instance-${index}`)],
  });
  return { index, port, url: `http://127.0.0.1:${port}`, child, exited: exitOf(child) };
}

async function stopChild(child: ChildProcess, exited: Promise<unknown>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

export async function startCluster(opts: ClusterOptions): Promise<Cluster> {
  const log = opts.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  if (!fs.existsSync(SERVER) || !fs.existsSync(path.join(ROOT, 'apps/web/dist/index.html'))) {
    log('Construction de l’application (npm run build)…');
    const built = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
    if (built.status !== 0) throw new Error('npm run build a échoué');
  }
  await ensureDatabase(opts.pgAdminUrl, opts.database);
  const databaseUrl = withDatabase(opts.pgAdminUrl, opts.database);
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'limni-nginx-'));
  const dataDir = path.join(prefix, 'data');
  fs.mkdirSync(dataDir);
  const url = `http://127.0.0.1:${opts.port}`;
  const shared = {
    databaseUrl,
    dataDir,
    publicUrl: url,
    jwtSecret: crypto.randomBytes(36).toString('base64url'),
  };

  const instances: ClusterInstance[] = [];
  let nginx: ChildProcess | null = null;
  let nginxExited: Promise<unknown> = Promise.resolve();
  const stop = async () => {
    if (nginx) await stopChild(nginx, nginxExited);
    await Promise.all(instances.map((i) => stopChild(i.child, i.exited)));
  };
  try {
    // The first instance migrates (and seeds an empty database) alone; the others find it ready.
    for (let i = 0; i < opts.instances; i++) {
      const inst = startInstance(opts, shared, i);
      instances.push(inst);
      if (i === 0) await waitForHealth(inst.url, inst.child);
    }
    await Promise.all(instances.map((i) => waitForHealth(i.url, i.child)));

    const accessLog = path.join(prefix, 'access.log');
    const values = {
      PREFIX: prefix,
      USER: os.userInfo().username,
      CACHE_DIR: path.join(prefix, 'cache'),
      LISTEN: `127.0.0.1:${opts.port}`,
      SERVER_NAME: '127.0.0.1 localhost',
      ACCESS_LOG: accessLog,
      UPSTREAM_SERVERS: instances
        .map((i) => `    server 127.0.0.1:${i.port} max_fails=1 fail_timeout=5s;`)
        .join('\n'),
    };
    for (const name of ['limni-site.conf', 'nginx-local.conf']) {
      const text = fs.readFileSync(path.join(TEMPLATES, `${name}.template`), 'utf8');
      fs.writeFileSync(path.join(prefix, name), render(text, values));
    }
    const conf = path.join(prefix, 'nginx-local.conf');
    const checked = spawnSync(
      opts.nginx,
      ['-t', '-q', '-p', prefix, '-c', conf, '-e', path.join(prefix, 'error.log')],
      {
        encoding: 'utf8',
      },
    );
    if (checked.status !== 0) throw new Error(`Configuration nginx refusée : ${checked.stderr}`);
    nginx = spawn(
      opts.nginx,
      ['-p', prefix, '-c', conf, '-e', path.join(prefix, 'error.log'), '-g', 'daemon off;'],
      {
        stdio: ['ignore', output(opts.logDir, 'nginx'), output(opts.logDir, 'nginx')],
      },
    );
    nginxExited = exitOf(nginx);
    await waitForHealth(url, nginx, 10_000);
    return { url, databaseUrl, dataDir, instances, accessLog, prefix, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

async function stopOther(): Promise<void> {
  if (!fs.existsSync(PID_FILE)) {
    process.stdout.write('Aucun déploiement local en cours.\n');
    return;
  }
  const pid = Number(fs.readFileSync(PID_FILE, 'utf8'));
  try {
    process.kill(pid, 'SIGTERM');
  } catch {
    fs.rmSync(PID_FILE, { force: true });
    process.stdout.write('Aucun déploiement local en cours.\n');
    return;
  }
  for (let i = 0; i < 150; i++) {
    await new Promise((r) => setTimeout(r, 100));
    try {
      process.kill(pid, 0);
    } catch {
      process.stdout.write('Déploiement local arrêté.\n');
      return;
    }
  }
  throw new Error(`Le processus ${pid} ne s’est pas arrêté`);
}

async function main(): Promise<void> {
  if (process.argv[2] === 'stop') return stopOther();
  const opts = optionsFromEnv();
  const cluster = await startCluster(opts);
  fs.mkdirSync(STATE_DIR, { recursive: true });
  fs.writeFileSync(PID_FILE, String(process.pid));
  const lines = [
    `Limni derrière nginx : ${cluster.url}`,
    ...cluster.instances.map((i) => `  instance ${i.index} : ${i.url} (pid ${i.child.pid})`),
    `  base : ${cluster.databaseUrl.replace(/\/\/[^@/]*@/, '//***@')}`,
    `  journal nginx (statut du cache) : ${cluster.accessLog}`,
    'Ctrl-C ou « npm run cluster -- stop » pour tout arrêter.',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    await cluster.stop();
    fs.rmSync(PID_FILE, { force: true });
    fs.rmSync(cluster.prefix, { recursive: true, force: true });
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
  // An instance or nginx that dies on its own is reported; the others keep serving (that is the point).
  for (const i of cluster.instances) {
    void i.exited.then((code) => {
      if (!stopping) process.stdout.write(`L’instance ${i.index} s’est arrêtée (code ${code}).\n`);
    });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err: unknown) => {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  });
}
