/**
 * Filters of the lake/river chooser (spec §5): the type filter keeps R, L or both;
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
