/**
 * Opens the database chosen by DATABASE_URL: unset → SQLite file in DATA_DIR (WAL); postgres:// → PostgreSQL.
 */
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql, type SqliteDatabase } from 'kysely';
import pg from 'pg';
import type { DialectName } from './dialect';
import { getMigrations } from './migrations/index';
import type { Database } from './schema';

// int8 (count(*), bigint epoch-ms columns) → number; instants fit in 2^53.
pg.types.setTypeParser(20, (v) => Number(v));
// numeric → number (avg() over integers returns numeric in PostgreSQL).
pg.types.setTypeParser(1700, (v) => Number(v));

export interface Db {
  db: Kysely<Database>;
  dialect: DialectName;
  /** SQLite file path, or a redacted PostgreSQL URL: for logs and /api/health. */
  location: string;
  close(): Promise<void>;
}

export interface OpenDbOptions {
  databaseUrl?: string | undefined;
  dataDir: string;
  /** SQLite file name inside dataDir. */
  fileName?: string;
  /** PostgreSQL pool size. */
  poolMax?: number;
  /**
   * PostgreSQL `application_name` of every connection: the instance's name, so that the holder of the ingestion
   * lock can be named from `pg_locks` (docs/decisions/121).
   */
  applicationName?: string;
}

export function openDb(opts: OpenDbOptions): Db {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolMax ?? 10,
      ...(opts.applicationName ? { application_name: opts.applicationName } : {}),
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return {
      db,
      dialect: 'postgres',
      location: opts.databaseUrl.replace(/\/\/[^@/]*@/, '//***@'),
      close: () => db.destroy(),
    };
  }
  fs.mkdirSync(opts.dataDir, { recursive: true });
  const file = path.join(opts.dataDir, opts.fileName ?? 'limni.db');
  const database = new SQLite(file);
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = NORMAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(database) }) });
  return { db, dialect: 'sqlite', location: file, close: () => db.destroy() };
}

/**
 * Kysely prepares every query it runs; with better-sqlite3 a statement can be compiled once and reused. The last
 * `max` statements are kept by SQL text (a statement still being iterated is never handed out twice). Bulk
 * inserts of constant text (ingestion, docs/decisions/022) and repeated reads skip SQLite's compiler.
 */
function withStatementCache(database: SQLite.Database, max = 500): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => database.close(),
    prepare(text: string) {
      const hit = cache.get(text);
      if (hit && !hit.busy) {
        cache.delete(text);
        cache.set(text, hit);
        return hit;
      }
      const stmt = database.prepare(text);
      cache.set(text, stmt);
      if (cache.size > max) cache.delete(cache.keys().next().value as string);
      return stmt;
    },
  };
}

/** Runs every pending migration; throws with the failing migration's name. */
export async function migrateToLatest(handle: Db): Promise<string[]> {
  const migrator = new Migrator({
    db: handle.db,
    provider: { getMigrations: async () => getMigrations(handle.dialect) },
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    const cause = error instanceof Error ? error.message : String(error);
    throw new Error(`Migration ${failed?.migrationName ?? '?'} en échec : ${cause}`, { cause: error });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** True when the database answers a trivial query. */
export async function pingDb(handle: Db): Promise<boolean> {
  try {
    await sql`select 1`.execute(handle.db);
    return true;
  } catch {
    return false;
  }
}
