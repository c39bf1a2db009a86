/**
 * Time to a current France, and to a complete 29-day backfill, after a first start (docs/decisions/135): the built
 * server started as `npm start` starts it (fresh data directory, default configuration, only the base URLs pointed
 * at the recorded upstream of test-support/upstream, in this process) against the real station catalogue where every
 * station serves a recorded series (`france`, ~2,100 stations), then a synthetic one of 3,200. Prints, from the
 * spawn: the server listening, live, every station Limni follows with a reading of the last hour, the paced
 * catch-up's first run done (29 days of every series), with the pages it read and the bound its pace sets
 * (pages / HUBEAU_BACKFILL_PER_MINUTE). Run by name only (it takes as long as the pace says):
 *
 * With `--pg=postgres://…` the server runs on a scratch PostgreSQL database created beside it and dropped after (the
 * catch-up of all of France on the production engine, docs/decisions/157); `--pace=100000` removes the pace, so the
 * catch-up's time is then what the database and the server need.
 *
 *   npm run build && npx tsx bench/live-start.ts [--catalogue=france|3200|both] [--pace=60] [--pg=postgres://…]
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { startRecordedUpstream, type CatalogueOption } from '../test-support/upstream';

const root = path.resolve(import.meta.dirname, '..');
const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const PACE = Number(arg('pace', '60'));
const which = arg('catalogue', 'both');
const catalogues: Array<{ name: string; option: CatalogueOption }> = [
  ...(which === 'france' || which === 'both' ? [{ name: 'france', option: 'france' as const }] : []),
  ...(which === '3200' || which === 'both'
    ? [{ name: 'synthétique 3 200', option: { synthetic: 3200 } }]
    : []),
];
const HOUR = 3_600_000;
const PG = arg('pg', '');

/** Reads the server's database while it runs (SQLite file read-only, or the PostgreSQL scratch database). */
interface Reader {
  all<T>(text: string): Promise<T[]>;
  close(): Promise<void>;
}

function sqliteReader(file: string): Reader {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  return {
    all: async <T>(text: string) => db.prepare(text).all() as T[],
    close: async () => {
      db.close();
    },
  };
}

async function pgReader(url: string): Promise<Reader> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  return {
    all: async <T>(text: string) => (await c.query(text)).rows as T[],
    close: () => c.end(),
  };
}

/** A scratch PostgreSQL database for one run: its URL and how to drop it. */
async function scratchDatabase(): Promise<{ url: string; drop: () => Promise<void> } | null> {
  if (!PG) return null;
  const name = `limni_live_start_${process.pid}`;
  const admin = new pg.Client({ connectionString: PG });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  const u = new URL(PG);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((ok) => srv.listen(0, '127.0.0.1', ok));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise((ok) => srv.close(ok));
  return port;
}

const seconds = (ms: number | null) => (ms === null ? '—' : `${(ms / 1000).toFixed(0)} s`);

interface Figures {
  catalogue: string;
  stations: number;
  listening: number | null;
  live: number | null;
  current: number | null;
  backfill: number | null;
  pages: number;
  bound: number;
  rows: number;
}

async function runOne(name: string, option: CatalogueOption): Promise<Figures> {
  const up = await startRecordedUpstream({ catalogue: option });
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'limni-live-start-'));
  const scratch = await scratchDatabase();
  const t0 = Date.now();
  const child = spawn(process.execPath, [path.join(root, 'apps/api/dist/server.js')], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'error',
      HUBEAU_BASE_URL: up.hubeauBaseUrl,
      VIGICRUES_BASE_URL: up.vigicruesBaseUrl,
      OPEN_METEO_BASE_URL: up.openMeteoBaseUrl,
      VIGIEAU_BASE_URL: up.vigieauBaseUrl,
      HUBEAU_BACKFILL_PER_MINUTE: String(PACE),
      ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const serving = new Set(up.stations.serving());
  const f: Figures = {
    catalogue: name,
    stations: 0,
    listening: null,
    live: null,
    current: null,
    backfill: null,
    pages: 0,
    bound: 0,
    rows: 0,
  };
  let db: Reader | null = null;
  try {
    for (;;) {
      await new Promise((r) => setTimeout(r, 1_000));
      const elapsed = Date.now() - t0;
      if (child.exitCode !== null) throw new Error(`le serveur s'est arrêté (code ${child.exitCode})`);
      if (f.listening === null) {
        const h = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null);
        if (!h?.ok) continue;
        f.listening = elapsed;
      }
      db ??= scratch ? await pgReader(scratch.url) : sqliteReader(path.join(dataDir, 'limni.db'));
      const [mode] = await db.all<{ value: string }>(`select value from meta where key = 'mode_service'`);
      if (f.live === null && mode?.value.includes('"live"')) f.live = elapsed;
      if (f.live === null) continue;
      if (f.current === null) {
        // Stations Limni follows that the upstream serves: each with a reading of the last hour.
        const lieux = (
          await db.all<{ code: string; ts: number | string | null }>(
            `select l.code_station as code, max(c.dernier_ts) as ts from lieu l left join capteur c on c.lieu_id = l.id
             where l.station_mesure_ok = 1 and l.code_station is not null group by l.code_station`,
          )
        ).map((p) => ({ code: p.code, ts: p.ts === null ? null : Number(p.ts) }));
        const followed = lieux.filter((p) => serving.has(p.code));
        f.stations = followed.length;
        const stale = followed.filter((p) => p.ts === null || p.ts < Date.now() - HOUR).length;
        if (followed.length > 0 && stale === 0) f.current = elapsed;
        else if (elapsed % 10_000 < 1_000) {
          console.log(`  ${seconds(elapsed)} : ${stale} stations sans mesure récente`);
        }
      }
      const [job] = await db.all<{
        last_success: number | string | null;
        running_since: number | string | null;
        counts: string;
      }>(`select last_success, running_since, counts from ingest_job where job = 'hubeau-rattrapage'`);
      if (job?.last_success != null && job.running_since === null && f.current !== null) {
        f.backfill = elapsed;
        const counts = JSON.parse(job.counts) as Record<string, number>;
        f.pages = counts.pages ?? 0;
        f.rows = counts.lignes_recues ?? 0;
        f.bound = (f.pages / PACE) * 60_000;
        break;
      }
    }
  } finally {
    await db?.close();
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    await scratch?.drop();
    await up.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return f;
}

const results: Figures[] = [];
for (const c of catalogues) {
  console.log(
    `\nCatalogue ${c.name}, ${PG ? 'PostgreSQL' : 'SQLite'}, rythme des lectures longues ${PACE} requêtes/min, charge avant : ${os.loadavg()[0]?.toFixed(1)}…`,
  );
  results.push(await runOne(c.name, c.option));
}
console.log(
  `\nmachine : ${os.cpus().length} cœurs, charge ${os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')}`,
);
console.log(
  '| catalogue | stations suivies | écoute | en direct | toutes à jour (< 1 h) | rattrapage 29 j fini | pages lues | borne du rythme | lignes |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
for (const r of results) {
  console.log(
    `| ${r.catalogue} | ${r.stations} | ${seconds(r.listening)} | ${seconds(r.live)} | ${seconds(r.current)} | ${seconds(r.backfill)} | ${r.pages} | ${seconds(r.bound)} | ${r.rows.toLocaleString('fr-FR')} |`,
  );
}
