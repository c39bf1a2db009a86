/**
 * Pure rules of the place chart (docs/decisions/040 and 041): the columns drawn by uPlot (observations with honest
 * gaps, forecast mean / min / max merged on one time axis) and the CSV of exactly what is drawn. The summary sentence
 * comes from `@limni/shared/domain/period-summary` (docs/decisions/093).
 */
import type { PrevisionSerie } from '@limni/shared/contracts/hydro';
import { HOUR_MS, MINUTE_MS, parisOffsetMs, parisWallToUtc } from '@limni/shared/domain/time';

export interface Observations {
  ts: readonly number[];
  valeur: readonly number[];
}

export interface ChartColumns {
  /** Instants (epoch ms), ascending, shared by every series. */
  x: number[];
  obs: (number | null)[];
  mean: (number | null)[];
  min: (number | null)[];
  max: (number | null)[];
  /** Forecast points actually merged (0 without forecast). */
  nbPrevisions: number;
}

/** A silence longer than this breaks the line (3 native steps, at least 2 hours) instead of inventing a shape. */
export function gapThresholdMs(pasMin: number | null): number {
  return Math.max(2 * HOUR_MS, 3 * (pasMin ?? 0) * MINUTE_MS);
}

/**
 * Merges observations and an optional forecast on one time axis. Forecast points at or before the last
 * observation are dropped (the observation wins); the forecast line starts from the last observed value so that
 * the two read as one continuous series.
 */
export function buildColumns(
  observed: Observations,
  pasMin: number | null,
  prevision: Pick<PrevisionSerie, 'points'> | null,
): ChartColumns {
  const rows = new Map<
    number,
    { obs: number | null; mean: number | null; min: number | null; max: number | null }
  >();
  const gap = gapThresholdMs(pasMin);
  let previous: number | null = null;
  observed.ts.forEach((ts, i) => {
    if (previous !== null && ts - previous > gap) {
      rows.set(Math.round((previous + ts) / 2), { obs: null, mean: null, min: null, max: null });
    }
    rows.set(ts, { obs: observed.valeur[i] ?? null, mean: null, min: null, max: null });
    previous = ts;
  });
  const lastTs = observed.ts.length ? (observed.ts[observed.ts.length - 1] ?? null) : null;
  const future = (prevision?.points ?? []).filter((p) => lastTs === null || p.ts > lastTs);
  if (future.length > 0 && lastTs !== null) {
    const last = rows.get(lastTs);
    if (last && last.obs !== null) {
      last.mean = last.obs;
      last.min = last.obs;
      last.max = last.obs;
    }
  }
  for (const p of future) {
    rows.set(p.ts, { obs: null, mean: p.valeur, min: p.min ?? p.valeur, max: p.max ?? p.valeur });
  }
  const x = [...rows.keys()].sort((a, b) => a - b);
  const get = (k: 'obs' | 'mean' | 'min' | 'max') => x.map((t) => rows.get(t)?.[k] ?? null);
  return {
    x,
    obs: get('obs'),
    mean: get('mean'),
    min: get('min'),
    max: get('max'),
    nbPrevisions: future.length,
  };
}

const pad = (n: number, w = 2) => String(Math.abs(n)).padStart(w, '0');

/** ISO 8601 with the Europe/Paris offset of that instant: `2022-01-28T14:00:00+01:00`. */
export function isoParis(ms: number): string {
  const offset = parisOffsetMs(ms);
  const wall = new Date(ms + offset);
  const sign = offset >= 0 ? '+' : '-';
  const oh = Math.floor(Math.abs(offset) / HOUR_MS);
  const om = Math.round((Math.abs(offset) % HOUR_MS) / MINUTE_MS);
  return (
    `${wall.getUTCFullYear()}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}` +
    `T${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}:${pad(wall.getUTCSeconds())}` +
    `${sign}${pad(oh)}:${pad(om)}`
  );
}

export interface CsvColumns {
  /** Column title of the values, with the unit: "Hauteur d'eau (m)". */
  valeur: string;
  /** Titles of the forecast columns, when a forecast is drawn. */
  prevision?: { mean: string; min: string; max: string };
  /** Further columns aligned with `columns.x` (the usual range, last year: ADR 087). */
  extra?: ReadonlyArray<{ titre: string; valeurs: readonly (number | null)[] }>;
}

function csvCell(v: string): string {
  return /[";\n\r]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

function csvNumber(v: number | null): string {
  return v === null || !Number.isFinite(v) ? '' : String(Math.round(v * 1000) / 1000);
}

/**
 * CSV of the drawn columns (docs/decisions/041): UTF-8 with a byte-order mark, `;` separator, `.` decimals, CRLF,
 * one row per drawn instant (gap markers excluded), times as ISO 8601 with the Paris offset.
 */
export function toCsv(columns: ChartColumns, titles: CsvColumns): string {
  const header = ['Horodatage (Europe/Paris, ISO 8601)', titles.valeur];
  const withForecast = titles.prevision !== undefined && columns.nbPrevisions > 0;
  if (withForecast && titles.prevision) {
    header.push(titles.prevision.mean, titles.prevision.min, titles.prevision.max);
  }
  const extra = titles.extra ?? [];
  header.push(...extra.map((e) => e.titre));
  const lines = [header.map(csvCell).join(';')];
  columns.x.forEach((ts, i) => {
    const obs = columns.obs[i] ?? null;
    const mean = columns.mean[i] ?? null;
    if (obs === null && mean === null) return;
    const cells = [isoParis(ts), csvNumber(obs)];
    if (withForecast) {
      // The junction point carries the observation only: it is not a forecast.
      const isForecast = obs === null;
      cells.push(
        csvNumber(isForecast ? mean : null),
        csvNumber(isForecast ? (columns.min[i] ?? null) : null),
        csvNumber(isForecast ? (columns.max[i] ?? null) : null),
      );
    }
    cells.push(...extra.map((e) => csvNumber(e.valeurs[i] ?? null)));
    lines.push(cells.join(';'));
  });
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** File name: `limni-la-garonne-a-toulouse-pont-neuf-H-2022-01-22_2022-01-28.csv`. */
export function csvFileName(slug: string, grandeur: string, debut: string, fin: string): string {
  return `limni-${slug}-${grandeur}-${debut === fin ? fin : `${debut}_${fin}`}.csv`;
}

/** The observations of a series within [debut, fin] (both inclusive). */
export function filterWindow(
  serie: Observations | undefined,
  debut: number,
  fin: number,
): { ts: number[]; valeur: number[] } {
  const ts: number[] = [];
  const valeur: number[] = [];
  serie?.ts.forEach((t, i) => {
    const v = serie.valeur[i];
    if (t >= debut && t <= fin && v !== undefined) {
      ts.push(t);
      valeur.push(v);
    }
  });
  return { ts, valeur };
}

/** Midnight (Europe/Paris) of a `YYYY-MM-DD` day, epoch ms. */
export function parisWallToUtcDay(day: string): number {
  const [y, mo, d] = day.split('-').map(Number);
  return parisWallToUtc(y ?? 1970, mo ?? 1, d ?? 1);
}
