/**
 * An empty PostgreSQL database beside `base` (same server, name derived from its database), for a server under test
 * to migrate and seed; `drop` removes it. Used by global-setup.ts (the `postgres` project's server) and by specs
 * that start a server of their own (`db-support.ts` `scratchPostgres`, ADR 070).
 */
import crypto from 'node:crypto';
import pg from 'pg';

export async function createScratchDatabase(
  base: string,
): Promise<{ databaseUrl: string; drop: () => Promise<void> }> {
  const url = new URL(base);
  const name = `${url.pathname.slice(1)}_e2e_${crypto.randomBytes(4).toString('hex')}`;
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Nom de base inattendu : ${name}`);
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  url.pathname = `/${name}`;
  return {
    databaseUrl: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}
