import { Link } from 'react-router';
import { useT } from '../lib/i18n';
import { usePageTitle } from '../lib/usePageTitle';

export default function NotFoundPage() {
  const t = useT();
  usePageTitle(t('notFound.titre'));
  return (
    <section className="mx-auto max-w-2xl px-4 py-16 text-center">
      <p className="text-6xl font-bold text-brand" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-2xl font-semibold">{t('notFound.titre')}</h1>
      <p className="mt-3 text-muted">{t('notFound.texte')}</p>
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
