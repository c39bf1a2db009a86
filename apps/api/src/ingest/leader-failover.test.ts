/**
 * Leader failover across real processes (docs/decisions/121): two API servers (`src/server.ts`, INGEST=live) on
 * one PostgreSQL database and a local Hub'Eau stand-in serving 29 days of Blois heights built from the recorded
 * row, slowly. The leader is killed with SIGKILL in the middle of its first read: its session closes, the
 * advisory lock frees, and the other instance leads within INGEST_LEADER_RETRY_S (+ a margin for the health
 * poll), says so in /api/health, and reads again. Each instance's requests carry its own User-Agent (PUBLIC_URL):
 * the second one asks nothing before the first one is dead, and the readings stored are exactly the built ones,
 * once each. PostgreSQL only (skipped on SQLite, where one process owns the file).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { HealthResponse } from '@limni/shared/contracts/health';
import { createTestApp, TEST_DB, type TestContext } from '../../test/helpers';
import { BLOIS, ELAB_EMPTY, isBloisH, REC_H } from '../../test/hubeau-pages';
import { startUpstream, type Upstream, type UpstreamRequest } from '../../test/upstream';
import { isoSeconds } from './http';

const API_ROOT = path.resolve(import.meta.dirname, '../..');
const RETRY_S = 1;
const HOUR = 3_600_000;
const PER_PAGE = 100;
/** Each page of Blois takes this long: the first read lasts a few seconds, long enough to be cut. */
const PAGE_DELAY_MS = 300;

const recorded = REC_H.data[0];
/** 29 days of hourly Blois heights (mm) ending at the last full hour, oldest first: what Hub'Eau "has". */
const END = Math.floor(Date.now() / HOUR) * HOUR;
const ROWS = Array.from({ length: 29 * 24 }, (_, i) => {
  const ts = END - (29 * 24 - 1 - i) * HOUR;
  return {
    ...recorded,
    date_obs: isoSeconds(ts),
    resultat_obs: (recorded?.resultat_obs ?? 0) + (i % 37) - 18,
  };
});

function answer(r: UpstreamRequest) {
  if (r.path.endsWith('/obs_elab')) return { body: ELAB_EMPTY };
  if (!r.path.endsWith('/observations_tr')) return { status: 404, body: { message: 'inconnu' } };
  const cursor = r.query.get('cursor');
  if (!isBloisH(r) && !cursor) return { body: { ...REC_H, count: 0, next: null, data: [] } };
  const since = cursor ? Number(cursor.split(':')[0]) : Date.parse(r.query.get('date_debut_obs') ?? '');
  const rows = ROWS.filter((x) => Date.parse(x.date_obs) >= since);
  if (r.query.get('sort') !== 'asc') rows.reverse();
  const i = cursor ? Number(cursor.split(':')[1]) : 0;
  const next = (i + 1) * PER_PAGE < rows.length ? new URL(r.url) : null;
  next?.searchParams.set('cursor', `${since}:${i + 1}`);
  return {
    delayMs: PAGE_DELAY_MS,
    body: {
      ...REC_H,
      count: rows.length,
      next: next ? `https://hubeau.eaufrance.fr/api/v2/hydrometrie/observations_tr${next.search}` : null,
      data: rows.slice(i * PER_PAGE, (i + 1) * PER_PAGE),
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

interface Instance {
  port: number;
  url: string;
  child: ChildProcess;
  id: string;
  exited: Promise<void>;
}

async function startInstance(databaseUrl: string, upstream: string, dataDir: string): Promise<Instance> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: API_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      TZ: 'Europe/Paris',
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      INGEST: 'live',
      INGEST_LEADER_RETRY_S: String(RETRY_S),
      HUBEAU_BASE_URL: `${upstream}/hubeau`,
      VIGICRUES_BASE_URL: `${upstream}/vigicrues`,
      OPEN_METEO_BASE_URL: `${upstream}/meteo`,
      HUBEAU_BACKFILL_PER_MINUTE: '600',
      LOG_LEVEL: 'silent',
    },
    stdio: 'ignore',
  });
  const exited = new Promise<void>((ok) => child.once('exit', () => ok()));
  return { port, url, child, id: `${os.hostname()}:${port}:${child.pid}`, exited };
}

async function health(i: Instance) {
  try {
    const res = await fetch(`${i.url}/api/health`, { signal: AbortSignal.timeout(2_000) });
    return res.ok ? z.parse(HealthResponse, await res.json()) : null;
  } catch {
    return null;
  }
}

async function until<T>(fn: () => Promise<T | null | undefined | false>, ms: number): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error('délai dépassé');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.skipIf(TEST_DB !== 'postgres')('leader failover between two processes (PostgreSQL)', () => {
  let ctx: TestContext;
  let up: Upstream;
  const instances: Instance[] = [];

  beforeAll(async () => {
    ctx = await createTestApp();
    up = await startUpstream(answer);
  });
  afterAll(async () => {
    for (const i of instances) {
      if (i.child.exitCode === null && i.child.signalCode === null) i.child.kill('SIGKILL');
      await i.exited;
    }
    await up.close();
    await ctx.close();
  });

  it('the leader killed with -9 mid-read: the other one leads within the bound, reads again, stores each reading once', async () => {
    const databaseUrl = ctx.databaseUrl ?? '';
    // Both start together; one of them takes the lock: `a` is the leader, `b` the follower.
    const started = await Promise.all([1, 2].map(() => startInstance(databaseUrl, up.origin, ctx.dataDir)));
    instances.push(...started);
    const leaderId = await until(async () => {
      const hs = await Promise.all(started.map(health));
      return hs.every((h) => h?.instance?.meneuse) && hs[0]?.instance?.meneuse;
    }, 60_000);
    const a = started.find((i) => i.id === leaderId);
    const b = started.find((i) => i.id !== leaderId);
    if (!a || !b) throw new Error(`meneuse inconnue : ${leaderId}`);
    // Both name the same leader.
    expect((await health(b))?.instance).toEqual({ id: b.id, meneuse: a.id, estMeneuse: false });
    expect((await health(a))?.instance).toEqual({ id: a.id, meneuse: a.id, estMeneuse: true });

    // The leader is reading Blois (29 days, 7 slow pages): cut it after the second page.
    const bloisPages = () => up.requests.filter((r) => isBloisH(r) || r.query.get('cursor'));
    await until(async () => bloisPages().length >= 2, 20_000);
    const killAt = Date.now();
    a.child.kill('SIGKILL');
    await a.exited;
    const deadAt = Date.now();

    const hb2 = await until(
      async () => {
        const h = await health(b);
        return h?.instance?.estMeneuse && h;
      },
      RETRY_S * 1000 + 4_000,
    );
    const tookOverMs = Date.now() - deadAt;
    expect(hb2.instance).toEqual({ id: b.id, meneuse: b.id, estMeneuse: true });
    expect(tookOverMs).toBeLessThanOrEqual(RETRY_S * 1000 + 4_000);

    // The new leader reads Blois to the end.
    const stored = async () =>
      ctx.db.db
        .selectFrom('observation')
        .innerJoin('capteur', 'capteur.id', 'observation.capteur_id')
        .innerJoin('lieu', 'lieu.id', 'capteur.lieu_id')
        .select(['observation.ts', 'observation.valeur'])
        .where('lieu.code_station', '=', BLOIS)
        .where('capteur.grandeur', '=', 'H')
        .where('observation.ts', '>=', END - 29 * 24 * HOUR)
        .orderBy('observation.ts')
        .execute();
    const observations = await until(async () => {
      const rows = await stored();
      return rows.length >= ROWS.length && rows;
    }, 20_000);
    expect(observations).toEqual(
      ROWS.map((x) => ({ ts: Date.parse(x.date_obs), valeur: x.resultat_obs / 1000 })),
    );

    // Who asked what: the first instance until it died, the second one only after; never both at once.
    const byA = up.requests.filter((r) => r.userAgent.includes(a.url));
    const byB = up.requests.filter((r) => r.userAgent.includes(b.url));
    expect(byA.length + byB.length).toBe(up.requests.length);
    expect(byA.length).toBeGreaterThan(0);
    expect(byB.length).toBeGreaterThan(0);
    const lastA = Math.max(...byA.map((r) => r.at));
    const firstB = Math.min(...byB.map((r) => r.at));
    expect(lastA).toBeLessThanOrEqual(deadAt);
    expect(firstB).toBeGreaterThanOrEqual(killAt);
    expect(firstB).toBeGreaterThan(lastA);
    // About 10 s on an idle machine (two server starts, one cut read, one full read); a loaded one is slower.
  }, 120_000);
});
