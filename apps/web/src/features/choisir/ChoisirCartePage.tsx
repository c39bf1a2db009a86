/**
 * "Choisir son lac, sa rivière" (docs/requirements.md R3.3, route choisir_carte): a map and a list of the index, filtered by type
 * (R, L or both), basin (remembered in localStorage `bassin`, or given by `?bassin=` from the basins page),
 * département ("tous" is ignored) and name; the name also finds places (`hydro/recherche-terms`). Markers are
 * coloured by state (vigilance, observations) with a legend. On a phone, the list and the map are two views of one
 * screen with a switch (docs/decisions/053).
 */
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { mapsQuery } from '../../api/hydro';
import type { ModeCouleur } from '../hydro';
import { LightMap } from '../carte';
import type { MapPoint } from '../carte';
import { useT, withColon } from '../../lib/i18n';
import { plural } from '../../lib/plural';
import { DESKTOP_QUERY, useMediaQuery } from '../../lib/use-media-query';
import { usePageTitle } from '../../lib/use-page-title';
import { ChoisirFilters, type Vue } from './components/ChoisirFilters';
import { EntityList, LieuxFound } from './components/EntityList';
import { entityHref, pointColor, pointRank } from './index-items';
import { MapLegend } from './components/MapLegend';
import { useChoisirMessages } from './messages';
import { useChoisirFilters } from './hooks/use-choisir-filters';

export default function ChoisirCartePage() {
  const t = useT();
  const m = useChoisirMessages();
  usePageTitle(m('titre'));
  const navigate = useNavigate();
  const filters = useChoisirFilters();
  const { filtered, bassins } = filters;
  const maps = useQuery(mapsQuery());
  const [vue, setVue] = useState<Vue>('liste');
  const [mode, setMode] = useState<ModeCouleur>('etat');
  const desktop = useMediaQuery(DESKTOP_QUERY, true);
  // On a phone the map (its preview, then the MapLibre chunk: LightMap) is drawn only when its view is chosen, and
  // choosing it is asking for the map. On a desktop, MapLibre waits for the pointer or the focus (ADR 118).
  const showMap = desktop || vue === 'carte';
  const titleId = useId();

  const points = useMemo<MapPoint[]>(
    () =>
      filtered
        .filter((e) => e.lat !== null && e.lon !== null)
        .map((e) => ({
          id: e.id,
          lat: e.lat as number,
          lon: e.lon as number,
          label: e.nom,
          detail: `${t(e.type === 'L' ? 'type.L' : 'type.R')} · ${m(plural(e.nb_lieux, 'lieux'), { n: e.nb_lieux })}${
            e.nb_lieux_mesures > 0 ? `, ${m('lieuxMesures', { n: e.nb_lieux_mesures })}` : ''
          }${
            mode === 'normale'
              ? ` · ${withColon(t('classe.titre'))} ${t(e.classe ? `classe.${e.classe}` : 'classe.aucune')}`
              : e.vigilance !== null && e.vigilance >= 2
                ? ` · ${t(`vigilance.${e.vigilance}` as 'vigilance.2')}`
                : ''
          }`,
          color: pointColor(e, mode),
          rank: pointRank(e, mode),
          shape: e.type === 'L' ? 'lake' : 'river',
          href: entityHref(e),
        })),
    [filtered, t, m, mode],
  );
  const bbox = bassins.data?.find((b) => b.slug === filters.bassin)?.bbox ?? null;

  return (
    <div className="md:grid md:grid-cols-[420px_minmax(0,1fr)]">
      <section aria-labelledby={titleId} className="md:col-start-1 md:row-start-1 md:border-r md:border-line">
        <ChoisirFilters filters={filters} titleId={titleId} vue={vue} onVue={setVue} />
      </section>
      <div
        className={`relative h-[calc(100dvh-12rem)] min-h-80 md:sticky md:top-14 md:col-start-2 md:row-span-2 md:row-start-1 md:block md:h-[calc(100dvh-3.5rem)] md:self-start ${vue === 'carte' ? '' : 'hidden'}`}
      >
        {showMap && (
          <LightMap
            requested={!desktop && vue === 'carte'}
            points={points}
            bbox={bbox}
            label={m('carte')}
            tileUrl={maps.data?.tuiles?.url ?? null}
            onNavigate={(href) => void navigate(href)}
            openLabel={(label) => m('ouvrir', { nom: label })}
            clusterLabel={(n) => m('groupe', { n })}
          />
        )}
        <div className="pointer-events-none absolute bottom-8 left-2 md:bottom-3 md:left-3">
          <div className="pointer-events-auto">
            <MapLegend bulletin={filters.bulletin} mode={mode} onMode={setMode} />
          </div>
        </div>
      </div>
      <div
        className={`md:col-start-1 md:row-start-2 md:block md:border-r md:border-line ${vue === 'liste' ? '' : 'hidden'}`}
      >
        <LieuxFound places={filters.places} />
        <EntityList
          index={filters.index}
          filtered={filtered}
          shown={filters.shown}
          onMore={filters.showMore}
          bassins={bassins.data}
        />
      </div>
    </div>
  );
}
