/**
 * The trend of docs/decisions/009, computed by the tests themselves from observations (the seed's source values
 * or the rows of the database), so that an API answer can be checked against it rather than against its own code.
 */
const HOUR = 3_600_000;

export interface ExpectedTrend {
  /** Observations in the window. */
  n: number;
  /** Least-squares slope, in the unit per hour. */
  variation_h: number;
  tendance: 'stable' | 'hausse' | 'baisse' | 'hausse_rapide' | 'baisse_rapide';
}

/**
 * Water levels (m): the least-squares slope of the observations of the 3 hours ending at `at` (both ends
 * included); stable under 1 cm/h, rapid from 5 cm/h.
 */
export function expectedTrendH(
  rows: ReadonlyArray<{ ts: number; valeur: number }>,
  at: number,
): ExpectedTrend {
  const w = rows.filter((r) => r.ts >= at - 3 * HOUR && r.ts <= at);
  const t0 = w[0]?.ts ?? at;
  const xs = w.map((r) => (r.ts - t0) / HOUR);
  const mx = xs.reduce((s, x) => s + x, 0) / w.length;
  const my = w.reduce((s, r) => s + r.valeur, 0) / w.length;
  let num = 0;
  let den = 0;
  w.forEach((r, i) => {
    num += ((xs[i] as number) - mx) * (r.valeur - my);
    den += ((xs[i] as number) - mx) ** 2;
  });
  const slope = num / den;
  const speed = Math.abs(slope);
  const sens = slope > 0 ? 'hausse' : 'baisse';
  return {
    n: w.length,
    variation_h: slope,
    tendance: speed < 0.01 ? 'stable' : speed >= 0.05 ? `${sens}_rapide` : sens,
  };
}
