/**
 * The first read of a station (docs/decisions/091, 135), by the paced catch-up job: 29 days back from
 * `observations_tr`, oldest first, the station's series moved in the database after every page to what it returned,
 * so that a run stopped midway (here aborted while page 4 is asked, the series read at that moment as a killed process
 * would leave it) resumes from there and ends with the same observations as an uninterrupted read. Pages are built
 * from the recorded Blois H row (same fields, hourly instants over 29 days). Runs on SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/helpers';
import { BLOIS, BLOIS_END, BLOIS_ROWS, isBloisH, observationsAnswer } from '../../test/hubeau-pages';
import { startUpstream, type Upstream, type UpstreamRequest } from '../../test/upstream';
import { IngestEvents } from './events';
import { isoSeconds, silentLogger } from './http';
import { OBS_MAX_LOOKBACK_MS, OBS_OVERLAP_MS } from './jobs/hubeau-observations';
import { hubeauRattrapageJob } from './jobs/hubeau-rattrapage';
import { runJob } from './jobs/runner';
import { readSeries, seriesKey } from './jobs/serie-hubeau.repo';

const ROWS = BLOIS_ROWS;
const PER_PAGE = 100;
const DAY_MS = 86_400_000;
/** Now: 65 minutes after the recorded reading. */
const clock = BLOIS_END + 65 * 60_000;

let ctx: TestContext;
let up: Upstream;
let bloisH = 0;

beforeAll(async () => {
  ctx = await createTestApp({ now: () => clock });
  up = await startUpstream();
  const h = await ctx.db.db
    .selectFrom('capteur')
    .select('id')
    .where('code_station', '=', BLOIS)
    .where('grandeur', '=', 'H')
    .executeTakeFirstOrThrow();
  bloisH = h.id;
  // A live database: the station was never read, nothing stored in the last 29 days.
  await ctx.db.db
    .deleteFrom('observation')
    .where('capteur_id', '=', bloisH)
    .where('ts', '>=', clock - 30 * DAY_MS)
    .execute();
});
afterAll(async () => {
  await up.close();
  await ctx.close();
});

const isBlois = isBloisH;
const answer = (r: UpstreamRequest) => observationsAnswer(r, PER_PAGE);

const job = () => hubeauRattrapageJob({ baseUrl: `${up.origin}/api/v2/hydrometrie`, perMinute: 6_000 });
const run = (signal?: AbortSignal) =>
  runJob(job(), {
    db: ctx.db.db,
    events: new IngestEvents(),
    now: () => clock,
    log: silentLogger,
    http: { timeoutMs: 2_000, retries: 0, backoffMs: 5 },
    signal,
  });

async function stored() {
  return ctx.db.db
    .selectFrom('observation')
    .select(['ts', 'valeur'])
    .where('capteur_id', '=', bloisH)
    .where('ts', '>=', clock - 30 * DAY_MS)
    .orderBy('ts')
    .execute();
}

describe('first read of a station: 29 days, paced, resumable', () => {
  it('reads 29 days back oldest first; stopped at page 4 it resumes from the checkpoint saved in the database and ends with every reading', async () => {
    const abort = new AbortController();
    let savedDuringRun: number | undefined;
    up.setHandler(async (r) => {
      if (isBlois(r) && r.query.get('cursor')?.endsWith(':3')) {
        savedDuringRun = (await readSeries(ctx.db.db)).get(seriesKey(BLOIS, 'H'));
        abort.abort(new Error('arrêt'));
      }
      return answer(r);
    });
    const stopped = await run(abort.signal);
    expect(stopped.ok).toBe(false);
    const first = up.requests.find((r) => isBlois(r) && !r.query.get('cursor'));
    expect(first?.query.get('date_debut_obs')).toBe(
      isoSeconds(Math.floor((clock - OBS_MAX_LOOKBACK_MS) / 60_000) * 60_000),
    );
    expect(first?.query.get('sort')).toBe('asc');
    expect(stopped.counts.lectures_longues).toBeGreaterThan(0);

    // Three pages kept, and the series in the database (as a killed process leaves it) at their last instant.
    const kept = ROWS.filter(
      (x) => Date.parse(x.date_obs) >= Date.parse(first?.query.get('date_debut_obs') ?? ''),
    );
    const three = kept.slice(0, 3 * PER_PAGE);
    expect((await stored()).length).toBe(three.length);
    const lastKept = Date.parse(three.at(-1)?.date_obs ?? '');
    expect(savedDuringRun).toBe(lastKept);

    up.setHandler(answer);
    up.requests.length = 0;
    const resumed = await run();
    expect(resumed.error).toBeNull();
    const again = up.requests.find((r) => isBlois(r) && !r.query.get('cursor'));
    expect(again?.query.get('date_debut_obs')).toBe(
      isoSeconds(Math.floor((lastKept - OBS_OVERLAP_MS) / 60_000) * 60_000),
    );
    expect(await stored()).toEqual(
      kept.map((x) => ({ ts: Date.parse(x.date_obs), valeur: x.resultat_obs / 1000 })),
    );
    expect(resumed.counts.lectures_nouvelles).toBe(kept.length - three.length);

    // A further run writes nothing new.
    const third = await run();
    expect(third.counts).toMatchObject({ lectures_nouvelles: 0, lectures_modifiees: 0 });
  });
});

describe('a backlog that appears late upstream', () => {
  it('a station that returned nothing keeps its series and is asked again from 29 days back: its 696 readings are all read when they appear', async () => {
    // Back to a station never read: nothing stored in the window, no series.
    await ctx.db.db
      .deleteFrom('observation')
      .where('capteur_id', '=', bloisH)
      .where('ts', '>=', clock - 30 * DAY_MS)
      .execute();
    await ctx.db.db.deleteFrom('serie_hubeau').where('code_station', '=', BLOIS).execute();
    // The station is silent: every answer is empty.
    up.setHandler((r) => ({ body: { count: 0, first: r.url, prev: null, next: null, data: [] } }));
    up.requests.length = 0;
    const silent = await run();
    expect(silent.ok).toBe(true);
    expect((await readSeries(ctx.db.db)).get(seriesKey(BLOIS, 'H'))).toBeUndefined();
    // Its backlog appears: the next run asks it from the 29-day floor again, and reads it whole.
    up.setHandler(answer);
    up.requests.length = 0;
    const later = await run();
    expect(later.ok).toBe(true);
    const asked = up.requests.find((r) => isBlois(r) && !r.query.get('cursor'));
    expect(asked?.query.get('date_debut_obs')).toBe(
      isoSeconds(Math.floor((clock - OBS_MAX_LOOKBACK_MS) / 60_000) * 60_000),
    );
    const since = Date.parse(asked?.query.get('date_debut_obs') ?? '');
    const served = ROWS.filter((x) => Date.parse(x.date_obs) >= since);
    expect(served.length).toBeGreaterThanOrEqual(695);
    expect(await stored()).toEqual(
      served.map((x) => ({ ts: Date.parse(x.date_obs), valeur: x.resultat_obs / 1000 })),
    );
  });
});
