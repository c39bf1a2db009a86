/**
 * The alerts thread (docs/decisions/163): an ingestion event evaluated in a worker thread on its own connections,
 * its notification sent by e-mail (a real SMTP server) and push (a local push service); the outbox's rows sent
 * each once; the thread runs below the request thread's priority and ends with `stop()`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IngestEvents } from '../../ingest/events';
import {
  addRegles,
  feed,
  lieuOfStation,
  PONT_NEUF_CODE,
  quarterly,
  addressesOfDeliveries,
  queueMailDeliveries,
  registerBrowser,
} from '../../../test/alerts';
import { signedUpUser } from '../../../test/accounts';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { startPushService, type LocalPushService } from '../../../test/push-service';
import { startSmtpServer, type TestSmtpServer } from '../../../test/smtp';
import { AlertsThread, ALERTS_NICENESS, startAlertsThread, type AlertsThreadOptions } from './alerts-thread';

let ctx: TestContext;
let smtp: TestSmtpServer;
let service: LocalPushService;
beforeAll(async () => {
  ctx = await createTestApp();
  smtp = await startSmtpServer();
  service = await startPushService();
});
afterAll(async () => {
  await smtp.close();
  await service.close();
  await ctx.close();
});

/** The thread on the test app's database, with the SMTP server and the local push service. */
const threadOptions = (log?: AlertsThreadOptions['log']): AlertsThreadOptions => ({
  databaseUrl: ctx.databaseUrl,
  dataDir: path.dirname(ctx.db.location),
  fileName: ctx.databaseUrl ? undefined : path.basename(ctx.db.location),
  smtpUrl: smtp.url,
  mailFrom: 'ne-pas-repondre@limni.example',
  publicUrl: 'http://localhost:8080',
  alertKey: ctx.deps.secrets.alertKey,
  allowLocalEndpoints: true,
  ...(log ? { log } : {}),
});

/** The `nice` of each thread of this process (Linux: field 19 of /proc/self/task/<tid>/stat). */
function threadNiceness(): number[] {
  return fs.readdirSync('/proc/self/task').map((tid) => {
    const stat = fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  });
}

describe('the alerts thread', () => {
  it('evaluates an ingestion event and sends its alert by e-mail and push, as in the request thread', async () => {
    const { token, id, email } = await signedUpUser(ctx, 'Fildalerte');
    const lieu = await lieuOfStation(ctx, PONT_NEUF_CODE);
    const seuil = 3;
    await addRegles(ctx, token, lieu.lieu, [{ type: 'au_dessus', grandeur: 'H', seuil }]);
    await registerBrowser(ctx, token, service, '/push/fil');
    const rise = [2.8, 2.9, 2.97, 3.02, 3.1, 3.2];
    const events = new IngestEvents();
    const runtime = await startAlertsThread({ ...threadOptions(), events, retryIntervalMs: 0 });
    try {
      await feed(ctx, events, lieu.code, quarterly(rise));
    } finally {
      await runtime.stop();
    }
    const notes = await ctx.db.db.selectFrom('notification').selectAll().where('user_id', '=', id).execute();
    expect(notes.map((n) => [n.type, n.valeur])).toEqual([['au_dessus', rise.find((v) => v > seuil)]]);
    const envois = await ctx.db.db
      .selectFrom('notification_envoi')
      .select(['canal', 'statut'])
      .where('notification_id', '=', notes[0]?.id ?? 0)
      .orderBy('canal')
      .execute();
    expect(envois).toEqual([
      { canal: 'email', statut: 'envoye' },
      { canal: 'push', statut: 'envoye' },
    ]);
    const mails = smtp.messages.filter((m) => m.envelope.to.includes(email));
    expect(mails.map((m) => m.subject.startsWith('Alerte Limni'))).toEqual([true]);
    expect(service.requests.filter((r) => r.path === '/push/fil')).toHaveLength(1);
  });

  it('sends every due e-mail once from its own thread, below the priority of the thread that answers requests', async () => {
    const now = Date.now();
    const ids = await queueMailDeliveries(ctx.db.db, 25, now);
    const expected = await addressesOfDeliveries(ctx.db.db, ids);
    const logged: string[] = [];
    const record = (_o: object, m: string) => logged.push(m);
    const thread = new AlertsThread(threadOptions({ info: record, warn: record, error: record }));
    await thread.open();
    try {
      // ALERTS_NICENESS above this process's own priority (0 unless the run was started under `nice`).
      const lowered = Math.min(19, os.getPriority() + ALERTS_NICENESS);
      expect(thread.niceness).toBe(lowered);
      // One thread of this process runs at that priority; this one still runs at its own.
      expect(threadNiceness()).toContain(lowered);
      expect(os.getPriority()).toBeLessThan(lowered);

      const report = await thread.deliverDue();
      expect(report).toEqual({ envoyes: expected.length, reessais: 0, echecs: 0, autres: 0 });
      const mine = new Set(expected.map((r) => r.email));
      const received = smtp.messages.flatMap((m) => m.envelope.to).filter((to) => mine.has(to));
      expect([...received].sort()).toEqual([...mine].sort());
      const stored = await ctx.db.db
        .selectFrom('notification_envoi')
        .select(['statut', 'verrou_jusqu_a'])
        .where('id', 'in', ids)
        .execute();
      expect(stored.filter((r) => r.statut === 'envoye' && r.verrou_jusqu_a === null)).toHaveLength(
        ids.length,
      );
      expect(await thread.pending()).toEqual({ count: 0, next: null });
      // The thread's logs reach the instance's logger.
      expect(logged.filter((m) => m === 'E-mail envoyé (SMTP)')).toHaveLength(expected.length);
    } finally {
      await thread.stop();
    }
    expect(threadNiceness()).not.toContain(Math.min(19, os.getPriority() + ALERTS_NICENESS));
    await expect(thread.deliverDue()).rejects.toThrow(/arrêté/);
  });
});
