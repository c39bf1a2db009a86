/**
 * `Retry-After` pauses the whole source (docs/decisions/136): after a 429 asking for 120 s (in seconds, or as an
 * HTTP date), no job sends a request to that source until the time has passed — not the same run's next request, not
 * another job; a short pause is waited for inside the request. On the real database (SQLite and PostgreSQL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/helpers';
import { startUpstream, type Upstream } from '../../test/upstream';
import { IngestEvents } from './events';
import { retryAfterMs, silentLogger, sourceGates, type SourceGates } from './http';
import { hubeauObservationsJob } from './jobs/hubeau-observations';
import { hubeauRattrapageJob } from './jobs/hubeau-rattrapage';
import { runJob, type IngestJob } from './jobs/runner';

let ctx: TestContext;
let up: Upstream;
let clock = Date.parse('2026-11-28T12:00:00Z');
const empty = { count: 0, first: null, prev: null, next: null, data: [] };

beforeAll(async () => {
  ctx = await createTestApp({ now: () => clock });
  up = await startUpstream();
});
afterAll(async () => {
  await up.close();
  await ctx.close();
});

const run = (job: IngestJob, gates: SourceGates) =>
  runJob(job, {
    db: ctx.db.db,
    events: new IngestEvents(),
    now: () => clock,
    log: silentLogger,
    http: { timeoutMs: 2_000, retries: 2, backoffMs: 5, gates },
  });
const base = () => `${up.origin}/hubeau`;

describe('Retry-After', () => {
  it('reads delay-seconds and HTTP dates', () => {
    const now = Date.parse('2026-11-28T12:00:00Z');
    expect(retryAfterMs('120', now)).toBe(120_000);
    expect(retryAfterMs('Sat, 28 Nov 2026 12:02:00 GMT', now)).toBe(120_000);
    expect(retryAfterMs('Sat, 28 Nov 2026 11:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs('bientôt', now)).toBeNull();
    expect(retryAfterMs(null, now)).toBeNull();
  });

  for (const header of ['120', 'Sat, 28 Nov 2026 12:02:00 GMT']) {
    it(`429 with Retry-After: ${header} → no request to the source for 120 s, whichever job`, async () => {
      const gates = sourceGates(() => clock);
      let first = true;
      up.setHandler(() => {
        if (first) {
          first = false;
          // An HTTP date is read against the real clock: the test's 120 s are measured from it.
          const value = /^\d+$/.test(header) ? header : new Date(Date.now() + 120_000).toUTCString();
          return { status: 429, body: { message: 'trop de requêtes' }, headers: { 'retry-after': value } };
        }
        return { body: empty };
      });
      up.requests.length = 0;
      const sweep = await run(hubeauObservationsJob({ baseUrl: base() }), gates);
      expect(sweep.ok).toBe(false);
      expect(sweep.error).toMatch(/HTTP 429/);
      // The sweep's first request got the 429; its second (Q) was not sent.
      expect(up.requests).toHaveLength(1);
      // Another job of the same source, 60 s later: nothing sent.
      clock += 60_000;
      const catchUp = await run(hubeauRattrapageJob({ baseUrl: base() }), gates);
      expect(catchUp.ok).toBe(false);
      expect(catchUp.error).toMatch(/pause/);
      expect(up.requests).toHaveLength(1);
      // Past the 120 s, requests leave again.
      clock += 61_000;
      const after = await run(hubeauObservationsJob({ baseUrl: base() }), gates);
      expect(after.ok).toBe(true);
      expect(up.requests.length).toBeGreaterThan(1);
    });
  }

  it('a short pause is waited for inside the request, then the request succeeds', async () => {
    const gates = sourceGates(() => clock);
    let n = 0;
    up.setHandler(() => (n++ === 0 ? { status: 503, headers: { 'retry-after': '1' } } : { body: empty }));
    up.requests.length = 0;
    const t0 = Date.now();
    const outcome = await run(hubeauObservationsJob({ baseUrl: base() }), gates);
    expect(outcome.ok).toBe(true);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(950);
    expect(up.requests).toHaveLength(3);
  });
});
