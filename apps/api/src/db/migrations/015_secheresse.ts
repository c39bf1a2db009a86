/**
 * Drought restrictions (docs/decisions/155):
 * - `secheresse_zone`: one VigiEau alert zone as last read (its order, level and usages, JSON in Limni's shape
 *   `ZoneSecheresse`), shared by every place inside it.
 * - `lieu_secheresse`: per place, VigiEau's last answer about it (`zone`, `aucune`, `non_couvert`), its zone and when
 *   it was read; `origine` names a recorded answer (the offline demo), null for one read live.
 */
import type { Kysely } from 'kysely';
import { EPOCH_MS } from '../dialect';

export function migration015() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('secheresse_zone')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('donnees', 'text', (c) => c.notNull())
        .addColumn('lu_le', EPOCH_MS, (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('lieu_secheresse')
        .addColumn('lieu_id', 'integer', (c) => c.primaryKey().references('lieu.id').onDelete('cascade'))
        .addColumn('etat', 'text', (c) => c.notNull())
        .addColumn('zone_id', 'text', (c) => c.references('secheresse_zone.id'))
        .addColumn('lu_le', EPOCH_MS, (c) => c.notNull())
        .addColumn('origine', 'text')
        .execute();
      await db.schema.createIndex('lieu_secheresse_zone').on('lieu_secheresse').column('zone_id').execute();
    },
  };
}
