/**
 * `npm run seed` loads the demo dataset into an empty database; `npm run seed -- --reset` empties every table
 * (accounts included) and loads it again.
 */
import { loadEnv } from '../config/env';
import { migrateToLatest, openDb } from '../db/client';
import { parseSeedArgs } from './args';
import { seedDatabase } from './seed';

async function main(): Promise<void> {
  const { reset } = parseSeedArgs(process.argv.slice(2));
  const env = loadEnv();
  const handle = openDb({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    await migrateToLatest(handle);
    if (reset) console.log(`Réinitialisation complète de ${handle.location} (comptes compris)…`);
    const result = await seedDatabase(handle, { reset, log: (m) => console.log(m) });
    if (!result.seeded) {
      console.log('La base contient déjà des données : rien à faire (utilisez --reset pour tout recharger).');
    }
  } finally {
    await handle.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
