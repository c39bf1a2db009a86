/**
 * The map variant of the entity and stretch screens: a map of the places (with an optional outline) and its
 * legend, beside the list of places on a desktop, above it on a phone.
 */
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { Geometry } from 'geojson';
import { mapsQuery } from '../../api/hydro';
import { LightMap } from '../../components/map/LightMap';
import type { MapPoint } from '../../components/map/map-types';
import { useEntiteMessages } from './messages';

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
