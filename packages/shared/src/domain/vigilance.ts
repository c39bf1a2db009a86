/**
 * Vigicrues flood vigilance levels in words (design.md: always the word, never colour alone) and their public
 * meaning, as Vigicrues states it. Used by the demo dataset and by ingestion for the alerts they create.
 */

/** Index = level: 1 vert, 2 jaune, 3 orange, 4 rouge. */
export const NIVEAUX_VIGILANCE = ['', 'vert', 'jaune', 'orange', 'rouge'] as const;

/** What each level means (index = level). */
export const SIGNIFICATIONS_VIGILANCE = [
  '',
  'Pas de vigilance particulière requise.',
  'Risque de crue génératrice de débordements et de dommages localisés ou de montée rapide et dangereuse des eaux, nécessitant une vigilance particulière.',
  "Risque de crue génératrice de débordements importants susceptibles d'avoir un impact significatif sur la vie collective et la sécurité des biens et des personnes.",
  'Risque de crue majeure : menace directe et généralisée de la sécurité des personnes et des biens.',
] as const;
