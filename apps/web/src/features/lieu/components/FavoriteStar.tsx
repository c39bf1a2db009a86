/** Favourite star of a place: kept in localStorage `favoris` as `{lieux: [{id, ida}]}` (stores/favoris.ts). */
import { LineIcon } from '../../../components/ui/LineIcon';
import { useFavoris } from '../../../stores/favoris';
import { notify } from '../../../stores/notifications';
import { useLieuMessages } from '../messages';

const STAR = 'm12 3 2.8 5.7 6.2.9-4.5 4.4 1 6.2L12 17.3 6.5 20.2l1-6.2L3 9.6l6.2-.9z';

export function FavoriteStar({ id, ida, nom }: { id: number; ida: number; nom: string }) {
  const m = useLieuMessages();
  const favori = useFavoris((s) => s.lieux.some((f) => f.id === id));
  const toggle = useFavoris((s) => s.toggle);
  return (
    <button
      type="button"
      className="btn-secondary !px-3 sm:!px-4"
      onClick={() => {
        toggle(id, ida);
        notify(m(favori ? 'favoriRetire' : 'favoriAjoute', { nom }), { kind: 'success' });
      }}
    >
      <LineIcon d={STAR} filled={favori} />
      <span className="sr-only sm:not-sr-only">{m(favori ? 'favoriRetirer' : 'favoriAjouter')}</span>
    </button>
  );
}
