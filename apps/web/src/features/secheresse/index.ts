/** Drought restrictions (VigiEau, docs/decisions/155): the place's card and the line under a verdict. */
export { SecheresseCard } from './components/SecheresseCard';
export { SecheresseVerdict } from './components/SecheresseVerdict';
