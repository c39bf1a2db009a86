/** "Activités" (docs/requirements.md R2.6, from `activites/all`): every activity, where it is followed, and its page. */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { activitesQuery } from '../../api/hydro';
import { ActivityIcon } from '../hydro';
import { EmptyState, ErrorState, SkeletonBlock } from '../../components/ui/States';
import { Page } from '../../components/ui/Page';
import { formatNumber } from '../../lib/format';
import { plural } from '../../lib/plural';
import { usePageTitle } from '../../lib/use-page-title';
import { useActivitesMessages } from './messages';
import { nomActivite, descriptionActivite } from '../../lib/activite-nom';

export default function ActivitesPage() {
  const m = useActivitesMessages();
  usePageTitle(m('titre'));
  const activites = useQuery(activitesQuery());
  return (
    <Page title={m('titre')} intro={m('intro')}>
      <div className="mt-8">
        {activites.isPending ? (
          <SkeletonBlock lines={6} />
        ) : activites.isError ? (
          <ErrorState onRetry={() => void activites.refetch()} />
        ) : activites.data.length === 0 ? (
          <EmptyState title={m('aucuneActivite')} />
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 md:grid-cols-3">
            {activites.data.map((a) => (
              <li key={a.id} className="card flex flex-col">
                <div className="flex items-center gap-3">
                  <span className="inline-flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-sky-50 text-brand dark:bg-white/10 dark:text-sky-200">
                    <ActivityIcon icone={a.icone} className="h-7 w-7" />
                  </span>
                  <h2 className="text-xl font-semibold">{nomActivite(a)}</h2>
                </div>
                <p className="mt-3 flex-1 text-muted">{descriptionActivite(a)}</p>
                <p className="mt-3 text-sm font-medium">
                  {m('pratiquee', {
                    lieux: m(plural(a.nb_lieux, 'lieux'), { n: formatNumber(a.nb_lieux) }),
                    entites: m(plural(a.nb_entites, 'entites'), { n: formatNumber(a.nb_entites) }),
                  })}
                </p>
                <Link
                  to={`/activite/${a.id}`}
                  className="btn-secondary mt-4 self-start"
                  aria-label={m('voirAria', { nom: a.nom })}
                >
                  {m('voir')}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Page>
  );
}
