/**
 * Pure rules that put a place's history on its chart (docs/decisions/087): the usual range (P10–P90, P25–P75,
 * median) of each drawn instant's calendar day, last year's values shifted onto this year's axis, and the plain
 * sentence that says where a day sits.
 */
import type { BandeJour, NormalesLieu } from '@limni/shared/contracts/historique';
import { parisDay } from '@limni/shared/domain/time';

export interface HistoryColumns {
  p10: (number | null)[];
  p25: (number | null)[];
  p50: (number | null)[];
  p75: (number | null)[];
  p90: (number | null)[];
  /** Value one year earlier at the same calendar instant, or null. */
  anDernier: (number | null)[];
}

/** The band of each instant's Europe/Paris calendar day (null where the band has no such day). */
export function bandColumns(
  x: readonly number[],
  bande: readonly BandeJour[],
): Omit<HistoryColumns, 'anDernier'> {
  const byDay = new Map(bande.map((b) => [b.mmjj, b]));
  const at = x.map((t) => byDay.get(parisDay(t).slice(5)) ?? null);
  const col = (k: 'p10' | 'p25' | 'p50' | 'p75' | 'p90') => at.map((b) => (b ? b[k] : null));
  return { p10: col('p10'), p25: col('p25'), p50: col('p50'), p75: col('p75'), p90: col('p90') };
}

/**
 * Last year's series on this year's axis: each of its instants moved forward by `shiftMs` (the length of the year
 * between the two end days), then matched to the drawn instants exactly (daily values sit at the same hour).
 */
export function lastYearColumn(
  x: readonly number[],
  lastYear: { ts: readonly number[]; valeur: readonly number[] } | undefined,
  shiftMs: number,
): (number | null)[] {
  if (!lastYear) return x.map(() => null);
  const byTs = new Map(lastYear.ts.map((t, i) => [t + shiftMs, lastYear.valeur[i] ?? null]));
  return x.map((t) => byTs.get(t) ?? null);
}

/** The parts of the sentence under a value: class, usual range for the date, rank. Null without a band. */
export function situation(n: NormalesLieu): {
  classe: NonNullable<NormalesLieu['jour']['classe']>;
  valeur: number;
  bas: number;
  haut: number;
  rang: number | null;
  nb: number;
  periode: string;
} | null {
  const { jour, periode } = n;
  if (!periode || jour.valeur === null || !jour.bande || !jour.classe) return null;
  return {
    classe: jour.classe,
    valeur: jour.valeur,
    bas: jour.bande.p25,
    haut: jour.bande.p75,
    rang: jour.rang,
    nb: jour.nb_valeurs_jour,
    periode: `${periode.debut}–${periode.fin}`,
  };
}

/** Whether the archive holds daily maxima (docs/decisions/140): its sentences then name the « maximum journalier ». */
export const ofMaxima = (n: Pick<NormalesLieu, 'statistique'> | null | undefined): boolean =>
  n?.statistique === 'max';

/** A rank as an ordinal: « 6e », « 1er » (French), « 6th », « 22nd » (English). */
export function ordinal(n: number, langue: 'fr' | 'en'): string {
  if (langue === 'fr') return n === 1 ? '1er' : `${n}e`;
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th');
  return `${n}${suffix}`;
}

/**
 * The step, in minutes, that the drawn points of a series stand for: its native step, or for a series downsampled
 * for drawing (LTTB over years of daily values) the mean spacing of the points drawn, so that the line breaks only
 * where days are really missing (a year without a reading), not between every two points kept.
 */
export function drawnStepMin(
  serie: { pas_min: number | null; sous_echantillonne: boolean; ts: readonly number[] } | undefined,
): number | null {
  if (!serie) return null;
  const n = serie.ts.length;
  if (!serie.sous_echantillonne || n < 2) return serie.pas_min;
  const spacing = ((serie.ts[n - 1] as number) - (serie.ts[0] as number)) / (n - 1) / 60_000;
  return Math.max(serie.pas_min ?? 0, spacing);
}
