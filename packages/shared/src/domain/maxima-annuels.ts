/**
 * Annual maxima of a daily archive (docs/decisions/140): the highest value of each calendar year, the highest of them
 * and the rank of one value among them. Pure: the history API calls these.
 */

export interface MaximumAnnuel {
  annee: number;
  valeur: number;
}

/**
 * Rank of `valeur` among the annual maxima of the other years (1 = higher than all of them): one more than the number
 * of other years whose maximum is strictly higher, so that a tie shares the better rank.
 */
export function rangAnnuel(valeur: number, annee: number, maxima: readonly MaximumAnnuel[]): number {
  return 1 + maxima.filter((m) => m.annee !== annee && m.valeur > valeur).length;
}

/** The `n` highest annual maxima, highest first (the earlier year first on a tie). */
export function plusHautsMaxima<T extends MaximumAnnuel>(maxima: readonly T[], n: number): T[] {
  return [...maxima].sort((a, b) => b.valeur - a.valeur || a.annee - b.annee).slice(0, n);
}
