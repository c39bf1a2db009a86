/** Colours of states, always paired with a word or an icon in the UI (never colour alone). */
export const VIGILANCE_COLORS: Record<number, string> = {
  1: '#2e7d32',
  2: '#f2c200',
  3: '#ff8f00',
  4: '#d50000',
};
export const COLOR_WITH_DATA = '#1a6f93';
export const COLOR_NO_DATA = '#8a9aa6';

/**
 * Situation against the usual range (docs/decisions/100), from very low to very high: warm to cold, like the USGS
 * day-of-year percentile maps; always shown with the class's word.
 */
export const CLASSE_COLORS = {
  'tres-basses': '#9c3a08',
  basses: '#e89a2c',
  normales: '#3b9a5a',
  hautes: '#3aa3c8',
  'tres-hautes': '#1d3f99',
} as const;
