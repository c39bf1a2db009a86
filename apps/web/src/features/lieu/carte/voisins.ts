/**
 * The neighbours of a place on its river: the nearest place upstream and the nearest downstream, from the order the
 * entity's list already has (French station codes, upstream → downstream, docs/decisions/096). Only places whose
 * order is known take part: a place without a French code has no known position on the river.
 */
import type { LieuRef } from '@limni/shared/contracts/hydro';

export interface Voisins<T> {
  amont: T | null;
  aval: T | null;
}

export function voisinsAmontAval<T extends Pick<LieuRef, 'id'> & { ordre?: number | null }>(
  lieux: readonly T[],
  lieuId: number,
): Voisins<T> {
  const ordered = lieux
    .filter((l) => l.ordre !== null && l.ordre !== undefined)
    .sort((a, b) => (a.ordre as number) - (b.ordre as number));
  const i = ordered.findIndex((l) => l.id === lieuId);
  if (i < 0) return { amont: null, aval: null };
  return { amont: ordered[i - 1] ?? null, aval: ordered[i + 1] ?? null };
}
