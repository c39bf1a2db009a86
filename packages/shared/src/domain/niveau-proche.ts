/**
 * « À quoi ressemble ce niveau » (docs/decisions/153): the community photos of a place taken when the water stood close
 * to where it stands at the data clock. A photo counts only when the reading it was stamped with was fresh when it
 * was posted (else it shows another level than its stamp says), and only for the same quantity.
 */
import { HOUR_MS } from './time';

/** Water level: within 0.25 m of the reading shown. */
export const TOLERANCE_HAUTEUR_M = 0.25;
/** Flow: within 20 % of the flow shown. */
export const TOLERANCE_DEBIT_RATIO = 0.2;
/** The stamp's reading is at most this old at posting time. */
export const FRAICHEUR_TAMPON_MS = 3 * HOUR_MS;
/** Photos shown at most. */
export const PHOTOS_NIVEAU_MAX = 6;

/** The widest difference from `valeur` that still counts as the same level, in the quantity's unit. */
export function toleranceNiveau(grandeur: 'H' | 'Q', valeur: number): number {
  return grandeur === 'H' ? TOLERANCE_HAUTEUR_M : Math.abs(valeur) * TOLERANCE_DEBIT_RATIO;
}

/** Whether a photo stamped `tampon` (read at `tamponTs`, posted at `posteeTs`) shows the level `valeur`. */
export function niveauProche(
  grandeur: 'H' | 'Q',
  valeur: number,
  tampon: number,
  tamponTs: number,
  posteeTs: number,
): boolean {
  const fresh = tamponTs <= posteeTs && posteeTs - tamponTs <= FRAICHEUR_TAMPON_MS;
  return fresh && Math.abs(tampon - valeur) <= toleranceNiveau(grandeur, valeur) + 1e-9;
}
