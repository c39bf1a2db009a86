/**
 * Pure rules of the place chart (docs/decisions/040 and 041): the columns drawn by uPlot (observations with honest
 * gaps, forecast mean / min / max merged on one time axis) and the CSV of exactly what is drawn. The summary sentence
 * comes from `@limni/shared/domain/period-summary` (docs/decisions/093).
 */
import type { PrevisionSerie } from '@limni/shared/contracts/hydro';
import { HOUR_MS, MINUTE_MS, parisDay, parisOffsetMs, parisWallToUtc } from '@limni/shared/domain/time';

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
  /** The instant where the forecast line starts from an observation (that row is not a forecast). */
  jonction?: number;
}

/** A silence longer than this breaks the line (3 native steps, at least 2 hours) instead of inventing a shape. */
export function gapThresholdMs(pasMin: number | null): number {
  return Math.max(2 * HOUR_MS, 3 * (pasMin ?? 0) * MINUTE_MS);
}

/**
 * Merges observations and an optional forecast on one time axis. Forecast points at or before the last
 * observation are dropped (the observation wins); the forecast line starts from the last observed value so that
 * the two read as one continuous series.
 * `superpose` (a past run, docs/decisions/089): every point of the run is kept beside the observations of the same
 * instants — forecast against what was observed — and the band starts from the observation at the run time.
 */
export function buildColumns(
  observed: Observations,
  pasMin: number | null,
  prevision: Pick<PrevisionSerie, 'points'> | null,
  superpose: { runTs: number } | null = null,
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
  if (superpose && prevision) return superposed(rows, prevision.points, superpose.runTs);
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
    ...(future.length > 0 && lastTs !== null ? { jonction: lastTs } : {}),
  };
}

type Row = { obs: number | null; mean: number | null; min: number | null; max: number | null };

function columnsOf(rows: Map<number, Row>, nbPrevisions: number, jonction: number | null): ChartColumns {
  const x = [...rows.keys()].sort((a, b) => a - b);
  const get = (k: keyof Row) => x.map((t) => rows.get(t)?.[k] ?? null);
  const cols = { x, obs: get('obs'), mean: get('mean'), min: get('min'), max: get('max'), nbPrevisions };
  return jonction === null ? cols : { ...cols, jonction };
}

/** A past run drawn over the observations: its points on the rows of the same instants, from the run time on. */
function superposed(rows: Map<number, Row>, points: PrevisionSerie['points'], runTs: number): ChartColumns {
  const start = rows.get(runTs);
  const drawn = points.filter((p) => p.ts > runTs);
  const joined = !!start && start.obs !== null && drawn.length > 0;
  if (start && joined) {
    start.mean = start.obs;
    start.min = start.obs;
    start.max = start.obs;
  }
  for (const p of drawn) {
    const row = rows.get(p.ts) ?? { obs: null, mean: null, min: null, max: null };
    rows.set(p.ts, { ...row, mean: p.valeur, min: p.min ?? p.valeur, max: p.max ?? p.valeur });
  }
  return columnsOf(rows, drawn.length, joined ? runTs : null);
}

/** How a past forecast run compares with what was then observed (docs/decisions/089). */
export interface ForecastAgainstObserved {
  /** The highest central forecast among the instants that have an observation. */
  prevu: { ts: number; valeur: number; min: number | null; max: number | null };
  /** The observation at that instant. */
  observe: number;
  /** Observations at the forecast instants: range, count, and how many fell inside the forecast band. */
  min: number;
  max: number;
  debut: number;
  fin: number;
  n: number;
  dansFourchette: number;
}

/**
 * Compares a forecast run with the observations of the same instants (only instants present in both count); null when
 * none is shared.
 */
export function previsionAgainstObserved(
  observed: Observations,
  points: PrevisionSerie['points'],
): ForecastAgainstObserved | null {
  const byTs = new Map(observed.ts.map((ts, i) => [ts, observed.valeur[i] ?? null]));
  const pairs = points.flatMap((p) => {
    const o = byTs.get(p.ts);
    return o === undefined || o === null || p.valeur === null ? [] : [{ p, valeur: p.valeur, o }];
  });
  if (pairs.length === 0) return null;
  const peak = pairs.reduce((a, b) => (b.valeur > a.valeur ? b : a));
  const obs = pairs.map((x) => x.o);
  return {
    prevu: { ts: peak.p.ts, valeur: peak.valeur, min: peak.p.min, max: peak.p.max },
    observe: peak.o,
    min: Math.min(...obs),
    max: Math.max(...obs),
    debut: pairs[0]?.p.ts ?? peak.p.ts,
    fin: pairs[pairs.length - 1]?.p.ts ?? peak.p.ts,
    n: pairs.length,
    dansFourchette: pairs.filter(({ p, o }) => o >= (p.min ?? p.valeur ?? o) && o <= (p.max ?? p.valeur ?? o))
      .length,
  };
}

/**
 * Which way a forecast run is drawn (docs/decisions/089): after the last observation when the window ends with the
 * data and the run starts after it (live use, unchanged); over the observations (« superpose ») when the run was
 * issued within or before the window and its points reach it — a past run, forecast against observed; else not at all.
 */
export function previsionMode(
  run: Pick<PrevisionSerie, 'run_ts' | 'points'> | null,
  observed: Observations,
  latest: boolean,
  debut: number,
  fin: number,
): 'suite' | 'superpose' | null {
  const first = run?.points[0];
  const last = run?.points[run.points.length - 1];
  if (!run || !first || !last) return null;
  const lastObs = observed.ts[observed.ts.length - 1];
  if (latest && (lastObs === undefined || last.ts > lastObs)) return 'suite';
  if (run.run_ts <= fin && last.ts >= debut) return 'superpose';
  return null;
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
  /** A series of daily values: the title of its first column, whose cells are days, `YYYY-MM-DD` (ADR 143). */
  jour?: string;
}

function csvCell(v: string): string {
  return /[";\n\r]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

function csvNumber(v: number | null): string {
  return v === null || !Number.isFinite(v) ? '' : String(Math.round(v * 1000) / 1000);
}

/**
 * CSV of the drawn columns (docs/decisions/041): UTF-8 with a byte-order mark, `;` separator, `.` decimals, CRLF,
 * one row per drawn instant (gap markers excluded), times as ISO 8601 with the Paris offset; daily values by their
 * Paris day (docs/decisions/143).
 */
export function toCsv(columns: ChartColumns, titles: CsvColumns): string {
  const header = [titles.jour ?? 'Horodatage (Europe/Paris, ISO 8601)', titles.valeur];
  const withPrevision = titles.prevision !== undefined && columns.nbPrevisions > 0;
  if (withPrevision && titles.prevision) {
    header.push(titles.prevision.mean, titles.prevision.min, titles.prevision.max);
  }
  const extra = titles.extra ?? [];
  header.push(...extra.map((e) => e.titre));
  const lines = [header.map(csvCell).join(';')];
  columns.x.forEach((ts, i) => {
    const obs = columns.obs[i] ?? null;
    const mean = columns.mean[i] ?? null;
    if (obs === null && mean === null) return;
    const cells = [titles.jour === undefined ? isoParis(ts) : parisDay(ts), csvNumber(obs)];
    if (withPrevision) {
      // The junction point carries the observation only: it is not a forecast. Elsewhere a forecast value is one,
      // beside the observation of the same instant when a past run is drawn over the observations.
      const isPrevision = mean !== null && ts !== columns.jonction;
      cells.push(
        csvNumber(isPrevision ? mean : null),
        csvNumber(isPrevision ? (columns.min[i] ?? null) : null),
        csvNumber(isPrevision ? (columns.max[i] ?? null) : null),
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
