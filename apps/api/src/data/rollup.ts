/**
 * Roll-up of raw readings into the daily archive (docs/decisions/085): at the end of each Europe/Paris day, every
 * sensor's readings of that day become one archive row (mean, min, max, count, source `rollup`), so that a live
 * deployment builds its own archive of heights and flows; then the climatology of every sensor whose archive grew is
 * brought up to date (ADR 086). Idempotent: a day already archived is kept.
 */
import type { Kysely } from 'kysely';
import { addDays, parisDay, parisDayRange } from '@limni/shared/domain/time';
import type { Database } from '../db/schema';
import { rollupObservations } from './archive.repo';
import { refreshGrownClimatologies } from './climatologie';

/** Complete Paris days looked back at each pass (a pass missed for a day or two is caught up). */
export const ROLLUP_LOOKBACK_DAYS = 3;

/** Rolls up the last complete Paris days before `now`; returns the archive rows written and climatologies refreshed. */
export function rollupCompleteDays(
  db: Kysely<Database>,
  now: number,
  lookback = ROLLUP_LOOKBACK_DAYS,
): Promise<{ jours: number; climatologies: number }> {
  const today = parisDay(now);
  const jours = Array.from({ length: lookback }, (_, i) => addDays(today, i - lookback));
  return rollupDaysOf(db, jours, undefined, now);
}

/**
 * Rolls up the given complete Paris days, of every sensor or of some (a replay rolls up the days its simulated clock left behind,
 * for the sensors it replays only), then refreshes the climatologies whose archive grew.
 */
export async function rollupDaysOf(
  db: Kysely<Database>,
  jours: readonly string[],
  capteurIds: readonly number[] | undefined,
  now: number,
): Promise<{ jours: number; climatologies: number }> {
  let written = 0;
  for (const jour of jours) {
    const { start, end } = parisDayRange(jour);
    written += await rollupObservations(db, jour, start, end, capteurIds);
  }
  const { refreshed } = written > 0 ? await refreshGrownClimatologies(db, now, capteurIds) : { refreshed: 0 };
  return { jours: written, climatologies: refreshed };
}

export interface RollupRuntime {
  stop(): Promise<void>;
}

/** Rolls up now, then every hour (the first pass after midnight in Paris archives the day that ended). */
export function startRollup(opts: {
  db: Kysely<Database>;
  log: { info: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
  now?: () => number;
  intervalMs?: number;
}): RollupRuntime {
  const now = opts.now ?? Date.now;
  let running: Promise<void> = Promise.resolve();
  const pass = () => {
    running = running.then(async () => {
      try {
        const r = await rollupCompleteDays(opts.db, now());
        if (r.jours > 0) opts.log.info({ rollup: r }, 'Relevés du jour archivés (moyenne, min, max)');
      } catch (err) {
        opts.log.error({ err }, 'Archivage journalier en échec (nouvel essai au prochain passage)');
      }
    });
  };
  pass();
  const timer = setInterval(pass, opts.intervalMs ?? 3_600_000);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
