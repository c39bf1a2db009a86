/**
 * The only place where SQL differs between SQLite and PostgreSQL.
 * Everything else uses portable Kysely queries.
 */
import { sql, type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely } from 'kysely';

export type DialectName = 'sqlite' | 'postgres';

/** Adds an auto-incremented integer primary key named `id`. */
export function addIdColumn<TB extends string>(
  dialect: DialectName,
  table: CreateTableBuilder<TB, never>,
): CreateTableBuilder<TB, 'id'> {
  return dialect === 'sqlite'
    ? table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity());
}

/** Type name for an epoch-milliseconds column. */
export const EPOCH_MS = 'bigint' as const;
/** Type name for a floating-point measurement (REAL affinity in SQLite). */
export const FLOAT = 'double precision' as const;

export type ColumnBuilderCallback = (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;

/**
 * After rows were inserted with explicit ids (seed), PostgreSQL identity sequences must be moved past them.
 * SQLite's AUTOINCREMENT follows the max rowid by itself.
 */
export async function resetIdSequences(
  db: Kysely<unknown>,
  dialect: DialectName,
  tables: string[],
): Promise<void> {
  if (dialect !== 'postgres') return;
  for (const table of tables) {
    await sql`select setval(pg_get_serial_sequence(${table}, 'id'), coalesce((select max(id) from ${sql.table(table)}), 0) + 1, false)`.execute(
      db,
    );
  }
}

/** `WITHOUT ROWID` for SQLite tables clustered on their primary key; nothing for PostgreSQL. */
export function withoutRowid(dialect: DialectName) {
  return dialect === 'sqlite' ? sql`without rowid` : sql``;
}
