/** The first favourites on the home page, as the same cards as "Mes favoris" (a lazy chunk: only with favourites). */
import { useFavoris } from '../../../stores/favoris';
import { FavoriCard } from '../../favoris';

export const APERCU_MAX = 3;

export default function FavorisApercu() {
  const lieux = useFavoris((s) => s.lieux);
  return (
    <ul className="mt-4 grid gap-4 sm:grid-cols-2 md:grid-cols-3">
      {lieux.slice(0, APERCU_MAX).map((f) => (
        <li key={f.id}>
          <FavoriCard favori={f} headingLevel={3} />
        </li>
      ))}
    </ul>
  );
}
