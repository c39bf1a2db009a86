/**
 * Hub'Eau ingestion against a local server on 127.0.0.1 serving the recorded answers (and pages built from the
 * recorded rows): the sweep of the whole network newest first, the series that move only to what their station
 * returned, the short catch-up of a series behind by more than an hour (docs/decisions/135); then faults: HTTP 500,
 * a timeout, malformed JSON, an empty page, a repeated page (cursor loop), 206 partial content, a changed field, a
 * renamed optional field. After each: no observation lost, none duplicated, the job status says what happened. Runs
 * on SQLite and PostgreSQL (real database copy of the demo dataset).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { HealthResponse } from '@limni/shared/contracts/health';
import { LieuDetail } from '@limni/shared/contracts/hydro';
import { createTestApp, type TestContext } from '../../test/helpers';
import {
  fixtureJson,
  startUpstream,
  type Upstream,
  type UpstreamReply,
  type UpstreamRequest,
} from '../../test/upstream';
import { IngestEvents, type ObservationsEvent } from './events';
import { isoSeconds, silentLogger } from './http';
import { hubeauObservationsJob, OBS_OVERLAP_MS, OBS_SWEEP_MS } from './jobs/hubeau-observations';
import { hubeauRattrapageJob } from './jobs/hubeau-rattrapage';
import { hubeauStationsJob } from './jobs/hubeau-stations';
import { readSeries, seriesKey } from './jobs/serie-hubeau.repo';
import { readIngestStatus, runJob, type IngestJob } from './jobs/runner';
import { normaliseObservations, ObservationsTrPage, type ObservationTrInput } from './sources/hubeau';

/** A Hub'Eau page as the tests build it (the recorded envelope, other rows). */
interface Page {
  count: number;
  next: string | null;
  data: unknown[];
  [key: string]: unknown;
}

const REC_H = fixtureJson<Page & { data: ObservationTrInput[] }>(
  'hubeau/observations_tr_K447001001_H_2026-09-13.json',
);
const REC_Q = fixtureJson<Page & { data: ObservationTrInput[] }>(
  'hubeau/observations_tr_K447001001_Q_2026-09-13.json',
);
const REC_SITE = fixtureJson<Page & { data: ObservationTrInput[] }>(
  'hubeau/observations_tr_site_K4470010_2026-09-13.json',
);
const REC_STATION = fixtureJson<Page & { data: Array<Record<string, unknown>> }>(
  'hubeau/referentiel_stations_K447001001_2026-09-13.json',
);
const BLOIS = 'K447001001';
/** Ids in the demo dataset, looked up once. */
let BLOIS_LIEU = 0;
let BLOIS_H = 0;
/** Requests of one observations run without a series behind: the sweeps of H and Q. */
const REQUESTS = 2;

let ctx: TestContext;
let up: Upstream;
let clock = Date.parse('2026-08-27T08:10:00Z');
let events: IngestEvents;
let received: ObservationsEvent[];
const FAST = { timeoutMs: 300, retries: 2, backoffMs: 5 };

beforeAll(async () => {
  ctx = await createTestApp({ now: () => clock });
  up = await startUpstream();
  const h = await ctx.db.db
    .selectFrom('capteur')
    .select(['id', 'lieu_id'])
    .where('code_station', '=', BLOIS)
    .where('grandeur', '=', 'H')
    .executeTakeFirstOrThrow();
  BLOIS_LIEU = h.lieu_id;
  BLOIS_H = h.id;
});
afterAll(async () => {
  await up.close();
  await ctx.close();
});
beforeEach(() => {
  events = new IngestEvents();
  received = [];
  events.on('observations', (e) => {
    received.push(e);
  });
});

const base = () => `${up.origin}/api/v2/hydrometrie`;
const obsJob = () => hubeauObservationsJob({ baseUrl: base() });
const run = (job: IngestJob) =>
  runJob(job, { db: ctx.db.db, events, now: () => clock, log: silentLogger, http: FAST });

const emptyPage = (r: UpstreamRequest): Page => ({ count: 0, next: null, data: [], ...{ first: r.url } });

/** Rows shaped like the recorded one, at other instants (mm for H, l/s for Q). */
function rowsLike(
  template: ObservationTrInput,
  from: string,
  n: number,
  stepMin: number,
  value: (i: number) => number,
) {
  const t0 = Date.parse(from);
  return Array.from({ length: n }, (_, i) => ({
    ...template,
    date_obs: isoSeconds(t0 + i * stepMin * 60_000),
    resultat_obs: value(i),
  }));
}

/** A request that asks for Blois: a sweep (no station codes: every station), or codes that include it. */
const asksBlois = (r: UpstreamRequest) => {
  const codes = r.query.get('code_entite');
  return codes === null || codes.split(',').includes(BLOIS);
};

/** Answers observations_tr: the scenario for Blois (H or Q), an empty page for every other station chunk. */
function hubeau(blois: (r: UpstreamRequest, grandeur: string) => UpstreamReply | null) {
  return (r: UpstreamRequest): UpstreamReply => {
    if (!r.path.endsWith('/observations_tr')) return { status: 404, body: { message: 'inconnu' } };
    const cursor = r.query.get('cursor');
    if (asksBlois(r) || cursor) {
      const reply = blois(r, r.query.get('grandeur_hydro') ?? '');
      if (reply) return reply;
    }
    return { body: emptyPage(r) };
  };
}

async function capteurRows(capteurId: number, from: number, to: number) {
  return ctx.db.db
    .selectFrom('observation')
    .select(['ts', 'valeur', 'statut', 'qualification'])
    .where('capteur_id', '=', capteurId)
    .where('ts', '>=', from)
    .where('ts', '<=', to)
    .orderBy('ts')
    .execute();
}

async function jobStatus(name: string) {
  const res = await ctx.request({ url: '/api/health' });
  const body = z.parse(HealthResponse, res.json());
  const job = body.ingestion.jobs.find((j) => j.job === name);
  expect(job).toBeDefined();
  return job as NonNullable<typeof job>;
}

async function blqCapteur() {
  return ctx.db.db
    .selectFrom('capteur')
    .selectAll()
    .where('lieu_id', '=', BLOIS_LIEU)
    .where('grandeur', '=', 'Q')
    .executeTakeFirst();
}

describe('normaliseObservations', () => {
  it('converts mm → m and l/s → m³/s and keeps UTC instants', () => {
    const h = normaliseObservations(ObservationsTrPage.parse(REC_H).data);
    expect(h.observations).toEqual([
      {
        codeStation: BLOIS,
        grandeur: 'H',
        ts: Date.parse('2026-08-27T08:00:00Z'),
        valeur: -1.232,
        statut: 12,
        qualification: 20,
      },
    ]);
    const q = normaliseObservations(ObservationsTrPage.parse(REC_Q).data);
    expect(q.observations.map((r) => [new Date(r.ts).toISOString(), r.valeur])).toEqual([
      ['2026-08-27T08:00:00.000Z', 47.8],
      ['2026-08-27T07:27:30.000Z', 47.8],
    ]);
  });

  it('drops the site-level duplicate (code_station null) of the recorded site answer', () => {
    const site = normaliseObservations(ObservationsTrPage.parse(REC_SITE).data);
    expect(REC_SITE.data).toHaveLength(2);
    expect(site.siteRows).toBe(1);
    expect(site.observations).toHaveLength(1);
    expect(site.observations[0]).toMatchObject({ codeStation: BLOIS, grandeur: 'Q', valeur: 47.8 });
  });
});

describe('hubeau-observations job', () => {
  it('reads H and Q of every known station in multi-code requests, follows next, converts units, creates the Q sensor', async () => {
    clock = Date.parse('2026-08-27T08:10:00Z');
    const page2H = rowsLike(
      REC_H.data[0] as ObservationTrInput,
      '2026-08-27T07:00:00Z',
      4,
      15,
      (i) => -1240 + i * 2,
    );
    up.setHandler(
      hubeau((r, g) => {
        if (g === 'H') {
          if (r.query.get('cursor')) return { body: { ...REC_H, count: 5, next: null, data: page2H } };
          return { body: REC_H };
        }
        if (g === 'Q') return { body: { ...REC_Q, next: null } };
        return null;
      }),
    );
    up.requests.length = 0;
    const outcome = await run(obsJob());
    expect(outcome.error).toBeNull();
    expect(outcome.ok).toBe(true);

    // One sweep of the whole network (no station codes) for H and for Q over the last 4 hours, newest first, and
    // the recorded cursor followed on the local server.
    const obsReqs = up.requests.filter((r) => r.path.endsWith('/observations_tr'));
    const firsts = obsReqs.filter((r) => !r.query.get('cursor'));
    expect(firsts).toHaveLength(2);
    for (const first of firsts) {
      expect(first.query.get('code_entite')).toBeNull();
      expect(first.query.get('sort')).toBe('desc');
      expect(first.query.get('date_debut_obs')).toBe(isoSeconds(clock - OBS_SWEEP_MS));
    }
    expect(new Set(obsReqs.map((r) => r.query.get('grandeur_hydro')))).toEqual(new Set(['H', 'Q']));
    const cursorReq = obsReqs.find((r) => r.query.get('cursor'));
    expect(cursorReq?.query.get('cursor')).toBe(new URL(REC_H.next as string).searchParams.get('cursor'));

    // H in m (recorded −1232 mm → −1.232 m), page 2 too.
    const h = await capteurRows(
      BLOIS_H,
      Date.parse('2026-08-27T00:00:00Z'),
      Date.parse('2026-08-28T00:00:00Z'),
    );
    expect(h.map((r) => [new Date(r.ts).toISOString(), r.valeur])).toEqual([
      ['2026-08-27T07:00:00.000Z', -1.24],
      ['2026-08-27T07:15:00.000Z', -1.238],
      ['2026-08-27T07:30:00.000Z', -1.236],
      ['2026-08-27T07:45:00.000Z', -1.234],
      ['2026-08-27T08:00:00.000Z', -1.232],
    ]);
    expect(h[4]).toMatchObject({ statut: 12, qualification: 20 });

    // The Q sensor was created on its first observation, in m³/s (47,800 l/s → 47.8 m³/s).
    const q = await blqCapteur();
    expect(q).toMatchObject({ unite: 'm³/s', source: 'hubeau', code_station: BLOIS, derniere_valeur: 47.8 });
    expect(q?.dernier_ts).toBe(Date.parse('2026-08-27T08:00:00Z'));
    expect(q?.premier_ts).toBe(Date.parse('2026-08-27T07:27:30Z'));
    const qRows = await capteurRows(q?.id ?? 0, 0, Number.MAX_SAFE_INTEGER);
    expect(qRows.map((r) => r.valeur)).toEqual([47.8, 47.8]);

    // The H sensor's cached state follows.
    const hc = await ctx.db.db
      .selectFrom('capteur')
      .selectAll()
      .where('id', '=', BLOIS_H)
      .executeTakeFirstOrThrow();
    expect(hc).toMatchObject({ derniere_valeur: -1.232, dernier_ts: Date.parse('2026-08-27T08:00:00Z') });
    expect(hc.premier_ts).toBe(Date.parse('2026-08-27T07:00:00Z'));
    expect(hc.pas_min).toBe(15);

    // Status and counts, through /api/health.
    const status = await jobStatus('hubeau-observations');
    expect(status.lastSuccess).toBe(clock);
    expect(status.lastError).toBeNull();
    expect(status.counts).toMatchObject({ lectures_nouvelles: 7, capteurs_crees: 1, requetes: REQUESTS });
    expect(status.counts.requetes_en_echec).toBeUndefined();
    expect(status.counts.doublons_site_ignores).toBe(0);

    // Listeners learn which sensors got which observations.
    expect(received).toHaveLength(1);
    const e = received[0] as ObservationsEvent;
    expect(e).toMatchObject({ type: 'observations', origin: 'live', source: 'hubeau' });
    expect(e.sensors).toEqual([
      {
        capteurId: BLOIS_H,
        lieuId: BLOIS_LIEU,
        grandeur: 'H',
        codeStation: BLOIS,
        nouvelles: 5,
        modifiees: 0,
        from: Date.parse('2026-08-27T07:00:00Z'),
        to: Date.parse('2026-08-27T08:00:00Z'),
      },
      expect.objectContaining({ capteurId: q?.id, lieuId: BLOIS_LIEU, grandeur: 'Q', nouvelles: 2 }),
    ]);
  });

  it('a station never read is current but its series waits for the catch-up; then the sweep keeps it and writes nothing twice', async () => {
    // The sweep stored Blois's readings, but its series did not move: the days before the window are unread.
    expect((await readSeries(ctx.db.db)).get(seriesKey(BLOIS, 'H'))).toBeUndefined();
    // The catch-up job reads it from 29 days back and moves the series to the latest reading it returned.
    const caught = await run(hubeauRattrapageJob({ baseUrl: base() }));
    expect(caught.ok).toBe(true);
    const series = await readSeries(ctx.db.db);
    expect(series.get(seriesKey(BLOIS, 'H'))).toBe(Date.parse('2026-08-27T08:00:00Z'));
    expect(series.get(seriesKey(BLOIS, 'Q'))).toBe(Date.parse('2026-08-27T08:00:00Z'));

    clock += 10 * 60_000;
    up.requests.length = 0;
    received.length = 0;
    const before = await capteurRows(BLOIS_H, 0, Number.MAX_SAFE_INTEGER);
    const outcome = await run(obsJob());
    expect(outcome.ok).toBe(true);
    // Covered by the sweep (latest reading within the hour): no request of its own.
    expect(up.requests.filter((r) => r.query.get('code_entite') !== null && !r.query.get('cursor'))).toEqual(
      [],
    );
    expect(outcome.counts).toMatchObject({
      lectures_inchangees: 7,
      lectures_nouvelles: 0,
      lectures_modifiees: 0,
      series_a_jour: 2,
    });
    expect(await capteurRows(BLOIS_H, 0, Number.MAX_SAFE_INTEGER)).toEqual(before);
    expect(received).toHaveLength(0);
  });

  it('a series behind by more than an hour is asked from its latest reading minus 3 hours, in a request of its own', async () => {
    clock = Date.parse('2026-08-27T09:30:00Z');
    up.requests.length = 0;
    const outcome = await run(obsJob());
    expect(outcome.ok).toBe(true);
    const catchUp = up.requests.filter(
      (r) => !r.query.get('cursor') && r.query.get('code_entite')?.split(',').includes(BLOIS),
    );
    expect(catchUp.map((r) => r.query.get('grandeur_hydro')).sort()).toEqual(['H', 'Q']);
    const since = Math.floor((Date.parse('2026-08-27T08:00:00Z') - OBS_OVERLAP_MS) / 60_000) * 60_000;
    for (const r of catchUp) {
      expect(r.query.get('date_debut_obs')).toBe(isoSeconds(since));
      expect(r.query.get('sort')).toBe('asc');
    }
    expect(outcome.counts).toMatchObject({ series_en_retard: 2, lectures_nouvelles: 0 });
  });

  it('stores a value corrected upstream and reports it as modified', async () => {
    clock += 10 * 60_000;
    up.setHandler(
      hubeau((r, g) =>
        g === 'H'
          ? { body: { ...REC_H, next: null, data: [{ ...REC_H.data[0], resultat_obs: -1229 }] } }
          : null,
      ),
    );
    const outcome = await run(obsJob());
    expect(outcome.counts).toMatchObject({ lectures_modifiees: 1 });
    const [row] = await capteurRows(
      BLOIS_H,
      Date.parse('2026-08-27T08:00:00Z'),
      Date.parse('2026-08-27T08:00:00Z'),
    );
    expect(row?.valeur).toBe(-1.229);
    const hc = await ctx.db.db
      .selectFrom('capteur')
      .select('derniere_valeur')
      .where('id', '=', BLOIS_H)
      .executeTakeFirst();
    expect(hc?.derniere_valeur).toBe(-1.229);
    expect(received[0]?.sensors).toEqual([
      expect.objectContaining({ capteurId: BLOIS_H, nouvelles: 0, modifiees: 1 }),
    ]);
  });

  it('drops site-level duplicates when a site code answers (recorded observations_tr_site_K4470010)', async () => {
    clock += 10 * 60_000;
    const siteDay = rowsLike(
      REC_SITE.data[0] as ObservationTrInput,
      '2026-08-27T09:00:00Z',
      2,
      30,
      () => 48000,
    );
    const withNulls = siteDay.flatMap((r) => [r, { ...r, code_station: null }]);
    up.setHandler(
      hubeau((_r, g) =>
        g === 'Q'
          ? { body: { ...REC_SITE, count: 4 + 2, next: null, data: [...REC_SITE.data, ...withNulls] } }
          : null,
      ),
    );
    const outcome = await run(obsJob());
    // The sweep and the catch-up of Blois's flow series (behind by more than an hour) both read the page: its
    // three site rows are dropped twice, its new readings stored once.
    expect(outcome.counts).toMatchObject({
      doublons_site_ignores: 6,
      lectures_nouvelles: 2,
      lectures_inchangees: 4,
    });
    const q = await blqCapteur();
    const rows = await capteurRows(
      q?.id ?? 0,
      Date.parse('2026-08-27T09:00:00Z'),
      Date.parse('2026-08-27T09:30:00Z'),
    );
    expect(rows.map((r) => r.valeur)).toEqual([48, 48]);
  });
});

/** A day of Blois H observations (mm), served in pages of `perPage` with cursors `p1`, `p2`… on the local server. */
function paged(day: string, n: number, perPage: number) {
  const rows = rowsLike(REC_H.data[0] as ObservationTrInput, `${day}T00:00:00Z`, n, 10, (i) => 1000 + i);
  const pages = Array.from({ length: Math.ceil(n / perPage) }, (_, i) =>
    rows.slice(i * perPage, (i + 1) * perPage),
  );
  const link = (i: number) =>
    `https://hubeau.eaufrance.fr/api/v2/hydrometrie/observations_tr?code_entite=${BLOIS}&grandeur_hydro=H&cursor=p${i}&size=${perPage}`;
  const page = (i: number, next: string | null): Page => ({ ...REC_H, count: n, next, data: pages[i] ?? [] });
  const index = (r: UpstreamRequest) => Number((r.query.get('cursor') ?? 'p0').slice(1));
  return {
    rows,
    pages,
    link,
    page,
    index,
    from: Date.parse(`${day}T00:00:00Z`),
    to: Date.parse(`${day}T23:59:59Z`),
  };
}

describe('hubeau-observations faults: nothing lost, nothing duplicated, the status says what happened', () => {
  const good = (p: ReturnType<typeof paged>) =>
    hubeau((r, g) => {
      if (g !== 'H') return null;
      const i = p.index(r);
      return { body: p.page(i, i + 1 < p.pages.length ? p.link(i + 1) : null) };
    });

  async function recoverAndCheck(p: ReturnType<typeof paged>) {
    clock += 10 * 60_000;
    up.setHandler(good(p));
    const outcome = await run(obsJob());
    expect(outcome.ok).toBe(true);
    const rows = await capteurRows(BLOIS_H, p.from, p.to);
    expect(rows.map((r) => r.ts)).toEqual(p.rows.map((r) => Date.parse(r.date_obs)));
    expect(rows.map((r) => r.valeur)).toEqual(p.rows.map((r) => r.resultat_obs / 1000));
    const status = await jobStatus('hubeau-observations');
    expect(status.lastSuccess).toBe(clock);
    return outcome;
  }

  it('HTTP 500 (persisting): error recorded, checkpoint kept, the next run fetches the missed window', async () => {
    clock = Date.parse('2026-09-01T12:00:00Z');
    const p = paged('2026-09-01', 30, 10);
    up.setHandler(hubeau((_r, g) => (g === 'H' ? { status: 500, body: 'Internal Server Error' } : null)));
    up.requests.length = 0;
    const failed = await run(obsJob());
    expect(failed.ok).toBe(false);
    expect(failed.error).toMatch(
      new RegExp(`^1 requête sur ${REQUESTS} en échec ; première : Hub'Eau : HTTP 500`),
    );
    expect(failed.counts).toMatchObject({ requetes_en_echec: 1, nouveaux_essais: 2 });
    const status = await jobStatus('hubeau-observations');
    expect(status.lastError).toMatch(/HTTP 500/);
    expect(status.lastErrorAt).toBe(clock);
    expect(await capteurRows(BLOIS_H, p.from, p.to)).toEqual([]);
    const seriesBefore = (await readSeries(ctx.db.db)).get(seriesKey(BLOIS, 'H'));

    up.requests.length = 0;
    const ok = await recoverAndCheck(p);
    expect(ok.counts.lectures_nouvelles).toBe(30);
    // The failed request moved no series: the station is asked again from where it was.
    expect(seriesBefore).toBe(Date.parse('2026-08-27T08:00:00Z'));
    const after = await jobStatus('hubeau-observations');
    expect(after.lastError).toMatch(/HTTP 500/);
    expect(after.lastSuccess).toBeGreaterThan(after.lastErrorAt ?? 0);
  });

  it('HTTP 500 once: retried with backoff within the run', async () => {
    clock = Date.parse('2026-09-02T12:00:00Z');
    const p = paged('2026-09-02', 12, 5);
    let failures = 0;
    const inner = good(p);
    up.setHandler((r) => {
      if (asksBlois(r) && r.query.get('grandeur_hydro') === 'H' && failures++ === 0) {
        return { status: 503 };
      }
      return inner(r);
    });
    const outcome = await run(obsJob());
    expect(outcome.ok).toBe(true);
    expect(outcome.counts).toMatchObject({ nouveaux_essais: 1, lectures_nouvelles: 12, pages: REQUESTS + 2 });
    expect((await capteurRows(BLOIS_H, p.from, p.to)).length).toBe(12);
  });

  it('a timeout: aborted after the configured delay, error recorded, then recovered', async () => {
    clock = Date.parse('2026-09-03T12:00:00Z');
    const p = paged('2026-09-03', 20, 10);
    const inner = good(p);
    up.setHandler((r) => {
      const reply = inner(r);
      return asksBlois(r) && r.query.get('grandeur_hydro') === 'H' ? { ...reply, delayMs: 1_000 } : reply;
    });
    const failed = await run(obsJob());
    expect(failed.ok).toBe(false);
    expect(failed.error).toMatch(/pas de réponse en 0,3 s/);
    expect(await capteurRows(BLOIS_H, p.from, p.to)).toEqual([]);
    await recoverAndCheck(p);
  });

  it('malformed JSON: nothing of the page is stored, error recorded, then recovered', async () => {
    clock = Date.parse('2026-09-04T12:00:00Z');
    const p = paged('2026-09-04', 20, 10);
    const inner = good(p);
    up.setHandler((r) => {
      if (r.query.get('cursor') === 'p1') {
        return { body: '{"count": 20, "next": null, "data": [{"code_station": "K4470' };
      }
      return inner(r);
    });
    const failed = await run(obsJob());
    expect(failed.ok).toBe(false);
    expect(failed.error).toMatch(/JSON illisible/);
    // Page 1 was valid and is kept; page 2 was not stored.
    expect((await capteurRows(BLOIS_H, p.from, p.to)).length).toBe(10);
    const ok = await recoverAndCheck(p);
    expect(ok.counts).toMatchObject({ lectures_nouvelles: 10, lectures_inchangees: 10 });
  });

  it('an empty page in the middle of the paging: followed, nothing lost', async () => {
    clock = Date.parse('2026-09-05T12:00:00Z');
    const p = paged('2026-09-05', 20, 10);
    // p0 (10 rows) → p1 (empty) → p2 (10 rows) → end.
    const pages = [p.pages[0], [], p.pages[1]];
    up.setHandler(
      hubeau((r, g) => {
        if (g !== 'H') return null;
        const i = p.index(r);
        return { body: { ...REC_H, count: 20, next: i < 2 ? p.link(i + 1) : null, data: pages[i] ?? [] } };
      }),
    );
    const outcome = await run(obsJob());
    expect(outcome.ok).toBe(true);
    // Every request but Blois's H one answers one empty page; Blois's paging has one in the middle.
    expect(outcome.counts).toMatchObject({ pages_vides: REQUESTS - 1 + 1, lectures_nouvelles: 20 });
    expect((await capteurRows(BLOIS_H, p.from, p.to)).length).toBe(20);
  });

  it('a page repeated (cursor loop): stopped, observations stored once, error recorded, then recovered', async () => {
    clock = Date.parse('2026-09-06T12:00:00Z');
    const p = paged('2026-09-06', 30, 10);
    // p0 → p1 → p0 again: a loop.
    up.setHandler(
      hubeau((r, g) => {
        if (g !== 'H') return null;
        const i = p.index(r);
        return { body: p.page(i, p.link(i === 0 ? 1 : 0)) };
      }),
    );
    const failed = await run(obsJob());
    expect(failed.ok).toBe(false);
    expect(failed.error).toMatch(/boucle de pagination/);
    const partial = await capteurRows(BLOIS_H, p.from, p.to);
    expect(partial.length).toBe(20);
    expect(new Set(partial.map((r) => r.ts)).size).toBe(20);
    const ok = await recoverAndCheck(p);
    expect(ok.counts).toMatchObject({ lectures_nouvelles: 10, lectures_inchangees: 20 });
  });

  it('206 Partial Content is a success: the paging goes on', async () => {
    clock = Date.parse('2026-09-07T12:00:00Z');
    const p = paged('2026-09-07', 15, 10);
    const inner = good(p);
    up.setHandler((r) => {
      const reply = inner(r);
      return r.query.get('grandeur_hydro') === 'H' && asksBlois(r) && !r.query.get('cursor')
        ? { ...reply, status: 206, headers: { link: `<${p.link(1)}>; rel="next"` } }
        : reply;
    });
    const outcome = await run(obsJob());
    expect(outcome.ok).toBe(true);
    expect(outcome.counts).toMatchObject({ pages_206: 1, lectures_nouvelles: 15 });
    expect((await capteurRows(BLOIS_H, p.from, p.to)).length).toBe(15);
  });

  it('a changed field fails loudly and leaves stored data untouched', async () => {
    clock = Date.parse('2026-09-08T12:00:00Z');
    const before = await capteurRows(BLOIS_H, 0, Number.MAX_SAFE_INTEGER);
    const renamed = rowsLike(
      REC_H.data[0] as ObservationTrInput,
      '2026-09-07T00:00:00Z',
      3,
      10,
      () => 5000,
    ).map(({ resultat_obs, ...r }) => ({ ...r, resultat_obs_mm: resultat_obs }));
    const logged: string[] = [];
    up.setHandler(hubeau((_r, g) => (g === 'H' ? { body: { ...REC_H, next: null, data: renamed } } : null)));
    const outcome = await runJob(obsJob(), {
      db: ctx.db.db,
      events,
      now: () => clock,
      log: { ...silentLogger, error: (_o, msg) => logged.push(msg ?? '') },
      http: FAST,
    });
    expect(outcome.ok).toBe(false);
    expect(outcome.error).toMatch(/réponse inattendue pour observations_tr \(data\.0\.resultat_obs : /);
    expect(logged.some((m) => m.includes('schéma non respecté'))).toBe(true);
    expect(await capteurRows(BLOIS_H, 0, Number.MAX_SAFE_INTEGER)).toEqual(before);
  });

  it('an optional field renamed upstream is a schema warning: the stored status is kept, nothing is reported modified', async () => {
    clock = Date.parse('2026-09-09T12:00:00Z');
    const p = paged('2026-09-09', 6, 10);
    up.setHandler(good(p));
    expect((await run(obsJob())).counts.lectures_nouvelles).toBe(6);
    const stored = await capteurRows(BLOIS_H, p.from, p.to);
    expect(new Set(stored.map((r) => r.statut))).toEqual(new Set([REC_H.data[0]?.code_statut]));
    // Same readings, `code_statut` renamed `statut_code`.
    const renamed = p.rows.map(({ code_statut, ...r }) => ({ ...r, statut_code: code_statut }));
    up.setHandler(
      hubeau((_r, g) => (g === 'H' ? { body: { ...REC_H, count: 6, next: null, data: renamed } } : null)),
    );
    clock += 10 * 60_000;
    const outcome = await run(obsJob());
    expect(outcome.ok).toBe(true);
    expect(outcome.counts).toMatchObject({ lectures_inchangees: 6 });
    expect(outcome.counts.lectures_modifiees ?? 0).toBe(0);
    expect(await capteurRows(BLOIS_H, p.from, p.to)).toEqual(stored);
    const status = await jobStatus('hubeau-observations');
    expect(status.avertissements).toEqual([
      expect.objectContaining({
        code: 'champ_absent_code_statut',
        message: expect.stringMatching(/code_statut/),
      }),
    ]);
  });
});

describe('hubeau-stations job (daily catalogue, page + size)', () => {
  it('keeps in-service state and gauge-zero altitude of known stations, counts unknown ones', async () => {
    const station = REC_STATION.data[0] as Record<string, unknown>;
    const other = { ...station, code_station: 'Z999999999', libelle_station: 'Station inconnue' };
    const asked: number[] = [];
    up.setHandler((r) => {
      if (!r.path.endsWith('/referentiel/stations')) return { status: 404 };
      const page = Number(r.query.get('page'));
      asked.push(page);
      const next = page < 2 ? r.url.replace(`page=${page}`, `page=${page + 1}`) : null;
      return { body: { ...REC_STATION, count: 2, next, data: page === 1 ? [station] : [other] } };
    });
    const outcome = await run(hubeauStationsJob({ baseUrl: base(), pageSize: 1 }));
    expect(outcome.error).toBeNull();
    expect(asked).toEqual([1, 2]);
    expect(outcome.counts).toMatchObject({
      stations_catalogue: 2,
      stations_connues: 1,
      stations_inconnues: 1,
      lieux_crees: 1,
    });
    const lieu = await ctx.db.db
      .selectFrom('lieu')
      .select(['altitude_zero', 'station_mesure_ok'])
      .where('id', '=', BLOIS_LIEU)
      .executeTakeFirst();
    expect(lieu).toEqual({ altitude_zero: 65.973, station_mesure_ok: 1 });
    const jobs = await readIngestStatus(ctx.db.db);
    expect(jobs.map((j) => j.job)).toEqual(
      expect.arrayContaining(['hubeau-observations', 'hubeau-stations']),
    );
  });
});

describe('hubeau-stations job: stations unknown to Limni become places of their river', () => {
  it('matches the river by Sandre code, else by name, else creates it; a station without river is only counted; a second run creates nothing', async () => {
    const station = REC_STATION.data[0] as Record<string, unknown>;
    const entityOf = async (code: string) =>
      await ctx.db.db
        .selectFrom('lieu')
        .innerJoin('entite', 'entite.id', 'lieu.entite_id')
        .select(['entite.id', 'entite.nom', 'entite.bassin_slug'])
        .where('lieu.code_station', '=', code)
        .executeTakeFirstOrThrow();
    const loire = await entityOf(BLOIS);
    const loing = await entityOf('F439000101');
    const newcomers = [
      // Same Sandre river code as Blois (----0000).
      { ...station, code_station: 'K447001099', libelle_station: 'La Loire à Essai-Aval' },
      // No river code, the Loing's name as Hub'Eau writes it.
      {
        ...station,
        code_station: 'F439000199',
        code_site: 'F4390001',
        libelle_station: 'Le Loing à Essai',
        code_cours_eau: null,
        libelle_cours_eau: 'le Loing',
        code_departement: '77',
        libelle_commune: 'EPISY',
      },
      // A river Limni does not have.
      {
        ...station,
        code_station: 'K999999902',
        libelle_station: 'La Rivière Inventée à Essai',
        code_cours_eau: 'K9990000',
        libelle_cours_eau: 'rivière inventée, la',
      },
      // No river name, or out of service: counted, not placed.
      { ...station, code_station: 'K999999903', libelle_cours_eau: null, code_cours_eau: null },
      { ...station, code_station: 'K447001098', en_service: false },
    ];
    up.setHandler((r) =>
      r.path.endsWith('/referentiel/stations')
        ? { body: { ...REC_STATION, count: newcomers.length, next: null, data: newcomers } }
        : { status: 404 },
    );
    const outcome = await run(hubeauStationsJob({ baseUrl: base() }));
    expect(outcome.error).toBeNull();
    expect(outcome.counts).toMatchObject({
      stations_inconnues: 5,
      lieux_crees: 3,
      cours_eau_crees: 1,
      stations_non_placees_sans_cours_eau: 1,
      stations_non_placees_hors_service: 1,
    });
    expect((await entityOf('K447001099')).id).toBe(loire.id);
    expect((await entityOf('F439000199')).id).toBe(loing.id);
    const created = await entityOf('K999999902');
    expect(created.id).not.toBe(loire.id);
    expect(created).toMatchObject({ nom: 'La Rivière inventée', bassin_slug: loire.bassin_slug });
    const lieux = await ctx.db.db
      .selectFrom('lieu')
      .select([
        'code_station',
        'nom',
        'libelle',
        'station_mesure_ok',
        'commune',
        'departement_code',
        'lat_gps',
        'source',
      ])
      .where('code_station', 'in', ['K447001099', 'F439000199', 'K999999902', 'K999999903', 'K447001098'])
      .orderBy('code_station')
      .execute();
    expect(lieux).toEqual([
      {
        code_station: 'F439000199',
        nom: 'Essai',
        libelle: 'Le Loing à Essai',
        station_mesure_ok: 1,
        commune: 'Episy',
        departement_code: '77',
        lat_gps: station.latitude_station,
        source: 'hubeau',
      },
      expect.objectContaining({
        code_station: 'K447001099',
        nom: 'Essai-Aval',
        station_mesure_ok: 1,
        commune: 'Blois',
      }),
      expect.objectContaining({ code_station: 'K999999902', nom: 'Essai', departement_code: '41' }),
    ]);

    const again = await run(hubeauStationsJob({ baseUrl: base() }));
    expect(again.counts).toMatchObject({ stations_connues: 3, stations_inconnues: 2 });
    expect(again.counts.lieux_crees ?? 0).toBe(0);
    expect(again.counts.cours_eau_crees ?? 0).toBe(0);
  });
});

describe('hubeau-stations job: why a station stopped', () => {
  it('out of service, then absent from a complete catalogue: no more polled, the place says why and since when', async () => {
    const station = REC_STATION.data[0] as Record<string, unknown>;
    const detail = async () =>
      z.parse(LieuDetail, (await ctx.request({ url: `/api/hydro/lieu/${BLOIS_LIEU}` })).json());
    clock = Date.parse('2026-10-01T03:17:00Z');
    up.setHandler((r) =>
      r.path.endsWith('/referentiel/stations')
        ? { body: { ...REC_STATION, count: 1, next: null, data: [{ ...station, en_service: false }] } }
        : { status: 404 },
    );
    const out = await run(hubeauStationsJob({ baseUrl: base() }));
    expect(out.counts).toMatchObject({ stations_hors_service: 1 });
    expect(await detail()).toMatchObject({
      station_mesure_ok: false,
      station_arret: { motif: 'hors_service', depuis: clock },
    });
    // Its readings are no longer kept by the sweep.
    up.setHandler(hubeau((_r, g) => (g === 'H' ? { body: { ...REC_H, next: null } } : null)));
    const sweep = await run(obsJob());
    expect(sweep.counts.lectures_hors_service_ou_inconnues).toBeGreaterThan(0);

    // Back in service, then a complete catalogue without it.
    const since = clock;
    clock += 86_400_000;
    up.setHandler((r) =>
      r.path.endsWith('/referentiel/stations')
        ? { body: { ...REC_STATION, count: 1, next: null, data: [{ ...station, en_service: true }] } }
        : { status: 404 },
    );
    await run(hubeauStationsJob({ baseUrl: base() }));
    expect(await detail()).toMatchObject({ station_mesure_ok: true, station_arret: null });
    clock += 86_400_000;
    const other = { ...station, code_station: 'K447001098' };
    up.setHandler((r) =>
      r.path.endsWith('/referentiel/stations')
        ? { body: { ...REC_STATION, count: 1, next: null, data: [other] } }
        : { status: 404 },
    );
    const absent = await run(hubeauStationsJob({ baseUrl: base() }));
    expect(absent.counts.stations_absentes_du_catalogue).toBeGreaterThan(0);
    expect(await detail()).toMatchObject({
      station_mesure_ok: false,
      station_arret: { motif: 'absente_du_catalogue', depuis: clock },
    });
    expect(since).toBeLessThan(clock);
    // Seen again the next day: in service again.
    clock += 86_400_000;
    up.setHandler((r) =>
      r.path.endsWith('/referentiel/stations')
        ? { body: { ...REC_STATION, count: 1, next: null, data: [station] } }
        : { status: 404 },
    );
    await run(hubeauStationsJob({ baseUrl: base() }));
    expect(await detail()).toMatchObject({ station_mesure_ok: true, station_arret: null });
  });
});
