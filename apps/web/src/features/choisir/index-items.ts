/** How the chooser shows a lake or river of the index: its link and its marker colour (vigilance, observations). */
import type { IndexItem } from '@limni/shared/contracts/hydro';
import { DEFAULT_ACTIVITE } from '../../api/search';
import { COLOR_NO_DATA, COLOR_WITH_DATA, VIGILANCE_COLORS } from '../../components/colors';

export function entityHref(e: IndexItem): string {
  return `/entite/${e.id}/carte/activite/${DEFAULT_ACTIVITE}`;
}

export function pointColor(e: IndexItem): string {
  if (e.vigilance !== null && e.vigilance >= 2) return VIGILANCE_COLORS[e.vigilance] ?? COLOR_WITH_DATA;
  return e.nb_lieux_mesures > 0 ? COLOR_WITH_DATA : COLOR_NO_DATA;
}
