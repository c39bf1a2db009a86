/**
 * Security and abuse hardening:
 * - `meteo_cache`: the weather of each 0.1° cell (docs/decisions/104), kept in the database so that every API
 *   instance shares one upstream call per cell and the daily Open-Meteo budget holds across instances;
 * - `ingest_job.last_error_code`: a stable code of the last error (`http`, `timeout`, `lien_refuse`…), so that
 *   `/api/health` shows a French summary and this code, never the upstream URL or body (docs/decisions/105).
 */
import type { Kysely } from 'kysely';
import { EPOCH_MS } from '../dialect';

export function migration009() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('meteo_cache')
        .addColumn('cell', 'text', (c) => c.primaryKey())
        .addColumn('outcome', 'text', (c) => c.notNull())
        .addColumn('fetched_at', EPOCH_MS, (c) => c.notNull())
        .addColumn('expires_at', EPOCH_MS, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('meteo_cache_expires_idx').on('meteo_cache').column('expires_at').execute();
      await db.schema.alterTable('ingest_job').addColumn('last_error_code', 'text').execute();
    },
  };
}
