import { describe, expect, it } from 'vitest';
import { FRANCE_BBOX, type MapPoint } from './map-types';
import { fitView, markerGroups, mercY, outlinePath } from './preview';

/** Web Mercator's latitude limit: the world is a square. */
const MAX_LAT = (Math.atan(Math.sinh(Math.PI)) * 180) / Math.PI;

describe('fitView frames an extent as MapLibre fitBounds does', () => {
  it('the whole world in 512 px (plus padding) is zoom 0, in 1024 px zoom 1, centred on 0, 0', () => {
    const world: [number, number, number, number] = [-180, -MAX_LAT, 180, MAX_LAT];
    const z0 = fitView(world, 512 + 64, 512 + 64, 32);
    expect(z0.zoom).toBeCloseTo(0, 9);
    const z1 = fitView(world, 1024 + 64, 1024 + 64, 32);
    expect(z1.zoom).toBeCloseTo(1, 9);
    // The box (padding included) is 576/512 of the world's 36 000 preview units, centred on the origin.
    const [x, y, w, h] = z0.viewBox;
    expect(w).toBeCloseTo((36_000 * 576) / 512, 6);
    expect(h).toBeCloseTo((36_000 * 576) / 512, 6);
    expect(x + w / 2).toBeCloseTo(0, 6);
    expect(y + h / 2).toBeCloseTo(0, 6);
  });

  it('the narrower side limits the zoom, and the zoom never exceeds the cap', () => {
    // France, 14.8° wide: in a 1000 × 5000 box the width decides (zoom = log2(936 / 14.8 · 360 / 512)).
    const tall = fitView(FRANCE_BBOX, 1000, 5000, 32);
    expect(tall.zoom).toBeCloseTo(Math.log2(((936 / 14.8) * 360) / 512), 9);
    const tiny = fitView([1.44, 43.6, 1.45, 43.61], 800, 600, 32, 10);
    expect(tiny.zoom).toBe(10);
    // At zoom 10 a pixel is 360 / (512 · 1024) degrees: 800 px are 0.549° = 54.9 preview units.
    expect(tiny.viewBox[2]).toBeCloseTo((800 * 360 * 100) / (512 * 1024), 6);
    const point = fitView([2, 46, 2, 46], 400, 300);
    expect(point.zoom).toBe(10);
  });

  it('mercY is the latitude near the equator and grows faster towards the poles', () => {
    expect(mercY(0)).toBeCloseTo(0, 12);
    expect(mercY(1)).toBeCloseTo(1, 3);
    expect(mercY(MAX_LAT)).toBeCloseTo(180, 9);
  });
});

describe('markerGroups', () => {
  const p = (id: number, color: string, shape: MapPoint['shape'] = 'river'): MapPoint => ({
    id,
    lat: 45,
    lon: id,
    label: `P${id}`,
    color,
    shape,
    href: `/p/${id}`,
  });

  it('one path per colour, shape and selection, the selected point drawn last and larger', () => {
    const groups = markerGroups([p(1, '#111'), p(2, '#222'), p(3, '#111'), p(4, '#111', 'lake')], 3, 4);
    expect(groups.map((g) => g.key)).toEqual([
      '#111|river|false',
      '#222|river|false',
      '#111|lake|false',
      '#111|river|true',
    ]);
    const river = groups[0];
    // Radius 4 at zoom 4 with a 1.2 px white ring (the MapLibre paint of MapView).
    expect(river).toMatchObject({ disc: 8, outer: 10.4, ring: '#ffffff' });
    // Points 1 and 3 share a colour, but 3 is the selected one.
    expect(river?.d.match(/M/g)).toHaveLength(1);
    expect(groups[3]).toMatchObject({ disc: 18, outer: 24, ring: '#1b2733' });
  });
});

it('outlinePath closes polygons and leaves lines open', () => {
  expect(
    outlinePath({
      type: 'LineString',
      coordinates: [
        [0, 0],
        [1, 0],
      ],
    }),
  ).toBe('M0.00 0.00L100.00 0.00');
  expect(
    outlinePath({
      type: 'Polygon',
      coordinates: [
        [
          [0, 0],
          [1, 0],
          [1, 1],
          [0, 0],
        ],
      ],
    }),
  ).toMatch(/z$/);
});
