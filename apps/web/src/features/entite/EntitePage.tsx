/**
 * An entity — a river or a lake — as a map (`/entite/{id}/carte/activite/{ida}`) or a list
 * (`/entite/{id}/liste/activite/{ida}`): its places upstream → downstream with their latest values, trends,
 * freshness and the verdict for the chosen activity; vigilance per tronçon, alerts, sub-entities and parent.
 */
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo } from 'react';
import { Link, useMatch, useParams } from 'react-router';
import type { Verdict } from '@limni/shared/contracts/activites';
import type { EntiteDetail, TronconRef } from '@limni/shared/contracts/hydro';
import {
  entiteAlertesQuery,
  entiteDaterangeQuery,
  entiteLieuxQuery,
  entiteQuery,
  verdictEntiteQuery,
} from '../../api/entite';
import { activitesQuery } from '../../api/hydro';
import { COLOR_NO_DATA, COLOR_WITH_DATA } from '../../components/colors';
import { ActivitySwitcher } from '../../components/hydro/ActivitySwitcher';
import { AlertesList } from '../../components/hydro/AlertesList';
import { Breadcrumb } from '../../components/hydro/Breadcrumb';
import { VERDICT_COLORS } from '../../components/hydro/colors';
import { extentOf, toGeometry } from '../../components/hydro/geo';
import { DetailStates, parseId } from '../../components/hydro/Introuvable';
import type { MapPoint } from '../../components/map/MapView';
import { VigilanceChip } from '../../components/ui/Chips';
import { EmptyState, ErrorState, SkeletonBlock } from '../../components/ui/States';
import { formatDateTime, formatLongDate, formatValue } from '../../lib/format';
import { useT } from '../../lib/i18n';
import { usePageTitle } from '../../lib/usePageTitle';
import NotFoundPage from '../../app/NotFoundPage';
import { useEntiteMessages } from './messages';
import { LegendSwatch, MapAndList } from './MapAndList';
import { lieuHref, PlaceRow, type PlaceRowData } from './PlaceRow';

type Vue = 'carte' | 'liste';

export function entiteHref(id: number, vue: Vue, ida: number): string {
  return `/entite/${id}/${vue}/activite/${ida}`;
}

export function tronconHref(id: number, ida: number): string {
  return `/entite-troncon/${id}/carte/activite/${ida}`;
}

const VERDICT_KEYS: Record<Verdict, Parameters<ReturnType<typeof useT>>[0]> = {
  praticable: 'verdict.praticable',
  'trop bas': 'verdict.tropBas',
  'trop haut': 'verdict.tropHaut',
  déconseillé: 'verdict.deconseille',
  inconnu: 'verdict.inconnu',
};

export default function EntitePage() {
  const params = useParams();
  const id = parseId(params.id);
  const ida = parseId(params.ida);
  if (id === null || ida === null) return <NotFoundPage />;
  return <Entite id={id} ida={ida} />;
}

function Entite({ id, ida }: { id: number; ida: number }) {
  const m = useEntiteMessages();
  const vue: Vue = useMatch('/entite/:id/carte/activite/:ida') ? 'carte' : 'liste';
  const entite = useQuery(entiteQuery(id));
  usePageTitle(entite.data?.nom ?? null);

  if (!entite.data) {
    return <DetailStates query={entite} titre={m('introuvable')} texte={m('introuvableTexte')} />;
  }
  return <EntiteContent entite={entite.data} ida={ida} vue={vue} />;
}

function EntiteContent({ entite, ida, vue }: { entite: EntiteDetail; ida: number; vue: Vue }) {
  const m = useEntiteMessages();
  const t = useT();
  const ids = { alertes: useId(), lieux: useId(), vig: useId(), sous: useId() };
  const lieux = useQuery(entiteLieuxQuery(entite.id));
  const range = useQuery(entiteDaterangeQuery(entite.id));
  const alertes = useQuery(entiteAlertesQuery(entite.id));
  const activites = useQuery(activitesQuery());
  const verdictDate = range.data ? range.data.jour_fin : undefined;
  const verdicts = useQuery({
    ...verdictEntiteQuery(ida, entite.id, verdictDate ?? null),
    enabled: verdictDate !== undefined,
  });
  const activite = activites.data?.find((a) => a.id === ida);
  const activiteInconnue = activites.isSuccess && !activite;

  const rows = useMemo<PlaceRowData[]>(() => {
    const states = new Map((lieux.data?.lieux ?? []).map((l) => [l.id, l.capteurs]));
    const byLieu = new Map((verdicts.data?.lieux ?? []).map((v) => [v.lieu.id, v]));
    return entite.lieux.map((l) => {
      const v = byLieu.get(l.id);
      return {
        id: l.id,
        nom: l.nom,
        libelle: l.libelle,
        capteurs: states.get(l.id) ?? [],
        verdict: v ? { verdict: v.verdict, raison: v.raison } : null,
      };
    });
  }, [entite.lieux, lieux.data, verdicts.data]);

  const outline = useMemo(() => toGeometry(entite.geometry), [entite.geometry]);
  const points = useMemo<MapPoint[]>(() => {
    const coords = new Map(entite.lieux.map((l) => [l.id, l]));
    return rows.flatMap((r) => {
      const l = coords.get(r.id);
      if (!l) return [];
      const h = r.capteurs.find((c) => c.valeur !== null);
      const color =
        r.verdict && r.verdict.verdict !== 'inconnu'
          ? VERDICT_COLORS[r.verdict.verdict]
          : h
            ? COLOR_WITH_DATA
            : COLOR_NO_DATA;
      const detail = [
        h ? formatValue(h.valeur, h.unite) : null,
        r.verdict ? `${activite?.nom ?? ''} : ${t(VERDICT_KEYS[r.verdict.verdict])}` : null,
      ]
        .filter(Boolean)
        .join(' · ');
      return [
        {
          id: r.id,
          lat: l.lat_gps,
          lon: l.lon_gps,
          label: r.nom,
          detail,
          color,
          shape: entite.type === 'L' ? 'lake' : 'river',
          href: lieuHref(r.id, ida),
        } satisfies MapPoint,
      ];
    });
  }, [rows, entite.lieux, entite.type, ida, activite?.nom, t]);
  const bbox = useMemo(
    () =>
      extentOf(
        entite.lieux.map((l) => ({ lat: l.lat_gps, lon: l.lon_gps })),
        outline,
      ) ??
      (entite.lat !== null && entite.lon !== null ? extentOf([{ lat: entite.lat, lon: entite.lon }]) : null),
    [entite.lieux, entite.lat, entite.lon, outline],
  );

  const legend = useMemo(() => {
    const present = new Set(points.map((p) => p.color));
    const entries: { color: string; label: string }[] = [];
    for (const v of ['praticable', 'trop bas', 'trop haut', 'déconseillé'] as const) {
      if (present.has(VERDICT_COLORS[v])) {
        entries.push({ color: VERDICT_COLORS[v], label: t(VERDICT_KEYS[v]) });
      }
    }
    if (present.has(COLOR_WITH_DATA)) entries.push({ color: COLOR_WITH_DATA, label: m('legendeMesure') });
    if (present.has(COLOR_NO_DATA)) entries.push({ color: COLOR_NO_DATA, label: m('legendeSansMesure') });
    return entries;
  }, [points, t, m]);

  if (activiteInconnue) return <NotFoundPage />;

  const now = lieux.data?.maintenant ?? 0;
  const departements = entite.departements.map((d) => `${d.nom} (${d.code})`).join(', ');

  const list = (
    <section aria-labelledby={ids.lieux}>
      <h2 id={ids.lieux} className="text-lg font-semibold">
        {m('lieux')} <span className="font-normal text-muted">({entite.lieux.length})</span>
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
            <PlaceRow key={r.id} lieu={r} ida={ida} now={now} activiteNom={activite?.nom} />
          ))}
        </ol>
      )}
    </section>
  );

  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-6">
      <Breadcrumb
        items={
          entite.parent ? [{ to: entiteHref(entite.parent.id, vue, ida), label: entite.parent.nom }] : []
        }
        current={entite.nom}
      />

      <header className="space-y-3">
        <p className="text-sm font-medium uppercase tracking-wide text-muted">
          {entite.type === 'L' ? m('lac') : m('riviere')} · {m('bassin', { nom: entite.bassin.nom })}
        </p>
        <h1 className="text-3xl font-bold tracking-tight text-brand md:text-4xl dark:text-sky-200">
          {entite.nom}
        </h1>
        {departements && (
          <p className="text-muted">
            <span className="sr-only">
              {entite.departements.length > 1 ? m('departements') : m('departement')} :{' '}
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

      {entite.troncons.length > 0 && (
        <section aria-labelledby={ids.vig}>
          <h2 id={ids.vig} className="text-lg font-semibold">
            {m('vigilance')}
          </h2>
          <ul className="mt-2 flex flex-wrap gap-2">
            {entite.troncons.map((tr) => (
              <TronconChip key={tr.id} troncon={tr} ida={ida} />
            ))}
          </ul>
        </section>
      )}

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
          {lieux.data && rows.some((r) => r.capteurs.some((c) => c.ts !== null)) && (
            <p className="text-sm text-muted">{m('situation', { date: formatDateTime(now) })}</p>
          )}
        </div>
      </div>

      {alertes.data && (
        <AlertesList alertes={alertes.data} titleId={ids.alertes} now={lieux.data?.maintenant ?? null} />
      )}

      {vue === 'carte' ? (
        <MapAndList
          points={points}
          bbox={bbox}
          outline={outline}
          label={m('carte', { nom: entite.nom })}
          legend={
            legend.length > 0 && (
              <div>
                <h2 className="sr-only">{m('legende')}</h2>
                <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
                  {legend.map((e) => (
                    <li key={e.label}>
                      <LegendSwatch color={e.color}>{e.label}</LegendSwatch>
                    </li>
                  ))}
                </ul>
              </div>
            )
          }
          list={list}
        />
      ) : (
        list
      )}

      {verdicts.data?.indicatif && (
        <p className="max-w-4xl text-sm text-muted">{verdicts.data.avertissement}</p>
      )}

      {entite.entites_f.length > 0 && (
        <section aria-labelledby={ids.sous}>
          <h2 id={ids.sous} className="text-lg font-semibold">
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
      )}
    </div>
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
          <VigilanceChip
            niveau={troncon.niveau}
            date={troncon.niveau_ts !== null ? formatLongDate(troncon.niveau_ts) : undefined}
          />
        ) : (
          <span className="text-sm text-muted">{m('vigilanceInconnue')}</span>
        )}
      </Link>
    </li>
  );
}
