/**
 * How the chooser shows a lake or river of the index: its link and its marker colour (vigilance and observations, or
 * its situation against the usual range).
 */
import type { IndexItem } from '@limni/shared/contracts/hydro';
import { DEFAULT_ACTIVITE } from '../../api/search';
import { COLOR_NO_DATA, COLOR_WITH_DATA, VIGILANCE_COLORS } from '../../components/colors';
import { classeColor, type ModeCouleur } from '../../components/hydro/ColourMode';

export function entityHref(e: IndexItem): string {
  return `/entite/${e.id}/carte/activite/${DEFAULT_ACTIVITE}`;
}

export function pointColor(e: IndexItem, mode: ModeCouleur = 'etat'): string {
  if (mode === 'normale') return classeColor(e.classe);
  if (e.vigilance !== null && e.vigilance >= 2) return VIGILANCE_COLORS[e.vigilance] ?? COLOR_WITH_DATA;
  return e.nb_lieux_mesures > 0 ? COLOR_WITH_DATA : COLOR_NO_DATA;
}
