/**
 * Alerts in their own thread, at a lower CPU priority than the instance's requests (docs/decisions/163).
 *
 * A flood of alerts is mostly CPU: building 100,000 notifications, rendering each e-mail, encrypting each push
 * (ECDH, HKDF, AES-GCM), TLS. In the thread that answers requests, it made them wait (p99 above 500 ms, then ~150 ms
 * with the loop gate of ADR 162). Here an `AlertEvaluator` and an `AlertDelivery` run in a worker thread with their
 * own database connections, mailer and push service; the thread lowers its own scheduling priority (Linux gives each
 * thread its own `nice`), so that the kernel runs the request thread first whenever both want a core, and alerts
 * take what is left.
 *
 * Ingestion's events (plain data) are posted to the thread, which evaluates them and then delivers, as
 * `startAlerts` does in one thread (the run waits for both, as before). The thread's own timer sends the retries.
 * A thread that dies is started again after RESTART_DELAY_MS (rows it had claimed come back when their lease ends);
 * the calls it had not answered fail, and their events are logged as not evaluated.
 */
import { Worker } from 'node:worker_threads';
import type { IngestEvents, ObservationsEvent, PrevisionsEvent, VigilanceEvent } from '../../ingest/events';
import type { DeliveryReport } from './delivery';
import type { AlertLogger, EvaluationSummary } from './evaluation';

export type AlertEvent = ObservationsEvent | VigilanceEvent | PrevisionsEvent;

/**
 * How much higher the alerts thread's `nice` is than the instance's: at 10 above, a tenth of a request thread's
 * share of a busy core (Linux CFS weights 110/1024).
 */
export const ALERTS_NICENESS = 10;
/** Wait before a thread that died is started again. */
export const RESTART_DELAY_MS = 5_000;

/** Everything the thread builds its deliverer from (plain data: it is copied into the thread). */
export interface AlertsThreadData {
  /** PostgreSQL URL; unset: the SQLite file `fileName` (`limni.db`) of `dataDir`. */
  databaseUrl?: string | undefined;
  dataDir: string;
  fileName?: string | undefined;
  applicationName?: string | undefined;
  smtpUrl?: string | undefined;
  mailFrom: string;
  publicUrl: string;
  /** HMAC key of the stop links (secrets.alertKey). */
  alertKey: Uint8Array;
  allowLocalEndpoints: boolean;
  niceness: number;
  /** Connections of the thread's own pool (PostgreSQL). */
  poolMax: number;
}

export type ToThread =
  | { type: 'evaluate'; id: number; event: AlertEvent }
  | { type: 'deliver'; id: number }
  | { type: 'pending'; id: number }
  | { type: 'start'; intervalMs: number }
  | { type: 'stop' };

export type FromThread =
  | { type: 'ready'; niceness: number | null }
  | { type: 'result'; id: number; value: unknown }
  | { type: 'failure'; id: number; message: string }
  | { type: 'log'; level: keyof AlertLogger; obj: object; msg: string };

export interface AlertsThreadOptions extends Omit<AlertsThreadData, 'niceness' | 'poolMax'> {
  niceness?: number;
  poolMax?: number;
  log?: AlertLogger;
}

/**
 * The worker: `alerts-worker.js` beside the bundle; from the sources (tsx, Vitest), `alerts-worker.ts` beside this
 * file, loaded through tsx's loader, which the thread registers first.
 */
function newWorker(workerData: AlertsThreadData): Worker {
  const here = import.meta.url;
  if (!here.endsWith('.ts')) return new Worker(new URL('./alerts-worker.js', here), { workerData });
  const file = new URL('./alerts-worker.ts', here).href;
  const boot = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(file)}); })`;
  return new Worker(boot, { eval: true, workerData });
}

export class AlertsThread {
  private worker: Worker | null = null;
  private ready: Promise<void> | null = null;
  private readonly calls = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  private nextId = 1;
  private intervalMs = 0;
  private stopping = false;
  private restartTimer: NodeJS.Timeout | null = null;
  /** The thread's `nice` as it reported it (null: it could not change it). */
  niceness: number | null = null;

  constructor(private readonly opts: AlertsThreadOptions) {}

  /** Starts the thread (once) and resolves when it has built its deliverer. */
  open(): Promise<void> {
    if (this.ready) return this.ready;
    const { log, niceness, poolMax, ...rest } = this.opts;
    const data: AlertsThreadData = {
      ...rest,
      niceness: niceness ?? ALERTS_NICENESS,
      poolMax: poolMax ?? 4,
    };
    const worker = newWorker(data);
    this.worker = worker;
    this.ready = new Promise<void>((resolve, reject) => {
      worker.on('message', (m: FromThread) => {
        if (m.type === 'ready') {
          this.niceness = m.niceness;
          if (this.intervalMs > 0) this.post({ type: 'start', intervalMs: this.intervalMs });
          resolve();
        } else if (m.type === 'result' || m.type === 'failure') {
          const call = this.calls.get(m.id);
          this.calls.delete(m.id);
          if (m.type === 'result') call?.resolve(m.value);
          else call?.reject(new Error(m.message));
        } else if (m.type === 'log') {
          log?.[m.level](m.obj, m.msg);
        }
      });
      worker.once('error', (err) => {
        log?.error({ err: err.message }, 'Fil des alertes en échec');
        reject(err);
      });
      worker.once('exit', (code) => {
        reject(new Error(`fil des alertes arrêté (code ${code})`));
        this.worker = null;
        this.ready = null;
        for (const call of this.calls.values()) call.reject(new Error('fil des alertes arrêté'));
        this.calls.clear();
        if (!this.stopping) {
          log?.error({ code }, `Fil des alertes arrêté : redémarrage dans ${RESTART_DELAY_MS / 1000} s`);
          this.restartTimer = setTimeout(() => {
            this.restartTimer = null;
            if (!this.stopping) this.open().catch(() => undefined);
          }, RESTART_DELAY_MS);
          this.restartTimer.unref();
        }
      });
    });
    // A failure to start is reported through the calls that wait on it.
    this.ready.catch(() => undefined);
    return this.ready;
  }

  private post(m: ToThread): void {
    this.worker?.postMessage(m);
  }

  private async call<T>(
    message: { type: 'deliver' | 'pending' } | { type: 'evaluate'; event: AlertEvent },
  ): Promise<T> {
    if (this.stopping) throw new Error('fil des alertes arrêté');
    await this.open();
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.calls.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.post({ ...message, id });
    });
  }

  /** Evaluates the event's rules in the thread, then delivers what it notified (a pass of the outbox). */
  evaluate(event: AlertEvent): Promise<EvaluationSummary> {
    return this.call({ type: 'evaluate', event });
  }

  deliverDue(): Promise<DeliveryReport> {
    return this.call({ type: 'deliver' });
  }

  pending(): Promise<{ count: number; next: number | null }> {
    return this.call({ type: 'pending' });
  }

  start(intervalMs = 15_000): void {
    this.intervalMs = intervalMs;
    this.open()
      .then(() => this.post({ type: 'start', intervalMs }))
      .catch(() => undefined);
  }

  /** Lets the running pass end (rows claimed and not sent are given back), then ends the thread. */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.restartTimer) clearTimeout(this.restartTimer);
    const worker = this.worker;
    if (!worker) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => void worker.terminate().then(() => resolve()), 30_000);
      worker.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      worker.postMessage({ type: 'stop' } satisfies ToThread);
    });
  }
}

export interface AlertsThreadRuntime {
  thread: AlertsThread;
  stop(): Promise<void>;
}

/**
 * Starts the thread and hands it ingestion's events (live runs): the same wiring as `startAlerts`, its work in the
 * thread. `retryIntervalMs`: the thread's delivery timer (0: none).
 */
export async function startAlertsThread(
  opts: AlertsThreadOptions & { events: IngestEvents; retryIntervalMs?: number },
): Promise<AlertsThreadRuntime> {
  const { events, retryIntervalMs = 15_000, ...rest } = opts;
  const thread = new AlertsThread(rest);
  await thread.open();
  const evaluate = async (event: AlertEvent) => {
    await thread.evaluate(event);
  };
  const off = [
    events.on('observations', evaluate),
    events.on('vigilance', evaluate),
    events.on('forecasts', evaluate),
  ];
  if (retryIntervalMs > 0) thread.start(retryIntervalMs);
  return {
    thread,
    async stop() {
      for (const f of off) f();
      await thread.stop();
    },
  };
}
