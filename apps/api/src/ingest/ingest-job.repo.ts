/** Table `ingest_job` (migration 004): one row per job with its last run, outcome, counts and checkpoint. */
import type { Kysely } from 'kysely';
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
