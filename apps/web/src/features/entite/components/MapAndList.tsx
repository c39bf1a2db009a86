/**
 * The map variant of the entity and stretch screens: a map of the places (with an optional outline) and its
 * legend, beside the list of places on a desktop, above it on a phone.
 */
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useId } from 'react';
import { useNavigate } from 'react-router';
import type { Geometry } from 'geojson';
import { mapsQuery } from '../../../api/hydro';
import { ColourModeSwitch, type ModeCouleur } from '../../hydro';
import eaux from 'virtual:limni-geo-eaux';
import { onBaseMap } from '../../carte';
import { LightMap } from '../../carte';
import type { MapPoint } from '../../carte';
import { useT } from '../../../lib/i18n';
import { useEntiteMessages } from '../messages';

/** A colour swatch of the map legend, with its words. */
export function LegendSwatch({ color, children }: { color: string; children: ReactNode }) {
  return (
    <span className="inline-flex items-center gap-1.5">
      <span
        aria-hidden="true"
        className="inline-block h-3 w-3 shrink-0 rounded-full border border-white shadow"
        style={{ background: color }}
      />
      {children}
    </span>
  );
}

/** Whether the map draws the water named `nom`: its own outline, or a river or lake of the base map (ADR 145). */
export const drawsWater = (nom: string, outline: Geometry | null) => outline !== null || onBaseMap(nom, eaux);

/**
 * The legend under an entity or stretch map: how its markers are coloured (the switch of docs/decisions/100), each
 * colour on the map with its words, the rule of the classes in the « normale » mode, and what the blue lines are —
 * saying so when the river or lake of the page is not among them (docs/decisions/145).
 */
export function MapLegend({
  mode,
  onMode,
  etatLabel,
  entries,
  eau,
}: {
  mode: ModeCouleur;
  onMode: (mode: ModeCouleur) => void;
  /** What the usual colours show on this map. */
  etatLabel: string;
  entries: ReadonlyArray<{ color: string; label: string }>;
  /** The river or lake the map is about, and whether the map draws it (its own outline or the base map's). */
  eau: { nom: string; dessinee: boolean } | null;
}) {
  const m = useEntiteMessages();
  const t = useT();
  const titleId = useId();
  return (
    <div className="space-y-2">
      <ColourModeSwitch value={mode} onChange={onMode} etatLabel={etatLabel} />
      {entries.length > 0 && (
        <div>
          <h2 id={titleId} className="sr-only">
            {m('legende')}
          </h2>
          <ul aria-labelledby={titleId} className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
            {entries.map((e) => (
              <li key={e.label}>
                <LegendSwatch color={e.color}>{e.label}</LegendSwatch>
              </li>
            ))}
          </ul>
        </div>
      )}
      {mode === 'normale' && <p className="max-w-3xl text-xs text-muted">{t('classe.regle')}</p>}
      <p className="max-w-3xl text-xs text-muted">
        {m('fondCarte')}
        {eau && !eau.dessinee && <> {m('fondCarteSans', { nom: eau.nom })}</>}
      </p>
    </div>
  );
}

export function MapAndList({
  points,
  bbox,
  outline,
  label,
  legend,
  list,
}: {
  points: MapPoint[];
  bbox: [number, number, number, number] | null;
  outline: Geometry | null;
  label: string;
  legend: ReactNode;
  list: ReactNode;
}) {
  const m = useEntiteMessages();
  const navigate = useNavigate();
  const maps = useQuery(mapsQuery());
  return (
    <div className="grid gap-6 md:grid-cols-[minmax(0,1fr)_minmax(0,26rem)] md:items-start">
      <div className="space-y-2 md:sticky md:top-16">
        <div className="h-[55vh] min-h-72 overflow-hidden rounded-xl border border-line md:h-[70vh]">
          <LightMap
            points={points}
            bbox={bbox}
            outline={outline}
            label={label}
            tileUrl={maps.data?.tuiles?.url ?? null}
            onNavigate={(href) => void navigate(href)}
            openLabel={(nom) => m('ouvrir', { nom })}
          />
        </div>
        {legend}
      </div>
      {list}
    </div>
  );
}
