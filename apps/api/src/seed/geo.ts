/** Small planar geometry helpers for the seed (lon/lat degrees; areas on a local equirectangular projection). */

export type Position = [number, number];
export type Ring = Position[];
export interface PolygonGeometry {
  type: 'Polygon';
  coordinates: Ring[];
}
export interface MultiPolygonGeometry {
  type: 'MultiPolygon';
  coordinates: Ring[][];
}
export type AreaGeometry = PolygonGeometry | MultiPolygonGeometry;

function polygonsOf(g: AreaGeometry): Ring[][] {
  return g.type === 'Polygon' ? [g.coordinates] : g.coordinates;
}

function inRing([x, y]: Position, ring: Ring): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i] as Position;
    const [xj, yj] = ring[j] as Position;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Point in (Multi)Polygon, holes respected. */
export function pointInArea(p: Position, g: AreaGeometry): boolean {
  return polygonsOf(g).some(
    ([outer, ...holes]) => !!outer && inRing(p, outer) && !holes.some((h) => inRing(p, h)),
  );
}

/** Approximate area in km² (good to a few per cent at the size of a lake). */
export function areaKm2(g: AreaGeometry): number {
  let total = 0;
  for (const [outer, ...holes] of polygonsOf(g)) {
    if (!outer) continue;
    total += ringAreaKm2(outer) - holes.reduce((s, h) => s + ringAreaKm2(h), 0);
  }
  return total;
}

function ringAreaKm2(ring: Ring): number {
  const lat0 = (ring.reduce((s, p) => s + p[1], 0) / ring.length) * (Math.PI / 180);
  const kx = 111.32 * Math.cos(lat0);
  const ky = 110.57;
  let a = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i] as Position;
    const [xj, yj] = ring[j] as Position;
    a += xj * kx * (yi * ky) - xi * kx * (yj * ky);
  }
  return Math.abs(a / 2);
}

/** A point inside the area: the vertex centroid when it falls inside, else the inside point nearest to it. */
export function interiorPoint(g: AreaGeometry): Position {
  const outer = polygonsOf(g)
    .map((p) => p[0] ?? [])
    .sort((a, b) => b.length - a.length)[0];
  if (!outer || outer.length === 0) throw new Error('Géométrie vide');
  const cx = outer.reduce((s, p) => s + p[0], 0) / outer.length;
  const cy = outer.reduce((s, p) => s + p[1], 0) / outer.length;
  if (pointInArea([cx, cy], g)) return [cx, cy];
  // Scan horizontal lines through the bounding box and take the middle of the widest inside segment.
  const ys = outer.map((p) => p[1]);
  const [minY, maxY] = [Math.min(...ys), Math.max(...ys)];
  let best: Position = outer[0] as Position;
  let bestScore = Infinity;
  for (let k = 1; k < 40; k++) {
    const y = minY + ((maxY - minY) * k) / 40;
    const xs: number[] = [];
    for (let i = 0, j = outer.length - 1; i < outer.length; j = i++) {
      const [xi, yi] = outer[i] as Position;
      const [xj, yj] = outer[j] as Position;
      if (yi > y !== yj > y) xs.push(((xj - xi) * (y - yi)) / (yj - yi) + xi);
    }
    xs.sort((a, b) => a - b);
    for (let i = 0; i + 1 < xs.length; i += 2) {
      const mid: Position = [((xs[i] as number) + (xs[i + 1] as number)) / 2, y];
      const score = Math.hypot(mid[0] - cx, mid[1] - cy);
      if (pointInArea(mid, g) && score < bestScore) {
        best = mid;
        bestScore = score;
      }
    }
  }
  return best;
}

export function bbox(points: readonly Position[]): [number, number, number, number] | null {
  if (points.length === 0) return null;
  let [w, s, e, n] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [x, y] of points) {
    w = Math.min(w, x);
    e = Math.max(e, x);
    s = Math.min(s, y);
    n = Math.max(n, y);
  }
  return [w, s, e, n];
}

export function vertices(g: AreaGeometry): Position[] {
  return polygonsOf(g).flatMap((p) => p.flat());
}
