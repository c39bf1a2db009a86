/** Map colours of activity verdicts (design.md), always paired with the word in popups, lists and the legend. */
import type { Verdict } from '@limni/shared/contracts/activites';

export const VERDICT_COLORS: Record<Verdict, string> = {
  praticable: '#2e7d32',
  'trop bas': '#b45309',
  'trop haut': '#6d28d9',
  déconseillé: '#c62828',
  inconnu: '#8a9aa6',
};
