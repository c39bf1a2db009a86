/**
 * The live scheduler on a real database: one leader per database (SQLite: a lease row, docs/decisions/137;
 * PostgreSQL: an advisory lock), taken over when the leader stops, overdue jobs run at start, a failed run retried
 * with backoff, stop() aborting requests in flight, and the jobs' state in /api/health.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { HealthResponse } from '@limni/shared/contracts/health';
import { openDb } from '../db/client';
import { tryAcquireLeadership } from '../db/dialect';
import { createTestApp, TEST_DB, type TestContext } from '../../test/helpers';
import { startUpstream, type Upstream, type UpstreamReply } from '../../test/upstream';
import { IngestEvents } from './events';
import { silentLogger } from './http';
import { hubeauObservationsJob } from './jobs/hubeau-observations';
import { runAdmin } from '../admin/admin';
import { readJobRow } from './ingest-job.repo';
import { advanceSeries } from './jobs/serie-hubeau.repo';
import { INGEST_LOCK_KEY, startIngestion, type IngestionOptions } from './scheduler';

let ctx: TestContext;
let up: Upstream;
let reply: () => UpstreamReply;
const empty = (): UpstreamReply => ({ body: { count: 0, first: null, prev: null, next: null, data: [] } });

beforeAll(async () => {
  ctx = await createTestApp();
  up = await startUpstream(() => reply());
});
afterAll(async () => {
  await up.close();
  await ctx.close();
});

const options = (over: Partial<IngestionOptions> = {}, instance = 'hote-a:8081:1'): IngestionOptions => ({
  env: {
    HUBEAU_BASE_URL: `${up.origin}/hubeau`,
    VIGICRUES_BASE_URL: `${up.origin}/vigicrues`,
    PUBLIC_URL: 'http://t',
    HUBEAU_BACKFILL_PER_MINUTE: 60,
    INSTANCE_ID: instance,
  },
  db: ctx.db,
  events: new IngestEvents(),
  log: silentLogger,
  jobs: [hubeauObservationsJob({ baseUrl: `${up.origin}/hubeau` })],
  http: { timeoutMs: 5_000, retries: 0, backoffMs: 5 },
  leaderRetryMs: 50,
  retryBaseMs: 50,
  ...over,
});

async function until<T>(fn: () => Promise<T | undefined | null | false>, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error('délai dépassé');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('leadership', () => {
  it(
    TEST_DB === 'postgres'
      ? 'PostgreSQL: one holder of the advisory lock at a time, free again after release'
      : 'SQLite: one holder of the lease at a time, free again after release',
    async () => {
      const a = await tryAcquireLeadership(ctx.db.db, ctx.db.dialect, INGEST_LOCK_KEY + 1, 'hote-a:1:1');
      expect(a).not.toBeNull();
      const b = await tryAcquireLeadership(ctx.db.db, ctx.db.dialect, INGEST_LOCK_KEY + 1, 'hote-b:1:1');
      expect(b).toBeNull();
      await a?.release();
      const c = await tryAcquireLeadership(ctx.db.db, ctx.db.dialect, INGEST_LOCK_KEY + 1, 'hote-b:1:1');
      expect(c).not.toBeNull();
      await c?.release();
    },
  );

  it('two instances on one database: jobs run on the leader only; a follower takes over when it stops', async () => {
    reply = empty;
    const first = startIngestion(options({}, 'hote-a:8081:1'));
    await until(async () => first.isLeader());
    const second = startIngestion(options({}, 'hote-b:8082:2'));
    await new Promise((r) => setTimeout(r, 150));
    expect(second.isLeader()).toBe(false);
    expect(await second.runNow('hubeau-observations')).toBeNull();
    await first.stop();
    await until(async () => second.isLeader());
    const outcome = await second.runNow('hubeau-observations');
    expect(outcome?.ok).toBe(true);
    await second.stop();
    expect(second.isLeader()).toBe(false);
  });
});

describe('who leads, in /api/health', () => {
  it(
    TEST_DB === 'postgres'
      ? 'PostgreSQL: every instance names the holder of the lock (its application_name), null once released'
      : 'SQLite: every process names the holder of the lease, null once released',
    async () => {
      const leaderOf = async () => {
        const res = await ctx.request({ url: '/api/health' });
        return z.parse(HealthResponse, res.json()).instance;
      };
      const self = ctx.deps.env.INSTANCE_ID;
      expect(await leaderOf()).toEqual({ id: self, meneuse: null, estMeneuse: false });
      // Another instance (on PostgreSQL its own pool, named as server.ts names it) becomes the leader.
      const other =
        TEST_DB === 'postgres'
          ? openDb({
              databaseUrl: ctx.databaseUrl,
              dataDir: ctx.dataDir,
              poolMax: 2,
              applicationName: 'hote-b:8082:4242',
            })
          : ctx.db;
      reply = empty;
      const rt = startIngestion(options({ db: other, runAtStart: false }, 'hote-b:8082:4242'));
      try {
        await until(async () => rt.isLeader());
        expect(await leaderOf()).toEqual({ id: self, meneuse: 'hote-b:8082:4242', estMeneuse: false });
      } finally {
        await rt.stop();
        if (other !== ctx.db) await other.close();
      }
      expect(await leaderOf()).toEqual({ id: self, meneuse: null, estMeneuse: false });
    },
  );

  it('the instance that holds the lock says so', async () => {
    const live = await createTestApp({ env: { INGEST: 'live', INSTANCE_ID: 'hote-a:8081:77' } });
    reply = empty;
    const rt = startIngestion(options({ db: live.db, runAtStart: false }, 'hote-a:8081:77'));
    try {
      await until(async () => rt.isLeader());
      const res = await live.request({ url: '/api/health' });
      expect(z.parse(HealthResponse, res.json()).instance).toEqual({
        id: 'hote-a:8081:77',
        meneuse: 'hote-a:8081:77',
        estMeneuse: true,
      });
    } finally {
      await rt.stop();
      await live.close();
    }
  });
});

describe('scheduler', () => {
  it('runs overdue jobs at start, stops asking a service that is down, retries the run with backoff, and shows the jobs in /api/health', async () => {
    let calls = 0;
    // 300 stations an hour and a half behind: the run is 2 sweeps and 6 catch-up requests (100 codes each, H and Q).
    const stations = await ctx.db.db
      .selectFrom('lieu')
      .select('code_station')
      .where('station_mesure_ok', '=', 1)
      .where('code_station', 'is not', null)
      .orderBy('code_station')
      .limit(300)
      .execute();
    const behind = Date.now() - 90 * 60_000;
    await advanceSeries(
      ctx.db.db,
      stations.flatMap((st) =>
        (['H', 'Q'] as const).map((grandeur) => ({ code: st.code_station as string, grandeur, ts: behind })),
      ),
      Date.now(),
    );
    // The first run meets a service down (HTTP 500): it stops after 3 consecutive failures and leaves the other
    // 5 requests for later; the retry 50 ms later succeeds.
    reply = () => (calls++ < 3 ? { status: 500 } : empty());
    await ctx.db.db.deleteFrom('ingest_job').execute();
    const rt = startIngestion(options());
    const row = await until(async () => {
      const r = await readJobRow(ctx.db.db, 'hubeau-observations');
      return r?.last_success != null && r;
    });
    await rt.stop();
    expect(row.last_error).toMatch(
      /^3 requêtes sur 3 en échec ; première : Hub'Eau : HTTP 500 .* ; service jugé indisponible après 3 échecs consécutifs, 5 requêtes reportées au prochain passage$/,
    );
    expect(calls).toBe(3 + 8);
    expect(row.last_error_at).not.toBeNull();
    expect(row.last_success).toBeGreaterThanOrEqual(row.last_error_at ?? 0);
    expect(row.consecutive_failures).toBe(0);

    const res = await ctx.request({ url: '/api/health' });
    const health = z.parse(HealthResponse, res.json());
    // The public status summarises the error in French with its code; the URL stays in the logs (D11).
    expect(health.ingestion.jobs).toEqual([
      {
        job: 'hubeau-observations',
        lastSuccess: row.last_success,
        lastError: "Hub'Eau : le service a répondu HTTP 500",
        lastErrorCode: 'http_500',
        lastErrorAt: row.last_error_at,
        consecutiveFailures: 0,
        enEchec: false,
        counts: expect.objectContaining({ requetes: 8, pages: 8 }) as Record<string, number>,
        enCoursDepuis: null,
        tropLong: false,
        avertissements: [
          expect.objectContaining({ code: 'reponses_vides' }) as { code: string; message: string },
        ],
      },
    ]);
    expect(res.body).not.toMatch(/127\.0\.0\.1|observations_tr|https?:/);
  });

  it('a run an operator asks for (`npm run admin -- run <job>`) is started by the leader within seconds', async () => {
    reply = empty;
    const rt = startIngestion(options({ runAtStart: false }));
    try {
      await until(async () => rt.isLeader());
      const out: string[] = [];
      const code = await runAdmin(['run', 'hubeau-observations'], ctx.db.db, {
        out: (l) => out.push(l),
        err: (l) => out.push(l),
      });
      expect(code).toBe(0);
      expect(out.join('\n')).toMatch(/Passage de hubeau-observations demandé/);
      const asked = Date.now();
      const row = await until(async () => {
        const r = await readJobRow(ctx.db.db, 'hubeau-observations');
        return (r?.last_run_at ?? 0) >= asked - 1_000 && r?.running_since === null && r;
      }, 8_000);
      expect(row.last_success).not.toBeNull();
      const unknown: string[] = [];
      expect(
        await runAdmin(['run', 'tout'], ctx.db.db, {
          out: (l) => unknown.push(l),
          err: (l) => unknown.push(l),
        }),
      ).toBe(1);
      expect(unknown.join('\n')).toMatch(/Tâche inconnue : tout\. Tâches : hubeau-observations/);
    } finally {
      await rt.stop();
    }
  });

  it('stop() aborts a request in flight and records why', async () => {
    reply = () => ({ ...empty(), delayMs: 5_000 });
    const rt = startIngestion(options({ runAtStart: false }));
    await until(async () => rt.isLeader());
    const running = rt.runNow('hubeau-observations');
    await new Promise((r) => setTimeout(r, 100));
    const t0 = Date.now();
    await rt.stop();
    expect(Date.now() - t0).toBeLessThan(2_000);
    const outcome = await running;
    expect(outcome?.ok).toBe(false);
    expect(outcome?.error).toMatch(/requête interrompue \(arrêt\)/);
  });
});
