/**
 * MapLibre map with an offline base layer drawn from the bundled outlines (départements, lakes, rivers:
 * IGN/INSEE via france-geojson, Natural Earth) and one GeoJSON source of points. Loaded by `LightMap` once the page
 * has painted (its own chunk), under the static preview (docs/decisions/118).
 * - The outlines come at the level of detail of the zoom (`virtual:limni-geo-couches`, simplified at build time):
 *   each level's source is added when the zoom comes near its band, and its layers show only in that band.
 * - With `clusterLabel`, close points are grouped up to zoom 7 (MapLibre's clustering): each group is a numbered
 *   button, coloured like its most notable point (`MapPoint.rank`), that zooms in.
 * - Names of towns, lakes and rivers (and of the points with `pointNames`) are HTML text over the map
 *   (`LabelLayer`, docs/decisions/124); MapLibre's controls speak the page's language (`locale`).
 * Once idle after its points are set, it reports what it drew (`onStatus`: points drawn, grouped or not, and
 * groups), which `LightMap` writes on its box for tests.
 */
import * as maplibregl from 'maplibre-gl';
import type { GeoJSONFeature, GeoJSONSource, StyleSpecification } from 'maplibre-gl';
import type { FeatureCollection, Point } from 'geojson';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import 'maplibre-gl/dist/maplibre-gl.css';
import { useEffect, useRef, useState } from 'react';
import couches from 'virtual:limni-geo-couches';
import { DARK_QUERY, matchesMedia } from '../../../lib/use-media-query';
import { LabelLayer } from '../label-layer';
import {
  CLUSTER_MAX_ZOOM,
  FIT_MAX_ZOOM,
  FIT_PADDING,
  FRANCE_BBOX,
  type MapPoint,
  type MapStatus,
  type MapViewProps,
  mapPalette,
} from '../map-types';
import { MAP_LOCALE_KEYS, useMapMessages } from '../messages';

maplibregl.setWorkerUrl(workerUrl);

type Palette = ReturnType<typeof mapPalette>;

/** Radius of a group, in pixels. */
const CLUSTER_RADIUS = 40;
const EMPTY: FeatureCollection = { type: 'FeatureCollection', features: [] };

function baseStyle(
  tileUrl: string | null | undefined,
  palette: Palette,
  clustered: boolean,
): StyleSpecification {
  return {
    version: 8,
    sources: {
      lacs: { type: 'geojson', data: couches.lacs },
      points: {
        type: 'geojson',
        data: EMPTY,
        ...(clustered
          ? {
              cluster: true,
              clusterRadius: CLUSTER_RADIUS,
              clusterMaxZoom: CLUSTER_MAX_ZOOM,
              clusterProperties: { rang: ['max', ['get', 'rang']] },
            }
          : {}),
      },
      contour: { type: 'geojson', data: EMPTY },
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
      { id: 'fond', type: 'background', paint: { 'background-color': palette.fond } },
      ...(tileUrl ? [{ id: 'tuiles', type: 'raster' as const, source: 'tuiles' }] : []),
      // The départements and rivers of each level are added here, by `ensureLevels`.
      {
        id: 'lacs',
        type: 'fill',
        source: 'lacs',
        paint: { 'fill-color': palette.lac, 'fill-outline-color': palette.lacBord },
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
        paint: { 'line-color': palette.contour, 'line-width': 2 },
      },
      {
        id: 'points',
        type: 'circle',
        source: 'points',
        filter: ['!', ['has', 'point_count']],
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

/**
 * Adds the outlines of every level whose zoom band is within half a zoom of `zoom`, once: the next level is on its
 * way before the zoom reaches it. Layers of different levels never show together.
 */
function ensureLevels(map: maplibregl.Map, zoom: number, palette: Palette, tiles: boolean): void {
  for (const n of couches.niveaux) {
    if (zoom < n.minzoom - 0.5 || zoom >= n.maxzoom + 0.5) continue;
    const dep = `departements-${n.id}`;
    const riv = `rivieres-${n.id}`;
    if (map.getSource(dep)) continue;
    const band = { minzoom: n.minzoom, maxzoom: n.maxzoom };
    map.addSource(dep, { type: 'geojson', data: n.departements });
    map.addSource(riv, { type: 'geojson', data: n.rivieres });
    map.addLayer(
      {
        id: `${dep}-fond`,
        type: 'fill',
        source: dep,
        ...band,
        paint: { 'fill-color': palette.terre, 'fill-opacity': tiles ? 0.2 : 1 },
      },
      'lacs',
    );
    map.addLayer(
      {
        id: `${dep}-limites`,
        type: 'line',
        source: dep,
        ...band,
        paint: { 'line-color': palette.limites, 'line-width': 0.8 },
      },
      'lacs',
    );
    map.addLayer(
      {
        id: riv,
        type: 'line',
        source: riv,
        ...band,
        paint: {
          'line-color': palette.riviere,
          'line-width': ['interpolate', ['linear'], ['zoom'], 4, 0.8, 9, 2.5],
        },
      },
      'contour-fond',
    );
  }
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
        properties: {
          id: p.id,
          color: p.color,
          rang: p.rank ?? 0,
          shape: p.shape,
          selected: p.id === selectedId,
        },
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

/** The popup card of a point: its name, its detail and a link. */
function popupCard(p: MapPoint, linkText: string, navigate: (href: string) => void): HTMLElement {
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
  a.textContent = linkText;
  a.addEventListener('click', (ev) => {
    ev.preventDefault();
    navigate(p.href);
  });
  card.append(a);
  return card;
}

interface Groups {
  markers: Map<number, { marker: maplibregl.Marker; count: number }>;
  /** Colour of each rank, from the points. */
  colours: Map<number, string>;
  label: (count: number) => string;
}

/** A group's button: its count in dark on white, ringed with the colour of its most notable point. */
function groupButton(map: maplibregl.Map, f: GeoJSONFeature, g: Groups): HTMLButtonElement {
  const count = Number(f.properties['point_count']);
  const id = Number(f.properties['cluster_id']);
  const size = count < 10 ? 28 : count < 50 ? 34 : 40;
  const el = document.createElement('button');
  el.type = 'button';
  el.className =
    'flex items-center justify-center rounded-full bg-white text-xs font-bold text-[#1b2733] shadow ' +
    'cursor-pointer focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-amber-500';
  el.style.width = el.style.height = `${size}px`;
  el.style.border = `5px solid ${g.colours.get(Number(f.properties['rang'])) ?? '#1a6f93'}`;
  el.textContent = String(count);
  el.setAttribute('aria-label', g.label(count));
  el.addEventListener('click', (ev) => {
    ev.stopPropagation();
    const [lon, lat] = (f.geometry as Point).coordinates as [number, number];
    void (map.getSource('points') as GeoJSONSource)
      .getClusterExpansionZoom(id)
      .then((zoom) => map.easeTo({ center: [lon, lat], zoom }))
      .then(() => map.getCanvas().focus());
  });
  return el;
}

/** One marker per group in the loaded tiles (a group may sit in several tiles: drawn once). */
function syncGroups(map: maplibregl.Map, g: Groups): void {
  if (!map.getSource('points') || !map.isSourceLoaded('points')) return;
  const seen = new Set<number>();
  for (const f of map.querySourceFeatures('points', { filter: ['has', 'point_count'] })) {
    const id = Number(f.properties['cluster_id']);
    if (seen.has(id)) continue;
    seen.add(id);
    if (g.markers.has(id)) continue;
    const [lon, lat] = (f.geometry as Point).coordinates as [number, number];
    const marker = new maplibregl.Marker({ element: groupButton(map, f, g) })
      .setLngLat([lon, lat])
      .addTo(map);
    g.markers.set(id, { marker, count: Number(f.properties['point_count']) });
  }
  for (const [id, m] of g.markers) {
    if (seen.has(id)) continue;
    m.marker.remove();
    g.markers.delete(id);
  }
}

function clearGroups(g: Groups): void {
  for (const m of g.markers.values()) m.marker.remove();
  g.markers.clear();
}

/** Points drawn on screen: single markers, and the members of the groups inside the view. */
function renderedCounts(map: maplibregl.Map, g: Groups): { points: number; clusters: number } {
  const single = map.queryRenderedFeatures({ layers: ['points'] }).length;
  const bounds = map.getBounds();
  let members = 0;
  let clusters = 0;
  for (const m of g.markers.values()) {
    if (!bounds.contains(m.marker.getLngLat())) continue;
    clusters++;
    members += m.count;
  }
  return { points: single + members, clusters };
}

export default function MapView({
  points,
  bbox,
  onNavigate,
  tileUrl,
  openLabel,
  outline,
  selectedId,
  clusterLabel,
  pointNames,
  onStatus,
}: MapViewProps & { onStatus: (s: MapStatus) => void }) {
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<maplibregl.Map | null>(null);
  const namesRef = useRef<LabelLayer | null>(null);
  const m = useMapMessages();
  // MapLibre reads its words when the map is made: a change of language makes the map again.
  const mapTitle = m('Map.Title');
  const pointsRef = useRef(points);
  const [supported] = useState(supportsWebGL);
  const [loaded, setLoaded] = useState(false);
  /** True once the current points were handed to the map: only the idle after that counts as "ready". */
  const pointsApplied = useRef(false);
  const navigateRef = useRef(onNavigate);
  const openLabelRef = useRef(openLabel);
  const onStatusRef = useRef(onStatus);
  const bboxRef = useRef(bbox);
  const groups = useRef<Groups>({ markers: new Map(), colours: new Map(), label: clusterLabel ?? String });
  useEffect(() => {
    pointsRef.current = points;
    navigateRef.current = onNavigate;
    openLabelRef.current = openLabel;
    onStatusRef.current = onStatus;
    bboxRef.current = bbox;
    if (clusterLabel) groups.current.label = clusterLabel;
  });
  const clustered = !!clusterLabel;

  useEffect(() => {
    const el = container.current;
    if (!el || !supported) return;
    const palette = mapPalette(matchesMedia(DARK_QUERY));
    const g = groups.current;
    const map = new maplibregl.Map({
      container: el,
      style: baseStyle(tileUrl, palette, clustered),
      // Framed from the start as the preview was (LightMap).
      bounds: bboxRef.current ?? FRANCE_BBOX,
      fitBoundsOptions: { padding: FIT_PADDING, maxZoom: FIT_MAX_ZOOM },
      attributionControl: { compact: true, customAttribution: 'IGN/INSEE · Natural Earth' },
      locale: Object.fromEntries(MAP_LOCALE_KEYS.map((k) => [k, m(k)])),
      dragRotate: false,
      pitchWithRotate: false,
    });
    mapRef.current = map;
    map.addControl(new maplibregl.NavigationControl({ showCompass: false }), 'top-right');
    map.touchZoomRotate.disableRotation();
    map.on('load', () => {
      ensureLevels(map, map.getZoom(), palette, !!tileUrl);
      namesRef.current = new LabelLayer(map, palette);
      setLoaded(true);
    });
    map.on('zoom', () => ensureLevels(map, map.getZoom(), palette, !!tileUrl));
    map.on('move', () => namesRef.current?.schedule());
    map.on('resize', () => namesRef.current?.schedule());
    if (clustered) map.on('render', () => syncGroups(map, g));
    // A move (zoom into a group, pan) is followed by a new idle that reports what is drawn then.
    map.on('movestart', () => onStatusRef.current({ ready: false }));
    map.on('idle', () => {
      if (!pointsApplied.current) return;
      if (clustered) syncGroups(map, g);
      onStatusRef.current({ ready: true, ...renderedCounts(map, g) });
    });
    map.on('mouseenter', 'points', () => (map.getCanvas().style.cursor = 'pointer'));
    map.on('mouseleave', 'points', () => (map.getCanvas().style.cursor = ''));
    map.on('click', 'points', (e: maplibregl.MapLayerMouseEvent) => {
      const id = Number(e.features?.[0]?.properties?.id);
      const p = pointsRef.current.find((x) => x.id === id);
      if (!p) return;
      const text = openLabelRef.current ? openLabelRef.current(p.label) : p.label;
      new maplibregl.Popup({ closeButton: true, maxWidth: '260px' })
        .setLngLat([p.lon, p.lat])
        .setDOMContent(popupCard(p, text, (href) => navigateRef.current(href)))
        .addTo(map);
    });
    // The container may change size after the map is created (layout settling, panels opening).
    const resize = new ResizeObserver(() => map.resize());
    resize.observe(el);
    return () => {
      resize.disconnect();
      clearGroups(g);
      namesRef.current?.remove();
      namesRef.current = null;
      map.remove();
      mapRef.current = null;
      setLoaded(false);
    };
    // The map is made once per tile source and language; later extents go through the effect below.
  }, [tileUrl, supported, clustered, m, mapTitle]);

  useEffect(() => {
    const map = mapRef.current;
    if (!map || !loaded) return;
    const g = groups.current;
    g.colours.clear();
    for (const p of points) if (!g.colours.has(p.rank ?? 0)) g.colours.set(p.rank ?? 0, p.color);
    // Groups are made anew from the new data (their ids and colours change).
    clearGroups(g);
    (map.getSource('points') as GeoJSONSource | undefined)?.setData(toFeatures(points, selectedId));
    namesRef.current?.setPoints(points, selectedId ?? null, !!pointNames, !clustered);
    // Tests (and anyone observing the attributes) wait for the idle that follows these points.
    onStatusRef.current({ ready: false });
    pointsApplied.current = true;
    map.triggerRepaint();
  }, [points, selectedId, loaded, pointNames, clustered]);

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
    onStatusRef.current({ ready: false });
    map.fitBounds(bbox ?? FRANCE_BBOX, { padding: FIT_PADDING, maxZoom: FIT_MAX_ZOOM, duration: 0 });
    map.triggerRepaint();
  }, [bbox, loaded]);

  if (!supported) return null;
  return (
    <div className="absolute inset-0">
      <div ref={container} className="h-full w-full" />
    </div>
  );
}
