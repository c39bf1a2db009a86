/** Small rules for showing sensor states: order of quantities, honest freshness, names inside a sentence. */
import type { EtatCapteur } from '@limni/shared/contracts/hydro';
import type { Fraicheur } from '@limni/shared/domain/trend';

const ORDER: Record<string, number> = { H: 0, Q: 1, T: 2 };

/** H first, then Q, then T. */
export function sortCapteurs<T extends { grandeur: string }>(capteurs: readonly T[]): T[] {
  return [...capteurs].sort((a, b) => (ORDER[a.grandeur] ?? 9) - (ORDER[b.grandeur] ?? 9));
}

/** The most recent observation time among the sensors, null without any. */
export function latestTs(capteurs: readonly EtatCapteur[]): number | null {
  const ts = capteurs.map((c) => c.ts).filter((t): t is number => t !== null);
  return ts.length ? Math.max(...ts) : null;
}

/** A daily value (one per Paris day, `pas_min` 1440): the mean of its day, never a reading at a time (ADR 143). */
export function isDaily(pasMin: number | null | undefined): boolean {
  return (pasMin ?? 0) >= 1440;
}

/**
 * Whether a sensor's value needs its own day beside it: a daily mean, unless it is the value the line of freshness
 * beside it already dates (`datedTs`), so that « 123 m³/s » never stands under another sensor's « Dernière mesure ».
 */
export function needsOwnDay(
  c: Pick<EtatCapteur, 'pas_min' | 'ts'>,
  datedTs: number | null | undefined,
): c is Pick<EtatCapteur, 'pas_min'> & { ts: number } {
  return isDaily(c.pas_min) && c.ts !== null && c.ts !== datedTs;
}

/**
 * Freshness to show next to a value: a sensor silent for more than 30 days is `aucune_donnee` for the API, but when
 * it still has a last value we show that value with its date and a stale warning rather than hide it.
 */
export function shownFreshness(ts: number | null, fraicheur: Fraicheur): Fraicheur {
  return ts !== null && fraicheur === 'aucune_donnee' ? 'en_retard' : fraicheur;
}

/** Worst freshness of the sensors that have a value (the row's stale warning). */
export function rowFreshness(capteurs: readonly EtatCapteur[]): Fraicheur {
  const withValue = capteurs.filter((c) => c.ts !== null);
  if (withValue.length === 0) return 'aucune_donnee';
  return withValue.some((c) => shownFreshness(c.ts, c.fraicheur) === 'en_retard') ? 'en_retard' : 'a_jour';
}

/**
 * A water body's name inside a French sentence: "La Garonne" → "la Garonne", "L'Ariège" → "l'Ariège",
 * "Lac d'Annecy" → "le lac d'Annecy", "Étang de Thau" → "l'étang de Thau", "Retenue de la Valière" → "la retenue…".
 */
export function nomDansPhrase(nom: string): string {
  if (/^(Le |La |Les |L'|L’)/.test(nom)) return nom.charAt(0).toLowerCase() + nom.slice(1);
  const lower = nom.charAt(0).toLocaleLowerCase('fr-FR') + nom.slice(1);
  if (/^(Lac|Barrage|Canal|Réservoir) /.test(nom)) return `le ${lower}`;
  if (/^(Retenue|Rivière) /.test(nom)) return `la ${lower}`;
  if (/^Étangs? /.test(nom)) return `l’${lower}`;
  return nom;
}
