/**
 * `npm run test:e2e` second pass: when TEST_DATABASE_URL names a PostgreSQL server (CI sets it), the alert specs run
 * again with the app on PostgreSQL, in a database created for the run and dropped after (docs/decisions/070).
 */
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import pg from 'pg';

const admin = process.env.TEST_DATABASE_URL;
if (!admin) {
  console.log('TEST_DATABASE_URL absente : les specs d’alertes ne repassent pas sur PostgreSQL.');
  process.exit(0);
}
const name = `limni_e2e_${crypto.randomBytes(4).toString('hex')}`;
const client = new pg.Client({ connectionString: admin });
await client.connect();
await client.query(`create database ${name}`);
const url = new URL(admin);
url.pathname = `/${name}`;
let status = 1;
try {
  const run = spawnSync(
    'npx',
    [
      'playwright',
      'test',
      '-c',
      'e2e/playwright.config.ts',
      'e2e/alertes.spec.ts',
      'e2e/alertes-masquees.spec.ts',
      'e2e/alertes-replay.spec.ts',
    ],
    {
      stdio: 'inherit',
      env: { ...process.env, DATABASE_URL: url.toString(), E2E_OUTPUT_DIR: '../test-results/playwright-pg' },
    },
  );
  status = run.status ?? 1;
} finally {
  await client.query(`drop database if exists ${name} with (force)`);
  await client.end();
}
process.exit(status);
