import { describe, expect, it } from 'vitest';
import { byImportance, type MapLabel, layoutLabels } from './labels';

/** Screen pixels = degrees × 10 (a plain projection for the rule's geometry). */
const project = (lon: number, lat: number): [number, number] => [lon * 10, lat * 10];
const size = (): [number, number] => [40, 10];
const label = (
  key: string,
  genre: MapLabel['genre'],
  lon: number,
  lat: number,
  extra: Partial<MapLabel> = {},
) => ({
  key,
  text: key,
  genre,
  lon,
  lat,
  zoom: 0,
  poids: 0,
  ...extra,
});

describe('layoutLabels', () => {
  it('keeps the more important of two names that would meet', () => {
    const labels = [label('riviere', 'riviere', 10, 10), label('ville', 'ville', 10, 10)].sort(byImportance);
    const laidOut = layoutLabels(labels, project, size, 5, [400, 400]);
    // The town goes first; the river's box, centred on the same point, meets it.
    expect(laidOut.map((p) => p.key)).toEqual(['ville']);
  });

  it('puts a town beside its dot, and beside a marker that covers it, without the dot', () => {
    const town = [label('ville', 'ville', 10, 10)];
    expect(layoutLabels(town, project, size, 5, [400, 400])).toEqual([
      { key: 'ville', x: 105, y: 95, dot: true },
    ]);
    const covered = layoutLabels(town, project, size, 5, [400, 400], [[92, 92, 108, 108]]);
    expect(covered).toEqual([{ key: 'ville', x: 111, y: 95, dot: false }]);
  });

  it('leaves out names below their zoom or off screen, and keeps one river’s names apart', () => {
    const labels = [
      label('haut', 'ville', 10, 10, { zoom: 6 }),
      label('dehors', 'ville', 50, 10),
      { ...label('r1', 'riviere', 10, 20), text: 'Garonne' },
      { ...label('r2', 'riviere', 15, 20), text: 'Garonne' },
      { ...label('r3', 'riviere', 10, 10), text: 'Garonne' },
    ];
    const laidOut = layoutLabels(labels, project, size, 5, [400, 300]);
    // r2 is 50 px from r1 and r3 100 px: both too close to the first name of the same river.
    expect(laidOut.map((p) => p.key)).toEqual(['r1']);
  });
});
