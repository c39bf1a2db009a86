/**
 * Live backfill of Hub'Eau `obs_elab` daily values into the archive (docs/decisions/092):
 * - `hubeau_elab_reprise`: per station and elaborated quantity (`QmnJ`, `QIXnJ`), the last day stored and whether the
 *   history from the start of the record has been read once. It is written in the same transaction as the archive
 *   rows of each page, so a run stopped anywhere (fault, shutdown, killed process) resumes after the last page kept.
 */
import type { Kysely } from 'kysely';
import { EPOCH_MS } from '../dialect';

export function migration011() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('hubeau_elab_reprise')
        .addColumn('code_station', 'text', (c) => c.notNull())
        .addColumn('grandeur', 'text', (c) => c.notNull())
        .addColumn('dernier_jour', 'text')
        .addColumn('historique_complet', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('maj_le', EPOCH_MS, (c) => c.notNull())
        .addPrimaryKeyConstraint('hubeau_elab_reprise_pk', ['code_station', 'grandeur'])
        .execute();
    },
  };
}
