/**
 * One activity (docs/requirements.md R2.6, from `activites/type-{ida}`): what it is, where it is practised, and today's
 * verdict at each place — "today" being the latest day of the data, named on the page — on a map and as a list
 * grouped by lake or river, with the indicative-thresholds caveat.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import type { ActiviteDetail } from '@limni/shared/contracts/activites';
import { activiteQuery } from '../../api/activites';
import { activitesQuery } from '../../api/hydro';
import { ActivityIcon } from '../hydro';
import { EmptyState, ErrorState, SkeletonBlock } from '../../components/ui/States';
import { ApiError } from '../../lib/api';
import { formatNumber } from '../../lib/format';
import { plural } from '../../lib/plural';
import { usePageTitle } from '../../lib/use-page-title';
import { EntiteVerdicts, VerdictsMap, VerdictsSummary } from './components/ActiviteParts';
import { useActivitesMessages } from './messages';
import { useActiviteVerdicts } from './hooks/use-activite-verdicts';
import { descriptionActivite, nomActivite } from '../../lib/activite-nom';

function parseIda(raw: string | undefined): number | null {
  return raw && /^[1-9]\d{0,8}$/.test(raw) ? Number(raw) : null;
}

function Detail({ activite, ida }: { activite: ActiviteDetail; ida: number }) {
  const m = useActivitesMessages();
  const verdicts = useActiviteVerdicts(activite, ida);
  const { lignes, loading } = verdicts;

  if (activite.entites.length === 0) {
    return (
      <div className="mt-8">
        <EmptyState title={m('aucunLieu')} />
      </div>
    );
  }

  return (
    <>
      <VerdictsSummary
        activite={activite}
        reference={verdicts.reference}
        counts={verdicts.counts}
        any={lignes.length > 0}
      />

      <div className="mt-6 grid gap-6 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <VerdictsMap activite={activite} verdicts={verdicts} />

        <section aria-labelledby="avis-liste" className="md:order-1">
          <h2 id="avis-liste" className="text-xl font-semibold">
            {m('liste')}
          </h2>
          {loading && lignes.length === 0 && <SkeletonBlock lines={6} label={m('chargementAvis')} />}
          <div className="mt-3 space-y-4">
            {activite.entites.map((e, i) => (
              <EntiteVerdicts
                key={e.id}
                activite={activite}
                entite={e}
                query={verdicts.verdicts[i]}
                lignes={verdicts.lignesDe(verdicts.verdicts[i])}
                lieuxById={verdicts.lieuxById}
                ida={ida}
              />
            ))}
          </div>
        </section>
      </div>
    </>
  );
}

export default function ActivitePage() {
  const m = useActivitesMessages();
  const params = useParams();
  const ida = parseIda(params.ida);
  const activite = useQuery({ ...activiteQuery(ida ?? 0), enabled: ida !== null });
  const toutes = useQuery(activitesQuery());
  const chips = useRef<HTMLUListElement>(null);
  // On a phone the chips scroll sideways: bring the current activity into view.
  useEffect(() => {
    const list = chips.current;
    const current = list?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!list || !current) return;
    list.scrollLeft = current.offsetLeft - (list.clientWidth - current.offsetWidth) / 2;
  }, [ida, toutes.data]);
  const notFound = ida === null || (activite.error instanceof ApiError && activite.error.status === 404);
  usePageTitle(notFound ? m('introuvable') : activite.data && nomActivite(activite.data));

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 md:py-12">
      <nav aria-label={m('autres')} className="mb-6">
        <ul ref={chips} className="relative -mx-4 flex gap-2 overflow-x-auto px-4 pb-1">
          <li className="shrink-0">
            <Link to="/activites" className="chip">
              {m('toutes')}
            </Link>
          </li>
          {(toutes.data ?? []).map((a) => (
            <li key={a.id} className="shrink-0">
              <Link
                to={`/activite/${a.id}`}
                className={`chip ${a.id === ida ? 'chip-active' : ''}`}
                aria-current={a.id === ida ? 'page' : undefined}
              >
                <ActivityIcon icone={a.icone} className="h-4 w-4" />
                {nomActivite(a)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {notFound ? (
        <section className="py-8 text-center">
          <h1 className="text-2xl font-semibold">{m('introuvable')}</h1>
          <p className="mt-3 text-muted">{m('introuvableTexte')}</p>
          <Link to="/activites" className="btn-secondary mt-6">
            {m('toutes')}
          </Link>
        </section>
      ) : activite.isPending ? (
        <SkeletonBlock lines={8} />
      ) : activite.isError ? (
        <ErrorState onRetry={() => void activite.refetch()} />
      ) : (
        <>
          <div className="flex items-center gap-4">
            <span className="inline-flex h-14 w-14 shrink-0 items-center justify-center rounded-full bg-sky-50 text-brand dark:bg-white/10 dark:text-sky-200">
              <ActivityIcon icone={activite.data.icone} className="h-8 w-8" />
            </span>
            <h1 className="text-3xl font-bold tracking-tight text-brand md:text-4xl dark:text-sky-200">
              {nomActivite(activite.data)}
            </h1>
          </div>
          <p className="mt-3 max-w-3xl text-lg text-muted">{descriptionActivite(activite.data)}</p>
          <p className="mt-2 font-medium">
            {m('pratiquee', {
              lieux: m(plural(activite.data.lieux.length, 'lieux'), {
                n: formatNumber(activite.data.lieux.length),
              }),
              entites: m(plural(activite.data.entites.length, 'entites'), {
                n: formatNumber(activite.data.entites.length),
              }),
            })}
          </p>
          <Detail activite={activite.data} ida={ida ?? 0} />
        </>
      )}
    </div>
  );
}
