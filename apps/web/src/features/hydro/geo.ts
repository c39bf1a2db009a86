/** Map helpers: a GeoJSON geometry from the API's loose shape, and the extent of points and outlines. */
import type { Geometry, Position } from 'geojson';

const TYPES = ['Polygon', 'MultiPolygon', 'LineString', 'MultiLineString', 'Point', 'MultiPoint'] as const;

export function toGeometry(g: { type: string; coordinates?: unknown } | null | undefined): Geometry | null {
  if (!g || !(TYPES as readonly string[]).includes(g.type) || !Array.isArray(g.coordinates)) return null;
  return g as Geometry;
}

function positions(coords: unknown, out: Position[]): void {
  if (!Array.isArray(coords)) return;
  if (typeof coords[0] === 'number' && typeof coords[1] === 'number') {
    out.push(coords as Position);
    return;
  }
  for (const c of coords) positions(c, out);
}

/** [west, south, east, north] around the points and the outline, padded; null without anything. */
export function extentOf(
  points: readonly { lat: number; lon: number }[],
  outline?: Geometry | null,
  pad = 0.02,
): [number, number, number, number] | null {
  const all: Position[] = points.map((p) => [p.lon, p.lat]);
  if (outline && 'coordinates' in outline) positions(outline.coordinates, all);
  if (all.length === 0) return null;
  const lons = all.map((p) => p[0] ?? 0);
  const lats = all.map((p) => p[1] ?? 0);
  return [Math.min(...lons) - pad, Math.min(...lats) - pad, Math.max(...lons) + pad, Math.max(...lats) + pad];
}
