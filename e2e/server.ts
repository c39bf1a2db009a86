/**
 * The server the running test talks to: the one on SQLite started by global-setup.ts, or, for the tests of the
 * `postgres` project, the one on PostgreSQL. Helpers that read a server's outbox or database ask here.
 */
import { test } from './fixtures';
import { POSTGRES_PROJECT } from './projects';

export interface ServerUnderTest {
  baseUrl: string;
  dataDir: string;
  /** postgres://… or undefined when the server is on its SQLite file (then `DATABASE_URL` when set: the cluster). */
  databaseUrl: string | undefined;
}

export function serverUnderTest(): ServerUnderTest {
  const onPostgres = test.info().project.name === POSTGRES_PROJECT;
  const baseUrl = onPostgres ? process.env.E2E_PG_BASE_URL : process.env.E2E_BASE_URL;
  const dataDir = onPostgres ? process.env.E2E_PG_DATA_DIR : process.env.E2E_DATA_DIR;
  if (!baseUrl || !dataDir) throw new Error('Serveur de test inconnu : global-setup.ts ne l’a pas démarré');
  const databaseUrl = onPostgres ? process.env.E2E_PG_DATABASE_URL : process.env.DATABASE_URL || undefined;
  return { baseUrl, dataDir, databaseUrl };
}
