/**
 * Filters of the lake/river chooser (docs/requirements.md R8.1): the type filter keeps R, L or both;
 * the département filter ignores the value "tous".
 */

export type EntiteType = 'R' | 'L';
export type TypeFilter = EntiteType | 'RL';
export const ALL_DEPARTEMENTS = 'tous';

export interface FilterableEntite {
  type: EntiteType;
  bassin: string;
  nom: string;
  departements: ReadonlyArray<{ code: string }>;
}

export interface IndexFilter {
  type?: TypeFilter;
  /** A département code, or "tous" (ignored). */
  departement?: string;
  /** A basin slug, or undefined/"tous" for every basin. */
  bassin?: string;
}

export function filterIndex<T extends FilterableEntite>(items: readonly T[], filter: IndexFilter): T[] {
  const type = filter.type ?? 'RL';
  const dep = filter.departement && filter.departement !== ALL_DEPARTEMENTS ? filter.departement : null;
  const bassin = filter.bassin && filter.bassin !== ALL_DEPARTEMENTS ? filter.bassin : null;
  return items.filter(
    (it) =>
      (type === 'RL' || it.type === type) &&
      (dep === null || it.departements.some((d) => d.code === dep)) &&
      (bassin === null || it.bassin === bassin),
  );
}

/**
 * The chooser's « avec mesures » filter: on by default when fewer than half of the water bodies have a
 * place with readings, so that the first list shown leads to data (the chooser says the share).
 */
export function avecObservationsParDefaut(items: ReadonlyArray<{ nb_lieux_mesures: number }>): boolean {
  const observes = items.filter((e) => e.nb_lieux_mesures > 0).length;
  return observes * 2 < items.length;
}

/** Water bodies with readings first, then by the given order (name). */
export function observesDabord<T extends { nb_lieux_mesures: number }>(
  items: readonly T[],
  byName: (a: T, b: T) => number,
): T[] {
  return [...items].sort(
    (a, b) => Number(b.nb_lieux_mesures > 0) - Number(a.nb_lieux_mesures > 0) || byName(a, b),
  );
}
