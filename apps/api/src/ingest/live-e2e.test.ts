/**
 * Live by default, end to end (docs/decisions/134–136): the real server in its own process with `npm start`'s
 * default configuration, only its base URLs pointed at the recorded upstream (test-support/upstream), on SQLite.
 * Sources unreachable at start → the demo with its reason; back → live without a restart, Toulouse current, today's
 * vigilance. Then one fault after another — nothing lost, nothing duplicated (what the upstream served, counted by
 * its ledger, against what the server stored), each fault shown in /api/health: HTTP errors, broken bodies, a
 * renamed field, links and redirects to another host (which receives nothing), empty answers, a hang (the run shows
 * in progress), an implausible value (set aside, the value shown stays true). The faults that take time are in
 * live-e2e-late.test.ts; two instances on PostgreSQL in live-e2e-postgres.test.ts.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { LieuDetail, VigilanceResume } from '@limni/shared/contracts/hydro';
import { LieuSecheresse } from '@limni/shared/contracts/secheresse';
import { parisDay } from '@limni/shared/domain/time';
import { parseCsv, readSeedText } from '../seed/files';
import { TEST_DB } from '../../test/helpers';
import {
  expectEverythingServedStored,
  expectFaultsLoseNothing,
  expectStrictHealthWhileSourcesFail,
  SWEEP,
} from '../../test/live-checks';
import { startLiveServer, until, type LiveServer } from '../../test/live-server';
import { startRecordedUpstream, type RecordedUpstream } from '../../../../test-support/upstream';

const TOULOUSE = 'O200004001';
const MIN = 60_000;
const HOUR = 60 * MIN;

let up: RecordedUpstream;
let server: LiveServer;

const get = (p: string) => server.get(p);
const job = (name: string) => server.job(name);
const lieuOf = (code: string) => server.lieuOf(code);

describe.skipIf(TEST_DB !== 'sqlite')('live by default against the recorded upstream (SQLite)', () => {
  beforeAll(async () => {
    up = await startRecordedUpstream({ catalogue: 'recorded' });
    // The sources cannot be reached when the server starts.
    await up.stop();
    server = await startLiveServer({ up });
  }, 150_000);
  afterAll(async () => {
    await server?.stop();
    await up?.close();
    if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
  });

  it('sources unreachable at start: the demo with its reason and the demo clock; back: live without a restart', async () => {
    const demo = await until(async () => {
      const h = await server.health();
      return h?.ingestion.mode === 'demo' && h.ingestion.prochainEssai && h;
    }, 30_000);
    expect(demo.ingestion.raison).toMatch(/sources injoignables depuis ce serveur/);
    expect(demo.ingestion.prochainEssai).toBeGreaterThan(Date.now());
    // The demo clock: the latest Garonne reading of the dataset, rounded up to the hour.
    const latest = Math.max(
      ...parseCsv(readSeedText('garonne_H_2022-01_native.csv')).map((r) => Date.parse(r['date_obs'] ?? '')),
    );
    const entite = (
      await server.db.db
        .selectFrom('lieu')
        .select('entite_id')
        .where('code_station', '=', TOULOUSE)
        .executeTakeFirstOrThrow()
    ).entite_id;
    const demoList = z.parse(
      z.object({ maintenant: z.number() }),
      await get(`/api/hydro/entite/${entite}/lieux`),
    );
    expect(demoList.maintenant).toBe(Math.ceil(latest / HOUR) * HOUR);

    await up.start();
    // Live first, then ok once the jobs that failed while the sources were away have run again (on a busy machine
    // the mode can turn before they do).
    const live = await until(async () => {
      const h = await server.health();
      return h?.ingestion.mode === 'live' && h.status === 'ok' && h;
    }, 60_000);
    expect(live.ingestion.raison ?? null).toBeNull();
    expect(live.status).toBe('ok');
  }, 120_000);

  it('live: Toulouse current with its age in minutes, today’s vigilance on the home page', async () => {
    const lieu = await lieuOf(TOULOUSE);
    const state = await until(async () => {
      const s = z.parse(
        z.object({
          instant: z.number(),
          capteurs: z.array(
            z.object({
              grandeur: z.string(),
              valeur: z.nullable(z.number()),
              ts: z.nullable(z.number()),
              fraicheur: z.string(),
            }),
          ),
        }),
        await get(`/api/hydro/lieu/${lieu}/${parisDay(Date.now())}`),
      );
      const h = s.capteurs.find((c) => c.grandeur === 'H');
      return h?.ts && h.ts > Date.now() - 30 * MIN && { s, h };
    }, 60_000);
    const served = up.ledger.observations({ station: TOULOUSE, grandeur: 'H' });
    const last = served.reduce((a, b) => (b.ts > a.ts ? b : a));
    expect(state.h).toMatchObject({ ts: last.ts, valeur: last.value / 1000, fraicheur: 'a_jour' });
    expect(state.s.instant - last.ts).toBeLessThan(30 * MIN);

    const vigilance = await until(async () => {
      const v = z.parse(VigilanceResume, await get('/api/hydro/vigilance'));
      return v.date !== null && v.date > Date.now() - 24 * HOUR && v;
    }, 30_000);
    expect(vigilance.date).toBe(Math.floor(up.startedAt / 1000) * 1000);
    expect(vigilance.niveaux.vert + vigilance.niveaux.jaune + vigilance.niveaux.orange).toBeGreaterThan(300);

    // The drought orders are asked to VigiEau: Toulouse's recorded answer is replaced by today's (ADR 155).
    const secheresse = await until(async () => {
      const s = z.parse(LieuSecheresse, await get(`/api/hydro/lieu/${lieu}/secheresse`));
      return !s.enregistrement && s;
    }, 60_000);
    expect(secheresse).toMatchObject({ etat: 'aucune', zone: null, origine: null });
    expect(secheresse.lu_le).toBeGreaterThan(Date.now() - 5 * MIN);
  }, 150_000);

  it('each fault: the run fails with its code in health, the other host gets nothing, the next run reads everything', async () => {
    // The faults hit the sweep only: the first catch-up of every series (29 days, paced) goes on meanwhile.
    await expectFaultsLoseNothing(up, server);
    // Served = stored once no page is in flight: the first catch-up has ended.
    await until(async () => (await job('hubeau-rattrapage'))?.lastSuccess, 180_000, 'premier rattrapage');
    expect(await expectEverythingServedStored(up, server)).toBeGreaterThan(1_000);
  }, 240_000);

  it('Hub’Eau failing run after run: degraded, and `?strict=1` still 200 (the instance serves)', async () => {
    await expectStrictHealthWhileSourcesFail(up, server, [server]);
  }, 120_000);

  it('a hung upstream: the run shows in progress in health, then the request is abandoned and retried', async () => {
    up.fault({ source: 'hubeau', path: 'observations_tr', query: SWEEP, kind: 'hang', times: 1 });
    const run = server.runNow('hubeau-observations', 120_000);
    // Health shows the sweep's run in progress for as long as its request hangs.
    const inProgress = await until(async () => {
      if (!up.requests.of('hubeau').some((r) => r.fault === 'hang')) return null;
      const j = await job('hubeau-observations');
      return j?.enCoursDepuis && Date.now() - j.enCoursDepuis > 3_000 && j;
    }, 30_000);
    expect(inProgress.tropLong).toBe(false);
    await run;
    const after = await job('hubeau-observations');
    expect(after?.enCoursDepuis).toBeNull();
    expect(after?.consecutiveFailures).toBe(0);
    expect(after?.counts.nouveaux_essais ?? 0).toBeGreaterThanOrEqual(1);
  }, 150_000);

  it('an implausible value is set aside: the place shows it, its value stays true', async () => {
    const lieu = await lieuOf(TOULOUSE);
    up.implausible(TOULOUSE, 100_000, { grandeur: 'H', from: Date.now() - 40 * MIN });
    await server.runNow('hubeau-observations');
    const detail = z.parse(LieuDetail, await get(`/api/hydro/lieu/${lieu}`));
    expect(detail.valeurs_ecartees?.length).toBeGreaterThan(0);
    expect(detail.valeurs_ecartees?.[0]).toMatchObject({ valeur: 100, raison: { code: 'bornes' } });
    const h = await server.db.db
      .selectFrom('capteur')
      .select('derniere_valeur')
      .where('lieu_id', '=', lieu)
      .where('grandeur', '=', 'H')
      .executeTakeFirstOrThrow();
    expect(h.derniere_valeur).toBeLessThan(10);
    up.clearImplausible(TOULOUSE);
  }, 90_000);
});
