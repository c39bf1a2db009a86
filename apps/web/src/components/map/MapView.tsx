/**
 * MapLibre map with an offline base layer drawn from the bundled outlines (départements, lakes, rivers:
 * IGN/INSEE via france-geojson, Natural Earth) and one circle per point. Loaded lazily (its own chunk).
 * After each render the container exposes `data-rendered-points` (points actually drawn), used by tests.
 */
import * as maplibregl from 'maplibre-gl';
import type { GeoJSONSource, StyleSpecification } from 'maplibre-gl';
import type { FeatureCollection, Geometry } from 'geojson';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import 'maplibre-gl/dist/maplibre-gl.css';
import { useEffect, useRef, useState } from 'react';
import { DARK_QUERY, matchesMedia } from '../../lib/use-media-query';

maplibregl.setWorkerUrl(workerUrl);

export interface MapPoint {
  id: number;
  lat: number;
  lon: number;
  label: string;
  /** Secondary line of the popup card. */
  detail?: string;
  /** Fill colour of the marker. */
  color: string;
  /** Lakes get a thicker outline. */
  shape: 'river' | 'lake';
  href: string;
}

export interface MapViewProps {
  points: MapPoint[];
  /** [west, south, east, north] to fit; defaults to metropolitan France. */
  bbox?: [number, number, number, number] | null;
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
}

export const FRANCE_BBOX: [number, number, number, number] = [-5.2, 41.3, 9.6, 51.2];

function baseStyle(tileUrl?: string | null): StyleSpecification {
  const dark = matchesMedia(DARK_QUERY);
  return {
    version: 8,
    sources: {
      departements: { type: 'geojson', data: '/geo/departements.geojson' },
      lacs: { type: 'geojson', data: '/geo/lakes.geojson' },
      rivieres: { type: 'geojson', data: '/geo/rivers.geojson' },
      points: { type: 'geojson', data: { type: 'FeatureCollection', features: [] } },
      contour: { type: 'geojson', data: { type: 'FeatureCollection', features: [] } },
      ...(tileUrl
        ? {
            tuiles: {
              type: 'raster' as const,
              tiles: [tileUrl],
              tileSize: 256,
              attribution: '© contributeurs des tuiles',
            },
          }
        : {}),
    },
    layers: [
      { id: 'fond', type: 'background', paint: { 'background-color': dark ? '#0b1a24' : '#dcebf3' } },
      ...(tileUrl ? [{ id: 'tuiles', type: 'raster' as const, source: 'tuiles' }] : []),
      {
        id: 'departements-fond',
        type: 'fill',
        source: 'departements',
        paint: { 'fill-color': dark ? '#14242f' : '#fbfcfd', 'fill-opacity': tileUrl ? 0.2 : 1 },
      },
      {
        id: 'departements-limites',
        type: 'line',
        source: 'departements',
        paint: { 'line-color': dark ? '#2f4656' : '#b9c8d3', 'line-width': 0.8 },
      },
      {
        id: 'lacs',
        type: 'fill',
        source: 'lacs',
        paint: { 'fill-color': '#7fc3e3', 'fill-outline-color': '#3d8fb8' },
      },
      {
        id: 'rivieres',
        type: 'line',
        source: 'rivieres',
        paint: {
          'line-color': '#4aa3cf',
          'line-width': ['interpolate', ['linear'], ['zoom'], 4, 0.8, 9, 2.5],
        },
      },
      {
        id: 'contour-fond',
        type: 'fill',
        source: 'contour',
        filter: ['==', ['geometry-type'], 'Polygon'],
        paint: { 'fill-color': '#4aa3cf', 'fill-opacity': 0.35 },
      },
      {
        id: 'contour',
        type: 'line',
        source: 'contour',
        paint: { 'line-color': dark ? '#7fc3e3' : '#0b4f6c', 'line-width': 2 },
      },
      {
        id: 'points',
        type: 'circle',
        source: 'points',
        paint: {
          'circle-color': ['get', 'color'],
          'circle-radius': [
            'interpolate',
            ['linear'],
            ['zoom'],
            4,
            ['case', ['get', 'selected'], 9, ['==', ['get', 'shape'], 'lake'], 6, 4],
            10,
            ['case', ['get', 'selected'], 14, 10],
          ],
          'circle-stroke-color': [
            'case',
            ['get', 'selected'],
            '#1b2733',
            ['==', ['get', 'shape'], 'lake'],
            '#0b4f6c',
            '#ffffff',
          ],
          'circle-stroke-width': ['case', ['get', 'selected'], 3, ['==', ['get', 'shape'], 'lake'], 2.5, 1.2],
        },
      },
    ],
  };
}

function toFeatures(points: MapPoint[], selectedId?: number | null): FeatureCollection {
  return {
    type: 'FeatureCollection',
    // The selected point is drawn last, above its neighbours.
    features: [...points]
      .sort((a, b) => Number(a.id === selectedId) - Number(b.id === selectedId))
      .map((p) => ({
        type: 'Feature',
        id: p.id,
        geometry: { type: 'Point', coordinates: [p.lon, p.lat] },
        properties: { id: p.id, color: p.color, shape: p.shape, selected: p.id === selectedId },
      })),
  };
}

function supportsWebGL(): boolean {
  try {
    const canvas = document.createElement('canvas');
    return !!(canvas.getContext('webgl2') ?? canvas.getContext('webgl'));
  } catch {
    return false;
  }
}

export default function MapView({
  points,
  bbox,
  label,
  onNavigate,
  tileUrl,
  className,
  openLabel,
  outline,
  selectedId,
}: MapViewProps) {
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<maplibregl.Map | null>(null);
  const pointsRef = useRef(points);
  const [supported] = useState(supportsWebGL);
  const [loaded, setLoaded] = useState(false);
  /** True once the current points were handed to the map: only the idle after that counts as "ready". */
  const pointsApplied = useRef(false);
  const navigateRef = useRef(onNavigate);
  const openLabelRef = useRef(openLabel);
  useEffect(() => {
    pointsRef.current = points;
    navigateRef.current = onNavigate;
    openLabelRef.current = openLabel;
  });

  useEffect(() => {
    if (!container.current || !supported) return;
    const map = new maplibregl.Map({
      container: container.current,
      style: baseStyle(tileUrl),
      bounds: FRANCE_BBOX,
      fitBoundsOptions: { padding: 16 },
      attributionControl: { compact: true, customAttribution: 'IGN/INSEE · Natural Earth' },
      dragRotate: false,
      pitchWithRotate: false,
    });
    mapRef.current = map;
    map.addControl(new maplibregl.NavigationControl({ showCompass: false }), 'top-right');
    map.touchZoomRotate.disableRotation();
    const el = container.current;
    map.on('load', () => setLoaded(true));
    map.on('idle', () => {
      if (!pointsApplied.current) return;
      el.dataset.renderedPoints = String(map.queryRenderedFeatures({ layers: ['points'] }).length);
      el.dataset.mapReady = 'true';
    });
    map.on('mouseenter', 'points', () => (map.getCanvas().style.cursor = 'pointer'));
    map.on('mouseleave', 'points', () => (map.getCanvas().style.cursor = ''));
    map.on('click', 'points', (e: maplibregl.MapLayerMouseEvent) => {
      const f = e.features?.[0];
      const id = Number(f?.properties?.id);
      const p = pointsRef.current.find((x) => x.id === id);
      if (!p) return;
      const card = document.createElement('div');
      card.className = 'text-sm';
      const title = document.createElement('p');
      title.className = 'font-semibold text-[#1b2733]';
      title.textContent = p.label;
      card.append(title);
      if (p.detail) {
        const d = document.createElement('p');
        d.className = 'text-[#4a5a68]';
        d.textContent = p.detail;
        card.append(d);
      }
      const a = document.createElement('a');
      a.href = p.href;
      a.className = 'mt-1 inline-block font-semibold text-[#0b4f6c] underline';
      a.textContent = openLabelRef.current ? openLabelRef.current(p.label) : p.label;
      a.addEventListener('click', (ev) => {
        ev.preventDefault();
        navigateRef.current(p.href);
      });
      card.append(a);
      new maplibregl.Popup({ closeButton: true, maxWidth: '260px' })
        .setLngLat([p.lon, p.lat])
        .setDOMContent(card)
        .addTo(map);
    });
    // The container may change size after the map is created (layout settling, panels opening).
    const resize = new ResizeObserver(() => map.resize());
    resize.observe(el);
    return () => {
      resize.disconnect();
      map.remove();
      mapRef.current = null;
    };
  }, [tileUrl, supported]);

  useEffect(() => {
    const map = mapRef.current;
    if (!map || !loaded) return;
    (map.getSource('points') as GeoJSONSource | undefined)?.setData(toFeatures(points, selectedId));
    // Tests (and anyone observation the attributes) wait for the idle that follows these points.
    if (container.current) container.current.dataset.mapReady = 'false';
    pointsApplied.current = true;
    map.triggerRepaint();
  }, [points, selectedId, loaded]);

  useEffect(() => {
    const map = mapRef.current;
    if (!map || !loaded) return;
    (map.getSource('contour') as GeoJSONSource | undefined)?.setData({
      type: 'FeatureCollection',
      features: outline ? [{ type: 'Feature', geometry: outline, properties: {} }] : [],
    });
  }, [outline, loaded]);

  useEffect(() => {
    const map = mapRef.current;
    if (!map || !loaded) return;
    if (container.current) container.current.dataset.mapReady = 'false';
    map.fitBounds(bbox ?? FRANCE_BBOX, { padding: 32, maxZoom: 10, duration: 0 });
    map.triggerRepaint();
  }, [bbox, loaded]);

  if (!supported) return null;
  return <div ref={container} role="region" aria-label={label} className={className ?? 'h-full w-full'} />;
}
