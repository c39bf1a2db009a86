/**
 * Live mode through the real wiring: `startIngestion` with the default jobs and an environment
 * (`HUBEAU_BACKFILL_PER_MINUTE`), against a local server answering with the fixture pages (Blois H for
 * observations_tr, the Loing's obs_elab pages, the recorded empty answers; Vigicrues unavailable). A first start
 * sweeps the network, then catches up 29 days and backfills obs_elab across several pages into the archive; running
 * the jobs again writes nothing new. Runs on SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/helpers';
import {
  BLOIS,
  BLOIS_END,
  BLOIS_ROWS,
  ELAB_DAYS,
  elabAnswer,
  isBloisH,
  LOING,
  observationsAnswer,
} from '../../test/hubeau-pages';
import { startUpstream, type Upstream } from '../../test/upstream';
import { IngestEvents } from './events';
import { silentLogger } from './http';
import { startIngestion } from './scheduler';

let ctx: TestContext;
let up: Upstream;
const clock = BLOIS_END + 65 * 60_000;
const DAY_MS = 86_400_000;

beforeAll(async () => {
  ctx = await createTestApp({ now: () => clock });
  up = await startUpstream((r) => {
    if (r.path.endsWith('/observations_tr')) return observationsAnswer(r, 200);
    if (r.path.endsWith('/obs_elab')) return elabAnswer(r);
    if (r.path.startsWith('/vigicrues')) return { status: 503 };
    return { status: 404, body: { message: 'inconnu' } };
  });
});
afterAll(async () => {
  await up.close();
  await ctx.close();
});

async function capteurOf(code: string, grandeur: 'H' | 'Q') {
  const row = await ctx.db.db
    .selectFrom('capteur')
    .innerJoin('lieu', 'lieu.id', 'capteur.lieu_id')
    .select('capteur.id')
    .where('lieu.code_station', '=', code)
    .where('capteur.grandeur', '=', grandeur)
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('live mode on the recorded pages', () => {
  it('a first start reads 29 days and backfills obs_elab into the archive; the next runs write nothing new', async () => {
    const bloisH = await capteurOf(BLOIS, 'H');
    const loingQ = await capteurOf(LOING, 'Q');
    // A live database: no readings of the last 29 days, no embedded history of the Loing.
    await ctx.db.db
      .deleteFrom('observation')
      .where('capteur_id', '=', bloisH)
      .where('ts', '>=', clock - 30 * DAY_MS)
      .execute();
    await ctx.db.db.deleteFrom('archive_jour').where('capteur_id', '=', loingQ).execute();

    const rt = startIngestion({
      env: {
        HUBEAU_BASE_URL: `${up.origin}/api/v2/hydrometrie`,
        VIGICRUES_BASE_URL: `${up.origin}/vigicrues`,
        PUBLIC_URL: 'http://t',
        HUBEAU_BACKFILL_PER_MINUTE: 600,
        INSTANCE_ID: 'hote-a:8081:1',
      },
      db: ctx.db,
      events: new IngestEvents(),
      log: silentLogger,
      now: () => clock,
      http: { timeoutMs: 2_000, retries: 0, backoffMs: 5 },
      retryBaseMs: 3_600_000,
    });
    try {
      // At start every overdue job ran once; runNow waits for them, then runs the job again.
      const obs = await rt.runNow('hubeau-observations');
      const rattrapage = await rt.runNow('hubeau-rattrapage');
      const elab = await rt.runNow('hubeau-elab');

      const first = up.requests.find((r) => isBloisH(r));
      expect(first?.query.get('date_debut_obs')).toBe(
        new Date(Math.floor((clock - 29 * DAY_MS) / 60_000) * 60_000).toISOString().replace('.000Z', 'Z'),
      );
      const observations = await ctx.db.db
        .selectFrom('observation')
        .select(['ts', 'valeur'])
        .where('capteur_id', '=', bloisH)
        .where('ts', '>=', clock - 30 * DAY_MS)
        .orderBy('ts')
        .execute();
      const expected = BLOIS_ROWS.filter((x) => Date.parse(x.date_obs) >= clock - 29 * DAY_MS - 60_000);
      expect(observations).toEqual(
        expected.map((x) => ({ ts: Date.parse(x.date_obs), valeur: x.resultat_obs / 1000 })),
      );
      // obs_elab followed the cursor over the five pages.
      expect(up.requests.filter((r) => r.path.endsWith('/obs_elab') && r.query.get('cursor')).length).toBe(4);
      const archive = await ctx.db.db
        .selectFrom('archive_jour')
        .select(['jour', 'moyenne', 'source'])
        .where('capteur_id', '=', loingQ)
        .orderBy('jour')
        .execute();
      expect(archive).toEqual(
        ELAB_DAYS.map((d) => ({ jour: d.jour, moyenne: d.moyenne, source: 'hubeau-elab' })),
      );

      // The second runs: nothing new.
      expect(obs?.counts.lectures_nouvelles ?? 0).toBe(0);
      expect(rattrapage?.counts).toMatchObject({ lectures_nouvelles: 0, lectures_modifiees: 0 });
      expect(elab?.counts).toMatchObject({ jours_nouveaux: 0, jours_modifies: 0 });
    } finally {
      await rt.stop();
    }
  });
});
