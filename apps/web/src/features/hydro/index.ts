/**
 * What every water screen shows the same way: a sensor's values, freshness and trend, the activity icon and
 * switcher, the vigilance alerts, the breadcrumb, the colours of states and verdicts, and the words for them.
 */
export { ActivityIcon } from './components/ActivityIcon';
export { ActivitySwitcher } from './components/ActivitySwitcher';
export { alertesVisibles, AlertesList } from './components/AlertesList';
export { Breadcrumb } from './components/Breadcrumb';
export { type ModeCouleur, ColourModeSwitch, useClasseLegend, classeColor } from './components/ColourMode';
export { DetailStates, parseId } from './components/Introuvable';
export { Freshness } from './components/Freshness';
export { CapteurValues } from './components/CapteurValues';
export { TrendArrow } from './components/TrendArrow';
export { VERDICT_COLORS, VERDICT_KEYS } from './colors';
export { COLOR_NO_DATA, COLOR_WITH_DATA, VIGILANCE_COLORS } from './state-colors';
export { extentOf, toGeometry } from './geo';
export { useHydroMessages } from './messages';
export {
  latestTs,
  rowFreshness,
  needsOwnDay,
  shownFreshness,
  sortCapteurs,
  isDaily,
  nomDansPhrase,
} from './capteurs';
