/**
 * Paths of the app's small icons, drawn by `LineIcon` (24 × 24, stroke = current colour). Icons are SVG, never
 * emoji or Unicode symbols: those show as empty boxes on systems without the right font.
 */
export const ICON = {
  attention: ['M12 3 2 20h20L12 3z', 'M12 10v4', 'M12 17.5v.01'],
  ok: 'M5 12.5 10 17.5 19 7',
  non: 'M6 6l12 12M18 6 6 18',
  point: 'M12 12v.01',
  inconnu: ['M9.5 9a2.5 2.5 0 1 1 3.5 2.3c-.7.3-1 .9-1 1.7v.5', 'M12 17.5v.01'],
  basCheveron: 'M6 9l6 6 6-6',
  hautCheveron: 'M6 15l6-6 6 6',
  cloche: 'M6 8a6 6 0 1 1 12 0c0 7 3 8 3 8H3s3-1 3-8zm4.5 12a1.5 1.5 0 0 0 3 0',
  etoile: 'm12 3 2.8 5.7 6.2.9-4.5 4.4 1 6.2L12 17.3 6.5 20.2l1-6.2L3 9.6l6.2-.9z',
  photo: ['M4 5h16v14H4z', 'm4 16 5-5 4 4 3-3 4 4', 'M15.5 9.5v.01'],
  camera: ['M3 8h4l2-3h6l2 3h4v11H3z', 'M12 16.5a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7z'],
  crayon: ['M4 20h4L19 9l-4-4L4 16v4z', 'm13 7 4 4'],
  cercle: 'M12 20a8 8 0 1 0 0-16 8 8 0 0 0 0 16z',
  flecheDroite: 'M5 12h14m-5-5 5 5-5 5',
  flecheHaut: 'M12 19V5m-6 6 6-6 6 6',
  flecheBas: 'M12 5v14m-6-6 6 6 6-6',
  flecheHautDroite: 'M7 17 17 7m-8 0h8v8',
  flecheBasDroite: 'M7 7l10 10m0-8v8H9',
  enveloppe: ['M3 6h18v12H3z', 'm3 7 9 6 9-6'],
  vide: ['M12 20a8 8 0 1 0 0-16 8 8 0 0 0 0 16z', 'M6 18 18 6'],
  courbe: 'M3 14c2.5-5 4.5-5 6 0s3.5 5 6 0 4.5-5 6 0',
  /** Vigilance levels (filled): green circle, yellow triangle, orange diamond, red square — shape, not colour alone. */
  rond: 'M12 18a6 6 0 1 0 0-12 6 6 0 0 0 0 12z',
  triangle: 'M12 5 19.5 18h-15z',
  losange: 'M12 4.5 19.5 12 12 19.5 4.5 12z',
  carre: 'M6 6h12v12H6z',
} as const;

/** The shape of each vigilance level (1 vert … 4 rouge). */
export const VIGILANCE_ICON = {
  1: ICON.rond,
  2: ICON.triangle,
  3: ICON.losange,
  4: ICON.carre,
} as const satisfies Record<1 | 2 | 3 | 4, IconPath>;

export type IconPath = (typeof ICON)[keyof typeof ICON];
