/** One unit of work for ingestion: the statements of the repositories called with `trx` commit or roll back together. */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';

export function inTransaction<T>(
  db: Kysely<Database>,
  fn: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(fn);
}
