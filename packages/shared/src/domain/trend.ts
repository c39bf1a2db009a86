/**
 * Trend and freshness of a sensor, computed the same way everywhere (API, alerts, UI).
 * See docs/decisions/009-trend-and-freshness.md.
 *
 * Trend: the least-squares slope of the observations of the 3 hours ending with the latest one, in the sensor's unit
 * per hour. The arrow and the rate shown next to it both come from this one slope, so they can never disagree,
 * and a single noisy observation moves it little. Five classes, with thresholds per quantity.
 */
import { HOUR_MS, MINUTE_MS } from './time';
import type { Grandeur } from './units';
import type { Observation } from './series';

export const TREND_WINDOW_MS = 3 * HOUR_MS;
export const TENDANCES = ['hausse_rapide', 'hausse', 'stable', 'baisse', 'baisse_rapide'] as const;
export type Tendance = (typeof TENDANCES)[number];

export type { Observation };

export interface TrendResult {
  tendance: Tendance;
  /** Change per hour in the sensor's unit (m/h, m³/s per h), signed. */
  variation_h: number;
}

/** H: 1 cm/h and 5 cm/h. Q: 1 %/h and 5 %/h of the current flow (at least 1 m³/s). */
const THRESHOLDS: Record<Grandeur, (value: number) => { slow: number; fast: number }> = {
  H: () => ({ slow: 0.01, fast: 0.05 }),
  Q: (v) => ({ slow: 0.01 * Math.max(Math.abs(v), 1), fast: 0.05 * Math.max(Math.abs(v), 1) }),
  T: () => ({ slow: 0.2, fast: 1 }),
};

/**
 * Trend of the observations (any order) ending with the latest; null with fewer than two observations in the window or
 * when the window spans less than 15 minutes (one observation of hourly stations).
 */
export function computeTrend(observations: readonly Observation[], grandeur: Grandeur): TrendResult | null {
  if (observations.length < 2) return null;
  const sorted = [...observations].sort((a, b) => a.ts - b.ts);
  const last = sorted[sorted.length - 1] as Observation;
  const window = sorted.filter((r) => r.ts >= last.ts - TREND_WINDOW_MS);
  if (window.length < 2) return null;
  const first = window[0] as Observation;
  if (last.ts - first.ts < 15 * MINUTE_MS) return null;
  const xs = window.map((r) => (r.ts - first.ts) / HOUR_MS);
  const mx = xs.reduce((s, x) => s + x, 0) / xs.length;
  const my = window.reduce((s, r) => s + r.valeur, 0) / window.length;
  let cov = 0;
  let varx = 0;
  window.forEach((r, i) => {
    const dx = (xs[i] as number) - mx;
    cov += dx * (r.valeur - my);
    varx += dx * dx;
  });
  const variation_h = cov / varx;
  const { slow, fast } = THRESHOLDS[grandeur](last.valeur);
  const speed = Math.abs(variation_h);
  let tendance: Tendance = 'stable';
  if (speed >= slow) {
    if (variation_h > 0) tendance = speed >= fast ? 'hausse_rapide' : 'hausse';
    else tendance = speed >= fast ? 'baisse_rapide' : 'baisse';
  }
  return { tendance, variation_h };
}

export const FRAICHEURS = ['a_jour', 'en_retard', 'aucune_donnee'] as const;
export type Fraicheur = (typeof FRAICHEURS)[number];

/** Silence after which a sensor is late: 2 hours, or 3 native steps when they are longer (daily means: 3 days). */
export function staleAfterMs(pasMin: number | null): number {
  return Math.max(2 * HOUR_MS, 3 * (pasMin ?? 0) * MINUTE_MS);
}

/** Freshness of the latest observation at `refTs` ("now" of the data). No observation in the last 30 days: aucune_donnee. */
export function computeFreshness(lastTs: number | null, refTs: number, pasMin: number | null): Fraicheur {
  if (lastTs === null || refTs - lastTs > 30 * 24 * HOUR_MS) return 'aucune_donnee';
  return refTs - lastTs <= staleAfterMs(pasMin) ? 'a_jour' : 'en_retard';
}
