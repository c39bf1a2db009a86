/**
 * The real server in a process of its own, as `npm start` runs it — its default configuration, only the three base
 * URLs pointed at the recorded upstream (test-support/upstream) — for the end-to-end live tests. It starts from the
 * seeded template (SQLite: a copy of the file, as a first start leaves it) or an empty PostgreSQL database (the
 * demo is then loaded at start). A small HTTP client does what a browser does (CSRF cookie, bearer token).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, inject } from 'vitest';
import * as z from 'zod/mini';
import { HealthResponse } from '@limni/shared/contracts/health';
import { openDb, type Db } from '../src/db/client';
import { requestJobRun } from '../src/ingest/ingest-job.repo';
import type { RecordedUpstream } from '../../../test-support/upstream';

const API_ROOT = path.resolve(import.meta.dirname, '..');

export async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((ok) => srv.listen(0, '127.0.0.1', ok));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise((ok) => srv.close(ok));
  return port;
}

export interface LiveServer {
  url: string;
  port: number;
  id: string;
  dataDir: string;
  child: ChildProcess;
  exited: Promise<number | null>;
  /** The server's database, opened beside it (WAL on SQLite: both read and write safely). */
  db: Db;
  health(): Promise<HealthResponse | null>;
  /** A public GET, expected to answer 200: its JSON. */
  get(path: string): Promise<unknown>;
  /** An ingestion job as /api/health shows it. */
  job(name: string): Promise<HealthResponse['ingestion']['jobs'][number] | undefined>;
  /** The place of a station code. */
  lieuOf(code: string): Promise<number>;
  /** What `npm run admin -- run <job>` does: asks the leader for a run now; resolves when one began after it. */
  runNow(job: string, timeoutMs?: number): Promise<void>;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

export interface LiveServerOptions {
  up: Pick<RecordedUpstream, 'hubeauBaseUrl' | 'vigicruesBaseUrl' | 'openMeteoBaseUrl' | 'vigieauBaseUrl'>;
  /** PostgreSQL: the database to use (empty or shared with another instance); unset: SQLite from the template. */
  databaseUrl?: string;
  dataDir?: string;
  /** Extra environment (none: `npm start`'s defaults). */
  env?: Record<string, string>;
}

type Truthy<T> = Exclude<T, false | 0 | '' | null | undefined>;

/** Polls `fn` until it returns something truthy. */
export async function until<T>(fn: () => Promise<T>, ms: number, what = ''): Promise<Truthy<T>> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v as Truthy<T>;
    if (Date.now() > end) throw new Error(`délai dépassé${what ? ` : ${what}` : ''}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function startLiveServer(o: LiveServerOptions): Promise<LiveServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = o.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'limni-live-'));
  if (!o.databaseUrl && !fs.existsSync(path.join(dataDir, 'limni.db'))) {
    fs.copyFileSync(inject('templateSqlite'), path.join(dataDir, 'limni.db'));
  }
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: API_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      HUBEAU_BASE_URL: o.up.hubeauBaseUrl,
      VIGICRUES_BASE_URL: o.up.vigicruesBaseUrl,
      OPEN_METEO_BASE_URL: o.up.openMeteoBaseUrl,
      VIGIEAU_BASE_URL: o.up.vigieauBaseUrl,
      LOG_LEVEL: 'warn',
      ...(o.databaseUrl ? { DATABASE_URL: o.databaseUrl } : {}),
      ...o.env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<number | null>((ok) => child.once('exit', (code) => ok(code)));
  const db = openDb({ databaseUrl: o.databaseUrl, dataDir, poolMax: 2 });
  const health = async () => {
    try {
      const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(5_000) });
      return res.status === 200 ? z.parse(HealthResponse, await res.json()) : null;
    } catch {
      return null;
    }
  };
  const server: LiveServer = {
    url,
    port,
    id: `${os.hostname()}:${port}:${child.pid}`,
    dataDir,
    child,
    exited,
    db,
    health,
    async get(p) {
      const res = await fetch(`${url}${p}`);
      expect(res.status, p).toBe(200);
      return res.json() as Promise<unknown>;
    },
    job: async (name) => (await health())?.ingestion.jobs.find((j) => j.job === name),
    lieuOf: async (code) =>
      (await db.db.selectFrom('lieu').select('id').where('code_station', '=', code).executeTakeFirstOrThrow())
        .id,
    async runNow(job, timeoutMs = 60_000) {
      const asked = Date.now();
      await requestJobRun(db.db, job, asked);
      await until(
        async () => {
          const r = await db.db
            .selectFrom('ingest_job')
            .selectAll()
            .where('job', '=', job)
            .executeTakeFirst();
          return r && r.running_since === null && Number(r.last_run_at ?? 0) >= asked - 1 && r;
        },
        timeoutMs,
        `passage de ${job}`,
      );
    },
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
      await db.close();
    },
  };
  await until(
    async () => {
      if (child.exitCode !== null) throw new Error(`le serveur s'est arrêté (code ${child.exitCode})`);
      return health();
    },
    // A start on an empty database migrates and loads the whole demo (on PostgreSQL, two servers at once, beside the
    // browser tests): a deadline on a shared 2-core machine, not a speed check.
    300_000,
    'démarrage du serveur',
  );
  return server;
}

/** What a browser does against the server: the CSRF cookie and header on writes, the bearer once signed in. */
export function browserClient(url: string) {
  let csrf: string | null = null;
  let token: string | null = null;
  const call = async (
    method: string,
    p: string,
    body?: unknown,
  ): Promise<{ status: number; json: unknown }> => {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (method !== 'GET') {
      if (!csrf) {
        const r = await fetch(`${url}/api/csrf`);
        csrf = ((await r.json()) as { csrftoken: string }).csrftoken;
      }
      headers['x-csrftoken'] = csrf;
      headers.cookie = `csrftoken=${csrf}`;
      headers['content-type'] = 'application/json';
    }
    if (token) headers.authorization = `Bearer ${token}`;
    const res = await fetch(`${url}${p}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, json: text ? (JSON.parse(text) as unknown) : null };
  };
  return {
    get: (p: string) => call('GET', p),
    post: (p: string, body: unknown) => call('POST', p, body),
    signedIn: (t: string) => {
      token = t;
    },
  };
}
