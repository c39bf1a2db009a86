/**
 * How good the past forecasts of a sensor were (docs/decisions/152): each forecast point whose instant has been
 * observed is compared with the observation at that instant. For each lead-time class, and over all of them: the
 * share of observations inside the published 10–90 % band, the median absolute error of the central value and its mean
 * error (bias: positive when the forecast was above what happened), with the number of forecast runs and of hours
 * behind each figure. Pure: the API computes it from the forecast archive and the readings.
 */

/** Upper bounds (hours, inclusive) of the lead-time classes; a last class holds the longer lead times. */
export const CLASSES_ECHEANCE_H = [6, 12, 24, 48] as const;

export interface RunPasse {
  run_ts: number;
  points: ReadonlyArray<{ ts: number; valeur: number | null; min: number | null; max: number | null }>;
}

export interface Comparaison {
  /** Forecast runs with at least one point compared. */
  previsions: number;
  /** Points (hours) compared with an observation. */
  comparees: number;
  /** Points with a band whose observation fell inside it (bounds included). */
  dans_fourchette: number;
  /** Points that had a band. */
  avec_fourchette: number;
  /** Median of |central − observed|, null without a central value compared. */
  erreur_mediane_abs: number | null;
  /** Mean of (central − observed), null without a central value compared. */
  biais: number | null;
}

export interface ClasseEcheance extends Comparaison {
  /** Lead times above this (hours). */
  apres_h: number;
  /** Up to this (hours, inclusive); null for the last class. */
  jusqu_a_h: number | null;
}

export interface Fiabilite extends Comparaison {
  classes: ClasseEcheance[];
}

interface Ecart {
  run: number;
  echeanceH: number;
  erreur: number | null;
  dansFourchette: boolean | null;
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}

function comparer(ecarts: readonly Ecart[]): Comparaison {
  const erreurs = ecarts.map((e) => e.erreur).filter((e): e is number => e !== null);
  const bandes = ecarts.filter((e) => e.dansFourchette !== null);
  return {
    previsions: new Set(ecarts.map((e) => e.run)).size,
    comparees: ecarts.length,
    dans_fourchette: bandes.filter((e) => e.dansFourchette).length,
    avec_fourchette: bandes.length,
    erreur_mediane_abs: median(erreurs.map(Math.abs)),
    biais: erreurs.length ? erreurs.reduce((a, b) => a + b, 0) / erreurs.length : null,
  };
}

/**
 * The skill of `runs` against `observations` (instant → value) known at `atMs`: only runs published at or before it,
 * only points at or before it; a point is compared with the observation at its exact instant (forecasts and the
 * readings they are judged against are both on the hour).
 */
export function fiabilite(
  runs: readonly RunPasse[],
  observations: ReadonlyMap<number, number>,
  atMs: number,
): Fiabilite {
  const ecarts: Ecart[] = [];
  for (const run of runs) {
    if (run.run_ts > atMs) continue;
    for (const p of run.points) {
      if (p.ts > atMs || p.ts <= run.run_ts) continue;
      const obs = observations.get(p.ts);
      if (obs === undefined) continue;
      ecarts.push({
        run: run.run_ts,
        echeanceH: (p.ts - run.run_ts) / 3_600_000,
        erreur: p.valeur === null ? null : p.valeur - obs,
        dansFourchette: p.min === null || p.max === null ? null : obs >= p.min && obs <= p.max,
      });
    }
  }
  const bounds = [0, ...CLASSES_ECHEANCE_H];
  const classes = bounds.map((apres, i) => {
    const jusqu = CLASSES_ECHEANCE_H[i] ?? null;
    const dans = ecarts.filter((e) => e.echeanceH > apres && (jusqu === null || e.echeanceH <= jusqu));
    return { apres_h: apres, jusqu_a_h: jusqu, ...comparer(dans) };
  });
  return { ...comparer(ecarts), classes };
}
