/**
 * The daily statistic a sensor's archive holds (docs/decisions/140): `moyenne` (the mean of the day's readings —
 * roll-ups, QmnJ, the embedded history) or `max` (the day's highest reading, as the daily maxima of the Garonne at
 * Toulouse since 1857). `archive_jour.moyenne` is that statistic's value; existing sensors hold means.
 */
import type { Kysely } from 'kysely';

export function migration014() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('capteur')
        .addColumn('statistique_jour', 'text', (c) => c.notNull().defaultTo('moyenne'))
        .execute();
    },
  };
}
