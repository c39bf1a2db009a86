/**
 * Lambert-93 (EPSG:2154, RGF93) → WGS84 longitude/latitude, for Vigicrues layers served in Lambert-93
 * (IGN's inverse Lambert conformal conic, algorithms ALG0004/ALG0001; GRS80 and WGS84 differ by less than 1 mm
 * here, so no datum shift is applied). Coordinates are rounded to 1e-5° (about 1 m).
 */

const E = 0.0818191910428158; // GRS80 first eccentricity
const N = 0.725607765053267;
const C = 11754255.426096;
const XS = 700000;
const YS = 12655612.049876;
const LON0 = (3 * Math.PI) / 180;

const round5 = (v: number) => Math.round(v * 1e5) / 1e5;

export function lambert93ToWgs84(x: number, y: number): [number, number] {
  const dx = x - XS;
  const dy = y - YS;
  const r = Math.hypot(dx, dy);
  const gamma = Math.atan(dx / -dy);
  const lon = LON0 + gamma / N;
  const latIso = -Math.log(Math.abs(r / C)) / N;
  let phi = 2 * Math.atan(Math.exp(latIso)) - Math.PI / 2;
  for (let i = 0; i < 20; i++) {
    const s = E * Math.sin(phi);
    const next = 2 * Math.atan(((1 + s) / (1 - s)) ** (E / 2) * Math.exp(latIso)) - Math.PI / 2;
    if (Math.abs(next - phi) < 1e-12) {
      phi = next;
      break;
    }
    phi = next;
  }
  return [round5((lon * 180) / Math.PI), round5((phi * 180) / Math.PI)];
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
