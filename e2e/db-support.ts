/**
 * The database of a server under test, on either engine, for the specs that need state no API creates (an
 * operator's notice on a place) or an id to visit: `DATABASE_URL` (PostgreSQL) when set, else the SQLite file of
 * the server's DATA_DIR — the same choice as the server itself (apps/api/src/db/client.ts). Also a scratch
 * PostgreSQL database for a spec that runs a server of its own.
 */
import { openDb } from '../apps/api/src/db/client';
import type { Database } from '../apps/api/src/db/schema';
import type { Insertable, Kysely } from 'kysely';
import { createScratchDatabase } from './scratch-database';
import { serverUnderTest } from './server';

export interface ServerDatabase {
  /** postgres://… or undefined for SQLite. */
  databaseUrl: string | undefined;
  dataDir: string;
}

/** The database of the server the running test talks to (global-setup.ts, `e2e/server.ts`). */
export function sharedServerDatabase(): ServerDatabase {
  const { databaseUrl, dataDir } = serverUnderTest();
  return { databaseUrl, dataDir };
}

export async function withDatabase<T>(
  where: ServerDatabase,
  fn: (db: Kysely<Database>) => Promise<T>,
): Promise<T> {
  const handle = openDb({ databaseUrl: where.databaseUrl, dataDir: where.dataDir, poolMax: 2 });
  try {
    return await fn(handle.db);
  } finally {
    await handle.close();
  }
}

/** Grants an account a permission (1: « Prévisions »), as an operator does: no API gives one. */
export function grantAutorisation(
  where: ServerDatabase,
  username: string,
  autorisationId: number,
): Promise<void> {
  return withDatabase(where, async (db) => {
    const user = await db
      .selectFrom('user')
      .select('id')
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
    await db
      .insertInto('user_autorisation')
      .values({ user_id: user.id, autorisation_id: autorisationId, created_at: Date.now() })
      .execute();
  });
}

export interface StationLieu {
  id: number;
  libelle: string;
  entiteId: number;
}

/** The place of a Hub'Eau station (its code, from the source files): specs never hard-code seed ids. */
export function lieuOfStation(where: ServerDatabase, code: string): Promise<StationLieu> {
  return withDatabase(where, async (db) => {
    const row = await db
      .selectFrom('lieu')
      .select(['id', 'libelle', 'entite_id'])
      .where('code_station', '=', code)
      .executeTakeFirstOrThrow();
    return { id: row.id, libelle: row.libelle, entiteId: row.entite_id };
  });
}

/** Records a public alert (as an operator or the threshold alerting would), once per title. */
export function recordAlerte(where: ServerDatabase, alerte: Insertable<Database['alerte']>): Promise<void> {
  return withDatabase(where, async (db) => {
    const exists = await db
      .selectFrom('alerte')
      .select('id')
      .where('titre', '=', alerte.titre)
      .executeTakeFirst();
    if (!exists) await db.insertInto('alerte').values(alerte).execute();
  });
}

/**
 * With the shared server on PostgreSQL, a fresh database on the same server for a spec's own server (created
 * empty: that server migrates and seeds it); `drop` removes it. On SQLite, nothing to do (a DATA_DIR of its own).
 */
export async function scratchPostgres(): Promise<{ databaseUrl: string; drop: () => Promise<void> } | null> {
  const base = serverUnderTest().databaseUrl;
  return base ? createScratchDatabase(base) : null;
}
