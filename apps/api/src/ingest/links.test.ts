/**
 * Upstream `next` links and HTTP redirects pinned to the configured base (docs/decisions/105, 136): a link or a
 * redirect to another host is refused and nothing is asked there (nor stored); a redirect under the base is followed;
 * a mirror keeps its base path on every page; `/api/health` shows the refusal as a French summary and a code, never
 * the addresses.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { HealthResponse } from '@limni/shared/contracts/health';
import { createTestApp, type TestContext } from '../../test/helpers';
import { fixtureJson, startUpstream, type Upstream, type UpstreamRequest } from '../../test/upstream';
import { IngestEvents } from './events';
import { pinNextLink, silentLogger, UpstreamError } from './http';
import { hubeauObservationsJob } from './jobs/hubeau-observations';
import { runJob } from './jobs/runner';
import { HUBEAU_PUBLIC_BASE, type ObservationTrInput } from './sources/hubeau';

interface Page {
  count: number;
  next: string | null;
  data: unknown[];
  [key: string]: unknown;
}
const REC_H = fixtureJson<Page & { data: ObservationTrInput[] }>(
  'hubeau/observations_tr_K447001001_H_2026-09-13.json',
);
const BLOIS = 'K447001001';

let ctx: TestContext;
let up: Upstream;
let foreign: Upstream;
const clock = Date.parse('2026-08-27T08:10:00Z');
const FAST = { timeoutMs: 300, retries: 1, backoffMs: 5 };

beforeAll(async () => {
  ctx = await createTestApp({ now: () => clock, env: { INGEST: 'live' } });
  up = await startUpstream();
  foreign = await startUpstream(() => ({ body: { count: 0, next: null, data: [] } }));
});
afterAll(async () => {
  await up.close();
  await foreign.close();
  await ctx.close();
});

const run = (baseUrl: string) =>
  runJob(hubeauObservationsJob({ baseUrl }), {
    db: ctx.db.db,
    events: new IngestEvents(),
    now: () => clock,
    log: silentLogger,
    http: FAST,
  });

/** Blois's first H page links to `next(r)`; its cursor page ends; every other request gets an empty page. */
function serve(next: (r: UpstreamRequest) => string) {
  up.setHandler((r) => {
    if (!r.path.endsWith('/observations_tr')) return { status: 404, body: { message: 'inconnu' } };
    const cursor = r.query.get('cursor');
    if (cursor) return { body: { ...REC_H, next: null } };
    const codes = r.query.get('code_entite');
    const blois = codes === null || codes.split(',').includes(BLOIS);
    if (blois && r.query.get('grandeur_hydro') === 'H') return { body: { ...REC_H, next: next(r) } };
    return { body: { count: 0, next: null, data: [] } };
  });
}

const health = async (query = '') => {
  const res = await ctx.request({ url: `/api/health${query}` });
  return { res, body: z.parse(HealthResponse, res.json()) };
};

describe('pinNextLink', () => {
  const base = 'http://127.0.0.1:9999/miroir/hubeau';
  it('keeps links under the base, moves Hub’Eau’s and the mirror’s own links under it', () => {
    expect(pinNextLink("Hub'Eau", `${base}/observations_tr?cursor=a`, base, HUBEAU_PUBLIC_BASE)).toBe(
      `${base}/observations_tr?cursor=a`,
    );
    expect(
      pinNextLink(
        "Hub'Eau",
        `${HUBEAU_PUBLIC_BASE}/observations_tr?cursor=b&size=2`,
        base,
        HUBEAU_PUBLIC_BASE,
      ),
    ).toBe(`${base}/observations_tr?cursor=b&size=2`);
    expect(
      pinNextLink(
        "Hub'Eau",
        'http://127.0.0.1:9999/api/v2/hydrometrie/observations_tr?cursor=c',
        base,
        HUBEAU_PUBLIC_BASE,
      ),
    ).toBe(`${base}/observations_tr?cursor=c`);
    expect(pinNextLink("Hub'Eau", 'observations_tr?cursor=d', base, HUBEAU_PUBLIC_BASE)).toBe(
      `${base}/observations_tr?cursor=d`,
    );
  });

  it('refuses another host, another scheme, credentials, a path outside the API', () => {
    for (const link of [
      'https://attaquant.example/api/v2/hydrometrie/observations_tr?cursor=x',
      'http://127.0.0.1:9998/miroir/hubeau/observations_tr',
      'https://127.0.0.1:9999/miroir/hubeau/observations_tr',
      'http://user:pw@127.0.0.1:9999/miroir/hubeau/observations_tr',
      'http://127.0.0.1:9999/admin',
      `${HUBEAU_PUBLIC_BASE.replace('hydrometrie', 'qualite_rivieres')}/x`,
      'file:///etc/passwd',
    ]) {
      let err: unknown;
      try {
        pinNextLink("Hub'Eau", link, base, HUBEAU_PUBLIC_BASE);
      } catch (e) {
        err = e;
      }
      expect(err, link).toBeInstanceOf(UpstreamError);
      expect((err as UpstreamError).kind, link).toBe('lien_refuse');
      expect((err as UpstreamError).transient, link).toBe(false);
    }
  });
});

describe('a next link to another host', () => {
  it('is refused: nothing asked there, the job fails with `lien_refuse`, page 1 is kept', async () => {
    serve(() => `${foreign.origin}/api/v2/hydrometrie/observations_tr?cursor=vole`);
    const outcome = await run(`${up.origin}/api/v2/hydrometrie`);
    expect(outcome.ok).toBe(false);
    expect(outcome.error).toMatch(/lien de page suivante refusé \(hôte 127\.0\.0\.1:\d+ différent/);
    expect(foreign.requests).toHaveLength(0);
    expect(outcome.counts.lectures_nouvelles).toBeGreaterThan(0);

    const { res, body } = await health();
    const job = body.ingestion.jobs.find((j) => j.job === 'hubeau-observations');
    expect(job).toMatchObject({ lastErrorCode: 'lien_refuse', consecutiveFailures: 1, enEchec: false });
    expect(job?.lastError).toMatch(
      /^Hub'Eau : un lien de page suivante menait hors de l’adresse configurée : refusé \(1 requête sur \d+ en échec\)$/,
    );
    expect(res.body).not.toContain(foreign.origin);
    expect(res.body).not.toContain(up.origin);
  });
});

describe('a mirror with its own base path', () => {
  it('keeps its base path on every page, whatever form the next link takes', async () => {
    const base = `${up.origin}/miroir/hubeau`;
    for (const next of [
      () => `${HUBEAU_PUBLIC_BASE}/observations_tr?code_entite=${BLOIS}&grandeur_hydro=H&cursor=p1&size=1`,
      () => `${up.origin}/api/v2/hydrometrie/observations_tr?code_entite=${BLOIS}&grandeur_hydro=H&cursor=p2`,
    ]) {
      serve(next);
      up.requests.length = 0;
      const outcome = await run(base);
      expect(outcome.error).toBeNull();
      const cursorRequests = up.requests.filter((r) => r.query.get('cursor'));
      expect(cursorRequests).toHaveLength(1);
      for (const r of up.requests) expect(r.path).toBe('/miroir/hubeau/observations_tr');
    }
  });
});

describe('an HTTP redirect', () => {
  it('to another host is refused: nothing asked there, nothing stored, the job fails with `redirection_refusee`', async () => {
    const before = await ctx.db.db
      .selectFrom('observation')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    up.setHandler((r) =>
      r.path.endsWith('/observations_tr')
        ? {
            status: 302,
            headers: {
              location: `${foreign.origin}/api/v2/hydrometrie/observations_tr${new URL(r.url).search}`,
            },
          }
        : { status: 404 },
    );
    foreign.requests.length = 0;
    const outcome = await run(`${up.origin}/api/v2/hydrometrie`);
    expect(outcome.ok).toBe(false);
    expect(outcome.error).toMatch(/redirection refusée \(HTTP 302 vers 127\.0\.0\.1:\d+/);
    expect(foreign.requests).toHaveLength(0);
    const after = await ctx.db.db
      .selectFrom('observation')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    const { res, body } = await health();
    const job = body.ingestion.jobs.find((j) => j.job === 'hubeau-observations');
    expect(job).toMatchObject({ lastErrorCode: 'redirection_refusee' });
    expect(job?.lastError).toMatch(
      /^Hub'Eau : une redirection menait hors de l’adresse configurée : refusée/,
    );
    expect(res.body).not.toContain(foreign.origin);
  });

  it('under the configured base is followed (a service that moved a path)', async () => {
    up.setHandler((r) => {
      if (r.path === '/ancien/api/v2/hydrometrie/observations_tr') {
        return {
          status: 302,
          headers: { location: `/api/v2/hydrometrie/observations_tr${new URL(r.url).search}` },
        };
      }
      if (r.path === '/api/v2/hydrometrie/observations_tr') {
        return {
          status: 301,
          headers: {
            location: `${up.origin}/api/v2/hydrometrie/observations_tr/suite${new URL(r.url).search}`,
          },
        };
      }
      if (r.path.endsWith('/observations_tr/suite')) return { body: { ...REC_H, count: 1, next: null } };
      return { status: 404 };
    });
    // The base moved under /api/v2/hydrometrie: a redirect from the old path to it is outside the old base…
    const refused = await run(`${up.origin}/ancien/api/v2/hydrometrie`);
    expect(refused.error).toMatch(/redirection refusée/);
    // …while redirects under the configured base are followed to the page.
    const outcome = await run(`${up.origin}/api/v2/hydrometrie`);
    expect(outcome.error).toBeNull();
    expect(outcome.counts.lignes_recues).toBeGreaterThan(0);
  });
});
