/**
 * Vigicrues flood vigilance levels in words (docs/requirements.md R4.2: always the word, never colour alone) and their public
 * meaning, as Vigicrues states it. Used by the demo dataset and by ingestion for the alerts they create.
 */

/** Index = level: 1 vert, 2 jaune, 3 orange, 4 rouge. */
export const NIVEAUX_VIGILANCE = ['', 'vert', 'jaune', 'orange', 'rouge'] as const;
/** The same colour words in US English. */
export const NIVEAUX_VIGILANCE_EN = ['', 'green', 'yellow', 'orange', 'red'] as const;

/** What each level means (index = level). */
export const SIGNIFICATIONS_VIGILANCE = [
  '',
  'Pas de vigilance particulière requise.',
  'Risque de crue génératrice de débordements et de dommages localisés ou de montée rapide et dangereuse des eaux, nécessitant une vigilance particulière.',
  "Risque de crue génératrice de débordements importants susceptibles d'avoir un impact significatif sur la vie collective et la sécurité des biens et des personnes.",
  'Risque de crue majeure : menace directe et généralisée de la sécurité des personnes et des biens.',
] as const;

/**
 * How long a bulletin counts as the current state (docs/decisions/094): 24 hours. Vigicrues publishes at least at
 * 10 h and 16 h, so a bulletin older than 24 h has been replaced by at least two others that Limni does not have.
 */
export const VIGILANCE_VALIDITE_MS = 24 * 3_600_000;

/**
 * True when the bulletin published at `bulletinTs` describes the situation at `nowTs` (the data clock: the real
 * clock live, the demo clock otherwise): at most 24 h before it, and not from the future by more than 24 h either.
 */
export function bulletinCourant(bulletinTs: number | null, nowTs: number): boolean {
  return bulletinTs !== null && Math.abs(nowTs - bulletinTs) <= VIGILANCE_VALIDITE_MS;
}
