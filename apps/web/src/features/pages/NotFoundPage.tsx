/** Any unknown path (docs/requirements.md R2.1, R3.9): a friendly page with the search and links home and to the map. */
import { Link } from 'react-router';
import { SearchBox } from '../recherche';
import { useT } from '../../lib/i18n';
import { usePageTitle } from '../../lib/use-page-title';

export default function NotFoundPage() {
  const t = useT();
  usePageTitle(t('notFound.titre'));
  return (
    <section className="mx-auto max-w-2xl px-4 py-12 text-center md:py-16">
      <p className="text-6xl font-bold text-brand dark:text-sky-200" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-2xl font-semibold">{t('notFound.titre')}</h1>
      <p className="mt-3 text-muted">{t('notFound.texte')}</p>
      <div role="search" className="mx-auto mt-8 max-w-md text-left">
        <SearchBox label={t('notFound.chercher')} showLabel placeholder={t('recherche.placeholder')} />
      </div>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className="btn-primary">
          {t('commun.retourAccueil')}
        </Link>
        <Link to="/choisir/carte" className="btn-secondary">
          {t('home.voirCarte')}
        </Link>
      </div>
    </section>
  );
}
