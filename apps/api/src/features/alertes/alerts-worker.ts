/**
 * The alerts thread's own side (docs/decisions/163): lowers its scheduling priority, builds an evaluator and a
 * deliverer on its own database connections, mailer and push service, and answers the instance's requests (an
 * event to evaluate then deliver, a delivery pass, the pending count, the retry timer, stop). Its logs go to the
 * instance's logger.
 */
import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { openDb } from '../../db/client';
import { createMailer } from '../../notify/mail';
import { createPushService } from '../../notify/push';
import { AlertDelivery } from './delivery';
import type { AlertEvent, AlertsThreadData, FromThread, ToThread } from './alerts-thread';
import { AlertEvaluator, type AlertLogger, type EvaluationSummary } from './evaluation';

const port = parentPort;
if (!port) throw new Error('alerts-worker se lance comme fil (worker_threads), pas seul');
const data = workerData as AlertsThreadData;
const send = (m: FromThread) => port.postMessage(m);

// Linux: setpriority(PRIO_PROCESS, 0, …) from a thread sets that thread's `nice` only. Relative to the instance's
// own (a service started with `Nice=5` gets its alerts at 15), within the kernel's bound of 19.
let niceness: number | null = null;
try {
  os.setPriority(Math.min(19, os.getPriority() + data.niceness));
  niceness = os.getPriority();
} catch {
  niceness = null;
}

const log: AlertLogger = {
  info: (obj, msg) => send({ type: 'log', level: 'info', obj, msg }),
  warn: (obj, msg) => send({ type: 'log', level: 'warn', obj, msg }),
  error: (obj, msg) => send({ type: 'log', level: 'error', obj, msg }),
};
const db = openDb({
  databaseUrl: data.databaseUrl,
  dataDir: data.dataDir,
  fileName: data.fileName,
  applicationName: data.applicationName ? `${data.applicationName}-alertes` : undefined,
  poolMax: data.poolMax,
});
const mailer = createMailer(
  { SMTP_URL: data.smtpUrl, MAIL_FROM: data.mailFrom, DATA_DIR: data.dataDir },
  log,
);
const push = createPushService({
  db: db.db,
  mailFrom: data.mailFrom,
  allowLocalEndpoints: data.allowLocalEndpoints,
  log,
});
const delivery = new AlertDelivery({
  db: db.db,
  mailer,
  push,
  publicUrl: data.publicUrl,
  alertKey: Buffer.from(data.alertKey),
  log,
  // No request is answered on this loop: nothing to yield to (ADR 162's gate is for the request thread).
  maxLoopLagMs: null,
});

const evaluator = new AlertEvaluator(db.db, { log });

/** As `startAlerts`: the event's rules, then a delivery pass when something was notified. */
async function evaluate(event: AlertEvent): Promise<EvaluationSummary> {
  const summary =
    event.type === 'observations'
      ? await evaluator.observations(event)
      : event.type === 'vigilance'
        ? await evaluator.vigilance(event)
        : await evaluator.forecasts(event);
  if (summary.notifications > 0) await delivery.deliverDue();
  return summary;
}

const answer = (id: number, work: Promise<unknown>) =>
  work.then(
    (value) => send({ type: 'result', id, value }),
    (err: unknown) =>
      send({ type: 'failure', id, message: err instanceof Error ? err.message : String(err) }),
  );

port.on('message', (m: ToThread) => {
  if (m.type === 'evaluate') void answer(m.id, evaluate(m.event));
  else if (m.type === 'deliver') void answer(m.id, delivery.deliverDue());
  else if (m.type === 'pending') void answer(m.id, delivery.pending());
  else if (m.type === 'start') delivery.start(m.intervalMs);
  else if (m.type === 'stop') {
    void delivery
      .stop()
      .then(() => db.close())
      .finally(() => {
        // The instance waits for the thread's `exit`. In a worker thread, this ends the thread only (the SMTP
        // pool's idle timer would keep it a while).
        process.exit(0);
      });
  }
});
send({ type: 'ready', niceness });
