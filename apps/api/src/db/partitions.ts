/**
 * Monthly partitions of `observation` on PostgreSQL (docs/decisions/157): bounds at Europe/Paris month starts, so a
 * Paris day never straddles two partitions, and the partition names. Pure, shared by migration 016 and the upkeep;
 * the statements are in maintenance/partitions.repo.ts.
 */
import { parisParts, parisWallToUtc } from '@limni/shared/domain/time';

/** A Paris calendar month. */
export interface ParisMonth {
  year: number;
  /** 1–12. */
  month: number;
}

/** The Paris month holding an instant. */
export function parisMonthOf(ms: number): ParisMonth {
  const p = parisParts(ms);
  return { year: p.year, month: p.month };
}

/** The month `n` months after `m` (n may be negative). */
export function addMonths(m: ParisMonth, n: number): ParisMonth {
  const i = m.year * 12 + (m.month - 1) + n;
  return { year: Math.floor(i / 12), month: (i % 12) + 1 };
}

/** First instant of a Paris month (midnight on the 1st, Paris time). */
export const monthStart = (m: ParisMonth): number => parisWallToUtc(m.year, m.month, 1);

/** [start, end) of a Paris month. */
export function monthRange(m: ParisMonth): { start: number; end: number } {
  return { start: monthStart(m), end: monthStart(addMonths(m, 1)) };
}

/** `observation_2026_12`: the partition of a month. */
export const partitionName = (m: ParisMonth): string =>
  `observation_${m.year}_${String(m.month).padStart(2, '0')}`;

/** The month a partition name stands for, null for another table (`observation_avant`, the default one). */
export function monthOfPartition(name: string): ParisMonth | null {
  const m = /^observation_(\d{4})_(\d{2})$/.exec(name);
  if (!m) return null;
  const month = Number(m[2]);
  return month >= 1 && month <= 12 ? { year: Number(m[1]), month } : null;
}

/** The table holding every reading from before the partitioning (attached as one partition, never copied). */
export const PARTITION_AVANT = 'observation_avant';
/** The safety net: a reading no monthly partition covers (a clock or source bug, or a row kept past retention). */
export const PARTITION_DEFAUT = 'observation_defaut';

/** Months ahead of the current one that always have their partition. */
export const MONTHS_AHEAD = 2;

/** How long raw readings are kept before only the daily archive remains (docs/decisions/122). */
export const RAW_RETENTION_DAYS = 730;
