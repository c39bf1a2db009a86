/**
 * Lambert-93 (EPSG:2154, RGF93) → WGS84 longitude/latitude, for Vigicrues layers served in Lambert-93, with proj4
 * (docs/decisions/075). GRS80 and WGS84 differ by less than 1 mm here, so no datum shift is applied. Coordinates
 * are rounded to 1e-5° (about 1 m).
 */
import proj4 from 'proj4';

/** EPSG:2154 as published by the EPSG registry (conic conformal, secant at 44° and 49° N, origin 3° E 46.5° N). */
const LAMBERT_93 =
  '+proj=lcc +lat_0=46.5 +lon_0=3 +lat_1=49 +lat_2=44 +x_0=700000 +y_0=6600000 +ellps=GRS80 +towgs84=0,0,0,0,0,0,0 +units=m +no_defs';
const fromLambert93 = proj4(LAMBERT_93, 'WGS84');

const round5 = (v: number) => Math.round(v * 1e5) / 1e5;

export function lambert93ToWgs84(x: number, y: number): [number, number] {
  const [lon, lat] = fromLambert93.forward([x, y]);
  return [round5(lon), round5(lat)];
}

type Coords = number | Coords[];

/** Applies `fn` to every position of a GeoJSON `coordinates` member (any nesting). */
export function mapPositions(coords: unknown, fn: (x: number, y: number) => [number, number]): Coords {
  if (!Array.isArray(coords)) throw new Error('coordonnées invalides');
  if (typeof coords[0] === 'number') {
    const [x, y] = coords as number[];
    if (!Number.isFinite(x) || !Number.isFinite(y)) throw new Error('coordonnées invalides');
    return fn(x as number, y as number);
  }
  return coords.map((c) => mapPositions(c, fn));
}

/** True when the first position looks projected (metres) rather than degrees. */
export function looksProjected(coords: unknown): boolean {
  let c: unknown = coords;
  while (Array.isArray(c) && Array.isArray(c[0])) c = c[0];
  if (!Array.isArray(c)) return false;
  const [x, y] = c as number[];
  return Math.abs(x ?? 0) > 360 || Math.abs(y ?? 0) > 360;
}
