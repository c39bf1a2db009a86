/**
 * Test oracle for the daily archive: reads the embedded `history_daily.csv.gz` directly and computes,
 * by the plainest route (calendar arithmetic with Date, a textbook R-type-7 quantile), what the climatology,
 * classes and records must be. Tests compare the code under test to these, never to values copied from it.
 */
import fs from 'node:fs';
import zlib from 'node:zlib';

export interface CsvDay {
  code: string;
  jour: string;
  moyenne: number;
}

const FILE = new URL('../apps/api/seed-data/history_daily.csv.gz', import.meta.url);

let cache: CsvDay[] | null = null;

/** Every row of the embedded history file (code_station, jour, moyenne in m³/s). */
export function historyCsv(): CsvDay[] {
  if (cache) return cache;
  const text = zlib.gunzipSync(fs.readFileSync(FILE)).toString('utf8');
  cache = text
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => {
      const [code, jour, moyenne] = line.split(',');
      return { code: code ?? '', jour: jour ?? '', moyenne: Number(moyenne) };
    });
  return cache;
}

export function stationDays(code: string): CsvDay[] {
  return historyCsv().filter((r) => r.code === code);
}

/** R type 7: h = (n − 1)p, linear between the floor and ceiling order statistics. */
export function textbookQuantile(values: readonly number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  const h = (s.length - 1) * p;
  const lo = Math.floor(h);
  const hi = Math.ceil(h);
  return (s[lo] as number) + (h - lo) * ((s[hi] as number) - (s[lo] as number));
}

/** Years with ≥ 347 values (the documented "complete year"), ascending. */
export function textbookYears(days: readonly CsvDay[]): number[] {
  const n = new Map<number, number>();
  for (const d of days) n.set(Number(d.jour.slice(0, 4)), (n.get(Number(d.jour.slice(0, 4))) ?? 0) + 1);
  return [...n]
    .filter(([, c]) => c >= 347)
    .map(([y]) => y)
    .sort((a, b) => a - b);
}

/**
 * The ±7-day window of `mmdd` (not near 29 February): for each reference year, the 15 calendar days from date − 7
 * to date + 7 by calendar arithmetic, each taken in that same year (late December wraps to early January).
 */
export function textbookWindow(days: readonly CsvDay[], mmdd: string): number[] {
  const byDay = new Map(days.map((d) => [d.jour, d.moyenne]));
  const out: number[] = [];
  for (const y of textbookYears(days)) {
    const center = Date.UTC(y, Number(mmdd.slice(0, 2)) - 1, Number(mmdd.slice(3)));
    for (let k = -7; k <= 7; k++) {
      const v = byDay.get(`${y}${new Date(center + k * 86_400_000).toISOString().slice(4, 10)}`);
      if (v !== undefined) out.push(v);
    }
  }
  return out;
}

export function textbookBand(days: readonly CsvDay[], mmdd: string) {
  const w = textbookWindow(days, mmdd);
  return {
    p10: textbookQuantile(w, 0.1),
    p25: textbookQuantile(w, 0.25),
    p50: textbookQuantile(w, 0.5),
    p75: textbookQuantile(w, 0.75),
    p90: textbookQuantile(w, 0.9),
    n: w.length,
  };
}

/** Highest daily value and its first day. */
export function textbookMax(days: readonly CsvDay[]): { valeur: number; jour: string } {
  return days.reduce((m, d) => (d.moyenne > m.valeur ? { valeur: d.moyenne, jour: d.jour } : m), {
    valeur: -Infinity,
    jour: '',
  });
}

export function textbookMin(days: readonly CsvDay[]): { valeur: number; jour: string } {
  return days.reduce((m, d) => (d.moyenne < m.valeur ? { valeur: d.moyenne, jour: d.jour } : m), {
    valeur: Infinity,
    jour: '',
  });
}

const TOULOUSE_FILE = new URL(
  '../apps/api/seed-data/toulouse_H_max_journalier_1857-2024.csv.gz',
  import.meta.url,
);

let toulouseCache: CsvDay[] | null = null;

/**
 * The Garonne's daily maximum water levels at Toulouse Pont-Neuf (the pier gauge O200004002 to 1945, then the quay
 * gauge O200004001), in metres, before the demo's last day (1 February 2022), oldest first (docs/decisions/140).
 * `moyenne` holds the day's maximum, as the archive does for this sensor.
 */
export function toulouseDays(): CsvDay[] {
  if (toulouseCache) return toulouseCache;
  toulouseCache = zlib
    .gunzipSync(fs.readFileSync(TOULOUSE_FILE))
    .toString('utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.split(','))
    .filter(([code, jour]) => (code === 'O200004002' || code === 'O200004001') && (jour ?? '') < '2022-02-01')
    .map(([code, jour, mm]) => ({ code: code ?? '', jour: jour ?? '', moyenne: Number(mm) / 1000 }))
    .sort((a, b) => a.jour.localeCompare(b.jour));
  return toulouseCache;
}

/** Quantile `p` of the days of an archive's complete years, to the centimetre: an indicative threshold. */
export function archiveThreshold(days: readonly CsvDay[], p: number): number {
  const years = textbookYears(days);
  const debut = years[0] as number;
  const fin = years[years.length - 1] as number;
  const values = days.filter((d) => Number(d.jour.slice(0, 4)) >= debut && Number(d.jour.slice(0, 4)) <= fin);
  return (
    Math.round(
      textbookQuantile(
        values.map((d) => d.moyenne),
        p,
      ) * 100,
    ) / 100
  );
}
