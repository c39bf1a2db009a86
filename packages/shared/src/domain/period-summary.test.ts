/// <reference types="node" />
/**
 * The period summary on real series: the Garonne at Toulouse in January 2022 (demo seed, flood of 11 January) and
 * the Swiss lakes in the July 2021 flood. Expectations are computed here from the CSV rows, never copied.
 */
import fs from 'node:fs';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { noiseBand, summarizePeriod } from './period-summary';
import type { Observation } from './series';
import { DAY_MS } from './time';

const seedFile = (name: string) =>
  zlib
    .gunzipSync(fs.readFileSync(new URL(`../../../../apps/api/seed-data/${name}`, import.meta.url)))
    .toString('utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((l) => l.split(','));

/** Toulouse Pont-Neuf (O200004001), heights in mm in the file, metres here. */
const toulouse: Observation[] = seedFile('garonne_H_2022-01_native.csv.gz')
  .filter((c) => c[0] === 'O200004001')
  .map((c) => ({ ts: Date.parse(c[1] as string), valeur: Number(c[2]) / 1000 }))
  .sort((a, b) => a.ts - b.ts);

const lakes = seedFile('lakes_suisse_crue_2021-07_10min.csv.gz');
const lake = (code: string): Observation[] =>
  lakes
    .filter((c) => c[0] === code)
    .map((c) => ({ ts: Date.parse(c[1] as string), valeur: Number(c[2]) }))
    .sort((a, b) => a.ts - b.ts);

const lastDays = (series: Observation[], days: number) => {
  const end = (series[series.length - 1] as Observation).ts;
  return series.filter((r) => r.ts >= end - days * DAY_MS);
};
const highest = (series: Observation[]) =>
  series.reduce((best, r) => (r.valeur > best.valeur ? r : best), series[0] as Observation);
const lowest = (series: Observation[]) =>
  series.reduce((best, r) => (r.valeur < best.valeur ? r : best), series[0] as Observation);

describe('summarizePeriod on Toulouse, January 2022', () => {
  const month = lastDays(toulouse, 30);
  const week = lastDays(toulouse, 7);

  it('30 days: names the flood peak with its time, never « stable »', () => {
    const s = summarizePeriod(month, 'H', month);
    const peak = highest(month);
    expect(s?.shape).not.toBe('stable');
    expect(s?.peak).toEqual(peak);
    expect(s?.max).toEqual(peak);
    expect(s?.start).toEqual(month[0]);
    expect(s?.end).toEqual(month[month.length - 1]);
    expect(s?.netChange).toBeCloseTo(
      (month[month.length - 1] as Observation).valeur - (month[0] as Observation).valeur,
      9,
    );
    // The Garonne's peak of January 2022: 4,31 m on 11 January at 7 h 15 (Paris), read from the file.
    expect(new Date(peak.ts).toISOString().slice(0, 10)).toBe('2022-01-11');
    expect(peak.valeur.toFixed(2)).toBe('4.31');
    expect(s?.contextPeak).toBeNull();
  });

  it('7 days: the summary points to the peak of the last 30 days, outside the window', () => {
    const s = summarizePeriod(week, 'H', month);
    expect(s?.contextPeak).toEqual(highest(month));
    expect(s?.max).toEqual(highest(week));
    expect((s?.contextPeak?.ts ?? Infinity) < (week[0] as Observation).ts).toBe(true);
  });

  it('7 days without context: no pointer', () => {
    expect(summarizePeriod(week, 'H')?.contextPeak).toBeNull();
  });

  it('a calm day before the flood is stable only if its whole range is within 2 cm', () => {
    const day = toulouse.filter(
      (r) => r.ts >= Date.parse('2022-01-02T00:00Z') && r.ts < Date.parse('2022-01-03T00:00Z'),
    );
    const range = highest(day).valeur - lowest(day).valeur;
    expect(summarizePeriod(day, 'H')?.shape === 'stable').toBe(range <= 0.02 + 1e-9);
  });
});

describe('summarizePeriod on the Swiss lakes, July 2021', () => {
  const codes = [...new Set(lakes.map((c) => c[0] as string))];
  it.each(codes)('lake %s: start, end and extremes are those of the file', (code) => {
    const series = lake(code);
    const s = summarizePeriod(series, 'H');
    const hi = highest(series);
    const lo = lowest(series);
    expect(s?.max).toEqual(hi);
    expect(s?.min).toEqual(lo);
    expect(s?.start).toEqual(series[0]);
    expect(s?.end).toEqual(series[series.length - 1]);
    expect(s?.shape === 'stable').toBe(hi.valeur - lo.valeur <= 0.02 + 1e-9);
  });
});

describe('summarizePeriod: shapes', () => {
  const r = (vals: number[]): Observation[] => vals.map((valeur, i) => ({ ts: i * 3_600_000, valeur }));
  it.each([
    ['flat within the band', [1, 1.01, 1.02, 1.0], 'stable'],
    ['rise', [1, 1.2, 1.5], 'hausse'],
    ['fall', [1.5, 1.2, 1], 'baisse'],
    ['flood that came back', [0.6, 4.3, 0.7], 'pic'],
    ['trough', [1, 0.5, 1], 'creux'],
    ['peak and trough', [1, 2, 0.2, 1], 'variable'],
  ] as const)('%s', (_, vals, shape) => {
    expect(summarizePeriod(r([...vals]), 'H')?.shape).toBe(shape);
  });
  it('empty period: null', () => {
    expect(summarizePeriod([], 'Q')).toBeNull();
  });
  it('noise band per quantity', () => {
    expect(noiseBand('H', 10)).toBe(0.02);
    expect(noiseBand('Q', 200)).toBe(4);
    expect(noiseBand('Q', 1)).toBe(0.1);
    expect(noiseBand('T', 12)).toBe(0.2);
  });
});
