/**
 * What a map shows, shared by the static preview (`MapPreview`), the deferred loader (`LightMap`) and the MapLibre
 * map (`MapView`, its own chunk) — docs/decisions/118.
 */
import type { Geometry } from 'geojson';

export interface MapPoint {
  id: number;
  lat: number;
  lon: number;
  label: string;
  /** Secondary line of the popup card. */
  detail?: string;
  /** Fill colour of the marker. */
  color: string;
  /**
   * How notable the colour is (higher = more): a group of close markers (clustering) takes the colour of its most
   * notable one. Points of one colour have one rank.
   */
  rank?: number;
  /** Lakes get a thicker outline. */
  shape: 'river' | 'lake';
  href: string;
}

/** What the map drew once idle: points on screen (grouped or not) and groups; `ready: false` while it redraws. */
export type MapStatus = { ready: false } | { ready: true; points: number; clusters: number };

/** [west, south, east, north] in degrees. */
export type Bbox = [number, number, number, number];

export interface MapViewProps {
  points: MapPoint[];
  /** [west, south, east, north] to fit; defaults to metropolitan France. */
  bbox?: Bbox | null;
  label: string;
  onNavigate: (href: string) => void;
  /** Optional raster tiles URL template (from /api/hydro/maps) drawn under the outlines. */
  tileUrl?: string | null;
  className?: string;
  openLabel?: (label: string) => string;
  /** Optional outline drawn under the points (a lake's polygon, a river's line). */
  outline?: Geometry | null;
  /** Point drawn larger, with a dark ring (the place being viewed). */
  selectedId?: number | null;
  /**
   * Close markers are grouped at low zoom (up to zoom 7) into one numbered button each, which zooms in; the name
   * of such a button, given its count. Without it, every marker is drawn.
   */
  clusterLabel?: (count: number) => string;
  /** The points' names are written beside them (the viewed place first, then the nearest), with the base's names. */
  pointNames?: boolean;
}

/** Metropolitan France with Corsica (the map's default extent). */
export const FRANCE_BBOX: Bbox = [-5.2, 41.3, 9.6, 51.2];

/** How the map frames its extent: padding in pixels, zoom at most. */
export const FIT_PADDING = 32;
export const FIT_MAX_ZOOM = 10;
/** Markers are grouped up to this zoom. */
export const CLUSTER_MAX_ZOOM = 7;

/** Colours of the offline base map, light and dark: the same in the preview and in MapLibre. */
export function mapPalette(dark: boolean) {
  return {
    fond: dark ? '#0b1a24' : '#dcebf3',
    terre: dark ? '#14242f' : '#fbfcfd',
    limites: dark ? '#2f4656' : '#b9c8d3',
    lac: '#7fc3e3',
    lacBord: '#3d8fb8',
    riviere: '#4aa3cf',
    contour: dark ? '#7fc3e3' : '#0b4f6c',
    /** Names (docs/decisions/124): towns and places, their halo, the places' tag, water. */
    texte: dark ? '#e6eef4' : '#1b2733',
    halo: dark ? '#0b1a24' : '#ffffff',
    etiquette: dark ? 'rgb(11 26 36 / 0.9)' : 'rgb(255 255 255 / 0.92)',
    eau: dark ? '#9fd3ec' : '#0b5a80',
  };
}

/** Marker radius and ring at a zoom, as MapLibre interpolates them (4 → 10). */
export function markerStyle(shape: MapPoint['shape'], selected: boolean, zoom: number) {
  const t = Math.min(1, Math.max(0, (zoom - 4) / 6));
  const low = selected ? 9 : shape === 'lake' ? 6 : 4;
  const high = selected ? 14 : 10;
  return {
    radius: low + (high - low) * t,
    ring: selected ? '#1b2733' : shape === 'lake' ? '#0b4f6c' : '#ffffff',
    ringWidth: selected ? 3 : shape === 'lake' ? 2.5 : 1.2,
  };
}
