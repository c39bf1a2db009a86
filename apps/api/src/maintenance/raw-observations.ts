/**
 * Raw observations over time (docs/decisions/122, 157):
 * - **Upkeep** (PostgreSQL, every retention pass): the partitions of the current month and the next two exist; a row
 *   in the default partition (no month covered it: a clock or source bug) is logged as an error, never silently kept.
 * - **Retention**: raw readings are kept 2 years, then only the daily archive (`archive_jour`) remains. Days are rolled
 *   up into the archive first (idempotent: days already archived are kept). PostgreSQL replaces each month partition
 *   whose end is older than the cut by one holding only the kept rows (constant time); SQLite deletes per sensor in
 *   batches of 10,000. Kept: sensors whose readings are their archive (daily step, `pas_min` 1440) and the places of
 *   a recorded episode (a demonstration of a past flood, ADR 088).
 */
import type { Kysely } from 'kysely';
import { addDays, DAY_MS, parisDay, parisDayRange } from '@limni/shared/domain/time';
import { rollupObservations } from '../data/archive.repo';
import type { DialectName } from '../db/dialect';
import type { Database } from '../db/schema';
import {
  addMonths,
  monthStart,
  MONTHS_AHEAD,
  parisMonthOf,
  RAW_RETENTION_DAYS,
  PARTITION_AVANT,
} from '../db/partitions';
import {
  createMonthPartition,
  defaultPartitionRows,
  isPartitioned,
  listPartitions,
  partitionMinTs,
  replaceByKeptRows,
} from './partitions.repo';
import { deleteObservationsBefore, prunableCapteurs } from './raw-observations.repo';

export interface RawObservationsLogger {
  error: (obj: object, msg: string) => void;
}

/** Creates the partitions of this month and the next two when missing; logs what the default partition holds. */
export async function upkeepPartitions(
  db: Kysely<Database>,
  dialect: DialectName,
  now: number,
  log: RawObservationsLogger,
): Promise<{ crees: number; horsMois: number }> {
  if (dialect !== 'postgres' || !(await isPartitioned(db))) return { crees: 0, horsMois: 0 };
  const avant = (await listPartitions(db)).find((p) => p.name === PARTITION_AVANT);
  let crees = 0;
  const current = parisMonthOf(now);
  for (let i = 0; i <= MONTHS_AHEAD; i++) {
    const m = addMonths(current, i);
    // A month still inside the partition of the readings from before the partitioning has no partition of its own.
    if (avant?.to != null && monthStart(m) < avant.to) continue;
    if (await createMonthPartition(db, m)) crees++;
  }
  const caught = await defaultPartitionRows(db);
  if (caught.n > 0) {
    log.error(
      { lignes: caught.n, du: caught.min, au: caught.max },
      'Relevés hors de toute partition mensuelle (horloge ou source en cause) : gardés dans la partition par défaut',
    );
  }
  return { crees, horsMois: caught.n };
}

/** Rows deleted per statement on SQLite. */
const DELETE_BATCH = 10_000;

/** Rolls up every Paris day from the one holding `from` to the one before `to` (whole days only). */
async function rollupDays(db: Kysely<Database>, from: number, to: number): Promise<number> {
  let n = 0;
  for (let jour = parisDay(from); ; jour = addDays(jour, 1)) {
    const { start, end } = parisDayRange(jour);
    if (end > to) break;
    n += await rollupObservations(db, jour, start, end);
  }
  return n;
}

export interface PruneResult {
  /** Archive days written by the roll-up that came first. */
  jours: number;
  /** Partitions reduced to their kept rows (PostgreSQL). */
  partitions: string[];
  /** Rows deleted (SQLite). */
  lignes: number;
}

/** Drops raw readings older than 2 years, after rolling their days up into the archive (see the module comment). */
export async function pruneRawObservations(
  db: Kysely<Database>,
  dialect: DialectName,
  now: number,
): Promise<PruneResult> {
  const cutoff = now - RAW_RETENTION_DAYS * DAY_MS;
  const out: PruneResult = { jours: 0, partitions: [], lignes: 0 };
  if (dialect === 'postgres' && (await isPartitioned(db))) {
    for (const p of await listPartitions(db)) {
      if (p.isDefault || p.pruned || p.to === null || p.to > cutoff) continue;
      const from = p.from ?? (await partitionMinTs(db, p.name));
      if (from !== null) out.jours += await rollupDays(db, from, p.to);
      await replaceByKeptRows(db, p);
      out.partitions.push(p.name);
    }
    return out;
  }
  // SQLite: the sensors not kept, with their earliest reading.
  const old = (await prunableCapteurs(db)).filter((r) => r.first !== null && r.first < cutoff);
  if (old.length === 0) return out;
  // Whole Paris days only: the day holding the cut keeps its readings until the next pass.
  const end = parisDayRange(parisDay(cutoff)).start;
  out.jours = await rollupDays(db, Math.min(...old.map((r) => r.first as number)), end);
  for (const r of old) {
    for (let more = true; more;) {
      const d = await deleteObservationsBefore(db, r.id, end, DELETE_BATCH);
      out.lignes += d.n;
      more = d.more;
    }
  }
  return out;
}
