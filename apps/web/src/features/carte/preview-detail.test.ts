/**
 * The static preview of a small extent (a river, a lake, a stretch) draws the water it is about
 * (docs/decisions/145): the build cuts the full outlines into cells, and the cells the preview fetches for the
 * extent hold a river or lake path inside the box. The extents are computed from the seed data: the places'
 * coordinates (`france_stations.csv.gz`) and the lake's outline (`lakes.geojson`), as the entity page frames them.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { parse } from 'csv-parse/sync';
import type { FeatureCollection, Polygon } from 'geojson';
import { describe, expect, it } from 'vitest';
import { buildGeo, type GeoDetail } from '../../../scripts/geo-levels';
import { extentOf } from '../hydro';
import type { Bbox } from './map-types';
import { detailCells, fitView } from './preview';

const root = path.resolve(import.meta.dirname, '../../../../..');
const seed = path.join(root, 'apps/api/seed-data');
const geo = buildGeo(path.join(root, 'apps/web/public/geo'));
const tiles = new Map(
  geo.files
    .filter((f) => f.name.startsWith(geo.apercu.detail.base.slice(1)))
    .map((f) => [
      f.name.slice(geo.apercu.detail.base.length - 1, -'.json'.length),
      JSON.parse(f.body) as GeoDetail,
    ]),
);

interface Station {
  libelle_station: string;
  libelle_site: string;
  longitude: string;
  latitude: string;
  code_bassin: string;
}
const stations = parse(zlib.gunzipSync(fs.readFileSync(path.join(seed, 'france_stations.csv.gz'))), {
  columns: true,
}) as Station[];

/** The absolute points of SVG path data as the build writes it (`M x y l dx dy …`, `z`). */
function pathPoints(d: string): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  let at: [number, number] = [0, 0];
  for (const [, cmd, args] of d.matchAll(/([Mlz])([^Mlz]*)/g)) {
    const n = (args?.match(/-?(?:\d+\.?\d*|\.\d+)/g) ?? []).map(Number);
    for (let i = 0; i + 1 < n.length; i += 2) {
      const x = n[i] as number;
      const y = n[i + 1] as number;
      at = cmd === 'M' && i === 0 ? [x, y] : [at[0] + x, at[1] + y];
      out.push(at);
    }
  }
  return out;
}

/** What the preview of `bbox` in a box of `w` × `h` px draws of `layer`: the points inside the box. */
function drawnInside(bbox: Bbox, w: number, h: number, layer: keyof GeoDetail) {
  const view = fitView(bbox, w, h);
  expect(view.zoom).toBeGreaterThan(7);
  const [x, y, vw, vh] = view.viewBox;
  const cells = detailCells(view.viewBox, geo.apercu.detail.cells);
  const d = cells.map((k) => tiles.get(k)?.[layer] ?? '').join('');
  return pathPoints(d).filter(([px, py]) => px >= x && px <= x + vw && py >= y && py <= y + vh);
}

/** The entity page's extent of places (`extentOf`, as `use-entite-lieux.ts`). */
const extentOfSites = (filter: (s: Station) => boolean) =>
  extentOf(
    stations.filter(filter).map((s) => ({ lon: Number(s.longitude), lat: Number(s.latitude) })),
  ) as Bbox;

// The map's box on the entity and stretch pages: a phone (390 px wide) and a desktop (1440 px wide).
const BOXES: Array<[number, number]> = [
  [356, 464],
  [806, 627],
];

describe('the preview of a small extent draws its water', () => {
  it('every cell of the detail holds path data, a few kilobytes gzip at most', () => {
    expect(tiles.size).toBe(geo.apercu.detail.cells.length);
    expect(tiles.size).toBeGreaterThan(100);
    for (const f of geo.files.filter((x) => x.name.includes('geo-apercu-'))) {
      expect(zlib.gzipSync(f.body).length).toBeLessThan(8192);
    }
  });

  it('the Loing: its river is drawn between its places', () => {
    const loing = extentOfSites(
      // The Loing of the Seine basin (another Loing flows in Vendée).
      (s) => s.libelle_site.startsWith('Le Loing à') && s.code_bassin === '03',
    );
    expect(loing[3] - loing[1]).toBeGreaterThan(0.5);
    for (const [w, h] of BOXES) {
      expect(drawnInside(loing, w, h, 'rivieres').length).toBeGreaterThan(20);
      // The land and its borders too: the départements around it, whole.
      expect(drawnInside(loing, w, h, 'departements').length).toBeGreaterThan(20);
    }
  });

  it("Lac d'Annecy: its lake is drawn", () => {
    const lakes = JSON.parse(fs.readFileSync(path.join(seed, 'lakes.geojson'), 'utf8')) as FeatureCollection;
    const annecy = lakes.features.find((f) => f.properties?.['nom_fr'] === "Lac d'Annecy");
    const bbox = extentOf([], annecy?.geometry as Polygon) as Bbox;
    for (const [w, h] of BOXES) expect(drawnInside(bbox, w, h, 'lacs').length).toBeGreaterThan(5);
  });

  it('the stretch « Garonne toulousaine »: the Garonne is drawn between Cazères and Toulouse', () => {
    const names = ['Toulouse [Pont-Neuf]', 'Portet', 'Marquefave', 'Cazères', 'Toulouse - St-Michel'];
    const sites = (s: Station) => s.libelle_site.includes('Garonne') && names.includes(s.libelle_station);
    expect(stations.filter(sites).length).toBeGreaterThanOrEqual(4);
    const bbox = extentOfSites(sites);
    for (const [w, h] of BOXES) expect(drawnInside(bbox, w, h, 'rivieres').length).toBeGreaterThan(20);
  });
});
