/**
 * Webcam list (docs/requirements.md R2.6, from `hydro/webcams`): every webcam with its latest image and its legend
 * ("le 25/01/2022 à 14h30", read from the image URL), linking to the webcam tab of its place.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Webcam } from '@limni/shared/contracts/hydro';
import { lieuHref, webcamsQuery } from '../../api/search';
import { EmptyState, ErrorState, SkeletonBlock } from '../../components/ui/States';
import { Page } from '../../components/ui/Page';
import { formatNumber } from '../../lib/format';
import { plural } from '../../lib/plural';
import { usePageTitle } from '../../lib/use-page-title';
import { useWebcamsMessages } from './messages';
import { ICON } from '../../components/ui/icons';

function WebcamCard({ w }: { w: Webcam }) {
  const m = useWebcamsMessages();
  const [broken, setBroken] = useState(false);
  return (
    <li className="card flex flex-col overflow-hidden !p-0">
      <div className="aspect-video w-full bg-slate-100 dark:bg-white/5">
        {broken ? (
          <p className="flex h-full items-center justify-center p-4 text-center text-sm text-muted">
            {m('imageIndisponible')}
          </p>
        ) : (
          <img
            src={w.url}
            alt={m('alt', { nom: w.nom, lieu: w.lieu.libelle })}
            loading="lazy"
            decoding="async"
            className="h-full w-full object-cover"
            onError={() => setBroken(true)}
          />
        )}
      </div>
      <div className="flex flex-1 flex-col p-4">
        <h2 className="font-semibold">{w.nom}</h2>
        <p className="text-sm text-muted">{w.legende ?? m('dateInconnue')}</p>
        {w.credit && <p className="text-xs text-muted">{m('credit', { credit: w.credit })}</p>}
        <Link
          to={`${lieuHref(w.lieu.id)}/webcam`}
          className="link mt-auto inline-flex min-h-11 items-center pt-2 font-semibold"
        >
          {m('voirLieu', { lieu: w.lieu.libelle })}
        </Link>
      </div>
    </li>
  );
}

export default function WebcamsPage() {
  const m = useWebcamsMessages();
  usePageTitle(m('titre'));
  const webcams = useQuery(webcamsQuery());
  return (
    <Page title={m('titre')} intro={m('intro')}>
      <div className="mt-8">
        {webcams.isPending ? (
          <SkeletonBlock lines={6} />
        ) : webcams.isError ? (
          <ErrorState onRetry={() => void webcams.refetch()} />
        ) : webcams.data.length === 0 ? (
          <EmptyState title={m('aucune')} icon={ICON.camera}>
            <p className="mx-auto max-w-xl">{m('aucuneTexte')}</p>
            <Link to="/choisir/carte" className="btn-secondary mt-4">
              {m('choisir')}
            </Link>
          </EmptyState>
        ) : (
          <>
            <p className="font-medium">
              {m(plural(webcams.data.length, 'nb'), { n: formatNumber(webcams.data.length) })}
            </p>
            <ul className="mt-4 grid gap-4 sm:grid-cols-2 md:grid-cols-3">
              {webcams.data.map((w) => (
                <WebcamCard key={w.id} w={w} />
              ))}
            </ul>
          </>
        )}
      </div>
    </Page>
  );
}
