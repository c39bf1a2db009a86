/**
 * Converts the multi-year discharge sources (airGRdatasets daily QmnJ in l/s, smash hourly Cance and daily Lez series
 * in m³/s) into
 * one compact daily table: `code_station,jour,moyenne,min,max,n` in m³/s, `jour` a Europe/Paris calendar day.
 * Pure functions (tested); the CLI (cli.ts) reads the source folder once and writes
 * `seed-data/history_daily.csv.gz`, which the seed then loads (steps/archive.ts). Never run by the app.
 */
import { parisDay } from '@limni/shared/domain/time';

export interface DailyRow {
  code: string;
  jour: string;
  moyenne: number;
  min: number | null;
  max: number | null;
  /** Raw values behind the day (hourly source); null when the source gives the daily mean itself. */
  n: number | null;
}

/** Minimum number of hourly values for a day of the hourly source to count (a day with gaps is left out). */
export const MIN_HOURS_PER_DAY = 18;

/** airGR rows `code_station,date,q_l_s,q_mm_d`: an empty `q_l_s` is a missing day (left out); l/s → m³/s. */
export function airgrDaily(rows: readonly Record<string, string>[]): DailyRow[] {
  const out: DailyRow[] = [];
  for (const r of rows) {
    const q = r['q_l_s'] ?? '';
    if (q.trim() === '') continue;
    const lps = Number(q);
    if (!Number.isFinite(lps) || lps < 0) continue;
    out.push({
      code: r['code_station'] ?? '',
      jour: r['date'] ?? '',
      moyenne: lps / 1000,
      min: null,
      max: null,
      n: null,
    });
  }
  return out;
}

/** `YYYYMMDDHHMM` (time zone not stated by smash: read as UTC, see SOURCES.md) → epoch ms. */
function smashStart(line: string): number {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})?(\d{2})?$/.exec(line.trim());
  if (!m) throw new Error(`Horodatage smash illisible : ${line}`);
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4] ?? 0), Number(m[5] ?? 0));
}

/**
 * A smash hourly `qobs` file (line 1 = first timestamp, then one value per hour; any negative value = missing) →
 * one row per Paris day with at least MIN_HOURS_PER_DAY values: mean, min, max and count.
 */
export function smashHourlyToDaily(code: string, text: string): DailyRow[] {
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '');
  const start = smashStart(lines[0] ?? '');
  const byDay = new Map<string, number[]>();
  for (let i = 1; i < lines.length; i++) {
    const v = Number(lines[i]);
    if (!Number.isFinite(v) || v < 0) continue;
    const day = parisDay(start + (i - 1) * 3_600_000);
    const list = byDay.get(day) ?? [];
    list.push(v);
    byDay.set(day, list);
  }
  const out: DailyRow[] = [];
  for (const [jour, values] of byDay) {
    if (values.length < MIN_HOURS_PER_DAY) continue;
    const sum = values.reduce((a, b) => a + b, 0);
    out.push({
      code,
      jour,
      moyenne: sum / values.length,
      min: Math.min(...values),
      max: Math.max(...values),
      n: values.length,
    });
  }
  return out;
}

/**
 * A smash daily `qobs` file (line 1 = `YYYYMMDD` of the first value, then one value per day; any negative value =
 * missing) → one row per calendar day with a value. The day is the file's own (no time of day, no time zone).
 */
export function smashDailyToDaily(code: string, text: string): DailyRow[] {
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '');
  const start = smashStart(lines[0] ?? '');
  const out: DailyRow[] = [];
  for (let i = 1; i < lines.length; i++) {
    const v = Number(lines[i]);
    if (!Number.isFinite(v) || v < 0) continue;
    const jour = new Date(start + (i - 1) * 86_400_000).toISOString().slice(0, 10);
    out.push({ code, jour, moyenne: v, min: null, max: null, n: null });
  }
  return out;
}

const fmt = (v: number | null): string => (v === null ? '' : String(Math.round(v * 1000) / 1000));

export function toCsv(rows: readonly DailyRow[]): string {
  const lines = ['code_station,jour,moyenne_m3s,min_m3s,max_m3s,n'];
  for (const r of rows) {
    lines.push(`${r.code},${r.jour},${fmt(r.moyenne)},${fmt(r.min)},${fmt(r.max)},${r.n ?? ''}`);
  }
  return `${lines.join('\n')}\n`;
}
