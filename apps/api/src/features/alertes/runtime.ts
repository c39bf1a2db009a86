/**
 * Alerts at run time (docs/decisions/056, 057): the evaluator listens to ingestion's events (live runs, or the
 * steps of a replay on the same bus) and each evaluation is followed by a delivery pass; a timer delivers the
 * retries that come due. Started by the composition roots: server.ts on SQLite and the replay command
 * (replay/cli.ts); on PostgreSQL, server.ts runs the same in a thread of its own (alerts-thread.ts).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { IngestEvents } from '../../ingest/events';
import type { Mailer } from '../../notify/mail';
import type { PushService } from '../../notify/push';
import { AlertDelivery } from './delivery';
import { AlertEvaluator, type AlertLogger, type EvaluationSummary } from './evaluation';

export interface AlertsOptions {
  db: Kysely<Database>;
  events: IngestEvents;
  mailer: Mailer;
  push: PushService;
  publicUrl: string;
  alertKey: Buffer;
  log?: AlertLogger;
  now?: () => number;
  /** Delivery pass interval for retries (ms); 0 = no timer (the caller delivers). */
  retryIntervalMs?: number;
  /** Called after each evaluation (the replay counts notifications). */
  onEvaluated?: (summary: EvaluationSummary) => void;
}

export interface AlertsRuntime {
  evaluator: AlertEvaluator;
  delivery: AlertDelivery;
  stop(): Promise<void>;
}

export function startAlerts(opts: AlertsOptions): AlertsRuntime {
  const evaluator = new AlertEvaluator(opts.db, { now: opts.now, log: opts.log });
  const delivery = new AlertDelivery({
    db: opts.db,
    mailer: opts.mailer,
    push: opts.push,
    publicUrl: opts.publicUrl,
    alertKey: opts.alertKey,
    now: opts.now,
    log: opts.log,
  });
  const after = async (summary: EvaluationSummary) => {
    opts.onEvaluated?.(summary);
    if (summary.notifications > 0) await delivery.deliverDue();
  };
  const off = [
    opts.events.on('observations', async (e) => after(await evaluator.observations(e))),
    opts.events.on('vigilance', async (e) => after(await evaluator.vigilance(e))),
    opts.events.on('forecasts', async (e) => after(await evaluator.forecasts(e))),
  ];
  if ((opts.retryIntervalMs ?? 15_000) > 0) delivery.start(opts.retryIntervalMs ?? 15_000);
  return {
    evaluator,
    delivery,
    async stop() {
      for (const f of off) f();
      await delivery.stop();
    },
  };
}
