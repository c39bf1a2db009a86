/**
 * Accueil (docs/requirements.md R3.2): what Limni does, the search, "Près de chez vous" (nearest places once the person
 * allows geolocation) or their favourites, the national flood-vigilance situation with the bulletin date, the
 * entry to the map and the other screens. See docs/decisions/051 for the choices behind the situation strip.
 */
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { SearchBox } from '../recherche';
import { LineIcon } from '../../components/ui/LineIcon';
import { useT } from '../../lib/i18n';
import { useNearViewport } from '../../lib/use-near-viewport';
import { usePageTitle } from '../../lib/use-page-title';
import { useFavoris } from '../../stores/favoris';

const PresDeChezVous = lazy(() => import('./components/PresDeChezVous'));
const FavorisApercu = lazy(() => import('./components/FavorisApercu'));
/**
 * The situation strip and the other screens, below the fold: a lazy chunk out of the first load of `/`, loaded with
 * its data when the person comes near it (docs/decisions/052).
 */
const HomeSections = lazy(() => import('./components/HomeSections'));

type Geo =
  { status: 'idle' | 'locating' | 'denied' | 'unavailable' } | { status: 'ok'; lat: number; lon: number };

/** Geolocation only on request, or at once when the permission was already granted. */
function useGeolocation() {
  const [geo, setGeo] = useState<Geo>({ status: 'idle' });
  const locate = useCallback(() => {
    if (!('geolocation' in navigator)) {
      setGeo({ status: 'unavailable' });
      return;
    }
    setGeo({ status: 'locating' });
    navigator.geolocation.getCurrentPosition(
      (p) => setGeo({ status: 'ok', lat: p.coords.latitude, lon: p.coords.longitude }),
      (err) => setGeo({ status: err.code === err.PERMISSION_DENIED ? 'denied' : 'unavailable' }),
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 10 * 60_000 },
    );
  }, []);
  useEffect(() => {
    let alive = true;
    navigator.permissions
      ?.query({ name: 'geolocation' })
      .then((r) => {
        if (alive && r.state === 'granted') locate();
      })
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [locate]);
  return { geo, locate };
}

export default function HomePage() {
  const t = useT();
  usePageTitle(null);
  const favoris = useFavoris((s) => s.lieux);
  const { geo, locate } = useGeolocation();
  const suite = useNearViewport('accueil-suite');

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 md:py-12">
      <div className="grid gap-8 md:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] md:items-start md:gap-12">
        <section>
          <h1 className="text-3xl font-bold tracking-tight text-brand md:text-4xl dark:text-sky-200">
            {t('home.titre')}
          </h1>
          <p className="mt-4 text-lg text-muted">{t('home.intro')}</p>
          <div role="search" className="mt-6">
            <SearchBox
              label={t('recherche.label')}
              showLabel
              placeholder={t('recherche.placeholder')}
              size="large"
            />
          </div>
          <div className="mt-6 flex flex-wrap gap-3">
            <Link to="/choisir/carte" className="btn-primary">
              {t('home.voirCarte')}
            </Link>
            <Link to="/activites" className="btn-secondary">
              {t('home.voirActivites')}
            </Link>
          </div>
        </section>
        <section aria-labelledby="pres" className="card md:mt-2">
          <h2 id="pres" className="text-xl font-bold">
            {t('home.presTitre')}
          </h2>
          {geo.status === 'ok' ? (
            <Suspense fallback={<p className="mt-2 text-muted">{t('commun.chargement')}</p>}>
              <PresDeChezVous lat={geo.lat} lon={geo.lon} />
            </Suspense>
          ) : (
            <>
              <p className="mt-2 text-muted">{t('home.presTexte')}</p>
              {geo.status === 'denied' && (
                <p role="alert" className="mt-2 text-sm">
                  {t('home.presRefus')}
                </p>
              )}
              {geo.status === 'unavailable' && (
                <p role="alert" className="mt-2 text-sm">
                  {t('home.presIndispo')}
                </p>
              )}
              <button
                type="button"
                className="btn-secondary mt-4"
                onClick={locate}
                disabled={geo.status === 'locating'}
              >
                <LineIcon d="M12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8zM12 2v3m0 14v3M2 12h3m14 0h3" />
                {geo.status === 'locating' ? t('home.presEnCours') : t('home.presBouton')}
              </button>
            </>
          )}
        </section>
      </div>
      {favoris.length > 0 && (
        <section aria-labelledby="vos-favoris" className="mt-12">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="vos-favoris" className="text-2xl font-bold">
              {t('home.favorisTitre')}
            </h2>
            <Link to="/favoris" className="link inline-flex min-h-11 items-center font-medium">
              {t('home.favorisTous', { n: favoris.length })}
            </Link>
          </div>
          <Suspense fallback={<div className="mt-4 h-40 rounded-xl bg-slate-200/60 dark:bg-white/5" />}>
            <FavorisApercu />
          </Suspense>
        </section>
      )}

      <div id="accueil-suite">
        {suite ? (
          <Suspense fallback={<div className="mt-12 h-64" />}>
            <HomeSections />
          </Suspense>
        ) : (
          <div className="mt-12 h-64" />
        )}
      </div>
    </div>
  );
}
