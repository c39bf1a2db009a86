/**
 * `npm run bench -- api` (or `npx tsx bench/api.ts [--pg=postgres://…] [--rounds=5] [--duration=5] [--lieu=2]
 * [--date=2022-01-31] [--log=info] [--history=0]`): throughput of `GET /api/hydro/lieu/{id}/d/{date}/{7,30}` (place
 * 1, Toulouse Pont-Neuf, by default), then of the history endpoints at Épisy (`archive/2016-06-02/5`,
 * `normales/2016-06-02`), each measured against the real limit (docs/decisions/115):
 *
 * - **app**: the API in its own process (`bench/api-server.ts`), production defaults (NODE_ENV=production, info
 *   logging written to a pipe), on a freshly seeded SQLite database, then on PostgreSQL when `--pg=<admin URL>` or
 *   TEST_DATABASE_URL is given;
 * - **bare**: a bare Fastify in its own process (`bench/bare-server.ts`: no hook, no logger) sending the exact
 *   bytes and headers the app sent for that URL — what any Node HTTP server must at least spend;
 * - **in-app**: a route of the app process that sends a precomputed copy behind the same /api hooks (the baseline
 *   of the earlier figures: it measures the route, not the distance to the limit).
 *
 * autocannon runs in a third process, 64 connections, rounds alternate bare / in-app / app so that each round's
 * ratios are taken under the same machine load; the medians of the rounds are printed. Targets: app ≥ 0.6 of bare
 * on SQLite, ≥ 0.5 on PostgreSQL; p99 ≤ 25 ms.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { strongEtag } from '../apps/api/src/data/series-cache';
import { migrateToLatest, openDb } from '../apps/api/src/db/client';
import { seedDatabase } from '../apps/api/src/seed/seed';

const TARGETS = { sqlite: 0.6, postgres: 0.5 } as const;
const P99_TARGET_MS = 25;
const CONNECTIONS = 64;
const here = path.dirname(fileURLToPath(import.meta.url));

const arg = (name: string): string | undefined =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);

const duration = Number(arg('duration') ?? 5);
const rounds = Number(arg('rounds') ?? 5);
const lieuId = Number(arg('lieu') ?? 1);
const day = arg('date') ?? '2022-01-31';
const logLevel = arg('log') ?? 'info';
/** `--prof=<dir>`: the app process writes a V8 CPU profile there (open it in Chrome DevTools or speedscope). */
const profDir = arg('prof');
const pgAdminUrl = arg('pg') ?? process.env.TEST_DATABASE_URL;
/** `--history=0` leaves out the history endpoints (archive years, usual range). */
const withHistory = arg('history') !== '0';

/** The id of a place, found as a visitor would: the entity in the index, then the place by name. */
async function lieuIdOf(base: string, entite: string, lieu: string): Promise<number> {
  const index = (await (await fetch(`${base}/api/hydro/index`)).json()) as Array<{ id: number; nom: string }>;
  const e = index.find((i) => i.nom === entite);
  if (!e) throw new Error(`${entite} : absente de l'index`);
  const detail = (await (await fetch(`${base}/api/hydro/entite/${e.id}`)).json()) as {
    lieux: Array<{ id: number; nom: string }>;
  };
  const l = detail.lieux.find((x) => x.nom === lieu);
  if (!l) throw new Error(`${lieu} : absent de ${entite}`);
  return l.id;
}
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

interface Seeded {
  dataDir: string;
  databaseUrl?: string;
  cleanup: () => Promise<void>;
}

/** A migrated, seeded database the app process will open; closed here before that. */
async function openSeeded(kind: 'sqlite' | 'postgres'): Promise<Seeded> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'limni-bench-api-'));
  if (kind === 'sqlite') {
    const db = openDb({ dataDir });
    await migrateToLatest(db);
    await seedDatabase(db);
    await db.close();
    return { dataDir, cleanup: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  }
  const admin = new pg.Client({ connectionString: pgAdminUrl });
  await admin.connect();
  const name = `limni_bench_api_${crypto.randomBytes(3).toString('hex')}`;
  await admin.query(`create database ${name}`);
  const url = new URL(pgAdminUrl as string);
  url.pathname = `/${name}`;
  const db = openDb({ databaseUrl: url.toString(), dataDir, poolMax: 10 });
  await migrateToLatest(db);
  await seedDatabase(db);
  await db.close();
  return {
    dataDir,
    databaseUrl: url.toString(),
    cleanup: async () => {
      fs.rmSync(dataDir, { recursive: true, force: true });
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

/** Starts a TypeScript child with IPC and waits for its `{ port }`. */
function startChild(
  script: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  nodeFlags: string[] = [],
): Promise<{ child: ChildProcess; port: number }> {
  return new Promise((resolve, reject) => {
    // Plain node with tsx's loader (node flags such as --cpu-prof are refused in NODE_OPTIONS, which tsx sets).
    const clean = Object.fromEntries(Object.entries(env).filter(([k]) => k !== 'NODE_OPTIONS'));
    const child = spawn(
      process.execPath,
      [...nodeFlags, '--import', 'tsx', path.join(here, script), ...args],
      { env: clean, stdio: ['ignore', 'pipe', 'inherit', 'ipc'] },
    );
    // The app's log lines go through a real pipe, drained here (as a log collector would).
    child.stdout?.resume();
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`${script} s'est arrêté (code ${code})`)));
    child.on('message', (m: { port?: number }) => {
      if (m.port) resolve({ child, port: m.port });
    });
  });
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.removeAllListeners('exit');
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};

type Side = 'bare' | 'inApp' | 'app';

/** One URL: captures the app's answer, starts the bare server on it, alternates the three sides. */
async function benchUrl(kind: 'sqlite' | 'postgres', appBase: string, app: ChildProcess, url: string) {
  // As autocannon asks: no compression.
  const identity = { headers: { 'accept-encoding': 'identity' } };
  const probe = await fetch(`${appBase}${url}`, identity);
  if (probe.status !== 200) throw new Error(`${url} → ${probe.status}`);
  const body = await probe.text();
  const headers = Object.fromEntries(probe.headers.entries());
  const file = path.join(os.tmpdir(), `limni-bench-answer-${process.pid}.json`);
  fs.writeFileSync(file, JSON.stringify({ body, headers }));
  await new Promise<void>((resolve) => {
    app.once('message', () => resolve());
    app.send({ baseline: { body, etag: strongEtag(body) } });
  });
  const bare = await startChild('bare-server.ts', [file], process.env);
  try {
    const check = await fetch(`http://127.0.0.1:${bare.port}${url}`, identity);
    const checked = await check.text();
    if (checked !== body) throw new Error('bare : corps différent');
    const urls: Record<Side, string> = {
      bare: `http://127.0.0.1:${bare.port}${url}`,
      inApp: `${appBase}/bench/baseline`,
      app: `${appBase}${url}`,
    };
    const headerBytes = [...probe.headers.entries()].reduce((s, [k, v]) => s + k.length + v.length + 4, 0);
    console.log(
      `${kind} ${url} : corps ${(Buffer.byteLength(body) / 1024).toFixed(1)} Ko, en-têtes ${headerBytes} o`,
    );
    for (const side of ['bare', 'inApp', 'app'] as const) await autocannon(urls[side], 2);
    const runs: Record<Side, Measure[]> = { bare: [], inApp: [], app: [] };
    for (let i = 0; i < rounds; i++) {
      for (const side of ['bare', 'inApp', 'app'] as const) {
        runs[side].push(await autocannon(urls[side], duration));
      }
    }
    const med = (side: Side, k: 'rps' | 'p99') => median(runs[side].map((m) => m[k]));
    const vsBare = median(runs.app.map((r, i) => r.rps / (runs.bare[i] as Measure).rps));
    const vsInApp = median(runs.app.map((r, i) => r.rps / (runs.inApp[i] as Measure).rps));
    const failures = Object.values(runs)
      .flat()
      .reduce((s, m) => s + m.errors + m.non2xx, 0);
    const ok = vsBare >= TARGETS[kind] && med('app', 'p99') <= P99_TARGET_MS && failures === 0;
    console.log(
      [
        `  ${CONNECTIONS} connexions, ${rounds} × ${duration} s par côté (médianes)`,
        `  bare     : ${med('bare', 'rps').toFixed(0)} req/s, p99 ${med('bare', 'p99').toFixed(1)} ms`,
        `  in-app   : ${med('inApp', 'rps').toFixed(0)} req/s, p99 ${med('inApp', 'p99').toFixed(1)} ms`,
        `  app      : ${med('app', 'rps').toFixed(0)} req/s, p99 ${med('app', 'p99').toFixed(1)} ms`,
        `  app/bare : ${vsBare.toFixed(2)} (cible ≥ ${TARGETS[kind]}, p99 ≤ ${P99_TARGET_MS} ms)` +
          `${failures ? `, ${failures} erreurs` : ''} → ${ok ? 'OK' : 'ÉCHEC'}`,
        `  app/in-app : ${vsInApp.toFixed(2)}`,
      ].join('\n'),
    );
    return ok;
  } finally {
    await stop(bare.child);
    fs.rmSync(file, { force: true });
  }
}

async function benchOne(kind: 'sqlite' | 'postgres'): Promise<boolean> {
  const t0 = Date.now();
  const seeded = await openSeeded(kind);
  try {
    console.log(`${kind} : base préparée en ${((Date.now() - t0) / 1000).toFixed(1)} s, journal ${logLevel}`);
    const { child, port } = await startChild(
      'api-server.ts',
      [],
      {
        ...process.env,
        BENCH_DATA_DIR: seeded.dataDir,
        LOG_LEVEL: logLevel,
        ...(seeded.databaseUrl ? { BENCH_DATABASE_URL: seeded.databaseUrl } : {}),
      },
      profDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profDir)}`] : [],
    );
    try {
      const base = `http://127.0.0.1:${port}`;
      let ok = true;
      for (const nb of [7, 30]) {
        ok = (await benchUrl(kind, base, child, `/api/hydro/lieu/${lieuId}/d/${day}/${nb}`)) && ok;
      }
      // The history endpoints: 5 years of daily values from the archive and the usual range of a day,
      // at Le Loing à Épisy (20 years of archive), served from cache like the series above.
      if (withHistory) {
        const episy = await lieuIdOf(base, 'Le Loing', 'Épisy');
        ok = (await benchUrl(kind, base, child, `/api/hydro/lieu/${episy}/archive/2016-06-02/5`)) && ok;
        ok = (await benchUrl(kind, base, child, `/api/hydro/lieu/${episy}/normales/2016-06-02`)) && ok;
      }
      return ok;
    } finally {
      await stop(child);
    }
  } finally {
    await seeded.cleanup();
  }
}

let ok = await benchOne('sqlite');
if (pgAdminUrl) ok = (await benchOne('postgres')) && ok;
else console.log('PostgreSQL : ignoré (donner --pg=postgres://… ou TEST_DATABASE_URL)');
process.exit(ok ? 0 : 1);
