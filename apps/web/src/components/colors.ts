/** Colours of states, always paired with a word or an icon in the UI (never colour alone). */
export const VIGILANCE_COLORS: Record<number, string> = {
  1: '#2e7d32',
  2: '#f2c200',
  3: '#ff8f00',
  4: '#d50000',
};
export const COLOR_WITH_DATA = '#1a6f93';
export const COLOR_NO_DATA = '#8a9aa6';
