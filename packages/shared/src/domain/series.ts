/**
 * How a series and its threshold lines look on the place chart (docs/decisions/012): one colour and one French
 * label per quantity, dash patterns per threshold kind, and the suggested y range. Pure, used by the API
 * (`g-options`) and available to the web app.
 */
import type { Grandeur } from './units';

export interface SerieStyle {
  /** Line and area colour (AA on the light surface #F5F8FA). */
  couleur: string;
  /** French name of the quantity. */
  nom: string;
}

export const SERIE_STYLES: Record<Grandeur, SerieStyle> = {
  H: { couleur: '#0B4F6C', nom: "Hauteur d'eau" },
  Q: { couleur: '#0F766E', nom: 'Débit' },
  T: { couleur: '#B4431B', nom: "Température de l'eau" },
};

/** Chart label of a sensor: its own label (e.g. "Débit moyen journalier") and unit, "Débit moyen journalier (m³/s)". */
export function serieLibelle(
  libelleCapteur: string | null | undefined,
  grandeur: Grandeur,
  unite: string,
): string {
  const nom = libelleCapteur?.trim() || SERIE_STYLES[grandeur].nom;
  return `${nom} (${unite})`;
}

export type SeuilType = 'bas' | 'haut';

/** Threshold lines: amber below (trop bas), blue-violet above (trop haut), as the verdicts (docs/requirements.md R4.3). */
export const SEUIL_STYLES: Record<SeuilType, { couleur: string; tirets: number[]; nom: string }> = {
  bas: { couleur: '#B45309', tirets: [6, 4], nom: 'Seuil bas' },
  haut: { couleur: '#6D28D9', tirets: [12, 4], nom: 'Seuil haut' },
};

/** Hub'Eau status codes of observations (docs/requirements.md R18.3). */
export const STATUT_LIBELLES: Record<number, string> = {
  0: 'Sans validation',
  4: 'Donnée brute',
  8: 'Donnée corrigée',
  12: 'Donnée pré-validée',
  16: 'Donnée validée',
};

/** Smallest visible span of the y axis per quantity. */
const MIN_SPAN: Record<Grandeur, number> = { H: 0.2, Q: 2, T: 2 };

// Outward rounding to the axis precision, tolerant of binary noise (0.15 * 100 = 14.999…).
const floorTo = (v: number, f: number) => Math.floor(v * f + 1e-9) / f;
const ceilTo = (v: number, f: number) => Math.ceil(v * f - 1e-9) / f;

/**
 * Suggested y range: from the data min/max extended to the thresholds shown, padded by 10 % of the span on each
 * side (at least half of the quantity's minimal span), flows never below 0. Null without data and thresholds.
 */
export function yRange(
  grandeur: Grandeur,
  dataMin: number | null,
  dataMax: number | null,
  seuils: readonly number[] = [],
): { min: number; max: number } | null {
  const values = [...(dataMin === null ? [] : [dataMin]), ...(dataMax === null ? [] : [dataMax]), ...seuils];
  if (values.length === 0) return null;
  let lo = Math.min(...values);
  let hi = Math.max(...values);
  const span = hi - lo;
  const pad = Math.max(span * 0.1, (MIN_SPAN[grandeur] - span) / 2, 0);
  lo -= pad;
  hi += pad;
  if (grandeur === 'Q' && lo < 0) lo = 0;
  const f = grandeur === 'H' ? 100 : 10;
  return { min: floorTo(lo, f), max: ceilTo(hi, f) };
}

/** An observation: a sensor's value at an instant (epoch ms UTC), docs/GLOSSARY.md. */
export interface Observation {
  ts: number;
  valeur: number;
}

/** Native step of a series in minutes: the most frequent gap between consecutive observations (null below 2). */
export function nativeStepMinutes(observations: readonly Observation[]): number | null {
  const counts = new Map<number, number>();
  for (let i = 1; i < observations.length; i++) {
    const gap = Math.round(
      ((observations[i] as Observation).ts - (observations[i - 1] as Observation).ts) / 60_000,
    );
    if (gap > 0) counts.set(gap, (counts.get(gap) ?? 0) + 1);
  }
  const best = [...counts.entries()].sort((a, b) => b[1] - a[1])[0];
  return best ? best[0] : null;
}
