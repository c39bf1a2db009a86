/**
 * Generates `public/geo/france.svg`: a light outline map of metropolitan France (its départements, simplified)
 * used as the background of the basin thumbnails (`/bassins`). Run once when the outlines change:
 *   npx tsx apps/web/scripts/france-svg.ts
 * Projection: equirectangular with x scaled by cos(46.5°), frame FRANCE_FRAME (also used by the thumbnails).
 */
import fs from 'node:fs';
import path from 'node:path';

/** [west, south, east, north]: metropolitan France with Corsica (same as the map's default extent). */
export const FRANCE_FRAME = [-5.2, 41.3, 9.6, 51.2] as const;
export const SVG_WIDTH = 400;
const KX = Math.cos((46.5 * Math.PI) / 180);
export const SVG_HEIGHT = Math.round(
  (SVG_WIDTH * (FRANCE_FRAME[3] - FRANCE_FRAME[1])) / ((FRANCE_FRAME[2] - FRANCE_FRAME[0]) * KX),
);

type Pt = [number, number];

function project([lon, lat]: Pt): Pt {
  const x = ((lon - FRANCE_FRAME[0]) / (FRANCE_FRAME[2] - FRANCE_FRAME[0])) * SVG_WIDTH;
  const y = ((FRANCE_FRAME[3] - lat) / (FRANCE_FRAME[3] - FRANCE_FRAME[1])) * SVG_HEIGHT;
  return [x, y];
}

/** Douglas–Peucker on projected points. */
function simplify(points: Pt[], tolerance: number): Pt[] {
  if (points.length < 4) return points;
  const keep = new Uint8Array(points.length);
  keep[0] = keep[points.length - 1] = 1;
  const stack: Array<[number, number]> = [[0, points.length - 1]];
  while (stack.length) {
    const [a, b] = stack.pop() as [number, number];
    const [ax, ay] = points[a] as Pt;
    const [bx, by] = points[b] as Pt;
    const len = Math.hypot(bx - ax, by - ay) || 1;
    let far = -1;
    let dist = tolerance;
    for (let i = a + 1; i < b; i++) {
      const [px, py] = points[i] as Pt;
      const d = Math.abs((bx - ax) * (ay - py) - (ax - px) * (by - ay)) / len;
      if (d > dist) {
        dist = d;
        far = i;
      }
    }
    if (far >= 0) {
      keep[far] = 1;
      stack.push([a, far], [far, b]);
    }
  }
  return points.filter((_, i) => keep[i]);
}

interface Geo {
  features: Array<{ geometry: { type: string; coordinates: unknown } }>;
}

const publicDir = path.resolve(import.meta.dirname, '../public/geo');
const geo = JSON.parse(fs.readFileSync(path.join(publicDir, 'departements.geojson'), 'utf8')) as Geo;
const paths: string[] = [];
for (const f of geo.features) {
  const polys = (
    f.geometry.type === 'MultiPolygon' ? f.geometry.coordinates : [f.geometry.coordinates]
  ) as Pt[][][];
  let d = '';
  for (const poly of polys) {
    for (const ring of poly) {
      // A ring is closed (first point = last point): simplify its two halves.
      const all = ring.map((pt) => project(pt));
      const mid = Math.floor(all.length / 2);
      const pts = [...simplify(all.slice(0, mid + 1), 1.2).slice(0, -1), ...simplify(all.slice(mid), 1.2)];
      if (pts.length < 4) continue;
      d += `M${pts.map(([x, y]) => `${x.toFixed(1)} ${y.toFixed(1)}`).join('L')}Z`;
    }
  }
  if (d) paths.push(`<path d="${d}"/>`);
}
const svg =
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${SVG_WIDTH} ${SVG_HEIGHT}">` +
  `<g fill="#c8d8e3" stroke="#f5f8fa" stroke-width="0.8" stroke-linejoin="round">${paths.join('')}</g></svg>\n`;
fs.writeFileSync(path.join(publicDir, 'france.svg'), svg);
process.stdout.write(`france.svg: ${SVG_WIDTH}×${SVG_HEIGHT}, ${svg.length} octets\n`);
