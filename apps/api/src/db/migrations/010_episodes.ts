/**
 * Data episodes (docs/decisions/088): a recorded episode of another period than the main demo dataset (the Loire
 * forecast of 11 December 2024) has its own data clock. `episode` names it; `lieu.episode` says which places belong
 * to it (null: the main dataset, whose clock is ADR 094's).
 */
import type { Kysely } from 'kysely';

export function migration010() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('episode')
        .addColumn('code', 'text', (c) => c.primaryKey())
        .addColumn('libelle', 'text', (c) => c.notNull())
        .addColumn('source', 'text', (c) => c.notNull())
        .execute();
      await db.schema.alterTable('lieu').addColumn('episode', 'text').execute();
      await db.schema.createIndex('lieu_episode_idx').on('lieu').column('episode').execute();
    },
  };
}
