/**
 * `npm run admin -- <command>`: operator commands on the configured database (DATABASE_URL or the SQLite file of
 * DATA_DIR). See admin.ts for the commands.
 */
import { loadEnv } from '../config/env';
import { migrateToLatest, openDb } from '../db/client';
import { runAdmin } from './admin';

async function main(): Promise<number> {
  const env = loadEnv();
  const handle = openDb({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    await migrateToLatest(handle);
    return await runAdmin(process.argv.slice(2), handle.db, {
      out: (line) => console.log(line),
      err: (line) => console.error(line),
    });
  } finally {
    await handle.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
