/**
 * Coverage said plainly (docs/decisions/144): which place with readings an empty place points to. A place of the same
 * water body first — upstream or downstream on a river when both positions are known (French station codes,
 * docs/decisions/096), the nearest by distance otherwise —, else the nearest place with readings within
 * `RAYON_VOISIN_KM`, whatever its water body (the distance is then said).
 */

/** Farther than this, a place with readings says nothing about an empty one. */
export const RAYON_VOISIN_KM = 50;

/** Great-circle distance in km. */
export function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
  return 12_742 * Math.asin(Math.min(1, Math.sqrt(a)));
}

export interface PlaceOnWater {
  id: number;
  entite_id: number;
  ordre: number | null;
  lat_gps: number;
  lon_gps: number;
}

/** `amont`/`aval`: same river, by station order; `meme_entite`: same water body; `proche`: another one nearby. */
export type RelationVoisin = 'amont' | 'aval' | 'meme_entite' | 'proche';

/** The place with readings an empty place points to, with how it relates to it; null when none is near enough. */
export function voisinAvecObservations<T extends PlaceOnWater>(
  lieu: PlaceOnWater,
  avecObservations: readonly T[],
): { lieu: T; relation: RelationVoisin; distance_km: number } | null {
  const others = avecObservations
    .filter((c) => c.id !== lieu.id)
    .map((c) => ({ c, d: distanceKm(lieu.lat_gps, lieu.lon_gps, c.lat_gps, c.lon_gps) }));
  const byDistance = (a: { d: number }, b: { d: number }) => a.d - b.d;
  const same = others.filter((x) => x.c.entite_id === lieu.entite_id);
  const ordered = lieu.ordre === null ? [] : same.filter((x) => x.c.ordre !== null);
  const rank = lieu.ordre ?? 0;
  // On the same river, the nearest station in the upstream → downstream order (then by distance).
  const best = ordered.sort(
    (a, b) => Math.abs((a.c.ordre as number) - rank) - Math.abs((b.c.ordre as number) - rank) || a.d - b.d,
  )[0];
  if (best) {
    return {
      lieu: best.c,
      relation: (best.c.ordre as number) < rank ? 'amont' : 'aval',
      distance_km: best.d,
    };
  }
  const sameNearest = same.sort(byDistance)[0];
  if (sameNearest) return { lieu: sameNearest.c, relation: 'meme_entite', distance_km: sameNearest.d };
  const nearest = others.sort(byDistance)[0];
  return nearest && nearest.d <= RAYON_VOISIN_KM
    ? { lieu: nearest.c, relation: 'proche', distance_km: nearest.d }
    : null;
}
