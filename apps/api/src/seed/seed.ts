/**
 * Loads the real demo dataset into an empty database, in one transaction (all or nothing): the referential built
 * from the source files (build.ts), then each step of steps/ in order.
 * `seedDatabase(handle)` does nothing on a database that already holds entities (except bringing the content pages
 * up to date), so it is safe at every start; `{ reset: true }` empties every table first
 * (`npm run seed -- --reset`).
 */
import type { Db } from '../db/client';
import { buildReferentiel } from './build';
import {
  countRows,
  emptySeededTables,
  inSeedTransaction,
  insertRows,
  isSeeded,
  isSqliteBusy,
  lockSeed,
  moveIdSequencesPastSeededIds,
} from './seed.repo';
import { loadSeedSources } from './sources';
import { silentSeedLog, type SeedContext, type SeedLog } from './step';
import { SEED_STEPS } from './steps/index';
import { loadDemoArchive } from './steps/archive';
import { loadToulouseMaxima } from './steps/toulouse';
import { loadLoireEpisode } from './steps/episodes';
import { refreshPages } from './steps/pages';

export const DATASET_VERSION = '2026-11-24.1';

export interface SeedResult {
  seeded: boolean;
  counts: Record<string, number>;
}

/**
 * Runs `fn` again while another process holds SQLite's write lock past the busy timeout (instances started together
 * on one file: the first loads the demo, the others wait for it), up to three minutes.
 */
async function whileBusy<T>(fn: () => Promise<T>): Promise<T> {
  const end = Date.now() + 180_000;
  for (;;) {
    try {
      return await fn();
    } catch (err) {
      if (!isSqliteBusy(err) || Date.now() > end) throw err;
      await new Promise((r) => setTimeout(r, 500));
    }
  }
}

/** What a start does on a database already seeded: content pages up to date, and the parts added since, once. */
async function completeSeeded(handle: Db, now: number, log: SeedLog): Promise<SeedResult> {
  const pages = await refreshPages(handle.db);
  if (pages > 0) log(`${pages} page(s) de contenu mise(s) à jour`);
  // A database seeded before the daily archive existed (migration 007) gets it once, all or nothing.
  await whileBusy(() =>
    inSeedTransaction(handle.db, async (trx) => {
      await lockSeed(trx, handle.dialect);
      await loadDemoArchive(trx, now, log);
      // Likewise for the Garonne's daily maxima at Toulouse since 1857 (docs/decisions/140).
      await loadToulouseMaxima(trx, now, log);
    }),
  );
  // Likewise for the Loire forecast episode (docs/decisions/088).
  await whileBusy(() =>
    inSeedTransaction(handle.db, async (trx) => {
      await lockSeed(trx, handle.dialect);
      if ((await loadLoireEpisode(trx, log)) > 0) await moveIdSequencesPastSeededIds(trx, handle.dialect);
    }),
  );
  return { seeded: false, counts: {} };
}

export async function seedDatabase(
  handle: Db,
  opts: { reset?: boolean; log?: SeedLog; now?: number } = {},
): Promise<SeedResult> {
  const log = opts.log ?? silentSeedLog;
  const now = opts.now ?? Date.now();
  if (!opts.reset && (await isSeeded(handle.db))) return completeSeeded(handle, now, log);
  const ref = buildReferentiel(loadSeedSources());
  const ctx: SeedContext = { dialect: handle.dialect, ref, now, log };

  // Instances started together on an empty database: the first loads the demo under the lock, the others find it
  // loaded when they get the lock (docs/decisions/137).
  let loadedByAnother = false;
  await whileBusy(() =>
    inSeedTransaction(handle.db, async (trx) => {
      await lockSeed(trx, handle.dialect);
      if (!opts.reset && (await isSeeded(trx))) {
        loadedByAnother = true;
        return;
      }
      if (opts.reset) await emptySeededTables(trx);
      for (const step of SEED_STEPS) await step(trx, ctx);
      await moveIdSequencesPastSeededIds(trx, handle.dialect);
      await insertRows(trx, 'meta', [
        { key: 'dataset_version', value: DATASET_VERSION },
        { key: 'seeded_at', value: String(now) },
      ]);
    }),
  );
  if (loadedByAnother) return completeSeeded(handle, now, log);

  const counts = await countRows(handle.db, [
    'entite',
    'lieu',
    'capteur',
    'observation',
    'archive_jour',
    'troncon',
    'alerte',
  ]);
  log(`Jeu de démonstration chargé : ${JSON.stringify(counts)}`);
  return { seeded: true, counts };
}
