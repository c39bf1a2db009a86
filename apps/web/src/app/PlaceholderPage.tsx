/** Temporary page for routes whose screens are not built yet (removed by the screens issue). */
import { Link } from 'react-router';
import { useT } from '../lib/i18n';
import { usePageTitle } from '../lib/usePageTitle';

export default function PlaceholderPage() {
  const t = useT();
  usePageTitle(t('commun.bientot'));
  return (
    <section className="mx-auto max-w-2xl px-4 py-16 text-center">
      <h1 className="text-2xl font-semibold">{t('commun.bientot')}</h1>
      <p className="mt-3 text-muted">{t('commun.bientotTexte')}</p>
      <Link to="/" className="btn-primary mt-8 inline-flex">
        {t('commun.retourAccueil')}
      </Link>
    </section>
  );
}
