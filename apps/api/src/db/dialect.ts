/**
 * The only place where SQL differs between SQLite and PostgreSQL.
 * Everything else uses portable Kysely queries.
 */
import os from 'node:os';
import {
  PostgresAdapter,
  sql,
  type ColumnDefinitionBuilder,
  type CreateTableBuilder,
  type Kysely,
} from 'kysely';

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

/** True when a handle (or a transaction of it) talks to PostgreSQL. */
export function isPostgresDb<DB>(db: Kysely<DB>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
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

/** How long an SQLite lease lasts without renewal, and how often its holder renews it (docs/decisions/137). */
export const LEASE_MS = 20_000;
export const LEASE_RENEW_MS = 5_000;

/**
 * True when `holder` is a default instance name (`host:port:pid`, ADR 121) of this host whose process is gone: its
 * lease can be taken at once instead of waiting for it to expire (a restart after a crash).
 */
export function holderIsDeadHere(holder: string): boolean {
  const m = /^(.*):(\d+):(\d+)$/.exec(holder);
  if (!m || m[1] !== os.hostname()) return false;
  try {
    process.kill(Number(m[3]), 0);
    return false;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/**
 * SQLite: a lease row (`ingest_bail`, migration 013) that only one process holds at a time, renewed every
 * `LEASE_RENEW_MS`; a second live process on the same file waits as a follower. Lost when a renewal finds another
 * holder (this process was stopped longer than the lease).
 */
async function sqliteLease<DB>(db: Kysely<DB>, holder: string): Promise<Leadership | null> {
  const now = Date.now();
  const current = await sql<{ detenteur: string; expire_le: number }>`
    select detenteur, expire_le from ingest_bail where nom = 'ingestion'`.execute(db);
  const row = current.rows[0];
  const free =
    !row || Number(row.expire_le) < now || row.detenteur === holder || holderIsDeadHere(row.detenteur);
  if (!free) return null;
  const taken = await sql`
    insert into ingest_bail (nom, detenteur, expire_le) values ('ingestion', ${holder}, ${now + LEASE_MS})
    on conflict (nom) do update set detenteur = excluded.detenteur, expire_le = excluded.expire_le
    where ingest_bail.detenteur = ${row?.detenteur ?? holder} and ingest_bail.expire_le = ${row ? Number(row.expire_le) : 0}`.execute(
    db,
  );
  if (Number(taken.numAffectedRows ?? 0) === 0) return null;
  let markLost!: () => void;
  const lost = new Promise<void>((r) => (markLost = r));
  let stopped = false;
  const timer = setInterval(() => {
    void sql`update ingest_bail set expire_le = ${Date.now() + LEASE_MS} where nom = 'ingestion' and detenteur = ${holder}`
      .execute(db)
      .then((r) => {
        if (!stopped && Number(r.numAffectedRows ?? 0) === 0) {
          stopped = true;
          clearInterval(timer);
          markLost();
        }
      })
      .catch(() => {});
  }, LEASE_RENEW_MS);
  timer.unref();
  return {
    lost,
    release: async () => {
      stopped = true;
      clearInterval(timer);
      await sql`delete from ingest_bail where nom = 'ingestion' and detenteur = ${holder}`.execute(db);
    },
  };
}

/**
 * Tries to become the ingestion leader. SQLite: the lease of `ingest_bail` (one process per file, ADR 137).
 * PostgreSQL: a session-level `pg_try_advisory_lock(key)` on a connection kept out of the pool (checked every
 * `heartbeatMs`) until `release()`. Null when another instance leads.
 */
export async function tryAcquireLeadership<DB>(
  db: Kysely<DB>,
  dialect: DialectName,
  key: number,
  holder: string,
  heartbeatMs = 30_000,
): Promise<Leadership | null> {
  if (dialect === 'sqlite') return sqliteLease(db, holder);
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
