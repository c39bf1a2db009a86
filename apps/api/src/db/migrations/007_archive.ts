/**
 * The daily archive and its climatology (docs/decisions/085 and 086):
 * - `archive_jour`: one row per sensor and Europe/Paris calendar day — mean, min, max, where it comes from
 *   (`hubeau-elab` daily values, `demo` embedded history, `rollup` of raw readings) and how many raw readings
 *   are behind it; separate from raw observations, kept for ever;
 * - `climatologie`: per sensor and calendar day `MM-DD`, the P10–P90 of the reference period (±7 days) and the
 *   sorted values of that very calendar day (for the rank);
 * - `climatologie_capteur`: per sensor, the reference period (or why there is none), the records and the number
 *   of archived days it was computed from (recomputed when the archive grows).
 */
import type { Kysely } from 'kysely';
import { EPOCH_MS, FLOAT } from '../dialect';

export function migration007() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('archive_jour')
        .addColumn('capteur_id', 'integer', (c) => c.notNull().references('capteur.id').onDelete('cascade'))
        .addColumn('jour', 'text', (c) => c.notNull())
        .addColumn('moyenne', FLOAT, (c) => c.notNull())
        .addColumn('min', FLOAT)
        .addColumn('max', FLOAT)
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('n', 'integer')
        .addPrimaryKeyConstraint('archive_jour_pk', ['capteur_id', 'jour'])
        .execute();
      await db.schema
        .createTable('climatologie')
        .addColumn('capteur_id', 'integer', (c) => c.notNull().references('capteur.id').onDelete('cascade'))
        .addColumn('mmjj', 'text', (c) => c.notNull())
        .addColumn('p10', FLOAT, (c) => c.notNull())
        .addColumn('p25', FLOAT, (c) => c.notNull())
        .addColumn('p50', FLOAT, (c) => c.notNull())
        .addColumn('p75', FLOAT, (c) => c.notNull())
        .addColumn('p90', FLOAT, (c) => c.notNull())
        .addColumn('n', 'integer', (c) => c.notNull())
        .addColumn('valeurs_jour', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('climatologie_pk', ['capteur_id', 'mmjj'])
        .execute();
      await db.schema
        .createTable('climatologie_capteur')
        .addColumn('capteur_id', 'integer', (c) =>
          c.primaryKey().references('capteur.id').onDelete('cascade'),
        )
        .addColumn('annee_debut', 'integer')
        .addColumn('annee_fin', 'integer')
        .addColumn('nb_annees', 'integer', (c) => c.notNull())
        .addColumn('raison', 'text')
        .addColumn('record_max', FLOAT)
        .addColumn('record_max_jour', 'text')
        .addColumn('record_min', FLOAT)
        .addColumn('record_min_jour', 'text')
        .addColumn('premier_jour', 'text')
        .addColumn('dernier_jour', 'text')
        .addColumn('nb_jours', 'integer', (c) => c.notNull())
        .addColumn('origine', 'text')
        .addColumn('calcule_le', EPOCH_MS, (c) => c.notNull())
        .execute();
    },
  };
}
