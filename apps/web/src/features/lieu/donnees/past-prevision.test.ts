/**
 * A past forecast run drawn over the observations (docs/decisions/089), on the real Digoin case: the Vigicrues run of
 * 11 December 2024 and the hourly flows observed after it, read here from the seed files.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { PrevisionSerie } from '@limni/shared/contracts/hydro';
import { buildColumns, previsionAgainstObserved, previsionMode, type Observations } from './chart-data';

const SEED = path.resolve(import.meta.dirname, '../../../../../api/seed-data');
const gunzip = (name: string) => zlib.gunzipSync(fs.readFileSync(path.join(SEED, name))).toString('utf8');

/** The flow (Q) run of Digoin's `.prv`: run time (`# DtDerObs`) and [10 %, 50 %, 90 %] per hour. */
function digoinRun(): PrevisionSerie {
  const lines = gunzip('loire_2024-12_Prev_E_20241211_0706_20241211_0707_5159.prv.gz').split('\n');
  const cells = (name: string) => (lines.find((l) => l.startsWith(`${name};`)) ?? '').split(';').slice(1);
  const q = (suffix: string) =>
    cells('IdSeries').findIndex((id, i) => cells('Grandeurs')[i] === 'Q' && id.endsWith(suffix));
  const [lo, mid, hi] = [q('basse_10'), q('centrale_50'), q('haute_90')];
  const utc = (d: string, t: string) =>
    Date.parse(`${d.slice(6, 10)}-${d.slice(3, 5)}-${d.slice(0, 2)}T${t}:00Z`);
  const [d0 = '', t0 = ''] =
    (lines.find((l) => l.startsWith('# DtDerObs;')) ?? '').split(';')[1]?.split(' ') ?? [];
  const points = lines
    .filter((l) => /^\d\d-\d\d-\d{4} /.test(l))
    .map((l) => {
      const [when = '', ...v] = l.split(';');
      return {
        ts: utc(when.slice(0, 10), when.slice(11, 16)),
        valeur: Number(v[mid]),
        min: Number(v[lo]),
        max: Number(v[hi]),
      };
    });
  return { capteur_id: 1, grandeur: 'Q', unite: 'm³/s', run_ts: utc(d0, t0), commentaire: null, points };
}

function digoinObserved(): Observations {
  const rows = gunzip('loire_2024-12_K1180010_QmnH.csv.gz')
    .split('\n')
    .slice(1)
    .filter((l) => l.trim() !== '')
    .map((l) => l.split(','));
  return {
    ts: rows.map((r) => Date.parse(r[0] ?? '')),
    valeur: rows.map((r) => Number((r[1] ?? '').replaceAll('"', ''))),
  };
}

const run = digoinRun();
const observed = digoinObserved();
const within = (o: Observations, from: number, to: number): Observations => {
  const keep = o.ts.map((t) => t >= from && t < to);
  return { ts: o.ts.filter((_, i) => keep[i]), valeur: o.valeur.filter((_, i) => keep[i]) };
};

describe('a past forecast run over the observations (Digoin, December 2024)', () => {
  it('is drawn over the observations, not after them, when the window holds the run', () => {
    const day = within(observed, Date.parse('2024-12-10T23:00:00Z'), Date.parse('2024-12-11T23:00:00Z'));
    const start = Date.parse('2024-12-04T23:00:00Z');
    const end = Date.parse('2024-12-11T23:00:00Z');
    expect(previsionMode(run, day, false, start, end)).toBe('superpose');
    // The window ending with the data: the run ends before the last observation, so it is drawn over them too.
    expect(previsionMode(run, observed, true, start, Date.parse('2024-12-16T23:00:00Z'))).toBe('superpose');
    // A window ending before the run time shows no forecast.
    expect(previsionMode(run, day, false, start, run.run_ts - 1)).toBeNull();
    // Live use is unchanged: a run reaching beyond the last observation continues it.
    const early = within(observed, 0, run.run_ts + 1);
    expect(previsionMode(run, early, true, start, run.run_ts + 1)).toBe('suite');
  });

  it('keeps every point of the run beside the observation of the same hour, from the observation at the run time', () => {
    const day = within(observed, Date.parse('2024-12-10T23:00:00Z'), Date.parse('2024-12-11T23:00:00Z'));
    const c = buildColumns(day, 60, run, { runTs: run.run_ts });
    expect(c.nbPrevisions).toBe(run.points.length);
    expect(c.jonction).toBe(run.run_ts);
    const at = (ts: number) => c.x.indexOf(ts);
    const obsAtRun = day.valeur[day.ts.indexOf(run.run_ts)];
    expect(c.mean[at(run.run_ts)]).toBe(obsAtRun);
    for (const p of run.points) {
      expect([c.min[at(p.ts)], c.mean[at(p.ts)], c.max[at(p.ts)]]).toEqual([p.min, p.valeur, p.max]);
      const i = day.ts.indexOf(p.ts);
      expect(c.obs[at(p.ts)]).toBe(i < 0 ? null : day.valeur[i]);
    }
  });

  it('compares the highest central forecast with what was observed at that hour', () => {
    const cmp = previsionAgainstObserved(observed, run.points);
    const paired = run.points.filter((p) => observed.ts.includes(p.ts));
    const peak = paired.reduce((a, b) => ((b.valeur ?? 0) > (a.valeur ?? 0) ? b : a));
    const obsOf = (ts: number) => observed.valeur[observed.ts.indexOf(ts)] ?? Number.NaN;
    const values = paired.map((p) => obsOf(p.ts));
    expect(cmp).toEqual({
      prevu: { ts: peak.ts, valeur: peak.valeur, min: peak.min, max: peak.max },
      observe: obsOf(peak.ts),
      min: Math.min(...values),
      max: Math.max(...values),
      debut: paired[0]?.ts,
      fin: paired[paired.length - 1]?.ts,
      n: paired.length,
      dansFourchette: paired.filter((p) => obsOf(p.ts) >= (p.min ?? 0) && obsOf(p.ts) <= (p.max ?? 0)).length,
    });
    // The case of the issue: about 200 m³/s announced for 13 December 06:00 UTC, far above what was observed.
    expect(new Date(peak.ts).toISOString()).toBe('2024-12-13T06:00:00.000Z');
    expect(cmp?.max).toBeLessThan(peak.valeur ?? 0);
  });
});
