/**
 * The static preview painted before MapLibre arrives (docs/decisions/118): France's land, départements, rivers and
 * lakes (simplified at build time, `virtual:limni-geo-apercu`), the outline and the markers, in an SVG framed exactly
 * as the map will be. Decorative (`aria-hidden`): the page's list is the accessible form of the markers.
 */
import type { Geometry } from 'geojson';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import apercu from 'virtual:limni-geo-apercu';
import { DARK_QUERY, matchesMedia } from '../../../lib/use-media-query';
import { type Bbox, FRANCE_BBOX, type MapPoint, mapPalette } from '../map-types';
import { detailCells, fitView, markerGroups, outlinePath } from '../preview';

/**
 * Past this zoom the coarse borders, rivers and lakes would not sit where the map draws them: the full outlines of
 * the cells in view are fetched instead (`apercu.detail`, about 1 KB gzip a cell; docs/decisions/145).
 */
const DETAIL_MAX_ZOOM = 7;

interface Detail {
  departements: string;
  rivieres: string;
  lacs: string;
}

/** The full outlines of the cells a box shows, once fetched (null until then, and at low zoom). */
function useDetail(viewBox: readonly [number, number, number, number] | null): Detail | null {
  const keys = viewBox ? detailCells(viewBox, apercu.detail.cells).join(',') : '';
  const [detail, setDetail] = useState<{ keys: string; paths: Detail } | null>(null);
  useEffect(() => {
    if (!keys) return;
    const abort = new AbortController();
    const one = (key: string) =>
      fetch(`${apercu.detail.base}${key}.json`, { signal: abort.signal }).then(
        (r) => (r.ok ? (r.json() as Promise<Detail>) : null),
        () => null,
      );
    void Promise.all(keys.split(',').map(one)).then((tiles) => {
      if (abort.signal.aborted) return;
      const join = (k: keyof Detail) => tiles.map((t) => (t ? t[k] : '')).join('');
      setDetail({
        keys,
        paths: { departements: join('departements'), rivieres: join('rivieres'), lacs: join('lacs') },
      });
    });
    return () => abort.abort();
  }, [keys]);
  return keys && detail?.keys === keys ? detail.paths : null;
}

export function MapPreview({
  points,
  bbox,
  outline,
  selectedId,
}: {
  points: readonly MapPoint[];
  bbox?: Bbox | null;
  outline?: Geometry | null;
  selectedId?: number | null;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState<[number, number] | null>(null);
  // Measured before the first paint, then on every resize.
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = () => setSize([el.clientWidth, el.clientHeight]);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  const [palette] = useState(() => mapPalette(matchesMedia(DARK_QUERY)));
  const view = size && size[0] > 0 && size[1] > 0 ? fitView(bbox ?? FRANCE_BBOX, size[0], size[1]) : null;
  const zoom = view?.zoom ?? 5;
  const groups = markerGroups(points, selectedId ?? null, zoom);
  const contour = outline ? outlinePath(outline) : '';
  const riverWidth = 0.8 + (Math.min(9, Math.max(4, zoom)) - 4) * 0.34;
  const detail = useDetail(view && zoom > DETAIL_MAX_ZOOM ? view.viewBox : null);
  const water = zoom <= DETAIL_MAX_ZOOM ? apercu : detail;
  const borders = { stroke: palette.limites, strokeWidth: 0.8, vectorEffect: 'non-scaling-stroke' } as const;

  return (
    <div
      ref={box}
      aria-hidden="true"
      data-testid="apercu-carte"
      // The sea of `mapPalette` (map-types.ts) as classes, not a style attribute: the chooser's first screen is
      // prerendered, and the CSP-safe prerender refuses style attributes (docs/decisions/116).
      className="absolute inset-0 z-[1] overflow-hidden bg-[#dcebf3] dark:bg-[#0b1a24]"
    >
      {view && (
        <svg viewBox={view.viewBox.join(' ')} className="h-full w-full" preserveAspectRatio="none">
          <g vectorEffect="non-scaling-stroke" strokeLinejoin="round" strokeLinecap="round">
            {detail ? (
              // The départements as MapLibre fills and outlines them: the coast where it is, not the coarse one.
              <path data-couche="departements" d={detail.departements} fill={palette.terre} {...borders} />
            ) : (
              <>
                <path d={apercu.terre} fill={palette.terre} />
                {zoom <= DETAIL_MAX_ZOOM && <path d={apercu.limites} fill="none" {...borders} />}
              </>
            )}
            {water && (
              <g data-couche={zoom <= DETAIL_MAX_ZOOM ? 'generale' : 'detaillee'}>
                <path
                  data-couche="lacs"
                  d={water.lacs}
                  fill={palette.lac}
                  stroke={palette.lacBord}
                  strokeWidth={1}
                  vectorEffect="non-scaling-stroke"
                />
                <path
                  data-couche="rivieres"
                  d={water.rivieres}
                  fill="none"
                  stroke={palette.riviere}
                  strokeWidth={riverWidth}
                  vectorEffect="non-scaling-stroke"
                />
              </g>
            )}
            {contour && (
              <path
                d={contour}
                fill={outline?.type.endsWith('Polygon') ? 'rgb(74 163 207 / 0.35)' : 'none'}
                stroke={palette.contour}
                strokeWidth={2}
                vectorEffect="non-scaling-stroke"
              />
            )}
            {groups.map((g) => (
              <g key={g.key}>
                <path d={g.d} stroke={g.ring} strokeWidth={g.outer} vectorEffect="non-scaling-stroke" />
                <path d={g.d} stroke={g.color} strokeWidth={g.disc} vectorEffect="non-scaling-stroke" />
              </g>
            ))}
          </g>
        </svg>
      )}
    </div>
  );
}
