/**
 * Day-of-year climatology of a daily series (docs/decisions/086): for each calendar day `MM-DD`, the P10, P25,
 * median, P75 and P90 of the daily values of that calendar day ±7 days over the reference period — every complete
 * calendar year of the archive, at least MIN_YEARS of them, else no band and the reason — with percentiles by
 * linear interpolation between order statistics (R type 7, NumPy `linear`). Also the records (highest and lowest
 * daily value and their days), the class of a value against the band, and its rank among the values of that very
 * calendar day. Pure: the seed, the nightly job and the API all call these.
 */

export interface DailyValue {
  /** `YYYY-MM-DD`, Europe/Paris calendar day. */
  jour: string;
  valeur: number;
}

export interface BandDay {
  mmjj: string;
  p10: number;
  p25: number;
  p50: number;
  p75: number;
  p90: number;
  /** Values in the ±7-day window over the reference years. */
  n: number;
  /** Values of that very calendar day in the reference years, sorted ascending (for the rank). */
  valeursJour: number[];
}

export interface DayRecord {
  valeur: number;
  jour: string;
}

export interface Climatology {
  /** First and last reference year, or null with `raison` when there are fewer than MIN_YEARS. */
  periode: { debut: number; fin: number; nbAnnees: number } | null;
  raison: string | null;
  jours: BandDay[];
  recordMax: DayRecord | null;
  recordMin: DayRecord | null;
  premierJour: string | null;
  dernierJour: string | null;
  nbJours: number;
}

export const MIN_YEARS = 5;
export const WINDOW_DAYS = 7;
/** A calendar year is complete when the archive holds a value for at least this many of its days. */
export const MIN_DAYS_COMPLETE_YEAR = 347;

/** Position of `MM-DD` in a leap year (0 for 01-01 … 365 for 12-31), so 02-29 has its own slot. */
const MONTH_START = [0, 31, 60, 91, 121, 152, 182, 213, 244, 274, 305, 335];
export function calendarPosition(day: string): number {
  const m = Number(day.slice(-5, -3));
  const d = Number(day.slice(-2));
  return (MONTH_START[m - 1] ?? 0) + d - 1;
}

/** The 366 `MM-DD` keys in calendar order. */
export const CALENDAR_DAYS: readonly string[] = (() => {
  const out: string[] = [];
  const lengths = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  lengths.forEach((n, m) => {
    for (let d = 1; d <= n; d++) out.push(`${String(m + 1).padStart(2, '0')}-${String(d).padStart(2, '0')}`);
  });
  return out;
})();

/** Quantile `p` (0–1) of ascending `sorted` values, linear between order statistics (R type 7). */
export function quantile7(sorted: ArrayLike<number>, p: number): number {
  const n = sorted.length;
  if (n === 0) return NaN;
  const h = (n - 1) * p;
  const lo = Math.floor(h);
  const a = sorted[lo] as number;
  const b = sorted[Math.min(lo + 1, n - 1)] as number;
  return a + (h - lo) * (b - a);
}

/** The complete calendar years of a series (≥ MIN_DAYS_COMPLETE_YEAR days with a value), ascending. */
export function completeYears(values: readonly DailyValue[]): number[] {
  const count = new Map<number, number>();
  for (const v of values) {
    const y = Number(v.jour.slice(0, 4));
    count.set(y, (count.get(y) ?? 0) + 1);
  }
  return [...count]
    .filter(([, n]) => n >= MIN_DAYS_COMPLETE_YEAR)
    .map(([y]) => y)
    .sort((a, b) => a - b);
}

function records(values: readonly DailyValue[]): { max: DayRecord | null; min: DayRecord | null } {
  let max: DayRecord | null = null;
  let min: DayRecord | null = null;
  for (const v of values) {
    if (!max || v.valeur > max.valeur) max = { valeur: v.valeur, jour: v.jour };
    if (!min || v.valeur < min.valeur) min = { valeur: v.valeur, jour: v.jour };
  }
  return { max, min };
}

/**
 * Why a sensor with an archive has no band (too few complete years), in French — the text the climatology stores —
 * or in US English (docs/decisions/125).
 */
export function raisonSansBande(nbAnneesCompletes: number, langue: 'fr' | 'en' = 'fr'): string {
  const n = nbAnneesCompletes;
  if (langue === 'en') {
    const count = new Intl.NumberFormat('en-US').format(n);
    return (
      `No usual range: it takes at least ${MIN_YEARS} complete years of daily values, ` +
      `and this sensor's archive has ${count} complete ${n === 1 ? 'year' : 'years'}.`
    );
  }
  const count = new Intl.NumberFormat('fr-FR').format(n);
  return (
    `Pas de plage habituelle : il faut au moins ${MIN_YEARS} années complètes de valeurs journalières, ` +
    `l'archive de ce capteur en a ${count} ${n <= 1 ? 'année complète' : 'années complètes'}.`
  );
}

const RAISON_SANS_BANDE_FR =
  /^Pas de plage habituelle : .*, l'archive de ce capteur en a ([\d\s\u202f\u00a0]+) années? complètes?\.$/;

/**
 * A stored reason (French, written by `raisonSansBande`) in `langue`: the English is written from the count of
 * complete years it names; a text it does not recognise is returned as it is.
 */
export function raisonIn(raison: string | null, langue: 'fr' | 'en'): string | null {
  if (raison === null || langue === 'fr') return raison;
  const m = RAISON_SANS_BANDE_FR.exec(raison);
  return m ? raisonSansBande(Number((m[1] ?? '').replace(/\D/g, '')), 'en') : raison;
}

/** The climatology of one sensor's daily series (any order; one value per day). */
export function computeClimatology(values: readonly DailyValue[]): Climatology {
  const sortedDays = values.map((v) => v.jour).sort();
  const { max, min } = records(values);
  const base = {
    recordMax: max,
    recordMin: min,
    premierJour: sortedDays[0] ?? null,
    dernierJour: sortedDays[sortedDays.length - 1] ?? null,
    nbJours: values.length,
  };
  const years = completeYears(values);
  if (years.length < MIN_YEARS) {
    return {
      ...base,
      periode: null,
      raison: raisonSansBande(years.length),
      jours: [],
    };
  }
  const ref = new Set(years);
  const buckets: number[][] = Array.from({ length: 366 }, () => []);
  for (const v of values) {
    if (ref.has(Number(v.jour.slice(0, 4)))) buckets[calendarPosition(v.jour)]?.push(v.valeur);
  }
  const jours: BandDay[] = [];
  for (let pos = 0; pos < 366; pos++) {
    let size = 0;
    for (let k = -WINDOW_DAYS; k <= WINDOW_DAYS; k++) {
      size += (buckets[(pos + k + 366) % 366] as number[]).length;
    }
    const sample = new Float64Array(size);
    let i = 0;
    for (let k = -WINDOW_DAYS; k <= WINDOW_DAYS; k++) {
      for (const v of buckets[(pos + k + 366) % 366] as number[]) sample[i++] = v;
    }
    if (size === 0) continue;
    sample.sort();
    jours.push({
      mmjj: CALENDAR_DAYS[pos] as string,
      p10: quantile7(sample, 0.1),
      p25: quantile7(sample, 0.25),
      p50: quantile7(sample, 0.5),
      p75: quantile7(sample, 0.75),
      p90: quantile7(sample, 0.9),
      n: size,
      valeursJour: [...(buckets[pos] as number[])].sort((a, b) => a - b),
    });
  }
  return {
    ...base,
    periode: { debut: years[0] as number, fin: years[years.length - 1] as number, nbAnnees: years.length },
    raison: null,
    jours,
  };
}

export const CLASSES = ['tres-basses', 'basses', 'normales', 'hautes', 'tres-hautes'] as const;
export type Classe = (typeof CLASSES)[number];

export const CLASSE_LIBELLES: { [K in Classe]: string } = {
  'tres-basses': 'très basses',
  basses: 'basses',
  normales: 'normales',
  hautes: 'hautes',
  'tres-hautes': 'très hautes',
};

/** USGS-style class: très basses < P10 ≤ basses < P25 ≤ normales ≤ P75 < hautes ≤ P90 < très hautes. */
export function classify(valeur: number, band: Pick<BandDay, 'p10' | 'p25' | 'p75' | 'p90'>): Classe {
  if (valeur < band.p10) return 'tres-basses';
  if (valeur < band.p25) return 'basses';
  if (valeur <= band.p75) return 'normales';
  if (valeur <= band.p90) return 'hautes';
  return 'tres-hautes';
}

/**
 * The class of a group of places (a river, a lake) for a map: the one furthest from « normales » among its places'
 * current classes; between two equally far, the high one (floods matter more to a map reader than drought on the
 * same day). Null when none of its places has a current class.
 */
export function furthestFromNormal(classes: readonly (Classe | null)[]): Classe | null {
  const mid = CLASSES.indexOf('normales');
  let best: Classe | null = null;
  for (const c of classes) {
    if (c === null) continue;
    if (best === null) {
      best = c;
      continue;
    }
    const d = Math.abs(CLASSES.indexOf(c) - mid);
    const b = Math.abs(CLASSES.indexOf(best) - mid);
    if (d > b || (d === b && CLASSES.indexOf(c) > CLASSES.indexOf(best))) best = c;
  }
  return best;
}

/** Share (0–100, rounded) of the values of that calendar day that are strictly lower than `valeur`. */
export function rankPercent(valeur: number, valeursJour: readonly number[]): number | null {
  if (valeursJour.length === 0) return null;
  const below = valeursJour.filter((v) => v < valeur).length;
  return Math.round((100 * below) / valeursJour.length);
}

/** The same calendar day one year earlier (29 February → 28 February). */
export function oneYearEarlier(day: string): string {
  const y = Number(day.slice(0, 4)) - 1;
  const md = day.slice(5) === '02-29' ? '02-28' : day.slice(5);
  return `${String(y).padStart(4, '0')}-${md}`;
}

/**
 * True when the complete years of the archive are no longer those the climatology was computed over: the bands
 * must then be recomputed. A new day in the current, incomplete year never changes them (ADR 086).
 */
export function referencePeriodChanged(
  clim: Pick<Climatology, 'periode'>,
  years: readonly number[],
): boolean {
  if (years.length < MIN_YEARS) return clim.periode !== null;
  if (!clim.periode) return true;
  return (
    clim.periode.debut !== years[0] ||
    clim.periode.fin !== years[years.length - 1] ||
    clim.periode.nbAnnees !== years.length
  );
}

/** The climatology after new days that leave the reference period unchanged: records, span and count only. */
export function withNewDays(clim: Climatology, added: readonly DailyValue[]): Climatology {
  let { recordMax, recordMin, premierJour, dernierJour } = clim;
  for (const v of added) {
    if (!recordMax || v.valeur > recordMax.valeur) recordMax = { valeur: v.valeur, jour: v.jour };
    if (!recordMin || v.valeur < recordMin.valeur) recordMin = { valeur: v.valeur, jour: v.jour };
    if (premierJour === null || v.jour < premierJour) premierJour = v.jour;
    if (dernierJour === null || v.jour > dernierJour) dernierJour = v.jour;
  }
  return { ...clim, recordMax, recordMin, premierJour, dernierJour, nbJours: clim.nbJours + added.length };
}
