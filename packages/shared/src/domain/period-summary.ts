/**
 * What happened over a period of observations, in one pure rule (docs/decisions/093): the start, the extreme(s) reached
 * inside the period with their time, the end and the net change. « Stable » is said only when the whole range of
 * the period (max − min) stays within the noise band of the quantity; a flood that rose and fell back is never
 * "stable" because its start and end are close. When a longer context (the last 30 days) holds an extreme outside
 * the period, the rule names it so that the screen can point to it.
 */
import type { Grandeur } from './units';
import type { Observation } from './series';

/**
 * Noise band: a range within it is "stable". H: 2 cm (the resolution of most gauges is 1 cm); Q: 2 % of the largest
 * absolute value, at least 0.1 m³/s; T: 0.2 °C.
 */
export function noiseBand(grandeur: Grandeur, reference: number): number {
  if (grandeur === 'H') return 0.02;
  if (grandeur === 'T') return 0.2;
  return Math.max(0.02 * Math.abs(reference), 0.1);
}

export type PeriodShape =
  /** The whole range within the noise band. */
  | 'stable'
  /** Ends higher (or lower) than it started, with no extreme inside beyond the ends. */
  | 'hausse'
  | 'baisse'
  /** Rose to a peak inside the period and came back down. */
  | 'pic'
  /** Fell to a trough inside the period and came back up. */
  | 'creux'
  /** Both a peak and a trough inside the period. */
  | 'variable';

export interface PeriodSummary {
  start: Observation;
  end: Observation;
  max: Observation;
  min: Observation;
  /** end − start, in the unit of the observations. */
  netChange: number;
  /** The noise band used (unit of the observations). */
  band: number;
  shape: PeriodShape;
  /** A maximum inside the period, beyond both ends by more than the noise band. */
  peak: Observation | null;
  /** A minimum inside the period, below both ends by more than the noise band. */
  trough: Observation | null;
  /**
   * The highest reading of the context when it lies outside the period and exceeds the period's maximum by more than
   * the noise band (« Pic de crue : 4,31 m le 11 janvier »). Null without context or when the period holds it.
   */
  contextPeak: Observation | null;
}

function extremes(observations: readonly Observation[]): { min: Observation; max: Observation } {
  let min = observations[0] as Observation;
  let max = min;
  for (const r of observations) {
    // The first time a maximum (or minimum) is reached: the moment it was reached.
    if (r.valeur > max.valeur) max = r;
    if (r.valeur < min.valeur) min = r;
  }
  return { min, max };
}

/**
 * Summary of `observations` (ascending time). `context`, when given, is a longer series ending at the same time (the last
 * 30 days); only its observations outside [first, last] of the period are looked at. Null for an empty period.
 */
export function summarizePeriod(
  observations: readonly Observation[],
  grandeur: Grandeur,
  context: readonly Observation[] = [],
): PeriodSummary | null {
  if (observations.length === 0) return null;
  const start = observations[0] as Observation;
  const end = observations[observations.length - 1] as Observation;
  const { min, max } = extremes(observations);
  const band = noiseBand(grandeur, Math.max(Math.abs(max.valeur), Math.abs(min.valeur)));
  const netChange = end.valeur - start.valeur;
  // Tolerant of binary noise: 1.02 − 1.00 is 0.020000000000000018.
  const beyond = (delta: number) => delta > band + 1e-9;
  const stable = !beyond(max.valeur - min.valeur);
  const peak = !stable && beyond(max.valeur - Math.max(start.valeur, end.valeur)) ? max : null;
  const trough = !stable && beyond(Math.min(start.valeur, end.valeur) - min.valeur) ? min : null;
  let shape: PeriodShape;
  if (stable) shape = 'stable';
  else if (peak && trough) shape = 'variable';
  else if (peak) shape = 'pic';
  else if (trough) shape = 'creux';
  else shape = netChange > 0 ? 'hausse' : 'baisse';

  const outside = context.filter((r) => r.ts < start.ts || r.ts > end.ts);
  const ctx = outside.length ? extremes(outside).max : null;
  const contextPeak = ctx && beyond(ctx.valeur - max.valeur) ? ctx : null;
  return { start, end, max, min, netChange, band, shape, peak, trough, contextPeak };
}
