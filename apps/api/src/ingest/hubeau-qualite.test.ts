/**
 * A value its producer judges doubtful drives nothing until it is confirmed (docs/decisions/154), on the case of
 * BRGM/hubeau#277: La Têt à Rodès (Y046403001) on 2025-06-17, Hub'Eau's `obs_elab` answered 501,847 l/s
 * (≈ 501.8 m³/s, a hundred times the river) as raw and doubtful, HydroPortail 4.48 m³/s pre-validated and good
 * (`fixtures/hubeau/obs_elab_Y046403001_QmnJ_2025-06-17_douteuse.json`, fixtures/README.md). Everything goes over
 * real HTTP to the real Hub'Eau client, into the real stores; SQLite and PostgreSQL.
 *
 * - The daily archive: the doubtful day is not archived; the corrected answer is.
 * - Readings and alerts: the value and codes served as that day's real-time reading (`observations_tr` names),
 *   after a reading below the threshold (HydroPortail's value of the day): a rule « Q above 100 m³/s » does not fire
 *   on it, the place's state keeps the previous reading and names the doubtful one; served again qualified 20 (good),
 *   the same value fires; the corrected answer (4.48 m³/s, statut 12, qualification 20) replaces value and quality.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EtatCapteur } from '@limni/shared/contracts/hydro';
import { estDouteuse, QUALIFICATION_BONNE } from '@limni/shared/domain/qualite';
import { lpsToM3s } from '@limni/shared/domain/units';
import { addRegles, alertsFor, MINUTE_MS } from '../../test/alerts';
import { signedUpUser } from '../../test/accounts';
import { createTestApp, type TestContext } from '../../test/helpers';
import { fixtureJson, startUpstream, type Upstream, type UpstreamRequest } from '../../test/upstream';
import { capteurStatesAt } from '../data/observations';
import { IngestEvents } from './events';
import { silentLogger } from './http';
import { hubeauElabJob } from './jobs/hubeau-elab';
import { runJob } from './jobs/runner';
import { ObservationsSummary, ObservationStore } from './observation-store';
import { normaliseObservations, observationsTr } from './sources/hubeau';

const CODE = 'Y046403001';
const FIXTURE = 'hubeau/obs_elab_Y046403001_QmnJ_2025-06-17_douteuse.json';

interface ElabRow {
  code_station: string;
  date_obs_elab: string;
  resultat_obs_elab: number;
  code_statut: number;
  libelle_statut: string;
  code_qualification: number;
  libelle_qualification: string;
  grandeur_hydro_elab: string;
}
interface ElabAnswer {
  count: number;
  data: ElabRow[];
}

const ANSWER = fixtureJson<ElabAnswer>(FIXTURE);
const ROW = ANSWER.data[0] as ElabRow;
/** The HydroPortail line quoted in the issue: `2025-06-17T00:00:00.000Z,"4.48","12",20,8,0` (m³/s). */
const HYDROPORTAIL = { m3s: 4.48, statut: 12, qualification: QUALIFICATION_BONNE };
const CORRIGE: ElabAnswer = {
  ...ANSWER,
  data: [
    {
      ...ROW,
      resultat_obs_elab: HYDROPORTAIL.m3s * 1000,
      code_statut: HYDROPORTAIL.statut,
      libelle_statut: 'Donnée pré-validée',
      code_qualification: HYDROPORTAIL.qualification,
      libelle_qualification: 'Bonne',
    },
  ],
};
const EMPTY = fixtureJson<unknown>('hubeau/obs_elab_K447001001_QmnJ_depuis_2026-09-01_vide_2026-09-13.json');

let ctx: TestContext;
let up: Upstream;
let clock = Date.parse('2025-06-20T06:00:00Z');
let lieuId = 0;
let elab: ElabAnswer = ANSWER;
/** The real-time rows the upstream serves for the station (flow, `observations_tr` names). */
let tr: Array<Record<string, unknown>> = [];

const base = () => `${up.origin}/api/v2/hydrometrie`;

function answer(r: UpstreamRequest) {
  if (r.path.endsWith('/obs_elab')) {
    const asked = (r.query.get('code_entite') ?? '').split(',');
    return { body: asked.includes(CODE) && r.query.get('grandeur_hydro_elab') === 'QmnJ' ? elab : EMPTY };
  }
  if (r.path.endsWith('/observations_tr')) {
    const q = r.query.get('grandeur_hydro') === 'Q' ? tr : [];
    return {
      body: { count: q.length, first: r.url, prev: null, next: null, api_version: '2.0.1', data: q },
    };
  }
  return { status: 404, body: { message: 'inconnu' } };
}

beforeAll(async () => {
  ctx = await createTestApp({ now: () => clock });
  up = await startUpstream(answer);
  const known = await ctx.db.db
    .selectFrom('lieu')
    .select('id')
    .where('code_station', '=', CODE)
    .executeTakeFirst();
  if (known) {
    lieuId = known.id;
  } else {
    // Not a place of the demo: La Têt at Rodès, as the station catalogue gives it (seed-data/france_stations.csv.gz).
    const entite = await ctx.db.db.selectFrom('entite').select('id').orderBy('id').executeTakeFirstOrThrow();
    const row = await ctx.db.db
      .insertInto('lieu')
      .values({
        entite_id: entite.id,
        troncon_id: null,
        nom: 'Rodès (pont)',
        libelle: 'La Têt à Rodès (pont)',
        lat_gps: 42.660134,
        lon_gps: 2.56042,
        station_mesure_ok: 1,
        code_station: CODE,
        code_site: 'Y0464030',
        commune: 'RODES',
        departement_code: '66',
        infos_pratiques: null,
        altitude_zero: null,
        surface_bv_km2: 974,
        ordre: null,
        source: 'test',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    lieuId = row.id;
  }
});
afterAll(async () => {
  await up.close();
  await ctx.close();
});

async function capteurQ(): Promise<number> {
  const c = await ctx.db.db
    .selectFrom('capteur')
    .select('id')
    .where('lieu_id', '=', lieuId)
    .where('grandeur', '=', 'Q')
    .executeTakeFirstOrThrow();
  return c.id;
}

describe('the daily archive (obs_elab)', () => {
  const run = () =>
    runJob(hubeauElabJob({ baseUrl: base(), perMinute: Infinity, grandeurs: ['QmnJ'] }), {
      db: ctx.db.db,
      events: new IngestEvents(),
      now: () => clock,
      log: silentLogger,
      http: { timeoutMs: 2_000, retries: 0, backoffMs: 5 },
    });
  const day = async () =>
    ctx.db.db
      .selectFrom('archive_jour')
      .select(['moyenne', 'source'])
      .where('capteur_id', '=', await capteurQ())
      .where('jour', '=', ROW.date_obs_elab)
      .executeTakeFirst();

  it('does not archive the day Hub’Eau calls doubtful, and archives the corrected answer', async () => {
    expect(estDouteuse(ROW.code_qualification)).toBe(true);
    elab = ANSWER;
    const first = await run();
    expect(first.counts.jours_douteux).toBe(1);
    expect(await day()).toBeUndefined();

    elab = CORRIGE;
    clock += 24 * 3_600_000;
    await run();
    expect(await day()).toEqual({ moyenne: lpsToM3s(HYDROPORTAIL.m3s * 1000), source: 'hubeau-elab' });
  });
});

describe('readings, the state of the place and an alert', () => {
  /** The day at noon UTC; the reading before it one hour earlier. */
  const T = Date.parse(`${ROW.date_obs_elab}T12:00:00Z`);
  const AVANT = T - 60 * MINUTE_MS;
  const SEUIL = 100;
  const row = (ts: number, lps: number, statut: number, qualification: number) => ({
    code_station: CODE,
    grandeur_hydro: 'Q',
    date_obs: new Date(ts).toISOString().replace('.000Z', 'Z'),
    resultat_obs: lps,
    code_statut: statut,
    code_qualification_obs: qualification,
  });
  const hydroportail = row(AVANT, HYDROPORTAIL.m3s * 1000, HYDROPORTAIL.statut, HYDROPORTAIL.qualification);

  /** One read of the station over HTTP through the real client, stored live, the run's event emitted. */
  async function read(events: IngestEvents) {
    const summary = new ObservationsSummary();
    const store = new ObservationStore(ctx.db.db, 'hubeau', summary, { live: true });
    for await (const page of observationsTr(
      { codes: [CODE], grandeur: 'Q', since: AVANT - 3_600_000 },
      { baseUrl: base(), timeoutMs: 2_000, retries: 0, backoffMs: 5, log: silentLogger },
    )) {
      await store.write(normaliseObservations(page.data, 'Q').observations);
    }
    clock = T + MINUTE_MS;
    await events.emit({
      type: 'observations',
      origin: 'live',
      source: 'test',
      at: clock,
      sensors: summary.sensors,
    });
  }
  const stored = async () =>
    ctx.db.db
      .selectFrom('observation')
      .select(['valeur', 'statut', 'qualification'])
      .where('capteur_id', '=', await capteurQ())
      .where('ts', '=', T)
      .executeTakeFirst();
  const notifications = (userId: number) =>
    ctx.db.db.selectFrom('notification').select(['valeur', 'ts']).where('user_id', '=', userId).execute();

  it('a rule « Q above 100 m³/s » ignores the doubtful 501.8 m³/s, fires once it is qualified good, and the correction replaces value and quality', async () => {
    const user = await signedUpUser(ctx, 'riveraine_tet');
    const { events, alerts } = alertsFor(ctx, { now: () => clock });
    try {
      // The reading before: below the threshold, the rule takes its side.
      tr = [hydroportail];
      await read(events);
      await addRegles(ctx, user.token, lieuId, [{ type: 'au_dessus', grandeur: 'Q', seuil: SEUIL }]);
      await read(events);

      // Hub'Eau's answer of the issue: stored as served, drives nothing.
      const douteuse = row(T, ROW.resultat_obs_elab, ROW.code_statut, ROW.code_qualification);
      tr = [hydroportail, douteuse];
      await read(events);
      const valeur = lpsToM3s(ROW.resultat_obs_elab);
      expect(valeur).toBeGreaterThan(SEUIL);
      expect(await stored()).toEqual({
        valeur,
        statut: ROW.code_statut,
        qualification: ROW.code_qualification,
      });
      expect(await notifications(user.id)).toEqual([]);
      const [etat] = (await capteurStatesAt(ctx.db.db, [lieuId], clock)).filter(
        (e: EtatCapteur) => e.grandeur === 'Q',
      );
      expect(etat).toMatchObject({
        valeur: lpsToM3s(HYDROPORTAIL.m3s * 1000),
        ts: AVANT,
        douteuse: { ts: T, valeur },
      });
      const page = await ctx.request({
        method: 'GET',
        url: `/api/hydro/lieu/${lieuId}/d/${ROW.date_obs_elab}/1`,
      });
      const serie = (
        page.json() as { series: Array<{ grandeur: string; ts: number[]; qualification: unknown[] }> }
      ).series.find((s) => s.grandeur === 'Q');
      expect(serie?.qualification[serie.ts.indexOf(T)]).toBe(ROW.code_qualification);

      // The same value qualified good (the test can fail): it counts, the rule fires on it.
      tr = [hydroportail, row(T, ROW.resultat_obs_elab, ROW.code_statut, QUALIFICATION_BONNE)];
      await read(events);
      expect(await notifications(user.id)).toEqual([{ valeur, ts: T }]);

      // The corrected answer: HydroPortail's value, pre-validated and good, replaces the stored one.
      tr = [hydroportail, row(T, HYDROPORTAIL.m3s * 1000, HYDROPORTAIL.statut, HYDROPORTAIL.qualification)];
      await read(events);
      expect(await stored()).toEqual({
        valeur: lpsToM3s(HYDROPORTAIL.m3s * 1000),
        statut: HYDROPORTAIL.statut,
        qualification: HYDROPORTAIL.qualification,
      });
    } finally {
      await alerts.stop();
    }
  });
});
