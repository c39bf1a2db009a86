/**
 * The `obs_elab` backfill (docs/decisions/092) against a local server serving the fixture pages of the Loing at
 * Épisy (F439000101, real daily flows around the June 2016 flood, built from `seed-data/history_daily.csv.gz` in
 * Hub'Eau's recorded shape: cursor `next`, a 206 first page, an empty page in the middle) and the recorded empty
 * answer. A first run backfills across the pages and writes the archive; a second writes nothing new; a run stopped
 * midway (aborted, or a fault: HTTP 500, timeout, malformed JSON) resumes from its checkpoint in the database and
 * ends with the same archive. Runs on SQLite and PostgreSQL.
 */
import { gunzipSync } from 'node:zlib';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@limni/shared/domain/time';
import { createTestApp, type TestContext } from '../../test/helpers';
import {
  cursorOf,
  ELAB_DAYS,
  ELAB_EMPTY,
  ELAB_PAGES,
  elabAnswer,
  LOING,
  type ElabPage,
  type Fault,
} from '../../test/hubeau-pages';
import { startUpstream, type Upstream, type UpstreamReply, type UpstreamRequest } from '../../test/upstream';
import { IngestEvents } from './events';
import { pacer, silentLogger } from './http';
import { recomputeClimatology } from '../data/climatologie';
import { archiveOrigin } from '../seed/steps/archive';
import { HUBEAU_ELAB_ORIGIN, hubeauElabJob, weekStart, type HubeauElabOptions } from './jobs/hubeau-elab';
import { runJob } from './jobs/runner';

const PAGES = ELAB_PAGES;
const EMPTY = ELAB_EMPTY;
const EXPECTED = ELAB_DAYS;

let ctx: TestContext;
let up: Upstream;
let clock = Date.parse('2016-06-20T08:00:00Z');
let loingQ = 0;
const FAST = { timeoutMs: 300, retries: 2, backoffMs: 5 };

beforeAll(async () => {
  ctx = await createTestApp({ now: () => clock });
  up = await startUpstream();
  const q = await ctx.db.db
    .selectFrom('capteur')
    .innerJoin('lieu', 'lieu.id', 'capteur.lieu_id')
    .select('capteur.id')
    .where('lieu.code_station', '=', LOING)
    .where('capteur.grandeur', '=', 'Q')
    .executeTakeFirstOrThrow();
  loingQ = q.id;
  await forgetLoing();
});
afterAll(async () => {
  await up.close();
  await ctx.close();
});

/** A live database without the embedded history of the Loing: no archive, no climatology, no backfill standing. */
async function forgetLoing() {
  await ctx.db.db.deleteFrom('archive_jour').where('capteur_id', '=', loingQ).execute();
  await ctx.db.db.deleteFrom('climatologie').where('capteur_id', '=', loingQ).execute();
  await ctx.db.db.deleteFrom('climatologie_capteur').where('capteur_id', '=', loingQ).execute();
  await ctx.db.db.deleteFrom('hubeau_elab_reprise').where('code_station', '=', LOING).execute();
}

const base = () => `${up.origin}/api/v2/hydrometrie`;
const job = (over: Partial<HubeauElabOptions> = {}) =>
  hubeauElabJob({ baseUrl: base(), perMinute: 600_000, ...over });
const run = (j = job(), signal?: AbortSignal) =>
  runJob(j, {
    db: ctx.db.db,
    events: new IngestEvents(),
    now: () => clock,
    log: silentLogger,
    http: FAST,
    signal,
  });

const hubeau =
  (fault: Fault = () => null) =>
  (r: UpstreamRequest): UpstreamReply =>
    r.path.endsWith('/obs_elab') ? elabAnswer(r, fault) : { status: 404, body: { message: 'inconnu' } };

async function archive() {
  const rows = await ctx.db.db
    .selectFrom('archive_jour')
    .select(['jour', 'moyenne', 'source', 'n'])
    .where('capteur_id', '=', loingQ)
    .orderBy('jour')
    .execute();
  return rows;
}

async function standing() {
  return ctx.db.db
    .selectFrom('hubeau_elab_reprise')
    .select(['dernier_jour', 'historique_complet'])
    .where('code_station', '=', LOING)
    .where('grandeur', '=', 'QmnJ')
    .executeTakeFirst();
}

const loingRequests = () =>
  up.requests.filter(
    (r) =>
      r.query.get('grandeur_hydro_elab') === 'QmnJ' &&
      ((r.query.get('code_entite') ?? '').split(',').includes(LOING) || r.query.get('cursor')),
  );

describe('fixture provenance', () => {
  it('the fixture pages hold the real daily flows of the embedded history (l/s = m³/s × 1000)', () => {
    const csv = gunzipSync(
      fs.readFileSync(path.resolve(import.meta.dirname, '../../seed-data/history_daily.csv.gz')),
    ).toString('utf8');
    const byDay = new Map(
      csv
        .split('\n')
        .filter((l) => l.startsWith(`${LOING},`))
        .map((l) => l.split(','))
        .map((c) => [c[1] as string, Number(c[2])]),
    );
    expect(EXPECTED.length).toBe(30);
    for (const d of EXPECTED) expect(d.moyenne).toBeCloseTo(byDay.get(d.jour) as number, 9);
    // The flood of June 2016 is inside: its peak is the largest value served.
    const peak = EXPECTED.reduce((a, b) => (b.moyenne > a.moyenne ? b : a));
    expect(peak.moyenne).toBe(Math.max(...[...byDay.values()]));
  });
});

describe('hubeau-elab job', () => {
  it('backfills QmnJ from the start of the record across pages (206, empty page, cursor next), writes the archive, refreshes the climatology, at the configured pace', async () => {
    up.setHandler(hubeau());
    up.requests.length = 0;
    const perMinute = 1_200;
    const started = performance.now();
    const outcome = await run(job({ perMinute }));
    const elapsed = performance.now() - started;
    expect(outcome.error).toBeNull();

    // The Loing: asked from the start of the record (no date), then by the fixture cursors, verbatim.
    const asked = loingRequests();
    expect(asked[0]?.query.get('date_debut_obs_elab')).toBeNull();
    expect(asked.slice(1).map((r) => r.query.get('cursor'))).toEqual(
      PAGES.slice(0, -1).map((p) => cursorOf(p.next)),
    );
    expect(outcome.counts).toMatchObject({
      pages_206: 1,
      jours_nouveaux: EXPECTED.length,
      jours_modifies: 0,
    });
    // One empty page in the Loing's paging, plus every QIXnJ and other-station answer (recorded empty page).
    // Counted per distinct request: on a loaded machine the client may time out and ask a page again.
    const distinct = new Set(up.requests.map((r) => r.url)).size;
    expect(outcome.counts.pages_vides).toBe(distinct - (PAGES.length - 1));

    expect(await archive()).toEqual(
      EXPECTED.map((d) => ({ jour: d.jour, moyenne: d.moyenne, source: 'hubeau-elab', n: null })),
    );
    expect(await standing()).toEqual({ dernier_jour: EXPECTED.at(-1)?.jour, historique_complet: 1 });

    // The climatology follows the archive (30 days: no band, and it says why).
    const clim = await ctx.db.db
      .selectFrom('climatologie_capteur')
      .select(['nb_jours', 'premier_jour', 'dernier_jour', 'record_max', 'record_max_jour', 'raison'])
      .where('capteur_id', '=', loingQ)
      .executeTakeFirstOrThrow();
    const peak = EXPECTED.reduce((a, b) => (b.moyenne > a.moyenne ? b : a));
    expect(clim).toMatchObject({
      nb_jours: EXPECTED.length,
      premier_jour: EXPECTED[0]?.jour,
      dernier_jour: EXPECTED.at(-1)?.jour,
      record_max: peak.moyenne,
      record_max_jour: peak.jour,
    });
    expect(clim.raison).toBeTruthy();
    const origin = await ctx.db.db
      .selectFrom('climatologie_capteur')
      .select('origine')
      .where('capteur_id', '=', loingQ)
      .executeTakeFirstOrThrow();
    expect(origin.origine).toBe(HUBEAU_ELAB_ORIGIN);

    // Paced: requests left at most `perMinute` a minute, evenly spaced.
    expect(elapsed).toBeGreaterThanOrEqual(((up.requests.length - 1) * 60_000) / perMinute - 5);
  });

  it('a second run writes nothing new: the Loing is asked again from a Monday 10 days or more before its last day', async () => {
    clock += 86_400_000;
    const before = await archive();
    up.requests.length = 0;
    const outcome = await run();
    expect(outcome.error).toBeNull();
    expect(outcome.counts).toMatchObject({ jours_nouveaux: 0, jours_modifies: 0 });
    const since = loingRequests()[0]?.query.get('date_debut_obs_elab') ?? '';
    const last = EXPECTED.at(-1)?.jour as string;
    expect(new Date(`${since}T00:00:00Z`).getUTCDay()).toBe(1);
    expect(since <= addDays(last, -10) && since > addDays(last, -17)).toBe(true);
    expect(outcome.counts.jours_inchanges).toBe(EXPECTED.filter((d) => d.jour >= since).length);
    expect(await archive()).toEqual(before);
  });

  it('a run aborted after page 2 resumes from its checkpoint and ends with the same archive', async () => {
    await forgetLoing();
    const abort = new AbortController();
    up.setHandler(
      hubeau((r) => {
        if (r.query.get('cursor') === cursorOf(PAGES[1]?.next ?? null)) abort.abort(new Error('arrêt'));
        return null;
      }),
    );
    const stopped = await run(job(), abort.signal);
    expect(stopped.ok).toBe(false);
    const kept = PAGES[0]?.data.length ?? 0;
    const pages12 = EXPECTED.slice(0, kept + (PAGES[1]?.data.length ?? 0));
    expect((await archive()).map((r) => r.jour)).toEqual(pages12.map((d) => d.jour));
    expect(await standing()).toEqual({ dernier_jour: pages12.at(-1)?.jour, historique_complet: 0 });

    up.setHandler(hubeau());
    up.requests.length = 0;
    const resumed = await run();
    expect(resumed.error).toBeNull();
    // Resumed from the last day kept, never from the start of the record again.
    expect(loingRequests().map((r) => r.query.get('date_debut_obs_elab'))).toEqual([pages12.at(-1)?.jour]);
    expect(await archive()).toEqual(
      EXPECTED.map((d) => ({ jour: d.jour, moyenne: d.moyenne, source: 'hubeau-elab', n: null })),
    );
    expect(await standing()).toEqual({ dernier_jour: EXPECTED.at(-1)?.jour, historique_complet: 1 });
  });

  const page4 = cursorOf(PAGES[2]?.next ?? null);
  const faults: Array<[string, Fault, RegExp]> = [
    [
      'HTTP 500',
      (r) => (r.query.get('cursor') === page4 ? { status: 500, body: 'Internal Server Error' } : null),
      /HTTP 500/,
    ],
    [
      'a timeout',
      (r) => (r.query.get('cursor') === page4 ? { body: PAGES[3], delayMs: 1_000 } : null),
      /pas de réponse en 0,3 s/,
    ],
    [
      'malformed JSON',
      (r) =>
        r.query.get('cursor') === page4 ? { body: '{"count": 30, "next": null, "data": [{"code_sta' } : null,
      /JSON illisible/,
    ],
  ];
  it.each(faults)(
    '%s on page 4: error recorded, progress kept, the next run resumes and ends with the same archive',
    async (_name, fault, message) => {
      await forgetLoing();
      up.setHandler(hubeau(fault));
      const failed = await run();
      expect(failed.ok).toBe(false);
      expect(failed.error).toMatch(message);
      expect(failed.counts.requetes_en_echec).toBe(1);
      const done = (PAGES[0]?.data.length ?? 0) + (PAGES[1]?.data.length ?? 0);
      expect((await archive()).length).toBe(done);
      expect((await standing())?.dernier_jour).toBe(EXPECTED[done - 1]?.jour);

      up.setHandler(hubeau());
      up.requests.length = 0;
      const ok = await run();
      expect(ok.error).toBeNull();
      expect(ok.counts.jours_nouveaux).toBe(EXPECTED.length - done);
      expect(loingRequests()[0]?.query.get('date_debut_obs_elab')).toBe(EXPECTED[done - 1]?.jour);
      expect(await archive()).toEqual(
        EXPECTED.map((d) => ({ jour: d.jour, moyenne: d.moyenne, source: 'hubeau-elab', n: null })),
      );
    },
  );

  it('QIXnJ, where served, becomes the max of archived days; a day without a mean waits', async () => {
    const last = EXPECTED.at(-1) as (typeof EXPECTED)[number];
    const maxima = [...EXPECTED.slice(-3), { jour: addDays(last.jour, 1), moyenne: last.moyenne }].map(
      (d) => ({
        ...(PAGES[0]?.data[0] as ElabPage['data'][number]),
        grandeur_hydro_elab: 'QIXnJ',
        date_obs_elab: d.jour,
        resultat_obs_elab: Math.round(d.moyenne * 1250),
      }),
    );
    up.setHandler(
      hubeau((r) =>
        r.query.get('grandeur_hydro_elab') === 'QIXnJ' &&
        (r.query.get('code_entite') ?? '').split(',').includes(LOING)
          ? { body: { ...EMPTY, count: maxima.length, data: maxima } }
          : null,
      ),
    );
    await ctx.db.db.deleteFrom('hubeau_elab_reprise').where('grandeur', '=', 'QIXnJ').execute();
    const outcome = await run();
    expect(outcome.error).toBeNull();
    expect(outcome.counts).toMatchObject({ maxima_sans_moyenne: 1 });
    const rows = await ctx.db.db
      .selectFrom('archive_jour')
      .select(['jour', 'max'])
      .where('capteur_id', '=', loingQ)
      .where('max', 'is not', null)
      .orderBy('jour')
      .execute();
    expect(rows).toEqual(
      maxima.slice(0, 3).map((m) => ({ jour: m.date_obs_elab, max: m.resultat_obs_elab / 1000 })),
    );
  });
});

describe('hubeau-elab and the embedded history', () => {
  it('keeps the credited demo days, adds the others, and names both origins with the band', async () => {
    await forgetLoing();
    // As the seed leaves it: the first 10 days from the embedded history (same real values), credited to airGR.
    const demo = EXPECTED.slice(0, 10);
    await ctx.db.db
      .insertInto('archive_jour')
      .values(
        demo.map((d) => ({
          capteur_id: loingQ,
          jour: d.jour,
          moyenne: d.moyenne,
          min: null,
          max: null,
          source: 'demo' as const,
          n: null,
        })),
      )
      .execute();
    await recomputeClimatology(ctx.db.db, loingQ, clock, archiveOrigin(LOING));
    up.setHandler(hubeau());
    const outcome = await run();
    expect(outcome.error).toBeNull();
    expect(outcome.counts).toMatchObject({
      jours_demo_gardes: demo.length,
      jours_nouveaux: EXPECTED.length - demo.length,
    });
    expect((await archive()).map((r) => r.source)).toEqual(
      EXPECTED.map((_d, i) => (i < demo.length ? 'demo' : 'hubeau-elab')),
    );
    const clim = await ctx.db.db
      .selectFrom('climatologie_capteur')
      .select(['origine', 'nb_jours'])
      .where('capteur_id', '=', loingQ)
      .executeTakeFirstOrThrow();
    expect(clim).toEqual({
      origine: `${archiveOrigin(LOING)} ; ${HUBEAU_ELAB_ORIGIN}`,
      nb_jours: EXPECTED.length,
    });
  });
});

describe('pacer', () => {
  it('spaces requests evenly at the given rate; no rate, no wait', async () => {
    const pace = pacer(600);
    const t0 = performance.now();
    for (let i = 0; i < 4; i++) await pace();
    expect(performance.now() - t0).toBeGreaterThanOrEqual(3 * 100 - 5);
    const free = pacer(Infinity);
    const t1 = performance.now();
    for (let i = 0; i < 50; i++) await free();
    expect(performance.now() - t1).toBeLessThan(50);
  });

  it('weekStart gives the Monday on or before a day', () => {
    for (const day of ['2016-06-06', '2016-06-08', '2016-06-12', '2024-02-29']) {
      const w = weekStart(day);
      expect(new Date(`${w}T00:00:00Z`).getUTCDay()).toBe(1);
      expect(w <= day && w > addDays(day, -7)).toBe(true);
    }
  });
});
