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

/** Held by the one process that runs ingestion jobs for a database (docs/decisions/021-ingest-leader.md). */
export interface Leadership {
  /** Settles if leadership is lost (PostgreSQL: the session holding the lock died). */
  lost: Promise<void>;
  release(): Promise<void>;
}

/**
 * Tries to become the ingestion leader. SQLite: the process that opened the file is the leader. PostgreSQL: a
 * session-level `pg_try_advisory_lock(key)` on a connection kept out of the pool (checked every `heartbeatMs`)
 * until `release()`; null when another instance holds it.
 */
export async function tryAcquireLeadership<DB>(
  db: Kysely<DB>,
  dialect: DialectName,
  key: number,
  heartbeatMs = 30_000,
): Promise<Leadership | null> {
  if (dialect === 'sqlite') return { lost: new Promise<void>(() => {}), release: async () => {} };
  return new Promise<Leadership | null>((resolve, reject) => {
    let settled = false;
    let release!: () => void;
    let markLost!: () => void;
    const released = new Promise<void>((r) => (release = r));
    const lost = new Promise<void>((r) => (markLost = r));
    const held = db
      .connection()
      .execute(async (conn) => {
        const r = await sql<{ ok: boolean }>`select pg_try_advisory_lock(${key}::bigint) as ok`.execute(conn);
        settled = true;
        if (!r.rows[0]?.ok) return resolve(null);
        resolve({
          lost,
          release: async () => {
            release();
            await held;
          },
        });
        for (;;) {
          let timer: NodeJS.Timeout | undefined;
          const stop = await Promise.race([
            released.then(() => true),
            new Promise<boolean>((r) => (timer = setTimeout(() => r(false), heartbeatMs))),
          ]);
          clearTimeout(timer);
          if (stop) break;
          await sql`select 1`.execute(conn);
        }
        await sql`select pg_advisory_unlock(${key}::bigint)`.execute(conn);
      })
      .catch((err: unknown) => {
        if (!settled) reject(err);
        else markLost();
      });
  });
}
