/**
 * Live ingestion, started by server.ts unless `INGEST=off`: one leader per database runs the jobs on their croner
 * schedules (docs/decisions/020, 021, 022). In `auto` mode (the default, docs/decisions/134) the leader first probes
 * the sources: they answer → the service is recorded live and the jobs start; they do not → the demo is recorded
 * with the reason and the probe is repeated (30 s, doubling up to 10 min) until they answer, then the service turns
 * live without a restart. A database once live stays live.
 *
 * Followers retry the leadership every `leaderRetryMs` (INGEST_LEADER_RETRY_S, 10 s by default): a leader killed
 * with -9 loses its session (PostgreSQL) or its lease expires (SQLite, ADR 137), and another instance runs the jobs
 * within that time (docs/decisions/121). A leader that finds its leadership lost stops its schedules and aborts its
 * runs in flight; jobs upsert, so a short overlap with the next leader after a network cut writes nothing twice. A
 * failed run is retried with exponential backoff when that comes before its next scheduled run. Every job shares one
 * gate per source (a `Retry-After` pauses the source for all, ADR 136) and one pace of Hub'Eau's long reads.
 * `stop()` stops the schedules, aborts requests in flight, waits for running jobs and releases the leadership.
 */
import { Cron } from 'croner';
import type { Env } from '../config/env';
import { readServiceMode, recordServiceMode, type ServiceModeState } from '../data/service-mode';
import type { Db } from '../db/client';
import { tryAcquireLeadership, type Leadership } from '../db/dialect';
import { APP_VERSION } from '../version';
import type { IngestEvents } from './events';
import { DEFAULT_HTTP, sharedPacer, sourceGates, type HttpOptions, type IngestLogger } from './http';
import { hubeauElabJob } from './jobs/hubeau-elab';
import { hubeauObservationsJob } from './jobs/hubeau-observations';
import { hubeauRattrapageJob } from './jobs/hubeau-rattrapage';
import { hubeauStationsJob } from './jobs/hubeau-stations';
import { clearRunningJobs, demandedJobs, INGEST_LOCK_KEY, readJobRow } from './ingest-job.repo';
import { runJob, type IngestJob, type RunOutcome } from './jobs/runner';
import { vigicruesObservationsJob } from './jobs/vigicrues-observations';
import { vigicruesPrevisionsJob } from './jobs/vigicrues-previsions';
import { vigicruesVigilanceJob } from './jobs/vigicrues-vigilance';
import { vigieauRestrictionsJob } from './jobs/vigieau-restrictions';
import { probeSources, type ProbeResult } from './probe';

export { INGEST_LOCK_KEY };

export function defaultJobs(
  env: Pick<Env, 'HUBEAU_BASE_URL' | 'VIGICRUES_BASE_URL' | 'HUBEAU_BACKFILL_PER_MINUTE'> &
    Partial<Pick<Env, 'VIGIEAU_BASE_URL'>>,
): IngestJob[] {
  const perMinute = env.HUBEAU_BACKFILL_PER_MINUTE;
  // Overdue jobs run at start one after the other, in this order: the catalogue (the stations to read), the sweep
  // that makes every station current, the vigilance and the forecasts; only then the paced long reads (the 29-day
  // catch-up, the obs_elab backfill), newest first (docs/decisions/135).
  return [
    hubeauStationsJob({ baseUrl: env.HUBEAU_BASE_URL }),
    hubeauObservationsJob({ baseUrl: env.HUBEAU_BASE_URL }),
    vigicruesVigilanceJob({ baseUrl: env.VIGICRUES_BASE_URL }),
    vigicruesPrevisionsJob({ baseUrl: env.VIGICRUES_BASE_URL }),
    // The drought orders, daily (ADR 155), started at start beside the long reads rather than after them.
    ...(env.VIGIEAU_BASE_URL ? [vigieauRestrictionsJob({ baseUrl: env.VIGIEAU_BASE_URL })] : []),
    hubeauRattrapageJob({ baseUrl: env.HUBEAU_BASE_URL, perMinute }),
    vigicruesObservationsJob({ baseUrl: env.VIGICRUES_BASE_URL }),
    hubeauElabJob({ baseUrl: env.HUBEAU_BASE_URL, perMinute }),
  ];
}

export interface IngestionOptions {
  env: Pick<
    Env,
    'HUBEAU_BASE_URL' | 'VIGICRUES_BASE_URL' | 'PUBLIC_URL' | 'HUBEAU_BACKFILL_PER_MINUTE' | 'INSTANCE_ID'
  > &
    Partial<Pick<Env, 'INGEST' | 'VIGIEAU_BASE_URL'>>;
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
  /** First delay before probing the sources again in demo (doubled up to `PROBE_MAX_DELAY_MS`). */
  probeRetryMs?: number;
  /** Called once the service is live on this instance (server.ts starts the daily roll-up). */
  onLive?: () => void;
}

export interface IngestionRuntime {
  isLeader(): boolean;
  /** Runs one job now (unless it is already running) and resolves with its outcome. */
  runNow(job: string): Promise<RunOutcome | null>;
  stop(): Promise<void>;
}

const MAX_JOB_RETRIES = 3;
/** How often the leader looks for runs an operator asked for (`npm run admin -- run <job>`). */
export const DEMAND_POLL_MS = 500;
const DEFAULT_LEADER_RETRY_MS = 10_000;
export const PROBE_FIRST_DELAY_MS = 30_000;
export const PROBE_MAX_DELAY_MS = 10 * 60_000;

/**
 * After a run: the delay of a job-level retry (doubled at each failure, at most `MAX_JOB_RETRIES`, only when it comes
 * before the next scheduled run), null when none; `retries` counts the failures in a row.
 */
function retryDelay(
  retries: Map<string, number>,
  job: string,
  ok: boolean,
  baseMs = 60_000,
  msToNext: number | null = Infinity,
): number | null {
  if (ok) {
    retries.delete(job);
    return null;
  }
  const n = (retries.get(job) ?? 0) + 1;
  const delay = baseMs * 2 ** (n - 1);
  if (n <= MAX_JOB_RETRIES && delay < (msToNext ?? Infinity)) {
    retries.set(job, n);
    return delay;
  }
  retries.delete(job);
  return null;
}

/**
 * Starts the runs an operator asked for (`npm run admin -- run <job>`, from any host): the leader looks every
 * `DEMAND_POLL_MS`. Returns the function that stops looking.
 */
function watchDemands(
  db: Db,
  jobs: readonly IngestJob[],
  trigger: (job: IngestJob) => Promise<RunOutcome> | null,
): () => void {
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    void demandedJobs(db.db)
      .then((names) => {
        for (const name of names) {
          const job = jobs.find((j) => j.name === name);
          if (job) void trigger(job);
        }
      })
      .catch(() => {})
      .finally(() => (busy = false));
  }, DEMAND_POLL_MS);
  timer.unref();
  return () => clearInterval(timer);
}

interface LiveSwitchDeps {
  opts: IngestionOptions;
  http: Pick<HttpOptions, 'userAgent' | 'gates'>;
  now: () => number;
  later: (ms: number, fn: () => void) => void;
  startJobs: () => Promise<void>;
  /** Still running and leading. */
  active: () => boolean;
}

/**
 * Demo → live (docs/decisions/134): `goLive` records the live mode (followers' clocks follow), announces it once and
 * starts the jobs; `probeThenLive` probes the sources and goes live when they answer, else records the demo with the
 * reason and probes again later, the delay doubling up to `PROBE_MAX_DELAY_MS`.
 */
function liveSwitch(d: LiveSwitchDeps) {
  const { opts, now } = d;
  const log = opts.log;
  let announced = false;
  const goLive = async (since: number | null): Promise<void> => {
    const state: ServiceModeState = {
      mode: 'live',
      raison: null,
      depuis: since ?? now(),
      prochainEssai: null,
    };
    await recordServiceMode(opts.db.db, state);
    if (!announced) {
      announced = true;
      opts.onLive?.();
    }
    await d.startJobs();
  };
  const probeThenLive = async (delay: number): Promise<void> => {
    if (!d.active()) return;
    const result: ProbeResult = await probeSources(opts.env, {
      userAgent: d.http.userAgent,
      gates: d.http.gates,
      log,
    });
    if (!d.active()) return;
    if (result.ok) {
      log.info({ sources: result.sources }, 'Sources joignables : service en direct');
      await goLive(null);
      return;
    }
    const next = Math.min(delay, PROBE_MAX_DELAY_MS);
    const before = await readServiceMode(opts.db.db);
    await recordServiceMode(opts.db.db, {
      mode: 'demo',
      raison: result.raison,
      depuis: before?.mode === 'demo' ? before.depuis : now(),
      prochainEssai: now() + next,
    });
    log.warn(
      { sources: result.sources, nouvelEssaiMs: next },
      `Démonstration : ${result.raison ?? 'sources injoignables'} ; nouvel essai dans ${Math.round(next / 1000)} s`,
    );
    d.later(next, () => void probeThenLive(next * 2));
  };
  return { goLive, probeThenLive };
}

export function startIngestion(opts: IngestionOptions): IngestionRuntime {
  const now = opts.now ?? Date.now;
  const jobs = opts.jobs ?? defaultJobs(opts.env);
  const log = opts.log;
  const leaderRetryMs = opts.leaderRetryMs ?? DEFAULT_LEADER_RETRY_MS;
  const auto = (opts.env.INGEST ?? 'live') === 'auto';
  /** Aborted on stop, and when the leadership is lost (replaced then for the next one). */
  let abort = new AbortController();
  const timers = new Set<NodeJS.Timeout>();
  const running = new Map<string, Promise<RunOutcome>>();
  const retries = new Map<string, number>();
  let crons: Array<{ job: IngestJob; cron: Cron }> = [];
  let stopDemands = () => {};
  let leadership: Leadership | null = null;
  let stopped = false;
  const http = {
    ...DEFAULT_HTTP,
    ...opts.http,
    userAgent: `Limni/${APP_VERSION} (+${opts.env.PUBLIC_URL})`,
    gates: sourceGates(),
  };
  const pace = sharedPacer(opts.env.HUBEAU_BACKFILL_PER_MINUTE);

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
    const p = runJob(job, { db: opts.db.db, events: opts.events, now, log, http, pace, signal: abort.signal })
      .then((outcome) => {
        const next = crons.find((c) => c.job === job)?.cron.msToNext() ?? Infinity;
        const delay = stopped ? null : retryDelay(retries, job.name, outcome.ok, opts.retryBaseMs, next);
        if (delay !== null) {
          log.warn({ job: job.name, delayMs: delay }, `Ingestion ${job.name} : nouvel essai programmé`);
          later(delay, () => void trigger(job));
        }
        return outcome;
      })
      .finally(() => running.delete(job.name));
    running.set(job.name, p);
    return p;
  };

  const startJobs = async () => {
    stopDemands = watchDemands(opts.db, jobs, trigger);
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
        // A job of another source that paces itself (VigiEau) does not hold the ones after it.
        if (job.atStartBeside) void trigger(job);
        else await trigger(job);
      }
    }
  };

  const stopJobs = () => {
    stopDemands();
    for (const c of crons) c.cron.stop();
    crons = [];
  };

  const live = liveSwitch({
    opts,
    http,
    now,
    later,
    startJobs,
    active: () => !stopped && leadership !== null,
  });

  const lead = async (): Promise<void> => {
    if (stopped) return;
    try {
      leadership = await tryAcquireLeadership(
        opts.db.db,
        opts.db.dialect,
        INGEST_LOCK_KEY,
        opts.env.INSTANCE_ID,
      );
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
    // A run left marked as running by a leader that died is over.
    await clearRunningJobs(opts.db.db);
    const recorded = await readServiceMode(opts.db.db);
    if (auto && recorded?.mode !== 'live') {
      await live.probeThenLive(opts.probeRetryMs ?? PROBE_FIRST_DELAY_MS);
      return;
    }
    log.info({ jobs: jobs.map((j) => j.name) }, 'Ingestion en direct démarrée (instance meneuse)');
    await live.goLive(recorded?.mode === 'live' ? recorded.depuis : null);
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
