/**
 * A Vigicrues stretch (`/entite-troncon/{id}/carte/activite/{ida}`): its vigilance level and date, its places on a
 * map coloured by that level, and the list of its places with their latest values.
 */
import { useQueries, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import type { EntiteLieux, TronconDetail } from '@limni/shared/contracts/hydro';
import { bulletinCourant } from '@limni/shared/domain/vigilance';
import { entiteLieuxQuery, tronconQuery } from '../../api/entite';
import { useDataClock } from '../../api/health';
import { COLOR_NO_DATA, VIGILANCE_COLORS } from '../hydro';
import { ActivitySwitcher } from '../hydro';
import type { ModeCouleur } from '../hydro';
import { Breadcrumb } from '../hydro';
import { toGeometry } from '../hydro';
import { DetailStates, parseId } from '../hydro';
import { lieuHref } from '../../api/search';
import type { MapPoint } from '../carte';
import { VigilanceChip } from '../../components/ui/Chips';
import { EmptyState, ErrorState, SkeletonBlock } from '../../components/ui/States';
import { formatDateTime, formatValue } from '../../lib/format';
import { useT } from '../../lib/i18n';
import { usePageTitle } from '../../lib/use-page-title';
import { NotFoundPage } from '../pages';
import { entiteHref, tronconHref } from './hrefs';
import { LieuxCompte } from './components/LieuxCompte';
import { useEntiteMessages } from './messages';
import { useMapLegend, useLieuColour } from './map-colours';
import { drawsWater, MapAndList, MapLegend } from './components/MapAndList';
import { LieuRow, type LieuRowData } from './components/LieuRow';
import { useTronconVerdicts } from './hooks/use-troncon-verdicts';

/** One answer for the states of several entities' places (stable while the queries do not change). */
function combineStates(results: UseQueryResult<EntiteLieux>[]) {
  return {
    pending: results.some((r) => r.isPending),
    error: results.some((r) => r.isError),
    retry: () => results.forEach((r) => void r.refetch()),
    now: Math.max(0, ...results.map((r) => r.data?.maintenant ?? 0)),
    capteurs: new Map(results.flatMap((r) => (r.data?.lieux ?? []).map((l) => [l.id, l.capteurs] as const))),
  };
}

export default function TronconPage() {
  const params = useParams();
  const id = parseId(params.id);
  const ida = parseId(params.ida);
  if (id === null || ida === null) return <NotFoundPage />;
  return <Troncon id={id} ida={ida} />;
}

function Troncon({ id, ida }: { id: number; ida: number }) {
  const m = useEntiteMessages();
  const troncon = useQuery(tronconQuery(id));
  usePageTitle(troncon.data ? m('tronconTitre', { nom: troncon.data.nom }) : null);
  if (!troncon.data) {
    return (
      <DetailStates query={troncon} titre={m('tronconIntrouvable')} texte={m('tronconIntrouvableTexte')} />
    );
  }
  return <TronconContent troncon={troncon.data} ida={ida} />;
}

/** The map's points, coloured by the stretch's current vigilance or as the entity map, and its legend. */
function useTronconPoints(
  troncon: TronconDetail,
  rows: readonly LieuRowData[],
  ida: number,
  mode: ModeCouleur,
  activiteNom: string | undefined,
) {
  const t = useT();
  // A bulletin is current for 24 h: the page is not rendered again at every tick of the live clock.
  const clock = useDataClock({ tick: false });
  // Places take the tronçon's colour only while its bulletin is current (docs/decisions/094); else, and in the
  // other mode, the activity's verdict or the situation against normal, like the entity map (docs/decisions/145).
  const courant = troncon.niveau !== null && bulletinCourant(troncon.niveau_ts, clock.now);
  const parVigilance = courant && mode === 'etat';
  const color = courant ? (VIGILANCE_COLORS[troncon.niveau ?? 0] ?? COLOR_NO_DATA) : COLOR_NO_DATA;
  const niveauLabel = courant ? t(`vigilance.${troncon.niveau}` as 'vigilance.1') : null;
  const colour = useLieuColour(mode, activiteNom);
  const points = useMemo<MapPoint[]>(
    () =>
      rows.flatMap((r) => {
        const l = troncon.lieux.find((x) => x.id === r.id);
        if (!l) return [];
        const h = r.capteurs.find((c) => c.valeur !== null);
        return [
          {
            id: r.id,
            lat: l.lat_gps,
            lon: l.lon_gps,
            label: r.nom,
            ...(parVigilance
              ? {
                  detail: [h ? formatValue(h.valeur, h.unite) : null, niveauLabel]
                    .filter(Boolean)
                    .join(' · '),
                  color,
                }
              : colour(r)),
            shape: 'river',
            href: lieuHref(r.id, ida),
          } satisfies MapPoint,
        ];
      }),
    [rows, troncon.lieux, color, niveauLabel, ida, parVigilance, colour],
  );
  const legend = useMapLegend(points, mode);
  return { courant, parVigilance, color, niveauLabel, points, legend };
}

function TronconContent({ troncon, ida }: { troncon: TronconDetail; ida: number }) {
  const m = useEntiteMessages();
  const t = useT();
  const titleId = useId();
  // The stretch's places may belong to several entities (a river and its arms): states come from each entity.
  const entiteIds = useMemo(() => [...new Set(troncon.lieux.map((l) => l.entite_id))], [troncon.lieux]);
  const states = useQueries({
    queries: entiteIds.map((eid) => entiteLieuxQuery(eid)),
    combine: combineStates,
  });
  const verdicts = useTronconVerdicts(entiteIds, ida);
  const [mode, setMode] = useState<ModeCouleur>('etat');

  const rows = useMemo<LieuRowData[]>(
    () =>
      troncon.lieux.map((l) => ({
        id: l.id,
        nom: l.nom,
        libelle: l.libelle,
        entiteNom: troncon.entite && l.entite_id !== troncon.entite.id ? l.entite_nom : undefined,
        capteurs: states.capteurs.get(l.id) ?? [],
        verdict: verdicts.parLieu.get(l.id) ?? null,
      })),
    [troncon, states.capteurs, verdicts.parLieu],
  );

  const { courant, parVigilance, color, niveauLabel, points, legend } = useTronconPoints(
    troncon,
    rows,
    ida,
    mode,
    verdicts.activiteNom,
  );
  const outline = useMemo(() => toGeometry(troncon.geometry), [troncon.geometry]);
  const bbox = useMemo<[number, number, number, number] | null>(
    () =>
      troncon.bbox
        ? [troncon.bbox[0] - 0.05, troncon.bbox[1] - 0.05, troncon.bbox[2] + 0.05, troncon.bbox[3] + 0.05]
        : null,
    [troncon.bbox],
  );

  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-6">
      <Breadcrumb
        items={
          troncon.entite
            ? [{ to: entiteHref(troncon.entite.id, 'liste', ida), label: troncon.entite.nom }]
            : []
        }
        current={troncon.nom}
      />

      <header className="space-y-3">
        <p className="text-sm font-medium uppercase tracking-wide text-muted">
          {m('tronconCode', { code: troncon.code })}
          {troncon.territoire && <> · {m('tronconTerritoire', { nom: troncon.territoire.nom })}</>}
        </p>
        <h1 className="text-3xl font-bold tracking-tight text-brand md:text-4xl dark:text-sky-200">
          {m('tronconTitre', { nom: troncon.nom })}
        </h1>
        {troncon.entite && (
          <p>
            {m('tronconRiviere')}{' '}
            <Link className="link underline" to={entiteHref(troncon.entite.id, 'liste', ida)}>
              {troncon.entite.nom}
            </Link>
          </p>
        )}
        {troncon.niveau !== null ? (
          <div className="flex flex-wrap items-center gap-3">
            <span className="text-lg">
              <VigilanceChip niveau={troncon.niveau} ts={troncon.niveau_ts} />
            </span>
            {troncon.niveau_ts !== null && (
              <span className="text-sm text-muted">
                {m('tronconNiveau', { date: formatDateTime(troncon.niveau_ts) })}
              </span>
            )}
          </div>
        ) : (
          <p className="text-muted">{m('tronconSansNiveau')}</p>
        )}
      </header>

      <ActivitySwitcher current={ida} hrefFor={(a) => tronconHref(troncon.id, a)} />

      {troncon.lieux.length === 0 ? (
        <EmptyState title={m('tronconAucunLieu')} />
      ) : (
        <MapAndList
          points={points}
          bbox={bbox}
          outline={outline}
          label={m('carteTroncon', { nom: troncon.nom })}
          legend={
            <MapLegend
              mode={mode}
              onMode={setMode}
              etatLabel={courant ? m('tronconCouleurVigilance') : t('couleur.avis')}
              eau={
                troncon.entite
                  ? { nom: troncon.entite.nom, dessinee: drawsWater(troncon.entite.nom, outline) }
                  : null
              }
              entries={
                parVigilance && niveauLabel
                  ? [{ color, label: m('tronconCouleur', { niveau: niveauLabel.toLocaleLowerCase() }) }]
                  : legend
              }
            />
          }
          list={
            <section aria-labelledby={titleId}>
              <h2 id={titleId} className="text-lg font-semibold">
                {m('lieux')} <LieuxCompte lieux={troncon.lieux} />
              </h2>
              {states.error ? (
                <div className="mt-3">
                  <ErrorState onRetry={states.retry} />
                </div>
              ) : states.pending ? (
                <SkeletonBlock lines={5} />
              ) : (
                <ol className="card @container mt-3 divide-y divide-line !p-0">
                  {rows.map((r) => (
                    <LieuRow
                      key={r.id}
                      lieu={r}
                      ida={ida}
                      now={states.now}
                      activiteNom={verdicts.activiteNom}
                    />
                  ))}
                </ol>
              )}
            </section>
          }
        />
      )}

      {verdicts.avertissement && <p className="max-w-4xl text-sm text-muted">{verdicts.avertissement}</p>}
    </div>
  );
}
