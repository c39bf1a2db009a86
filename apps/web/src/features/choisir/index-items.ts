/**
 * How the chooser shows a lake or river of the index: its link and its marker colour (vigilance and observations, or
 * its situation against the usual range).
 */
import type { IndexItem } from '@limni/shared/contracts/hydro';
import { DEFAULT_ACTIVITE } from '../../api/search';
import { COLOR_NO_DATA, COLOR_WITH_DATA, VIGILANCE_COLORS } from '../hydro';
import { classeColor, type ModeCouleur } from '../hydro';

export function entityHref(e: IndexItem): string {
  return `/entite/${e.id}/carte/activite/${DEFAULT_ACTIVITE}`;
}

/**
 * How notable a marker's colour is, for a group of close markers (docs/decisions/118), which takes the colour of its
 * most notable one: vigilance red > orange > yellow > with readings > without; by class, the furthest from the
 * usual range first (very high, very low, high, low, normal, none).
 */
const CLASSE_RANK: Record<NonNullable<IndexItem['classe']>, number> = {
  'tres-hautes': 6,
  'tres-basses': 5,
  hautes: 4,
  basses: 3,
  normales: 2,
};

export function pointRank(e: IndexItem, mode: ModeCouleur = 'etat'): number {
  if (mode === 'normale') return e.classe ? CLASSE_RANK[e.classe] : 1;
  if (e.vigilance !== null && e.vigilance >= 2 && VIGILANCE_COLORS[e.vigilance]) return 2 + e.vigilance;
  return e.nb_lieux_mesures > 0 ? 2 : 1;
}

export function pointColor(e: IndexItem, mode: ModeCouleur = 'etat'): string {
  if (mode === 'normale') return classeColor(e.classe);
  if (e.vigilance !== null && e.vigilance >= 2) return VIGILANCE_COLORS[e.vigilance] ?? COLOR_WITH_DATA;
  return e.nb_lieux_mesures > 0 ? COLOR_WITH_DATA : COLOR_NO_DATA;
}
