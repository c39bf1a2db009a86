import { describe, expect, it } from 'vitest';
import { RAYON_VOISIN_KM, voisinAvecObservations } from './couverture';

// One degree of latitude is 111.2 km on the 6,371-km sphere.
const lieu = (id: number, entite_id: number, ordre: number | null, lat: number) => ({
  id,
  entite_id,
  ordre,
  lat_gps: lat,
  lon_gps: 5,
});

describe('voisinAvecObservations', () => {
  const empty = lieu(1, 10, 5, 45);
  it('on the same river, the nearest station by order, upstream or downstream', () => {
    const v = voisinAvecObservations(empty, [
      lieu(2, 10, 2, 45.01),
      lieu(3, 10, 6, 45.3),
      lieu(4, 20, null, 45),
    ]);
    expect(v).toMatchObject({ lieu: { id: 3 }, relation: 'aval' });
    expect(v?.distance_km).toBeCloseTo(0.3 * 111.19, 0);
    expect(voisinAvecObservations(empty, [lieu(2, 10, 4, 45.5)])?.relation).toBe('amont');
  });
  it('on the same water body without order, the nearest by distance', () => {
    const lake = lieu(1, 10, null, 45);
    expect(voisinAvecObservations(lake, [lieu(2, 10, null, 45.2), lieu(3, 20, null, 45.01)])).toMatchObject({
      lieu: { id: 2 },
      relation: 'meme_entite',
    });
  });
  it('else the nearest place elsewhere, within the radius only', () => {
    const lake = lieu(1, 10, null, 45);
    expect(voisinAvecObservations(lake, [lieu(3, 20, null, 45.1)])?.relation).toBe('proche');
    const far = 45 + (RAYON_VOISIN_KM + 1) / 111.19;
    expect(voisinAvecObservations(lake, [lieu(3, 20, null, far)])).toBeNull();
    expect(voisinAvecObservations(lake, [])).toBeNull();
  });
});
