/**
 * The static preview's geometry (docs/decisions/118): it frames an extent exactly as MapLibre's `fitBounds` does
 * (Web Mercator, 512-px world at zoom 0, padding, zoom cap), so the map drawn later lands on the same pixels.
 * Preview units: hundredths of a degree of longitude, y southwards (the build's `virtual:limni-geo-apercu` paths).
 */
import type { Geometry, Position } from 'geojson';
import { type Bbox, FIT_MAX_ZOOM, FIT_PADDING, type MapPoint, markerStyle } from './map-types';

export const PREVIEW_SCALE = 100;

/** Web Mercator's y in degrees (equal to the latitude at the equator, growing northwards). */
export const mercY = (lat: number) =>
  (Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360)) * 180) / Math.PI;

/** [lon, lat] → preview units. */
export const toPreview = (lon: number, lat: number): [number, number] => [
  lon * PREVIEW_SCALE,
  -mercY(lat) * PREVIEW_SCALE,
];

/** Web Mercator's y in degrees → latitude. */
export const latOfMercY = (y: number) =>
  ((2 * Math.atan(Math.exp((y * Math.PI) / 180)) - Math.PI / 2) * 180) / Math.PI;

/**
 * The cells of the preview's full outlines (`apercu.detail`, docs/decisions/145) that a box shows, among the `cells`
 * that exist (`x_y`: west and south of a cell of `size` degrees).
 */
export function detailCells(
  viewBox: readonly [number, number, number, number],
  cells: readonly string[],
  size = 1,
): string[] {
  const [x, y, w, h] = viewBox;
  const west = Math.floor(x / PREVIEW_SCALE / size);
  const east = Math.floor((x + w) / PREVIEW_SCALE / size);
  const north = Math.floor(latOfMercY(-y / PREVIEW_SCALE) / size);
  const south = Math.floor(latOfMercY(-(y + h) / PREVIEW_SCALE) / size);
  const exists = new Set(cells);
  const out: string[] = [];
  for (let cx = west; cx <= east; cx++) {
    for (let cy = south; cy <= north; cy++) {
      const key = `${cx * size}_${cy * size}`;
      if (exists.has(key)) out.push(key);
    }
  }
  return out;
}

export interface PreviewView {
  zoom: number;
  /** The whole box in preview units: [x, y, width, height]. */
  viewBox: [number, number, number, number];
}

/**
 * The zoom and visible rectangle of a `width` × `height` px box fitted to `bbox` with `padding` px on each side and
 * the zoom capped at `maxZoom` — what `map.fitBounds(bbox, { padding, maxZoom })` shows.
 */
export function fitView(
  bbox: Bbox,
  width: number,
  height: number,
  padding = FIT_PADDING,
  maxZoom = FIT_MAX_ZOOM,
): PreviewView {
  const [west, south, east, north] = bbox;
  const x0 = west;
  const x1 = east;
  const y0 = -mercY(north);
  const y1 = -mercY(south);
  // At zoom z the world's 360 degrees of longitude are 512 · 2^z pixels.
  let scale = Math.min(
    Math.max(1, width - 2 * padding) / (x1 - x0),
    Math.max(1, height - 2 * padding) / (y1 - y0),
  );
  let zoom = Math.log2((scale * 360) / 512);
  if (!(zoom <= maxZoom)) {
    zoom = maxZoom;
    scale = (512 * 2 ** maxZoom) / 360;
  }
  const w = width / scale;
  const h = height / scale;
  const cx = (x0 + x1) / 2;
  const cy = (y0 + y1) / 2;
  return {
    zoom,
    viewBox: [
      (cx - w / 2) * PREVIEW_SCALE,
      (cy - h / 2) * PREVIEW_SCALE,
      w * PREVIEW_SCALE,
      h * PREVIEW_SCALE,
    ],
  };
}

export interface MarkerGroup {
  key: string;
  /** One zero-length segment per point: a round cap draws the disc (the stroke does not scale with the box). */
  d: string;
  color: string;
  ring: string;
  /** Diameters in pixels of the disc and of the disc with its ring. */
  disc: number;
  outer: number;
}

/**
 * The markers as few SVG paths (one per colour, shape and selection), drawn in the order MapLibre draws them: the
 * selected point last.
 */
export function markerGroups(
  points: readonly MapPoint[],
  selectedId: number | null,
  zoom: number,
): MarkerGroup[] {
  const groups = new Map<string, MarkerGroup>();
  const ordered = [...points].sort((a, b) => Number(a.id === selectedId) - Number(b.id === selectedId));
  for (const p of ordered) {
    const selected = p.id === selectedId;
    const key = `${p.color}|${p.shape}|${selected}`;
    const style = markerStyle(p.shape, selected, zoom);
    let g = groups.get(key);
    if (!g) {
      g = {
        key,
        d: '',
        color: p.color,
        ring: style.ring,
        disc: 2 * style.radius,
        outer: 2 * (style.radius + style.ringWidth),
      };
      groups.set(key, g);
    }
    const [x, y] = toPreview(p.lon, p.lat);
    g.d += `M${x.toFixed(2)} ${y.toFixed(2)}h0`;
  }
  return [...groups.values()];
}

function lines(g: Geometry): Position[][] {
  switch (g.type) {
    case 'Polygon':
      return g.coordinates;
    case 'MultiPolygon':
      return g.coordinates.flat();
    case 'LineString':
      return [g.coordinates];
    case 'MultiLineString':
      return g.coordinates;
    default:
      return [];
  }
}

/** An outline (a lake's polygon, a river's line) as path data in preview units; closed for polygons. */
export function outlinePath(g: Geometry): string {
  const close = g.type === 'Polygon' || g.type === 'MultiPolygon';
  return lines(g)
    .map((line) => {
      const pts = line.map(([lon, lat]) => toPreview(lon ?? 0, lat ?? 0));
      return `M${pts.map(([x, y]) => `${x.toFixed(2)} ${y.toFixed(2)}`).join('L')}${close ? 'z' : ''}`;
    })
    .join('');
}
