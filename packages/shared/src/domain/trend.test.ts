import { describe, expect, it } from 'vitest';
import { computeFreshness, computeTrend, staleAfterMs } from './trend';
import { HOUR_MS, MINUTE_MS } from './time';

const t0 = Date.parse('2022-01-28T00:00:00Z');
const series = (values: number[], stepMin = 15) =>
  values.map((valeur, i) => ({ ts: t0 + i * stepMin * MINUTE_MS, valeur }));

describe('computeTrend', () => {
  it.each([
    // H every 15 min over 3 h (12 steps): total change / 3 h.
    ['steady water', [1.2, 1.2, 1.2, 1.2, 1.201, 1.2, 1.2], 'stable'],
    [
      'rising 2 cm/h',
      [1.0, 1.005, 1.01, 1.015, 1.02, 1.025, 1.03, 1.035, 1.04, 1.045, 1.05, 1.055, 1.06],
      'hausse',
    ],
    [
      'rising 20 cm/h',
      [1.0, 1.05, 1.1, 1.15, 1.2, 1.25, 1.3, 1.35, 1.4, 1.45, 1.5, 1.55, 1.6],
      'hausse_rapide',
    ],
    [
      'falling 2 cm/h',
      [1.06, 1.055, 1.05, 1.045, 1.04, 1.035, 1.03, 1.025, 1.02, 1.015, 1.01, 1.005, 1.0],
      'baisse',
    ],
    [
      'falling 20 cm/h',
      [1.6, 1.55, 1.5, 1.45, 1.4, 1.35, 1.3, 1.25, 1.2, 1.15, 1.1, 1.05, 1.0],
      'baisse_rapide',
    ],
  ] as const)('%s → %s', (_label, values, expected) => {
    expect(computeTrend(series([...values]), 'H')?.tendance).toBe(expected);
  });

  it('gives the rate per hour in the unit of the sensor (least-squares slope)', () => {
    const r = computeTrend(series([1.0, 1.05, 1.1, 1.15, 1.2]), 'H');
    expect(r?.variation_h).toBeCloseTo(0.2, 6);
  });

  it('ignores a sub-centimetre wobble of H (sensor precision)', () => {
    expect(computeTrend(series([2.0, 2.0, 2.0, 2.0, 2.004]), 'H')?.tendance).toBe('stable');
  });

  it('never shows an arrow that contradicts its rate (a last bump on a falling river)', () => {
    // Falling 3.4 cm/h for 3 h, then one observation a little above the previous ones.
    const values = [1.2, 1.19, 1.18, 1.17, 1.16, 1.15, 1.14, 1.13, 1.12, 1.11, 1.1, 1.09, 1.115];
    const r = computeTrend(series(values), 'H');
    expect(r?.variation_h).toBeLessThan(0);
    expect(r?.tendance).toMatch(/^baisse/);
  });

  it('is not thrown by one outlier in the middle of a steady series', () => {
    const values = [1.5, 1.5, 1.5, 1.5, 1.5, 1.5, 1.62, 1.5, 1.5, 1.5, 1.5, 1.5, 1.5];
    expect(computeTrend(series(values), 'H')?.tendance).toBe('stable');
  });

  it('uses a relative rule for flows', () => {
    expect(computeTrend(series([500, 505, 510, 515, 520]), 'Q')?.tendance).toBe('hausse'); // 20 m³/s/h = 3.8 %/h
    expect(computeTrend(series([500, 520, 540, 560, 580]), 'Q')?.tendance).toBe('hausse_rapide'); // 80 m³/s/h
  });

  it('only looks at the 3 hours ending with the latest observation', () => {
    const old = { ts: t0 - 10 * HOUR_MS, valeur: 5 };
    expect(computeTrend([old, ...series([1, 1, 1, 1])], 'H')?.tendance).toBe('stable');
  });

  it('has no trend with a single observation or a window shorter than 15 minutes', () => {
    expect(computeTrend(series([1]), 'H')).toBeNull();
    expect(computeTrend(series([1, 2], 5), 'H')).toBeNull();
    expect(
      computeTrend(
        [
          { ts: t0 - 4 * HOUR_MS, valeur: 1 },
          { ts: t0, valeur: 2 },
        ],
        'H',
      ),
    ).toBeNull();
  });
});

describe('computeFreshness', () => {
  it('is up to date within 2 hours (or 3 native steps)', () => {
    expect(computeFreshness(t0, t0 + 90 * MINUTE_MS, 15)).toBe('a_jour');
    expect(computeFreshness(t0, t0 + 3 * HOUR_MS, 15)).toBe('en_retard');
    expect(staleAfterMs(1440)).toBe(3 * 24 * HOUR_MS);
    expect(computeFreshness(t0, t0 + 2 * 24 * HOUR_MS, 1440)).toBe('a_jour');
  });
  it('has no data without a observation or after 30 days of silence', () => {
    expect(computeFreshness(null, t0, 15)).toBe('aucune_donnee');
    expect(computeFreshness(t0, t0 + 31 * 24 * HOUR_MS, 15)).toBe('aucune_donnee');
  });
});
