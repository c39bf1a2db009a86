/**
 * Two instances on PostgreSQL, end to end (docs/decisions/121, 134, 137): two real servers started together on an
 * empty database with `npm start`'s default configuration (`INGEST_LEADER_RETRY_S` 10 s), only their base URLs
 * pointed at the recorded upstream. Both come up (the demo is loaded once, under a lock), one leads and goes live;
 * killed with -9, the other leads within the retry time and goes on, through every fault of the sweep; what the
 * upstream served is stored, once.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB } from '../../test/helpers';
import {
  expectEverythingServedStored,
  expectFaultsLoseNothing,
  expectStrictHealthWhileSourcesFail,
} from '../../test/live-checks';
import { startLiveServer, until, type LiveServer } from '../../test/live-server';
import { createScratchDatabase } from '../../../../e2e/scratch-database';
import { startRecordedUpstream, type RecordedUpstream } from '../../../../test-support/upstream';

/** INGEST_LEADER_RETRY_S's default, plus PostgreSQL noticing the dead session and a health poll. */
const TAKEOVER_MS = 10_000 + 5_000;

let up: RecordedUpstream;
let scratch: { databaseUrl: string; drop: () => Promise<void> };
const servers: LiveServer[] = [];

describe.skipIf(TEST_DB !== 'postgres')('two instances on an empty PostgreSQL database', () => {
  beforeAll(async () => {
    up = await startRecordedUpstream({ catalogue: 'recorded' });
    scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL ?? '');
  });
  afterAll(async () => {
    for (const s of servers) await s.stop('SIGKILL');
    for (const s of servers) fs.rmSync(s.dataDir, { recursive: true, force: true });
    await up?.close();
    await scratch?.drop();
  });

  it('started together both serve; the leader killed with -9 is replaced within the retry time; faults lose nothing', async () => {
    servers.push(
      ...(await Promise.all([1, 2].map(() => startLiveServer({ up, databaseUrl: scratch.databaseUrl })))),
    );
    const [a, b] = servers as [LiveServer, LiveServer];
    const leaderId = await until(
      async () => {
        const hs = await Promise.all(servers.map((s) => s.health()));
        const m = hs[0]?.instance?.meneuse;
        return hs.every((h) => h?.ingestion.mode === 'live' && h.instance?.meneuse === m) && m;
      },
      60_000,
      'une meneuse en direct',
    );
    const entites = await a.db.db
      .selectFrom('entite')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(entites.n)).toBeGreaterThan(900);
    const leader = servers.find((s) => s.id === leaderId);
    const follower = servers.find((s) => s.id !== leaderId);
    if (!leader || !follower) throw new Error(`meneuse inconnue : ${leaderId}`);
    await until(async () => (await follower.health())?.sources?.[0]?.capteursAJour, 60_000, 'balayage');
    // Two instances sharing one job state: Hub'Eau failing takes neither out of the load balancer.
    await expectStrictHealthWhileSourcesFail(up, leader, servers);

    leader.child.kill('SIGKILL');
    await leader.exited;
    const dead = Date.now();
    await until(async () => (await follower.health())?.instance?.estMeneuse, TAKEOVER_MS, 'relève');
    expect(Date.now() - dead).toBeLessThanOrEqual(TAKEOVER_MS);
    expect([a.id, b.id]).toContain(leaderId);

    // The new leader meets every fault of the sweep; nothing is lost once its catch-up has ended.
    await expectFaultsLoseNothing(up, follower);
    await until(
      async () => ((await follower.job('hubeau-rattrapage'))?.lastSuccess ?? 0) > dead,
      240_000,
      'rattrapage de la relève',
    );
    expect(await expectEverythingServedStored(up, follower)).toBeGreaterThan(500);
  }, 540_000);
});
