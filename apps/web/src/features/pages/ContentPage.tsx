/**
 * Content pages (docs/requirements.md R2.5, R10.9): `credits`, `legal/terms/update` (the `cgu` text), `infos-previsions` and
 * `avantages-compte`. The server renders the Markdown to HTML with the shared module (raw HTML shown as text, one
 * link policy, docs/decisions/079); links inside it to this origin navigate within the app.
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link, useLocation } from 'react-router';
import type { PageSlug } from '@limni/shared/contracts/pages';
import { pageQuery } from '../../api/pages';
import { ErrorState, SkeletonBlock } from '../../components/ui/States';
import { useInAppLinks } from '../../components/ui/use-in-app-links';
import { ApiError } from '../../lib/api';
import { formatLongDate } from '../../lib/format';
import { currentLangue } from '../../lib/i18n';
import { usePageTitle } from '../../lib/use-page-title';
import { useAccount } from '../../stores/account';
import { usePagesMessages } from './messages';
import './prose.css';
import { withScrollableTables } from './tables';

const SLUGS: Record<string, PageSlug> = {
  '/credits': 'credits',
  '/legal/terms/update': 'cgu',
  '/infos-previsions': 'infos-previsions',
  '/avantages-compte': 'avantages-compte',
};

export default function ContentPage() {
  const m = usePagesMessages();
  const { pathname } = useLocation();
  const slug = SLUGS[pathname.replace(/\/+$/, '')] ?? 'cgu';
  const page = useQuery(pageQuery(slug));
  const signedIn = useAccount((s) => s.user !== null);
  usePageTitle(page.data?.titre);
  const html = useMemo(
    () => (page.data ? withScrollableTables(page.data.html, m('tableau')) : ''),
    [page.data, m],
  );

  /** In-app links of the text (`/contact`…) use the router instead of reloading the page. */
  const onClick = useInAppLinks();

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 md:py-12">
      {page.isPending ? (
        <SkeletonBlock lines={8} />
      ) : page.isError ? (
        <ErrorState
          message={page.error instanceof ApiError && page.error.status === 404 ? m('introuvable') : undefined}
          onRetry={() => void page.refetch()}
        />
      ) : (
        <article lang={page.data.langue ?? 'fr'}>
          <h1 className="text-3xl font-bold tracking-tight text-brand md:text-4xl dark:text-sky-200">
            {page.data.titre}
          </h1>
          <p className="mt-2 text-sm text-muted">
            {m('majLe', { date: formatLongDate(page.data.updated_at) })}
            {currentLangue() !== (page.data.langue ?? 'fr') && (
              <span lang="en" className="ml-2">
                · {m('texteFrancais')}
              </span>
            )}
          </p>
          {/* HTML rendered by the API with the shared Markdown module (raw HTML shown as text, safe links only). */}
          <div className="prose-limni mt-8" onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />
          {slug === 'avantages-compte' && (
            <div className="mt-10 flex flex-wrap gap-3">
              {signedIn ? (
                <Link to="/user/profil" className="btn-primary">
                  {m('voirProfil')}
                </Link>
              ) : (
                <>
                  <Link to="/user/register" className="btn-primary">
                    {m('creerCompte')}
                  </Link>
                  <Link to="/user/login" className="btn-secondary">
                    {m('seConnecter')}
                  </Link>
                </>
              )}
            </div>
          )}
          {slug === 'infos-previsions' && (
            <p className="mt-10">
              <Link to="/contact" className="link font-medium">
                {m('ecrire')}
              </Link>
            </p>
          )}
        </article>
      )}
    </div>
  );
}
