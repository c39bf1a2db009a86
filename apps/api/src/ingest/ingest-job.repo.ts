/** Table `ingest_job` (migration 004): one row per job with its last run, outcome, counts and checkpoint. */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

export function readJobRow(db: Kysely<Database>, job: string) {
  return db.selectFrom('ingest_job').selectAll().where('job', '=', job).executeTakeFirst();
}

/** Every job's row, by name. */
export function listJobRows(db: Kysely<Database>) {
  return db.selectFrom('ingest_job').selectAll().orderBy('job').execute();
}

/** What one run leaves in the job's row (the columns not given keep their value). */
export interface JobRunValues {
  last_run_at: number;
  counts: string;
  checkpoint: string | null;
  last_success?: number;
  last_error?: string;
  last_error_code?: string | null;
  last_error_at?: number;
  consecutive_failures: number;
  running_since: null;
  avertissements: string | null;
}

/** Forgets the runs marked as running (a new leader knows that none of a dead leader's runs goes on). */
export async function clearRunningJobs(db: Kysely<Database>): Promise<void> {
  await db
    .updateTable('ingest_job')
    .set({ running_since: null })
    .where('running_since', 'is not', null)
    .execute();
}

/** Records that a run of the job started now (shown by /api/health while it goes on). */
export async function markJobRunning(db: Kysely<Database>, job: string, since: number): Promise<void> {
  await db
    .insertInto('ingest_job')
    .values({ job, running_since: since })
    .onConflict((oc) => oc.column('job').doUpdateSet({ running_since: since }))
    .execute();
}

export async function saveJobRun(db: Kysely<Database>, job: string, values: JobRunValues): Promise<void> {
  await db
    .insertInto('ingest_job')
    .values({ job, ...values })
    .onConflict((oc) => oc.column('job').doUpdateSet(values))
    .execute();
}

/** Saves a job's checkpoint now, during its run (a long run keeps its progress even if the process is killed). */
export async function saveJobCheckpoint(
  db: Kysely<Database>,
  job: string,
  checkpoint: string,
): Promise<void> {
  await db
    .insertInto('ingest_job')
    .values({ job, checkpoint })
    .onConflict((oc) => oc.column('job').doUpdateSet({ checkpoint }))
    .execute();
}

/** Advisory lock key of the ingestion leader ("LIMN", docs/decisions/021). */
export const INGEST_LOCK_KEY = 0x4c494d4e;

/**
 * The `application_name` of the PostgreSQL session holding the ingestion lock (the leader's `INSTANCE_ID`,
 * docs/decisions/121), null when no session holds it. A bigint advisory key shows in `pg_locks` as its high and
 * low 32 bits (`classid`, `objid`) with `objsubid` 1.
 */
export async function readIngestLeader(db: Kysely<Database>): Promise<string | null> {
  const { rows } = await sql<{ name: string | null }>`
    select a.application_name as name
    from pg_locks l join pg_stat_activity a on a.pid = l.pid
    where l.locktype = 'advisory' and l.granted
      and l.database = (select oid from pg_database where datname = current_database())
      and l.classid = ${Math.floor(INGEST_LOCK_KEY / 2 ** 32)} and l.objid = ${INGEST_LOCK_KEY % 2 ** 32}
      and l.objsubid = 1
    limit 1`.execute(db);
  return rows[0]?.name ?? null;
}

/** Asks for a run of a job now (`npm run admin -- run <job>`): the leader starts one that begins after `at`. */
export async function requestJobRun(db: Kysely<Database>, job: string, at: number): Promise<void> {
  await db
    .insertInto('ingest_job')
    .values({ job, demande_le: at })
    .onConflict((oc) => oc.column('job').doUpdateSet({ demande_le: at }))
    .execute();
}

/** Jobs asked for since their last run began (a run in progress does not count: it began before the demand). */
export async function demandedJobs(db: Kysely<Database>): Promise<string[]> {
  const rows = await db
    .selectFrom('ingest_job')
    .select(['job', 'demande_le', 'last_run_at', 'running_since'])
    .where('demande_le', 'is not', null)
    .execute();
  return rows
    .filter((r) => {
      const began = Math.max(Number(r.last_run_at ?? 0), Number(r.running_since ?? 0));
      return Number(r.demande_le) > began;
    })
    .map((r) => r.job);
}
