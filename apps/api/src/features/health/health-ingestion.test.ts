/**
 * An honest `/api/health` (docs/decisions/105, 134): while every live ingestion run fails, the service says
 * `degraded` once a job failed past its tolerance and the source is shown failing, with a French summary and a code
 * — never the upstream address or body; `?strict=1`, what load balancers probe, stays 200: the instance serves.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { HealthResponse } from '@limni/shared/contracts/health';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { startUpstream, type Upstream } from '../../../test/upstream';
import { IngestEvents } from '../../ingest/events';
import { silentLogger } from '../../ingest/http';
import { hubeauObservationsJob } from '../../ingest/jobs/hubeau-observations';
import { runJob } from '../../ingest/jobs/runner';
import { JOB_FAILURES_TOLERATED } from './health.service';

const SECRET = 'CORPS-AMONT-CONFIDENTIEL';
let ctx: TestContext;
let up: Upstream;
const clock = Date.parse('2026-08-27T08:10:00Z');

beforeAll(async () => {
  ctx = await createTestApp({ now: () => clock, env: { INGEST: 'live' } });
  up = await startUpstream();
});
afterAll(async () => {
  await up.close();
  await ctx.close();
});

const run = (baseUrl: string) =>
  runJob(hubeauObservationsJob({ baseUrl }), {
    db: ctx.db.db,
    events: new IngestEvents(),
    now: () => clock,
    log: silentLogger,
    http: { timeoutMs: 300, retries: 1, backoffMs: 5 },
  });

const health = async (query = '') => {
  const res = await ctx.request({ url: `/api/health${query}` });
  return { res, body: z.parse(HealthResponse, res.json()) };
};

describe('/api/health while every run fails (INGEST=live)', () => {
  it('degraded past the tolerance, the source failing, ?strict=1 still 200, without upstream addresses or bodies', async () => {
    up.setHandler(() => ({ status: 500, body: `<html>${SECRET} ${up.origin}/interne</html>` }));
    for (let i = 0; i < JOB_FAILURES_TOLERATED - 1; i++) {
      expect((await run(`${up.origin}/api`)).ok).toBe(false);
    }
    expect((await health()).body.status).toBe('ok');
    expect((await health('?strict=1')).res.statusCode).toBe(200);

    expect((await run(`${up.origin}/api`)).ok).toBe(false);
    const { res, body } = await health();
    expect(res.statusCode).toBe(200);
    expect(body.status).toBe('degraded');
    const job = body.ingestion.jobs.find((j) => j.job === 'hubeau-observations');
    expect(job).toMatchObject({
      lastErrorCode: 'http_500',
      consecutiveFailures: JOB_FAILURES_TOLERATED,
      enEchec: true,
    });
    expect(job?.lastError).toMatch(
      /^Hub'Eau : le service a répondu HTTP 500 \(\d+ requêtes? sur \d+ en échec\)$/,
    );
    expect(body.problemes).toEqual([
      {
        code: 'ingestion_hubeau-observations',
        message: `Ingestion « hubeau-observations » en échec depuis ${JOB_FAILURES_TOLERATED} passages : ${job?.lastError}`,
      },
    ]);
    expect(body.sources?.find((x) => x.nom === "Hub'Eau")).toMatchObject({
      etat: 'en_echec',
      derniereErreur: job?.lastError,
      derniereErreurLe: clock,
    });
    // Every instance would answer the same while a source fails: a load balancer must not take them all out.
    const strict = await health('?strict=1');
    expect(strict.res.statusCode).toBe(200);
    expect(strict.body.status).toBe('degraded');
    for (const text of [res.body, strict.res.body]) {
      expect(text).not.toContain(SECRET);
      expect(text).not.toMatch(/127\.0\.0\.1|https?:\/\//);
    }
  });
});
