/**
 * The outbox claimed by batches (docs/decisions/159): two workers on two connections of the same database — as two
 * instances would be — claim at the same moment and never get the same row, and two `AlertDelivery` workers
 * passing at once send every row exactly once.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressesOfDeliveries, queueMailDeliveries } from '../../../test/alerts';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { openDb, type Db } from '../../db/client';
import type { Mailer, MailMessage } from '../../notify/mail';
import { createPushService } from '../../notify/push';
import { AlertDelivery, LEASE_MS } from './delivery';
import { claimDeliveries } from './delivery.repo';

let ctx: TestContext;
/** A second connection to the same database, standing for another instance. */
let other: Db;
beforeAll(async () => {
  ctx = await createTestApp();
  other = ctx.databaseUrl
    ? openDb({ databaseUrl: ctx.databaseUrl, dataDir: ctx.dataDir })
    : openDb({ dataDir: path.dirname(ctx.db.location), fileName: path.basename(ctx.db.location) });
});
afterAll(async () => {
  await other.close();
  await ctx.close();
});

const queueMails = (count: number, now: number) => queueMailDeliveries(ctx.db.db, count, now);

/** A worker on connection `db`, as an instance runs one, with the test's mailer and clock. */
const deliveryWorker = (
  db: Db,
  mailer: Mailer,
  now: number,
  batch: { claimBatch: number; concurrency: number },
) =>
  new AlertDelivery({
    db: db.db,
    mailer,
    push: createPushService({ db: db.db, mailFrom: 'ne-pas-repondre@limni.example' }),
    publicUrl: 'http://localhost:8080',
    alertKey: ctx.deps.secrets.alertKey,
    now: () => now,
    ...batch,
  });

const rowsOf = (ids: readonly number[]) =>
  ctx.db.db
    .selectFrom('notification_envoi')
    .select(['id', 'statut', 'tentatives', 'verrou_jusqu_a'])
    .where('id', 'in', [...ids])
    .orderBy('id')
    .execute();

describe('batched claims', () => {
  it('two workers claiming at once never get the same row, and together get every due row once', async () => {
    const now = Date.now();
    const ids = await queueMails(240, now);
    const claimedBy: number[][] = [[], []];
    for (;;) {
      const [a, b] = await Promise.all([
        claimDeliveries(ctx.db.db, now, now + LEASE_MS, 7),
        claimDeliveries(other.db, now, now + LEASE_MS, 7),
      ]);
      // Never more than asked, whatever the plan of the statement.
      expect(Math.max(a.length, b.length)).toBeLessThanOrEqual(7);
      claimedBy[0]?.push(...a);
      claimedBy[1]?.push(...b);
      if (a.length === 0 && b.length === 0) break;
    }
    const [first = [], second = []] = claimedBy;
    expect(first.length).toBeGreaterThan(0);
    expect(second.length).toBeGreaterThan(0);
    expect(first.filter((id) => second.includes(id))).toEqual([]);
    expect([...first, ...second].sort((x, y) => x - y)).toEqual([...ids].sort((x, y) => x - y));
    const stored = await rowsOf(ids);
    expect(stored.filter((r) => r.statut === 'en_cours' && r.tentatives === 1)).toHaveLength(ids.length);
    // Held until the lease ends; then due again for anyone.
    expect(await claimDeliveries(other.db, now + LEASE_MS - 1, now + 2 * LEASE_MS, 500)).toEqual([]);
    const retaken = await claimDeliveries(other.db, now + LEASE_MS + 1, now + 2 * LEASE_MS, 500);
    expect(retaken).toEqual([...ids].sort((x, y) => x - y));
    await ctx.db.db.deleteFrom('notification_envoi').where('id', 'in', ids).execute();
  });

  it('two AlertDelivery workers passing at once send every e-mail exactly once', async () => {
    const now = Date.now();
    const ids = await queueMails(150, now);
    const expected = await addressesOfDeliveries(ctx.db.db, ids);
    const received: string[] = [];
    const mailer: Mailer = {
      mode: 'smtp',
      async send(m: MailMessage) {
        // A send takes a little while, as over SMTP: the two workers' batches overlap in time.
        await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 5));
        received.push(m.to);
        return { messageId: `<${received.length}@essai>` };
      },
    };
    const worker = (db: Db) => deliveryWorker(db, mailer, now, { claimBatch: 10, concurrency: 4 });
    // Both connections open before the race starts.
    await Promise.all(
      [ctx.db, other].map((d) => d.db.selectFrom('notification_envoi').select('id').limit(1).execute()),
    );
    const [a, b] = await Promise.all([worker(ctx.db).deliverDue(), worker(other).deliverDue()]);
    expect(a.envoyes).toBeGreaterThan(0);
    expect(b.envoyes).toBeGreaterThan(0);
    expect(a.envoyes + b.envoyes).toBe(expected.length);
    expect([...received].sort()).toEqual(expected.map((r) => r.email).sort());
    expect(new Set(received).size).toBe(received.length);
    const stored = await rowsOf(ids);
    expect(stored.filter((r) => r.statut === 'envoye' && r.verrou_jusqu_a === null)).toHaveLength(
      expected.length,
    );
  });

  it('a worker stopped in the middle gives its claimed, unsent rows back: the other sends them', async () => {
    const now = Date.now();
    const ids = await queueMails(40, now);
    const received: string[] = [];
    let stopping: AlertDelivery | null = null;
    const mailer: Mailer = {
      mode: 'smtp',
      async send(m: MailMessage) {
        received.push(m.to);
        // The first e-mail stops its worker: the rest of its batch was claimed but not sent.
        if (received.length === 1 && stopping) void stopping.stop();
        return { messageId: `<${received.length}@essai>` };
      },
    };
    const worker = (db: Db) => deliveryWorker(db, mailer, now, { claimBatch: 20, concurrency: 1 });
    stopping = worker(ctx.db);
    const first = await stopping.deliverDue();
    expect(first.envoyes).toBe(1);
    const waiting = (await rowsOf(ids)).filter((r) => r.statut === 'en_attente');
    expect(waiting.length).toBe(ids.length - 1);
    expect(waiting.every((r) => r.tentatives === 0 && r.verrou_jusqu_a === null)).toBe(true);
    const second = await worker(other).deliverDue();
    expect(second.envoyes).toBe(ids.length - 1);
    expect(new Set(received).size).toBe(ids.length);
    expect(received).toHaveLength(ids.length);
  });
});
