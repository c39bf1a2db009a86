/**
 * The parts of the entity screen: its header (breadcrumb, type and basin, name, départements, description,
 * parent), the vigilance of its tronçons, the activity and view switches, its places and its sub-entities.
 */
import type { UseQueryResult } from '@tanstack/react-query';
import { useId } from 'react';
import { Link } from 'react-router';
import type { EntiteDetail, EntiteLieux, TronconRef } from '@limni/shared/contracts/hydro';
import { ActivitySwitcher } from '../../hydro';
import { Breadcrumb } from '../../hydro';
import { VigilanceChip } from '../../../components/ui/Chips';
import { EmptyState, ErrorState, SkeletonBlock } from '../../../components/ui/States';
import { formatDateTime } from '../../../lib/format';
import { libelleDepartement, nomBassin } from '../../../lib/departement-nom';
import { entiteHref, tronconHref, type Vue } from '../hrefs';
import { LieuxCompte } from './LieuxCompte';
import { useEntiteMessages } from '../messages';
import { LieuRow, type LieuRowData } from './LieuRow';

export function EntiteHeader({ entite, vue, ida }: { entite: EntiteDetail; vue: Vue; ida: number }) {
  const m = useEntiteMessages();
  const departements = entite.departements.map((d) => libelleDepartement(d)).join(', ');
  return (
    <>
      <Breadcrumb
        items={
          entite.parent ? [{ to: entiteHref(entite.parent.id, vue, ida), label: entite.parent.nom }] : []
        }
        current={entite.nom}
      />

      <header className="space-y-3">
        <p className="text-sm font-medium uppercase tracking-wide text-muted">
          {entite.type === 'L' ? m('lac') : m('riviere')} · {m('bassin', { nom: nomBassin(entite.bassin) })}
        </p>
        <h1 className="text-3xl font-bold tracking-tight text-brand md:text-4xl dark:text-sky-200">
          {entite.nom}
        </h1>
        {departements && (
          <p className="text-muted">
            <span className="sr-only">
              {entite.departements.length > 1 ? m('departements') : m('departement')}{' '}
            </span>
            {departements}
          </p>
        )}
        {entite.description && <p className="max-w-3xl">{entite.description}</p>}
        {entite.parent && (
          <p className="text-sm">
            {m('parent')}{' '}
            <Link className="link underline" to={entiteHref(entite.parent.id, vue, ida)}>
              {entite.parent.nom}
            </Link>
          </p>
        )}
      </header>
    </>
  );
}

function TronconChip({ troncon, ida }: { troncon: TronconRef; ida: number }) {
  const m = useEntiteMessages();
  return (
    <li>
      <Link
        to={tronconHref(troncon.id, ida)}
        className="card flex min-h-11 flex-wrap items-center gap-2 !py-2 hover:bg-sky-50 dark:hover:bg-white/5"
      >
        <span className="font-medium">{troncon.nom}</span>
        {troncon.niveau !== null ? (
          <VigilanceChip niveau={troncon.niveau} ts={troncon.niveau_ts} />
        ) : (
          <span className="text-sm text-muted">{m('vigilanceInconnue')}</span>
        )}
      </Link>
    </li>
  );
}

/** The vigilance level of each tronçon of the entity, each linking to its stretch screen. */
export function TronconsSection({ troncons, ida }: { troncons: readonly TronconRef[]; ida: number }) {
  const m = useEntiteMessages();
  const id = useId();
  if (troncons.length === 0) return null;
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="text-lg font-semibold">
        {m('vigilance')}
      </h2>
      <ul className="mt-2 flex flex-wrap gap-2">
        {troncons.map((tr) => (
          <TronconChip key={tr.id} troncon={tr} ida={ida} />
        ))}
      </ul>
    </section>
  );
}

/** The activity switcher, the map / list switch and the instant of the situation shown. */
export function EntiteNav({
  entite,
  vue,
  ida,
  situation,
}: {
  entite: EntiteDetail;
  vue: Vue;
  ida: number;
  /** The data "now" when some place has observations, else null. */
  situation: number | null;
}) {
  const m = useEntiteMessages();
  return (
    <div className="space-y-3">
      <ActivitySwitcher current={ida} hrefFor={(a) => entiteHref(entite.id, vue, a)} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <nav aria-label={m('vue')}>
          <ul className="inline-flex rounded-lg border border-line bg-white p-1 dark:bg-transparent">
            {(['carte', 'liste'] as const).map((v) => (
              <li key={v}>
                <Link
                  to={entiteHref(entite.id, v, ida)}
                  aria-current={vue === v ? 'page' : undefined}
                  className={`inline-flex min-h-11 items-center rounded-md px-4 text-sm font-semibold ${vue === v ? 'bg-brand text-white' : 'text-brand hover:bg-sky-50 dark:text-sky-200 dark:hover:bg-white/5'}`}
                >
                  {v === 'carte' ? m('vueCarte') : m('vueListe')}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {situation !== null && (
          <p className="text-sm text-muted">{m('situation', { date: formatDateTime(situation) })}</p>
        )}
      </div>
    </div>
  );
}

/** The places of the entity, upstream → downstream, with their latest values and verdicts. */
export function LieuxSection({
  entite,
  lieux,
  rows,
  ida,
  activiteNom,
}: {
  entite: EntiteDetail;
  lieux: UseQueryResult<EntiteLieux>;
  rows: readonly LieuRowData[];
  ida: number;
  activiteNom: string | undefined;
}) {
  const m = useEntiteMessages();
  const id = useId();
  const now = lieux.data?.maintenant ?? 0;
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="text-lg font-semibold">
        {m('lieux')} <LieuxCompte lieux={entite.lieux} />
      </h2>
      {entite.type === 'R' && entite.lieux.some((l) => l.ordre !== null) && (
        <p className="text-sm text-muted">{m('lieuxOrdre')}</p>
      )}
      {entite.lieux.length === 0 ? (
        <div className="mt-3">
          <EmptyState title={m('lieuxAucun')} />
        </div>
      ) : lieux.isError ? (
        <div className="mt-3">
          <ErrorState onRetry={() => void lieux.refetch()} />
        </div>
      ) : lieux.isPending ? (
        <SkeletonBlock lines={6} />
      ) : (
        <ol className="card @container mt-3 divide-y divide-line !p-0">
          {rows.map((r) => (
            <LieuRow key={r.id} lieu={r} ida={ida} now={now} activiteNom={activiteNom} />
          ))}
        </ol>
      )}
    </section>
  );
}

/** The entities that flow into this one (or lie on it). */
export function SubEntities({ entite, vue, ida }: { entite: EntiteDetail; vue: Vue; ida: number }) {
  const m = useEntiteMessages();
  const id = useId();
  if (entite.entites_f.length === 0) return null;
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="text-lg font-semibold">
        {m('sousEntites')}
      </h2>
      <ul className="mt-2 flex flex-wrap gap-2">
        {entite.entites_f.map((e) => (
          <li key={e.id}>
            <Link className="chip hover:bg-sky-50 dark:hover:bg-white/5" to={entiteHref(e.id, vue, ida)}>
              <span className="sr-only">{e.type === 'L' ? m('lac') : m('riviere')} : </span>
              {e.nom}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
