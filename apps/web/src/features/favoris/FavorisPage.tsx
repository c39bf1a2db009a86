/**
 * "Mes favoris" (docs/requirements.md R3.7, R5.4): each favourite of localStorage `favoris` with its latest value, trend and
 * verdict for its activity, a link to the place and a way to remove it; an empty state explains the star.
 */
import { Link } from 'react-router';
import { EmptyState } from '../../components/ui/States';
import { Page } from '../../components/ui/Page';
import { plural } from '../../lib/plural';
import { usePageTitle } from '../../lib/use-page-title';
import { useFavoris } from '../../stores/favoris';
import { notify } from '../../stores/notifications';
import { FavoriCard } from './components/FavoriCard';
import { useFavorisMessages } from './messages';
import { ICON } from '../../components/ui/icons';

export default function FavorisPage() {
  const m = useFavorisMessages();
  usePageTitle(m('titre'));
  const lieux = useFavoris((s) => s.lieux);
  const remove = useFavoris((s) => s.remove);

  return (
    <Page title={m('titre')} intro={m('intro')}>
      <div className="mt-8">
        {lieux.length === 0 ? (
          <EmptyState title={m('vide')} icon={ICON.etoile}>
            <p className="mx-auto max-w-xl">{m('videTexte')}</p>
            <Link to="/choisir/carte" className="btn-primary mt-4">
              {m('choisir')}
            </Link>
          </EmptyState>
        ) : (
          <>
            <p className="font-medium">{m(plural(lieux.length, 'nb'), { n: lieux.length })}</p>
            <ul className="mt-4 grid gap-4 sm:grid-cols-2 md:grid-cols-3">
              {lieux.map((f) => (
                <li key={f.id}>
                  <FavoriCard
                    favori={f}
                    onRemove={(nom) => {
                      remove(f.id);
                      notify(m('retire', { nom }), { kind: 'info' });
                    }}
                  />
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </Page>
  );
}
