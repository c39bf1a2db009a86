/**
 * Live by default, end to end, the faults that take time (docs/decisions/135, 136): the real server in its own
 * process with `npm start`'s default configuration, only its base URLs pointed at the recorded upstream, on SQLite.
 * A station gone from the catalogue is no more asked; a backlog held back upstream for 29 days is read whole when it
 * appears; a bulletin dated in the future is refused, the next one applied; a 429 asking for 25 s holds every
 * Hub'Eau job for 25 s (not the 60 s of a 429 without `Retry-After`). Then what the upstream served (its ledger) against what the server stored.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { LieuDetail } from '@limni/shared/contracts/hydro';
import { TEST_DB } from '../../test/helpers';
import { expectEverythingServedStored, expectServedStored } from '../../test/live-checks';
import { startLiveServer, until, type LiveServer } from '../../test/live-server';
import { startRecordedUpstream, type RecordedUpstream } from '../../../../test-support/upstream';

/** Portet: its readings held back upstream for the last 29 days, then released (a late backlog). */
const LATE = 'O200001001';
/** Toulouse Saint-Michel: removed from the catalogue during the run. */
const REMOVED = 'O200008001';
const HOUR = 3_600_000;

let up: RecordedUpstream;
let server: LiveServer;

const get = (p: string) => server.get(p);
const job = (name: string) => server.job(name);
const lieuOf = (code: string) => server.lieuOf(code);

describe.skipIf(TEST_DB !== 'sqlite')(
  'live faults that take time, against the recorded upstream (SQLite)',
  () => {
    beforeAll(async () => {
      up = await startRecordedUpstream({ catalogue: 'recorded' });
      up.hold(LATE, 'H', up.startedAt - 30 * 24 * HOUR, up.startedAt + 24 * HOUR);
      server = await startLiveServer({ up });
      await until(async () => (await server.health())?.ingestion.mode === 'live', 30_000, 'direct');
      // The start's long reads end: the catch-up of every series (29 days, paced), then the obs_elab backfill.
      for (const name of ['hubeau-rattrapage', 'hubeau-elab']) {
        await until(async () => (await job(name))?.lastSuccess, 240_000, `premier passage de ${name}`);
      }
    }, 420_000);
    afterAll(async () => {
      await server?.stop();
      await up?.close();
      if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
    });

    it('a backlog that appears late upstream is read whole; a station gone from the catalogue is no more asked', async () => {
      expect(up.ledger.observations({ station: LATE, grandeur: 'H' })).toEqual([]);
      up.removeStation(REMOVED, { stopObservations: true });
      await server.runNow('hubeau-stations');
      const detail = z.parse(LieuDetail, await get(`/api/hydro/lieu/${await lieuOf(REMOVED)}`));
      expect(detail.station_arret).toMatchObject({ motif: 'absente_du_catalogue' });

      // A run that began before the removal goes on with the list it loaded; every run that begins after asks
      // without the station.
      await until(
        async () =>
          (await server.health())?.ingestion.jobs.every(
            (j) => !j.job.startsWith('hubeau') || !j.enCoursDepuis,
          ),
        300_000,
        'fin des passages en cours',
      );
      up.release(LATE);
      const since = Date.now();
      await server.runNow('hubeau-observations');
      await server.runNow('hubeau-rattrapage', 180_000);
      expect(await expectServedStored(up, server, LATE, 'H')).toBeGreaterThan(29 * 24 * 4);
      const asked = up.requests
        .of('hubeau')
        .filter((r) => r.at >= since && (r.query['code_entite'] ?? '').split(',').includes(REMOVED));
      expect(asked).toEqual([]);
    }, 600_000);

    it('a bulletin dated in the future is refused and reported; the next real one is applied', async () => {
      const level = async () =>
        server.db.db
          .selectFrom('troncon')
          .select(['niveau', 'niveau_ts'])
          .where('code', '=', 'MP6')
          .executeTakeFirstOrThrow();
      const before = await level();
      up.fault({ source: 'vigicrues', kind: 'futureBulletin', troncon: 'MP6', niveau: 3, times: 1 });
      await server.runNow('vigicrues-vigilance');
      expect((await job('vigicrues-vigilance'))?.lastErrorCode).toBe('bulletin_futur');
      expect(await level()).toEqual(before);
      await server.runNow('vigicrues-vigilance');
      expect((await job('vigicrues-vigilance'))?.consecutiveFailures).toBe(0);
      expect((await level()).niveau_ts).toBeLessThanOrEqual(Date.now());
    }, 90_000);

    it('429 asking for 25 s: no request to Hub’Eau for 25 s, whichever job; then requests again; nothing lost', async () => {
      // 25 s, not the 60 s pause of a 429 without `Retry-After`: the server keeps the time the service asked for.
      up.fault({ source: 'hubeau', path: 'observations_tr', kind: 'status429', retryAfter: 25, times: 1 });
      await server.runNow('hubeau-observations');
      expect((await job('hubeau-observations'))?.lastErrorCode).toBe('http_429');
      const paused = Date.now();
      const count = () => up.requests.of('hubeau').filter((r) => r.at > paused).length;
      await server.runNow('hubeau-observations');
      await server.runNow('hubeau-rattrapage');
      await server.runNow('hubeau-stations');
      expect((await job('hubeau-rattrapage'))?.lastErrorCode).toBe('pause');
      await until(async () => Date.now() - paused > 23_000, 35_000);
      expect(count()).toBe(0);
      await until(async () => Date.now() - paused > 26_000, 10_000);
      await server.runNow('hubeau-observations');
      expect(count()).toBeGreaterThan(0);
      expect((await job('hubeau-observations'))?.consecutiveFailures).toBe(0);
      expect(await expectEverythingServedStored(up, server)).toBeGreaterThan(1_000);
    }, 120_000);
  },
);
