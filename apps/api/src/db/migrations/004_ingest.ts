/**
 * Live ingestion (docs/decisions/022-ingest-jobs-checkpoints-retries.md): one row per job with its last run, last
 * success, last error and its time, the counts of its last run and its checkpoint (JSON), shown by /api/health.
 */
import type { Kysely } from 'kysely';
import { EPOCH_MS } from '../dialect';

export function migration004() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('ingest_job')
        .addColumn('job', 'text', (c) => c.primaryKey())
        .addColumn('last_run_at', EPOCH_MS)
        .addColumn('last_success', EPOCH_MS)
        .addColumn('last_error', 'text')
        .addColumn('last_error_at', EPOCH_MS)
        .addColumn('counts', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('checkpoint', 'text')
        .addColumn('consecutive_failures', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
  };
}
