/**
 * Live ingestion (`INGEST=live`), started by server.ts: one leader per database runs the jobs on their croner
 * schedules (docs/decisions/020, 021, 022). Followers retry the leadership every `leaderRetryMs` (INGEST_LEADER_RETRY_S,
 * 10 s by default): a leader killed with -9 loses its session, hence the lock, and another instance runs the jobs
 * within that time (docs/decisions/121). A leader that finds its session lost (at the lock connection's heartbeat)
 * stops its schedules and aborts its runs in flight; jobs upsert, so a short overlap with the next leader after a
 * network cut writes nothing twice. A failed run is retried with exponential backoff
 * when that comes before its next scheduled run. `stop()` stops the schedules, aborts
 * requests in flight, waits for running jobs and releases the leadership.
 */
import { Cron } from 'croner';
import type { Env } from '../config/env';
import type { Db } from '../db/client';
import { tryAcquireLeadership, type Leadership } from '../db/dialect';
import { APP_VERSION } from '../version';
import type { IngestEvents } from './events';
import { DEFAULT_HTTP, type HttpOptions, type IngestLogger } from './http';
import { hubeauElabJob } from './jobs/hubeau-elab';
import { hubeauObservationsJob } from './jobs/hubeau-observations';
import { hubeauStationsJob } from './jobs/hubeau-stations';
import { INGEST_LOCK_KEY, readJobRow } from './ingest-job.repo';
import { runJob, type IngestJob, type RunOutcome } from './jobs/runner';
import { vigicruesObservationsJob } from './jobs/vigicrues-observations';
import { vigicruesPrevisionsJob } from './jobs/vigicrues-previsions';
import { vigicruesVigilanceJob } from './jobs/vigicrues-vigilance';

export { INGEST_LOCK_KEY };

export function defaultJobs(
  env: Pick<Env, 'HUBEAU_BASE_URL' | 'VIGICRUES_BASE_URL' | 'HUBEAU_BACKFILL_PER_MINUTE'>,
): IngestJob[] {
  const perMinute = env.HUBEAU_BACKFILL_PER_MINUTE;
  // Overdue jobs run at start one after the other, in this order: the short ones first, so that a first start
  // (29-day reads, obs_elab backfill: paced, long) does not hold the vigilance back.
  return [
    hubeauStationsJob({ baseUrl: env.HUBEAU_BASE_URL }),
    vigicruesVigilanceJob({ baseUrl: env.VIGICRUES_BASE_URL }),
    vigicruesPrevisionsJob({ baseUrl: env.VIGICRUES_BASE_URL }),
    hubeauObservationsJob({ baseUrl: env.HUBEAU_BASE_URL, perMinute }),
    vigicruesObservationsJob({ baseUrl: env.VIGICRUES_BASE_URL }),
    hubeauElabJob({ baseUrl: env.HUBEAU_BASE_URL, perMinute }),
  ];
}

export interface IngestionOptions {
  env: Pick<Env, 'HUBEAU_BASE_URL' | 'VIGICRUES_BASE_URL' | 'PUBLIC_URL' | 'HUBEAU_BACKFILL_PER_MINUTE'>;
  db: Db;
  events: IngestEvents;
  log: IngestLogger;
  now?: () => number;
  jobs?: IngestJob[];
  http?: Partial<Pick<HttpOptions, 'timeoutMs' | 'retries' | 'backoffMs'>>;
  /** How often a follower tries to become the leader (default 10 s). */
  leaderRetryMs?: number;
  /** First delay of a job-level retry after a failed run (doubled each time, at most 3 retries). */
  retryBaseMs?: number;
  /** Run the overdue jobs immediately on becoming the leader (default true). */
  runAtStart?: boolean;
}

export interface IngestionRuntime {
  isLeader(): boolean;
  /** Runs one job now (unless it is already running) and resolves with its outcome. */
  runNow(job: string): Promise<RunOutcome | null>;
  stop(): Promise<void>;
}

const MAX_JOB_RETRIES = 3;
const DEFAULT_LEADER_RETRY_MS = 10_000;

export function startIngestion(opts: IngestionOptions): IngestionRuntime {
  const now = opts.now ?? Date.now;
  const jobs = opts.jobs ?? defaultJobs(opts.env);
  const log = opts.log;
  const leaderRetryMs = opts.leaderRetryMs ?? DEFAULT_LEADER_RETRY_MS;
  /** Aborted on stop, and when the leadership is lost (replaced then for the next one). */
  let abort = new AbortController();
  const timers = new Set<NodeJS.Timeout>();
  const running = new Map<string, Promise<RunOutcome>>();
  const retries = new Map<string, number>();
  let crons: Array<{ job: IngestJob; cron: Cron }> = [];
  let leadership: Leadership | null = null;
  let stopped = false;
  const http = {
    ...DEFAULT_HTTP,
    ...opts.http,
    userAgent: `Limni/${APP_VERSION} (+${opts.env.PUBLIC_URL})`,
  };

  const later = (ms: number, fn: () => void) => {
    const t = setTimeout(() => {
      timers.delete(t);
      if (!stopped) fn();
    }, ms);
    timers.add(t);
  };

  const trigger = (job: IngestJob): Promise<RunOutcome> | null => {
    if (stopped || !leadership) return null;
    const current = running.get(job.name);
    if (current) return current;
    const p = runJob(job, { db: opts.db.db, events: opts.events, now, log, http, signal: abort.signal })
      .then((outcome) => {
        if (outcome.ok) {
          retries.delete(job.name);
        } else if (!stopped) {
          const n = (retries.get(job.name) ?? 0) + 1;
          const delay = (opts.retryBaseMs ?? 60_000) * 2 ** (n - 1);
          const next = crons.find((c) => c.job === job)?.cron.msToNext() ?? Infinity;
          if (n <= MAX_JOB_RETRIES && delay < (next ?? Infinity)) {
            retries.set(job.name, n);
            log.warn(
              { job: job.name, delayMs: delay, attempt: n },
              `Ingestion ${job.name} : nouvel essai programmé`,
            );
            later(delay, () => void trigger(job));
          } else {
            retries.delete(job.name);
          }
        }
        return outcome;
      })
      .finally(() => running.delete(job.name));
    running.set(job.name, p);
    return p;
  };

  const startJobs = async () => {
    crons = jobs.map((job) => ({
      job,
      cron: new Cron(job.schedule, { timezone: 'UTC', protect: true }, () => {
        void trigger(job);
      }),
    }));
    if (opts.runAtStart === false) return;
    for (const job of jobs) {
      if (job.runAtStartIfOlderThan === undefined || stopped) continue;
      const row = await readJobRow(opts.db.db, job.name);
      if (row?.last_success == null || now() - row.last_success >= job.runAtStartIfOlderThan) {
        await trigger(job);
      }
    }
  };

  const stopJobs = () => {
    for (const c of crons) c.cron.stop();
    crons = [];
  };

  const lead = async (): Promise<void> => {
    if (stopped) return;
    try {
      leadership = await tryAcquireLeadership(opts.db.db, opts.db.dialect, INGEST_LOCK_KEY);
    } catch (err) {
      log.error(
        { err: err instanceof Error ? err.message : String(err) },
        'Ingestion : prise de rôle impossible',
      );
      leadership = null;
    }
    if (stopped) {
      await leadership?.release();
      leadership = null;
      return;
    }
    if (!leadership) {
      log.info(
        { retryMs: leaderRetryMs },
        `Ingestion : une autre instance est meneuse, nouvel essai dans ${Math.round(leaderRetryMs / 1000)} s`,
      );
      later(leaderRetryMs, () => void lead());
      return;
    }
    log.info({ jobs: jobs.map((j) => j.name) }, 'Ingestion en direct démarrée (instance meneuse)');
    const mine = leadership;
    void mine.lost.then(() => {
      if (stopped || leadership !== mine) return;
      log.error({}, 'Ingestion : rôle de meneuse perdu (connexion interrompue), arrêt des tâches');
      leadership = null;
      stopJobs();
      // Another instance may take the lock now: the runs in flight here stop (their progress is checkpointed).
      abort.abort(new Error('rôle de meneuse perdu'));
      abort = new AbortController();
      later(leaderRetryMs, () => void lead());
    });
    await startJobs();
  };

  const starting = lead();

  return {
    isLeader: () => leadership !== null,
    async runNow(name) {
      await starting;
      const job = jobs.find((j) => j.name === name);
      if (!job) throw new Error(`Tâche d'ingestion inconnue : ${name}`);
      return trigger(job);
    },
    async stop() {
      stopped = true;
      stopJobs();
      for (const t of timers) clearTimeout(t);
      timers.clear();
      abort.abort(new Error('arrêt du serveur'));
      await starting.catch(() => {});
      await Promise.allSettled([...running.values()]);
      await leadership?.release();
      leadership = null;
    },
  };
}
