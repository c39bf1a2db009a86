/**
 * Accounts: the events counted by the rate limits (docs/decisions/033: failed sign-ins per IP and per account,
 * registrations and reset requests per IP, …), kept in the database so that every API instance sees them; the
 * case-folded username (unique), so that "Élodie" and "élodie" are one account on both engines (SQLite's lower()
 * only folds ASCII); indexes for the per-user lookups of the account paths.
 */
import { sql, type Kysely } from 'kysely';
import { addIdColumn, EPOCH_MS, type DialectName } from '../dialect';

export function migration005(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await addIdColumn(dialect, db.schema.createTable('rate_event'))
        .addColumn('bucket', 'text', (c) => c.notNull())
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('ts', EPOCH_MS, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('rate_event_idx')
        .on('rate_event')
        .columns(['bucket', 'key', 'ts'])
        .execute();
      await db.schema.createIndex('rate_event_ts_idx').on('rate_event').column('ts').execute();
      await db.schema.alterTable('user').addColumn('username_key', 'text').execute();
      await sql`update ${sql.table('user')} set username_key = lower(username)`.execute(db);
      await db.schema
        .createIndex('user_username_key_idx')
        .unique()
        .on('user')
        .column('username_key')
        .execute();
      await db.schema
        .createIndex('email_verification_user_idx')
        .on('email_verification')
        .column('user_id')
        .execute();
      await db.schema.createIndex('password_reset_user_idx').on('password_reset').column('user_id').execute();
      await db.schema.createIndex('publication_user_idx').on('publication').column('user_id').execute();
    },
  };
}
