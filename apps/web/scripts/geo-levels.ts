/**
 * The map's outlines, simplified per zoom band at build time (docs/decisions/118), from the full outlines of
 * `public/geo/` (départements: IGN/INSEE via france-geojson; rivers and lakes: Natural Earth). Nothing is
 * downloaded: the sources are in the repository.
 *
 * - For MapLibre: départements and rivers at three levels (`bas` below zoom 6, `moyen` 6–8, `fin` from 8), lakes at
 *   one. Each level is a topology-preserving simplification (topojson: shared borders are simplified once, so
 *   neighbouring départements never open a gap), properties dropped, coordinates rounded. Emitted as hashed files
 *   `assets/geo-<couche>-<niveau>-<hash>.geojson`; their URLs and zoom bands are the virtual module
 *   `virtual:limni-geo-couches`.
 * - For the static preview drawn before MapLibre arrives: the coarsest outlines as SVG paths in Web Mercator
 *   (`virtual:limni-geo-apercu`), inlined in the page's chunk.
 *
 * - Names for the map's labels (docs/decisions/124): main towns (Natural Earth 1:50m populated places,
 *   `towns.geojson`), lakes and rivers (their `nom_fr`), as anchor points (`virtual:limni-geo-noms`, in the map's chunk).
 * - Past zoom 7 the preview fetches the full outlines of the 1° cells in view (`GeoApercu.detail`), and the entity
 *   screens learn whether their river or lake is on the base map (`virtual:limni-geo-eaux`): docs/decisions/145.
 *
 * `geoLevels()` is the Vite plugin: it builds once per process, emits the files in a build and serves them in dev.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type {
  Feature,
  FeatureCollection,
  Geometry,
  LineString,
  MultiLineString,
  MultiPolygon,
  Polygon,
  Position,
} from 'geojson';
import { feature, merge, mesh } from 'topojson-client';
import { topology } from 'topojson-server';
import { presimplify, simplify } from 'topojson-simplify';
import type { GeometryCollection, Objects, Topology } from 'topojson-specification';
import type { Plugin } from 'vite';

/** One zoom band: Visvalingam's minimum triangle area (square degrees) and the decimals kept. */
export interface GeoLevel {
  id: 'bas' | 'moyen' | 'fin';
  minzoom: number;
  maxzoom: number;
  /** Points whose triangle with their neighbours is smaller than this are dropped. */
  minArea: number;
  decimals: number;
}

/**
 * At zoom z (512-px tiles) a pixel is 360 / (512 · 2^z) degrees, so a square pixel is 1.3e-3 deg² at z 4.3 (France
 * on a phone), 2.4e-4 at z 5.5 (France on a desktop), 1.2e-4 at z 6. Each level drops the triangles under about one
 * square pixel in the middle of its band (two at its top), and rounds to a tenth of a pixel. The départements'
 * source is already thinned to about 1e-4 deg² (its points are 1–2 km apart), so `moyen` keeps nearly all of
 * them, and `fin` is the full outlines, rounded to 11 m.
 */
export const GEO_LEVELS: readonly GeoLevel[] = [
  { id: 'bas', minzoom: 0, maxzoom: 5, minArea: 1e-3, decimals: 3 },
  { id: 'moyen', minzoom: 5, maxzoom: 6.5, minArea: 1.2e-4, decimals: 3 },
  { id: 'fin', minzoom: 6.5, maxzoom: 24, minArea: 0, decimals: 4 },
];

/** The preview: the `bas` level (France on a phone or a desktop). */
const PREVIEW_MIN_AREA = 1e-3;
/** Preview units: hundredths of a degree of longitude (Web Mercator, y downwards). */
export const PREVIEW_SCALE = 100;

export interface GeoCouches {
  niveaux: Array<{
    id: GeoLevel['id'];
    minzoom: number;
    maxzoom: number;
    departements: string;
    rivieres: string;
  }>;
  lacs: string;
}

export interface GeoApercu {
  /** France's land (the union of the départements), filled. */
  terre: string;
  /** Borders between départements, each once. */
  limites: string;
  rivieres: string;
  lacs: string;
  /**
   * The full outlines for a preview framed past zoom 7 (a river, a lake, a stretch: docs/decisions/145), one file per
   * cell of `DETAIL_CELL` degrees: `${base}${x}_${y}.json` (x, y: the cell's west and south in whole degrees) for the
   * cells listed, each a `GeoDetail`.
   */
  detail: { base: string; cells: string[] };
}

/** The preview's full outlines in one cell (`GeoApercu.detail`): SVG path data to 1/100 of a preview unit. */
export interface GeoDetail {
  /** Whole départements that reach into the cell (filled: the land, its coast and its borders as MapLibre's). */
  departements: string;
  /** Rivers, cut at the cell's edges. */
  rivieres: string;
  /** Whole lakes that reach into the cell (filled: never cut). */
  lacs: string;
}

/** A name drawn on the map at a point: a town, a lake or a river (one anchor per stretch of river). */
export interface GeoNom {
  nom: string;
  genre: 'ville' | 'lac' | 'riviere';
  lon: number;
  lat: number;
  /** Zoom from which the name may show (Natural Earth's `min_zoom`, brought forward). */
  zoom: number;
  /** Higher first when names collide: population, area, length. */
  poids: number;
}

export interface GeoFile {
  name: string;
  body: string;
  points: number;
}

export interface GeoBuild {
  files: GeoFile[];
  couches: GeoCouches;
  apercu: GeoApercu;
  noms: GeoNom[];
}

type Shape = Geometry | null;

function countPoints(g: unknown): number {
  if (!Array.isArray(g)) return 0;
  if (typeof g[0] === 'number') return 1;
  return g.reduce((n: number, c: unknown) => n + countPoints(c), 0);
}

function roundCoords(c: unknown, f: number): unknown {
  if (!Array.isArray(c)) return c;
  // Presimplified arcs carry their weight as a third number: only [lon, lat] is kept.
  if (typeof c[0] === 'number') return (c as number[]).slice(0, 2).map((v) => Math.round(v * f) / f);
  return c.map((x) => roundCoords(x, f));
}

/** Drops repeated points (after rounding) and degenerate rings or lines. */
function cleanGeometry(g: Geometry): Geometry | null {
  const dedupe = (line: Position[]) =>
    line.filter((p, i) => i === 0 || p[0] !== line[i - 1]?.[0] || p[1] !== line[i - 1]?.[1]);
  const ring = (r: Position[]) => {
    const d = dedupe(r);
    return d.length >= 4 ? d : null;
  };
  const poly = (p: Position[][]) => {
    const outer = p[0] ? ring(p[0]) : null;
    if (!outer) return null;
    const holes = p.slice(1).map(ring);
    return [outer, ...holes.filter((r): r is Position[] => r !== null)];
  };
  switch (g.type) {
    case 'Polygon': {
      const p = poly(g.coordinates);
      return p ? { type: 'Polygon', coordinates: p } : null;
    }
    case 'MultiPolygon': {
      const ps = g.coordinates.map(poly).filter((p): p is Position[][] => p !== null);
      return ps.length ? { type: 'MultiPolygon', coordinates: ps } : null;
    }
    case 'LineString': {
      const l = dedupe(g.coordinates);
      return l.length >= 2 ? { type: 'LineString', coordinates: l } : null;
    }
    case 'MultiLineString': {
      const ls = g.coordinates.map(dedupe).filter((l) => l.length >= 2);
      return ls.length ? { type: 'MultiLineString', coordinates: ls } : null;
    }
    default:
      return g;
  }
}

/** A collection of bare geometries (no properties: the map needs none), coordinates rounded. */
function bareCollection(shapes: Shape[], decimals: number): { body: string; points: number } {
  const f = 10 ** decimals;
  const features: Feature[] = [];
  for (const s of shapes) {
    if (!s || !('coordinates' in s)) continue;
    const g = cleanGeometry({ ...s, coordinates: roundCoords(s.coordinates, f) } as Geometry);
    if (g) features.push({ type: 'Feature', properties: {}, geometry: g });
  }
  const fc: FeatureCollection = { type: 'FeatureCollection', features };
  return {
    body: JSON.stringify(fc),
    points: features.reduce((n, x) => n + countPoints((x.geometry as Polygon).coordinates), 0),
  };
}

function shapesOf(topo: Topology, name: string): Shape[] {
  const fc = feature(topo, topo.objects[name] as GeometryCollection);
  return fc.features.map((x) => x.geometry);
}

const mercY = (lat: number) => (Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360)) * 180) / Math.PI;

/** [lon, lat] → preview units (x east, y south), in `1 / precision` of a unit (whole numbers). */
export function previewPoint([lon, lat]: Position, precision = 1): [number, number] {
  const f = PREVIEW_SCALE * precision;
  return [Math.round((lon ?? 0) * f), Math.round(-mercY(lat ?? 0) * f)];
}

/**
 * SVG path data with relative moves: `M x y l dx dy …` per line, `z` closing rings when asked; coordinates in preview
 * units to `1 / precision`.
 */
function svgPath(lines: Position[][], close: boolean, precision = 1): string {
  const n = (v: number) => String(v / precision);
  let d = '';
  for (const line of lines) {
    const pts = line.map((p) => previewPoint(p, precision));
    const kept = pts.filter((p, i) => i === 0 || p[0] !== pts[i - 1]?.[0] || p[1] !== pts[i - 1]?.[1]);
    if (kept.length < (close ? 4 : 2)) continue;
    const [x0, y0] = kept[0] as [number, number];
    d += `M${n(x0)} ${n(y0)}l`;
    const steps: string[] = [];
    for (let i = 1; i < kept.length - (close ? 1 : 0); i++) {
      const [x, y] = kept[i] as [number, number];
      const [px, py] = kept[i - 1] as [number, number];
      steps.push(`${n(x - px)} ${n(y - py)}`);
    }
    d += steps.join(' ').replace(/ -/g, '-');
    if (close) d += 'z';
  }
  return d;
}

const linesOf = (g: Shape): Position[][] => {
  if (!g) return [];
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
};

function readCollection(dir: string, file: string): FeatureCollection {
  return JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as FeatureCollection;
}

/** Side of a detail cell, in degrees (a map of the Loing at zoom 8 spans 2–3 cells; of a lake at zoom 10, 1–4). */
export const DETAIL_CELL = 1;
/** Cells are made over metropolitan France and its borders only: [west, south, east, north]. */
const DETAIL_EXTENT = [-6, 41, 11, 52] as const;
/** Detail coordinates to 1/100 of a preview unit (1e-4 degree, about 10 m: the `fin` level's rounding). */
const DETAIL_PRECISION = 100;

export const cellKey = (x: number, y: number) => `${x}_${y}`;

/** The cells a segment's extent meets. */
function cellsOf(points: readonly Position[]): string[] {
  const xs = points.map((p) => Math.floor((p[0] ?? 0) / DETAIL_CELL));
  const ys = points.map((p) => Math.floor((p[1] ?? 0) / DETAIL_CELL));
  const keys: string[] = [];
  for (let x = Math.min(...xs); x <= Math.max(...xs); x++) {
    for (let y = Math.min(...ys); y <= Math.max(...ys); y++) {
      keys.push(cellKey(x * DETAIL_CELL, y * DETAIL_CELL));
    }
  }
  return keys;
}

/**
 * Lines cut into runs per cell: each segment goes to every cell its extent meets, and consecutive segments in one
 * cell make one run. A run may stick out of its cell by one segment: the cells' drawings overlap, never leave a gap.
 */
function cutIntoCells(lines: readonly Position[][], into: Map<string, Position[][]>): void {
  for (const line of lines) {
    const open = new Map<string, Position[]>();
    for (let i = 1; i < line.length; i++) {
      const a = line[i - 1] as Position;
      const b = line[i] as Position;
      for (const key of cellsOf([a, b])) {
        let run = open.get(key);
        if (!run || run[run.length - 1] !== a) {
          run = [a];
          open.set(key, run);
          into.set(key, [...(into.get(key) ?? []), run]);
        }
        run.push(b);
      }
    }
  }
}

/** The full outlines cut per cell (`GeoApercu.detail`), as SVG path data, for the cells in `DETAIL_EXTENT`. */
export function buildDetail(
  departements: readonly Position[][][],
  rivieres: readonly Position[][],
  lacs: readonly Position[][][],
): Map<string, GeoDetail> {
  const dep = new Map<string, Position[][]>();
  const riv = new Map<string, Position[][]>();
  const lac = new Map<string, Position[][]>();
  /** Polygons go whole to every cell their extent meets: a filled shape cannot be cut without clipping. */
  const whole = (polygons: readonly Position[][][], into: Map<string, Position[][]>) => {
    for (const rings of polygons) {
      for (const key of cellsOf(rings.flat())) into.set(key, [...(into.get(key) ?? []), ...rings]);
    }
  };
  whole(departements, dep);
  cutIntoCells(rivieres, riv);
  whole(lacs, lac);
  const [west, south, east, north] = DETAIL_EXTENT;
  const out = new Map<string, GeoDetail>();
  for (let x = west; x < east; x += DETAIL_CELL) {
    for (let y = south; y < north; y += DETAIL_CELL) {
      const key = cellKey(x, y);
      const tile: GeoDetail = {
        departements: svgPath(dep.get(key) ?? [], true, DETAIL_PRECISION),
        rivieres: svgPath(riv.get(key) ?? [], false, DETAIL_PRECISION),
        lacs: svgPath(lac.get(key) ?? [], true, DETAIL_PRECISION),
      };
      if (tile.departements || tile.rivieres || tile.lacs) out.set(key, tile);
    }
  }
  return out;
}

const hashOf = (body: string) => crypto.createHash('sha256').update(body).digest('hex').slice(0, 8);

/**
 * Natural Earth's `min_zoom` says from which zoom a name belongs on a map of the world; on a map of France it is
 * brought forward by this much (Toulouse: 6.0 → 4.0, France on a phone is about 4.3). Names that do not fit are
 * dropped on screen by the map, biggest first.
 */
const NAME_ZOOM_AHEAD = 2;
/**
 * A river gets a name every `step` degrees along its line, the first half a step in: every degree (about 110 km)
 * from its own zoom, closer together from zoom 7 and 9, so that a map of a few kilometres still names its river.
 * The map keeps names of one river well apart on screen.
 */
const RIVER_NAME_STEPS: ReadonlyArray<{ step: number; zoom: number }> = [
  { step: 1, zoom: 0 },
  { step: 0.25, zoom: 7 },
  { step: 0.1, zoom: 9 },
];

const num = (v: unknown, fallback: number) => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);
const round4 = (v: number) => Math.round(v * 1e4) / 1e4;

/** Anchors every `step` degrees along the lines, the first at half a step. */
function alongLines(lines: Position[][], step: number): Array<{ at: Position; length: number }> {
  const out: Array<{ at: Position; length: number }> = [];
  for (const line of lines) {
    let length = 0;
    for (let i = 1; i < line.length; i++) {
      const a = line[i - 1] as Position;
      const b = line[i] as Position;
      length += Math.hypot((b[0] ?? 0) - (a[0] ?? 0), (b[1] ?? 0) - (a[1] ?? 0));
    }
    let next = Math.min(step / 2, length / 2);
    let walked = 0;
    for (let i = 1; i < line.length; i++) {
      const a = line[i - 1] as Position;
      const b = line[i] as Position;
      walked += Math.hypot((b[0] ?? 0) - (a[0] ?? 0), (b[1] ?? 0) - (a[1] ?? 0));
      if (walked < next) continue;
      out.push({ at: b, length });
      next += step;
    }
  }
  return out;
}

/**
 * The names of the base map: towns (`towns.geojson`: Natural Earth 1:50m populated places in metropolitan France),
 * lakes and rivers in France with a French name (`nom_fr`). A river whose Natural Earth line is a chain of streams
 * (`Aire – Aisne – Oise`) is not named: its line does not say where one name ends and the next begins.
 */
export function buildNoms(geoDir: string): GeoNom[] {
  const noms: GeoNom[] = [];
  for (const f of readCollection(geoDir, 'towns.geojson').features) {
    if (f.geometry.type !== 'Point') continue;
    const [lon = 0, lat = 0] = f.geometry.coordinates;
    noms.push({
      nom: String(f.properties?.['nom']),
      genre: 'ville',
      lon: round4(lon),
      lat: round4(lat),
      zoom: Math.max(0, num(f.properties?.['min_zoom'], 7) - NAME_ZOOM_AHEAD),
      poids: num(f.properties?.['pop_max'], 0),
    });
  }
  for (const f of readCollection(geoDir, 'lakes.geojson').features) {
    const nom = f.properties?.['nom_fr'];
    if (typeof nom !== 'string' || !f.properties?.['en_france']) continue;
    const ring = linesOf(f.geometry)[0] ?? [];
    if (!ring.length) continue;
    // The middle of the lake's extent (Natural Earth lakes in France are compact enough for it to fall inside).
    const xs = ring.map((p) => p[0] ?? 0);
    const ys = ring.map((p) => p[1] ?? 0);
    const [w, e, s, n] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
    noms.push({
      nom,
      genre: 'lac',
      lon: round4((w + e) / 2),
      lat: round4((s + n) / 2),
      zoom: Math.max(0, num(f.properties?.['min_zoom'], 7) - NAME_ZOOM_AHEAD),
      poids: (e - w) * (n - s),
    });
  }
  for (const f of readCollection(geoDir, 'rivers.geojson').features) {
    const nom = f.properties?.['nom_fr'];
    if (typeof nom !== 'string' || nom.includes(' – ') || !f.properties?.['en_france']) continue;
    const own = Math.max(0, num(f.properties?.['min_zoom'], 7) - NAME_ZOOM_AHEAD);
    for (const { step, zoom } of RIVER_NAME_STEPS) {
      for (const { at, length } of alongLines(linesOf(f.geometry), step)) {
        const [lon = 0, lat = 0] = at;
        if (lon < -5.5 || lon > 10 || lat < 41 || lat > 51.5) continue;
        noms.push({
          nom,
          genre: 'riviere',
          lon: round4(lon),
          lat: round4(lat),
          zoom: Math.max(own, zoom),
          poids: length,
        });
      }
    }
  }
  return noms;
}

/**
 * The water the base map draws in France, for a map to say whether its river or lake is among it
 * (docs/decisions/145): the lakes' `nom_fr`, and each river of a chain (`Ouanne – Loing` gives Ouanne and Loing),
 * lower case, sorted (`virtual:limni-geo-eaux`, in the entity screen's chunk).
 */
export function buildEaux(geoDir: string): string[] {
  const noms = new Set<string>();
  for (const file of ['rivers.geojson', 'lakes.geojson']) {
    for (const f of readCollection(geoDir, file).features) {
      const nom = f.properties?.['nom_fr'];
      if (typeof nom !== 'string' || !f.properties?.['en_france']) continue;
      for (const part of nom.split(' – ')) noms.add(part.trim().toLocaleLowerCase('fr'));
    }
  }
  return [...noms].sort();
}

export const GENRES = ['ville', 'lac', 'riviere'] as const;

/**
 * The names as the map's chunk carries them: each text once, then six numbers per anchor — text index, genre index
 * (`GENRES`), longitude and latitude in thousandths of a degree, zoom in tenths, weight (whole number).
 */
export function packNoms(noms: readonly GeoNom[]): { textes: string[]; ancres: number[] } {
  const textes: string[] = [];
  const index = new Map<string, number>();
  const ancres: number[] = [];
  for (const n of noms) {
    let i = index.get(n.nom);
    if (i === undefined) {
      i = textes.push(n.nom) - 1;
      index.set(n.nom, i);
    }
    ancres.push(
      i,
      GENRES.indexOf(n.genre),
      Math.round(n.lon * 1000),
      Math.round(n.lat * 1000),
      Math.round(n.zoom * 10),
      Math.round(n.genre === 'ville' ? n.poids : n.poids * 1000),
    );
  }
  return { textes, ancres };
}

/** Builds every level and the preview from the outlines in `geoDir` (apps/web/public/geo). */
export function buildGeo(geoDir: string): GeoBuild {
  const departements = readCollection(geoDir, 'departements.geojson');
  const rivieres = readCollection(geoDir, 'rivers.geojson');
  const lacs = readCollection(geoDir, 'lakes.geojson');
  const topo = presimplify(topology({ departements, rivieres }, 1e6) as unknown as Topology<Objects>);
  const files: GeoFile[] = [];
  const add = (stem: string, c: { body: string; points: number }) => {
    const name = `assets/geo-${stem}-${hashOf(c.body)}.geojson`;
    files.push({ name, body: c.body, points: c.points });
    return `/${name}`;
  };
  const niveaux = GEO_LEVELS.map((level) => {
    const t = level.minArea > 0 ? simplify(topo, level.minArea) : topo;
    return {
      id: level.id,
      minzoom: level.minzoom,
      maxzoom: level.maxzoom,
      departements: add(
        `departements-${level.id}`,
        bareCollection(shapesOf(t, 'departements'), level.decimals),
      ),
      rivieres: add(`rivieres-${level.id}`, bareCollection(shapesOf(t, 'rivieres'), level.decimals)),
    };
  });
  const lacsUrl = add(
    'lacs',
    bareCollection(
      lacs.features.map((f) => f.geometry),
      4,
    ),
  );

  const coarse = simplify(topo, PREVIEW_MIN_AREA);
  const depObject = coarse.objects['departements'] as GeometryCollection;
  const terre = merge(
    coarse,
    depObject.geometries as Array<Polygon & GeometryCollection['geometries'][number]>,
  );
  const limites = mesh(coarse, depObject, (a, b) => a !== b) as MultiLineString;
  // The preview past zoom 7: the `fin` level's outlines (départements and rivers unsimplified, as MapLibre draws them).
  const polygons = (g: Shape): Position[][][] =>
    g?.type === 'MultiPolygon' ? g.coordinates : g?.type === 'Polygon' ? [g.coordinates] : [];
  const detail = buildDetail(
    shapesOf(topo, 'departements').flatMap(polygons),
    shapesOf(topo, 'rivieres').flatMap(linesOf),
    lacs.features.flatMap((f) => polygons(f.geometry)),
  );
  const detailBodies = [...detail].map(([key, tile]) => [key, JSON.stringify(tile)] as const);
  const detailBase = `assets/geo-apercu-${hashOf(detailBodies.map(([k, b]) => k + b).join('\n'))}-`;
  for (const [key, body] of detailBodies) {
    files.push({ name: `${detailBase}${key}.json`, body, points: 0 });
  }
  const apercu: GeoApercu = {
    detail: { base: `/${detailBase}`, cells: [...detail.keys()] },
    terre: svgPath(linesOf(terre as MultiPolygon), true),
    limites: svgPath(linesOf(limites), false),
    rivieres: svgPath(
      shapesOf(coarse, 'rivieres').flatMap((g) => linesOf(g as LineString)),
      false,
    ),
    lacs: svgPath(
      lacs.features.flatMap((f) => linesOf(f.geometry)),
      true,
    ),
  };
  return { files, couches: { niveaux, lacs: lacsUrl }, apercu, noms: buildNoms(geoDir) };
}

/** One line per file: points, bytes raw and gzip (the build log and ADR 118 quote it). */
export function describeGeo(build: GeoBuild): string[] {
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  const isDetail = (f: GeoFile) => f.name.startsWith('assets/geo-apercu-');
  const lines = build.files
    .filter((f) => !isDetail(f))
    .map(
      (f) =>
        `${f.name.replace(/^assets\/geo-|-[0-9a-f]{8}\.geojson$/g, '')}: ${f.points} points, ` +
        `${kb(f.body.length)}, ${kb(zlib.gzipSync(f.body).length)} gzip`,
    );
  const detail = build.files.filter(isDetail);
  const gz = detail.map((f) => zlib.gzipSync(f.body).length);
  lines.push(
    `aperçu détaillé (${detail.length} cellules): ${kb(detail.reduce((n, f) => n + f.body.length, 0))}, ` +
      `${kb(gz.reduce((n, x) => n + x, 0))} gzip, au plus ${kb(Math.max(0, ...gz))} gzip par cellule`,
  );
  const preview = JSON.stringify(build.apercu);
  lines.push(`aperçu (SVG inline): ${kb(preview.length)}, ${kb(zlib.gzipSync(preview).length)} gzip`);
  const noms = JSON.stringify(packNoms(build.noms));
  lines.push(`noms (${build.noms.length}): ${kb(noms.length)}, ${kb(zlib.gzipSync(noms).length)} gzip`);
  return lines;
}

const COUCHES_ID = 'virtual:limni-geo-couches';
const APERCU_ID = 'virtual:limni-geo-apercu';
const NOMS_ID = 'virtual:limni-geo-noms';
const EAUX_ID = 'virtual:limni-geo-eaux';

/** Vite plugin: the four virtual modules, the files emitted in a build and served by the dev server. */
export function geoLevels(geoDir: string): Plugin {
  let built: GeoBuild | null = null;
  const get = () => (built ??= buildGeo(geoDir));
  return {
    name: 'limni-geo-levels',
    resolveId(id) {
      return [COUCHES_ID, APERCU_ID, NOMS_ID, EAUX_ID].includes(id) ? `\0${id}` : null;
    },
    load(id) {
      if (id === `\0${COUCHES_ID}`) return `export default ${JSON.stringify(get().couches)};`;
      if (id === `\0${APERCU_ID}`) return `export default ${JSON.stringify(get().apercu)};`;
      if (id === `\0${NOMS_ID}`) return `export default ${JSON.stringify(packNoms(get().noms))};`;
      if (id === `\0${EAUX_ID}`) return `export default ${JSON.stringify(buildEaux(geoDir))};`;
      return null;
    },
    generateBundle() {
      // The service worker is built in the same pass: emit once, with the app.
      for (const f of get().files) this.emitFile({ type: 'asset', fileName: f.name, source: f.body });
      for (const line of describeGeo(get())) this.info(line);
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const file = get().files.find((f) => req.url === `/${f.name}`);
        if (!file) return next();
        res.setHeader('Content-Type', 'application/geo+json');
        res.end(file.body);
      });
    },
  };
}
