/**
 * Hydro data API (docs/decisions/013): a per-sensor data version that invalidates cached series bodies, and an
 * index for a place's webcams.
 */
import type { Kysely } from 'kysely';

export function migration002() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('capteur')
        .addColumn('donnees_version', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('webcam_lieu_idx').on('webcam').column('lieu_id').execute();
    },
  };
}
