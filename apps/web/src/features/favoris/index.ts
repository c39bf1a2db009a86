/** A favourite place's card, shown on « Mes favoris » and on the home page. */
export { FavoriCard } from './components/FavoriCard';
