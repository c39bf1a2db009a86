/** Map colours of activity verdicts (docs/requirements.md R4.3), always shown with the word (popups, lists, legend). */
import type { Verdict } from '@limni/shared/contracts/activites';
import type { MessageKey } from '../../i18n/fr';

/** The word of each verdict (the key of the shared dictionary). */
export const VERDICT_KEYS: Record<Verdict, MessageKey> = {
  'trop bas': 'verdict.tropBas',
  praticable: 'verdict.praticable',
  'trop haut': 'verdict.tropHaut',
  déconseillé: 'verdict.deconseille',
  inconnu: 'verdict.inconnu',
};

export const VERDICT_COLORS: Record<Verdict, string> = {
  praticable: '#2e7d32',
  'trop bas': '#b45309',
  'trop haut': '#6d28d9',
  déconseillé: '#c62828',
  inconnu: '#8a9aa6',
};
