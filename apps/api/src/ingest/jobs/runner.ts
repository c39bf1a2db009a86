/**
 * Running one ingestion job and recording what happened (table `ingest_job`, migration 004): last run, last
 * success, last error with its time, the counts of the last run and the job's checkpoint. A job is idempotent
 * (it upserts) and resumes from its checkpoint, which it may advance part by part: the progress made before a
 * failure is kept. See docs/decisions/022-ingest-jobs-checkpoints-retries.md.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { IngestEvents } from '../events';
import { UpstreamError, type HttpOptions, type IngestLogger, type SourceGates } from '../http';
import {
  listJobRows,
  markJobRunning,
  readJobRow,
  saveJobCheckpoint,
  saveJobRun,
  type JobRunValues,
} from '../ingest-job.repo';

/** Something a run noticed that did not stop it (a renamed field, a refused bulletin…): shown by /api/health. */
export interface JobWarning {
  /** Stable code: `champ_absent`, `bulletin_futur`, `reponses_vides`… */
  code: string;
  /** French sentence for the operator. */
  message: string;
}

export interface JobContext {
  readonly job: string;
  readonly db: Kysely<Database>;
  readonly events: IngestEvents;
  readonly now: () => number;
  readonly signal: AbortSignal;
  readonly log: IngestLogger;
  /** HTTP options with this run's signal, logger and retry counting wired in. */
  readonly http: HttpOptions;
  /** Checkpoint saved by the previous run (parsed JSON), undefined before the first one. */
  readonly checkpoint: unknown;
  /** Replaces the checkpoint; saved at the end of the run whatever its outcome. */
  setCheckpoint(value: unknown): void;
  /** Replaces the checkpoint and writes it at once (long runs: progress survives a killed process). */
  saveCheckpoint(value: unknown): Promise<void>;
  /** Adds to a counter of this run (shown by /api/health). */
  count(key: string, n?: number): void;
  /** This run's counters so far. */
  counts(): Readonly<Record<string, number>>;
  /** Records a warning of this run (once per code; shown by /api/health until a run without it). */
  warn(code: string, message: string): void;
  /**
   * Awaited before each request of a long read: the source's pace shared by every job of the runtime
   * (HUBEAU_BACKFILL_PER_MINUTE), undefined outside a runtime (the job then paces itself).
   */
  readonly pace?: (() => Promise<void>) | undefined;
}

export interface IngestJob {
  name: string;
  /** Cron expression (croner), in UTC. */
  schedule: string;
  /** Run at start when the last success is older than this (ms); undefined = never at start. */
  runAtStartIfOlderThan?: number;
  /** At start, run beside the jobs after it instead of before them (a slow, light read of another source). */
  atStartBeside?: boolean;
  run(ctx: JobContext): Promise<void>;
}

const MIN = 60_000;
/**
 * How long a run of each job may last before /api/health reports it (`tropLong`, degraded): a hung upstream shows
 * while it hangs. The long reads are paced (one request a second by default) and may run for hours.
 */
export const JOB_BUDGETS_MS: Readonly<Record<string, number>> = {
  'hubeau-observations': 8 * MIN,
  'hubeau-rattrapage': 6 * 60 * MIN,
  'hubeau-elab': 12 * 60 * MIN,
  'hubeau-stations': 30 * MIN,
  'vigicrues-vigilance': 10 * MIN,
  'vigicrues-previsions': 25 * MIN,
  'vigicrues-observations': 8 * MIN,
  'vigieau-restrictions': 60 * MIN,
};
export const DEFAULT_JOB_BUDGET_MS = 20 * MIN;

/**
 * The stable code of a run's error, shown by /api/health instead of its message (docs/decisions/105): the kind of
 * an upstream error (`http_503`, `timeout`, `network`, `json`, `schema`, `pagination`, `lien_refuse`…), that of
 * the first failed request of a partial failure, or `interne`.
 */
export function errorCode(err: unknown): string {
  if (err instanceof JobError) return err.code;
  if (err instanceof UpstreamError) {
    return err.kind === 'http' && err.status ? `http_${err.status}` : err.kind;
  }
  return 'interne';
}

/** Thrown by a job that did part of its work: the message says what failed, progress is kept. */
export class JobError extends Error {
  /** The code of the first failure (`errorCode`). */
  readonly code: string;
  constructor(message: string, firstFailure?: unknown, code?: string) {
    super(message);
    this.name = 'JobError';
    this.code = code ?? (firstFailure === undefined ? 'interne' : errorCode(firstFailure));
  }
}

/** Summarises failed requests of a run: "2 requêtes sur 42 en échec ; première : …". */
export function failuresMessage(failures: readonly Error[], total: number): string {
  const first = failures[0];
  const n = failures.length;
  return `${n} ${n > 1 ? 'requêtes' : 'requête'} sur ${total} en échec${first ? ` ; première : ${first.message}` : ''}`;
}

/**
 * The requests of one run: counts successes and failures, and says to stop asking — the rest is left for the next
 * run, their series unchanged — after `limit` consecutive transient failures (the service is down), or after
 * `anyLimit` consecutive failures of any kind (every answer refused: a wrong address, a changed API).
 */
export class RequestTracker {
  readonly failures: UpstreamError[] = [];
  private done = 0;
  private consecutive = 0;
  private consecutiveAny = 0;
  private skipped = 0;

  constructor(
    private readonly limit = 3,
    private readonly anyLimit = 10,
  ) {}

  /** False once the service looks down: skip the request (it is counted as not attempted). */
  proceed(): boolean {
    if (this.consecutive < this.limit && this.consecutiveAny < this.anyLimit) return true;
    this.skipped++;
    return false;
  }

  ok(): void {
    this.done++;
    this.consecutive = 0;
    this.consecutiveAny = 0;
  }

  fail(err: UpstreamError): void {
    this.done++;
    this.failures.push(err);
    this.consecutive = err.transient ? this.consecutive + 1 : 0;
    this.consecutiveAny++;
  }

  count(ctx: Pick<JobContext, 'count'>): void {
    ctx.count('requetes', this.done);
    if (this.failures.length) ctx.count('requetes_en_echec', this.failures.length);
    if (this.skipped) ctx.count('requetes_non_tentees', this.skipped);
  }

  /** Throws the run's error when a request failed (after the job saved what it could). */
  throwIfFailed(): void {
    if (!this.failures.length) return;
    const message = failuresMessage(this.failures, this.done);
    throw new JobError(
      this.skipped
        ? `${message} ; service jugé indisponible après ${this.consecutiveAny >= this.anyLimit ? this.anyLimit : this.limit} échecs consécutifs, ${this.skipped} ${this.skipped > 1 ? 'requêtes reportées' : 'requête reportée'} au prochain passage`
        : message,
      this.failures[0],
    );
  }
}

export interface RunOptions {
  db: Kysely<Database>;
  events: IngestEvents;
  now: () => number;
  log: IngestLogger;
  http: Pick<HttpOptions, 'timeoutMs' | 'retries' | 'backoffMs' | 'userAgent'> & { gates?: SourceGates };
  signal?: AbortSignal;
  /** The runtime's shared pace of long reads, given the run's signal. */
  pace?: (signal: AbortSignal) => Promise<void>;
}

export interface RunOutcome {
  job: string;
  ok: boolean;
  error: string | null;
  counts: Record<string, number>;
}

export async function runJob(job: IngestJob, opts: RunOptions): Promise<RunOutcome> {
  const { db } = opts;
  const row = await readJobRow(db, job.name);
  let checkpoint: unknown = undefined;
  try {
    checkpoint = row?.checkpoint ? (JSON.parse(row.checkpoint) as unknown) : undefined;
  } catch {
    opts.log.warn({ job: job.name }, 'Point de reprise illisible : ignoré');
  }
  let nextCheckpoint: unknown = checkpoint;
  const counts: Record<string, number> = {};
  const count = (key: string, n = 1) => {
    counts[key] = (counts[key] ?? 0) + n;
  };
  const signal = opts.signal ?? new AbortController().signal;
  const log = opts.log;
  const warnings = new Map<string, JobWarning>();
  const sharedPace = opts.pace;
  const ctx: JobContext = {
    job: job.name,
    db,
    events: opts.events,
    now: opts.now,
    signal,
    log,
    http: { ...opts.http, signal, log, onRetry: () => count('nouveaux_essais') },
    checkpoint,
    setCheckpoint: (v) => {
      nextCheckpoint = v;
    },
    saveCheckpoint: async (v) => {
      nextCheckpoint = v;
      await saveJobCheckpoint(db, job.name, JSON.stringify(v));
    },
    count,
    counts: () => counts,
    warn: (code, message) => {
      if (warnings.has(code)) return;
      warnings.set(code, { code, message });
      log.warn({ job: job.name, code }, message);
    },
    pace: sharedPace ? () => sharedPace(signal) : undefined,
  };

  const started = opts.now();
  await markJobRunning(db, job.name, started);
  let error: string | null = null;
  let code: string | null = null;
  try {
    await job.run(ctx);
  } catch (err) {
    error = err instanceof Error ? err.message : String(err);
    code = errorCode(err);
    if (err instanceof UpstreamError || err instanceof JobError) {
      log.error({ job: job.name, err: error, counts }, `Ingestion ${job.name} en échec`);
    } else {
      log.error({ job: job.name, err, counts }, `Ingestion ${job.name} en échec (erreur inattendue)`);
    }
  }
  const ended = opts.now();
  counts.duree_ms = Math.max(0, ended - started);

  const values: JobRunValues = {
    last_run_at: started,
    counts: JSON.stringify(counts),
    checkpoint: nextCheckpoint === undefined ? null : JSON.stringify(nextCheckpoint),
    running_since: null,
    avertissements: warnings.size ? JSON.stringify([...warnings.values()]) : null,
    ...(error === null
      ? { last_success: ended, consecutive_failures: 0 }
      : {
          last_error: error.slice(0, 2000),
          last_error_code: code,
          last_error_at: ended,
          consecutive_failures: (row?.consecutive_failures ?? 0) + 1,
        }),
  };
  await saveJobRun(db, job.name, values);
  if (error === null) log.info({ job: job.name, counts }, `Ingestion ${job.name} terminée`);
  return { job: job.name, ok: error === null, error, counts };
}

/** A job's recorded state. `lastError` is the full message (URLs, upstream text): for logs and tests, not the public. */
export interface IngestJobState {
  job: string;
  lastRunAt: number | null;
  lastSuccess: number | null;
  lastError: string | null;
  lastErrorCode: string | null;
  lastErrorAt: number | null;
  consecutiveFailures: number;
  counts: Record<string, number>;
  /** Start of the run in progress (any instance), null between runs. */
  runningSince: number | null;
  warnings: JobWarning[];
  budgetMs: number;
}

function parseWarnings(text: string | null): JobWarning[] {
  if (!text) return [];
  try {
    const parsed = JSON.parse(text) as unknown;
    return Array.isArray(parsed)
      ? parsed.filter(
          (w): w is JobWarning =>
            typeof w === 'object' &&
            w !== null &&
            typeof (w as JobWarning).code === 'string' &&
            typeof (w as JobWarning).message === 'string',
        )
      : [];
  } catch {
    return [];
  }
}

/** Every job's state (the health feature publishes a summary of it). */
export async function readIngestStatus(db: Kysely<Database>): Promise<IngestJobState[]> {
  const rows = await listJobRows(db);
  return rows.map((r) => {
    let counts: Record<string, number> = {};
    try {
      const parsed = JSON.parse(r.counts) as Record<string, unknown>;
      counts = Object.fromEntries(
        Object.entries(parsed).filter((e): e is [string, number] => typeof e[1] === 'number'),
      );
    } catch {
      counts = {};
    }
    return {
      job: r.job,
      lastRunAt: r.last_run_at,
      lastSuccess: r.last_success,
      lastError: r.last_error,
      lastErrorCode: r.last_error === null ? null : (r.last_error_code ?? 'interne'),
      lastErrorAt: r.last_error_at,
      consecutiveFailures: r.consecutive_failures,
      counts,
      runningSince: r.running_since,
      warnings: parseWarnings(r.avertissements),
      budgetMs: JOB_BUDGETS_MS[r.job] ?? DEFAULT_JOB_BUDGET_MS,
    };
  });
}
