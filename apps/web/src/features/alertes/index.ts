/** What other screens use of the alerts: the « M'alerter » button, a profile's rule list and the replay banner. */
export { MalerterButton } from './components/ReglesDialog';
export { ReglesSection } from './components/ReglesSection';
export { ReplayBanner } from './components/LazyReplayBanner';
