/**
 * Prepares one migrated and seeded template database per run: a SQLite file (copied by each test file) or a
 * PostgreSQL database used as `TEMPLATE` (cloned by each test file). Cleans up at the end.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateToLatest, openDb } from '../src/db/client';
import { seedDatabase } from '../src/seed/seed';

declare module 'vitest' {
  export interface ProvidedContext {
    templateSqlite: string;
    templatePgDb: string;
    pgAdminUrl: string;
  }
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const runId = crypto.randomBytes(4).toString('hex');
  // The project's `env` applies to test workers, not to this setup (main process): read it from the project.
  if (project.config.env?.LIMNI_TEST_DB === 'postgres') {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error('TEST_DATABASE_URL manquante');
    const templateDb = `limni_tpl_${runId}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${templateDb}`);
    // As each test file's clone (test/helpers.ts): no wait for the WAL at each commit of the seed.
    await admin.query(`alter database ${templateDb} set synchronous_commit = off`);
    const handle = openDb({
      databaseUrl: withDatabase(adminUrl, templateDb),
      dataDir: os.tmpdir(),
      poolMax: 2,
    });
    await migrateToLatest(handle);
    await seedDatabase(handle, { now: Date.parse('2022-02-01T00:00:00Z') });
    await handle.close();
    project.provide('templatePgDb', templateDb);
    project.provide('pgAdminUrl', adminUrl);
    project.provide('templateSqlite', '');
    return async () => {
      // Databases cloned by test files are dropped by them; drop the template and any leftover clone.
      const { rows } = await admin.query<{ datname: string }>(
        `select datname from pg_database where datname like $1`,
        [`limni_%${runId}%`],
      );
      for (const r of rows) await admin.query(`drop database if exists ${r.datname} with (force)`);
      await admin.end();
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'limni-test-'));
  const handle = openDb({ dataDir: dir, fileName: 'template.db' });
  await migrateToLatest(handle);
  await seedDatabase(handle, { now: Date.parse('2022-02-01T00:00:00Z') });
  // Fold the WAL into the main file so that a plain copy is complete.
  await handle.close();
  project.provide('templateSqlite', path.join(dir, 'template.db'));
  project.provide('templatePgDb', '');
  project.provide('pgAdminUrl', '');
  return async () => {
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
