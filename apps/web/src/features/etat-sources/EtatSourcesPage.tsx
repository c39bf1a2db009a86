/**
 * « État des sources » (`/etat-des-sources`, docs/decisions/134): for an operator or a curious visitor, from
 * `/api/health` — whether the service is live, and if not why and when the sources are tried again; then each
 * source (Hub'Eau, Vigicrues, Open-Meteo) with its state, last success and last error, Hub'Eau's readings of the last
 * hour and its stations behind; then the ingestion jobs. Asked again every minute while open
 * (`use-etat-sources.ts`); the words come from `etat-sources.ts`.
 */
import { Page } from '../../components/ui/Page';
import { ErrorState, SkeletonBlock } from '../../components/ui/States';
import { formatTimeOfDay } from '../../lib/format';
import { usePageTitle } from '../../lib/use-page-title';
import type { EtatSourcesView } from './etat-sources';
import { JobItem, ModeSection, SourceCard } from './components/EtatSourcesParts';
import { useEtatSourcesMessages } from './messages';
import { useEtatSources } from './hooks/use-etat-sources';

export default function EtatSourcesPage() {
  const m = useEtatSourcesMessages();
  usePageTitle(m('titre'));
  const { health, view, luLe } = useEtatSources();
  return (
    <Page title={m('titre')} intro={m('intro')}>
      {view ? (
        <>
          <p className="mt-2 text-sm text-muted">{m('lecture', { heure: formatTimeOfDay(luLe) })}</p>
          <ModeSection view={view} />
          <SourcesSection view={view} />
          <JobsSection view={view} />
        </>
      ) : health.isError ? (
        <div className="mt-8">
          <ErrorState onRetry={() => void health.refetch()} />
        </div>
      ) : (
        <div className="mt-8">
          <SkeletonBlock lines={8} />
        </div>
      )}
    </Page>
  );
}

function SourcesSection({ view }: { view: EtatSourcesView }) {
  const m = useEtatSourcesMessages();
  return (
    <section aria-labelledby="sources-titre" className="mt-10">
      <h2 id="sources-titre" className="text-xl font-semibold">
        {m('sourcesTitre')}
      </h2>
      {view.sourcesVides !== null ? (
        <p className="mt-3">{view.sourcesVides}</p>
      ) : (
        <ul className="mt-3 grid gap-4 md:grid-cols-2 lg:grid-cols-3">
          {view.sources.map((s) => (
            <SourceCard key={s.nom} source={s} />
          ))}
        </ul>
      )}
    </section>
  );
}

function JobsSection({ view }: { view: EtatSourcesView }) {
  const m = useEtatSourcesMessages();
  return (
    <section aria-labelledby="taches-titre" className="mt-10">
      <h2 id="taches-titre" className="text-xl font-semibold">
        {m('tachesTitre')}
      </h2>
      {view.jobs.length === 0 ? (
        <p className="mt-3">{m('tachesVides')}</p>
      ) : (
        <ul className="mt-3 space-y-4">
          {view.jobs.map((j) => (
            <JobItem key={j.code} job={j} />
          ))}
        </ul>
      )}
    </section>
  );
}
