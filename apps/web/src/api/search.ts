/**
 * Search terms (`hydro/recherche-terms`: every lake, river and place by name) and the ranking used by the header
 * search, the home page and the chooser. Loaded on demand (about 50 KB gzip): only when someone starts a search.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { RechercheTerms, WebcamsResponse } from '@limni/shared/contracts/hydro';
import { nameKey } from '@limni/shared/domain/names';
import { api } from '../lib/api';

export const rechercheTermsQuery = () =>
  queryOptions({
    queryKey: ['hydro', 'recherche-terms'],
    queryFn: ({ signal }) => api('hydro/recherche-terms', RechercheTerms, { signal }),
    staleTime: 60 * 60_000,
  });

export const webcamsQuery = () =>
  queryOptions({
    queryKey: ['hydro', 'webcams'],
    queryFn: ({ signal }) => api('hydro/webcams', WebcamsResponse, { signal }),
    staleTime: 5 * 60_000,
  });

/** Activity shown when a search result is opened (the place or entity page offers the others). */
export const DEFAULT_ACTIVITE = 1;

export type SearchHit =
  | { kind: 'entite'; id: number; nom: string; type: 'R' | 'L'; href: string }
  | {
      kind: 'lieu';
      id: number;
      nom: string;
      type: 'R' | 'L';
      entiteNom: string;
      departement: string | null;
      href: string;
    };

export const entiteHref = (id: number, ida = DEFAULT_ACTIVITE) => `/entite/${id}/liste/activite/${ida}`;
export const lieuHref = (id: number, ida = DEFAULT_ACTIVITE) => `/lieu/${id}/a-${ida}`;

/** 0 = the name starts with the query, 1 = a word starts with it, 2 = it appears inside; -1 = no match. */
function rank(name: string, key: string): number {
  const n = nameKey(name);
  if (n.startsWith(key)) return 0;
  const at = n.indexOf(key);
  if (at < 0) return -1;
  return /[\s'(-]/.test(n.charAt(at - 1)) ? 1 : 2;
}

/**
 * Lakes and rivers first, then places, best matches first (prefix, word start, anywhere; then shorter names).
 * A place also matches through its river or lake ("garonne" finds the places on La Garonne) after direct hits.
 * Matches inside a word come only when nothing matches at a word's start.
 */
export function searchTerms(terms: RechercheTerms, query: string, limit = 8): SearchHit[] {
  const key = nameKey(query);
  if (key.length < 2) return [];
  const entites = terms.entites
    .map((e) => ({ e, r: rank(e.nom, key) }))
    .filter((x) => x.r >= 0)
    .sort((a, b) => a.r - b.r || a.e.nom.length - b.e.nom.length || a.e.nom.localeCompare(b.e.nom, 'fr'));
  const lieux = terms.lieux
    .map((l) => {
      const direct = rank(l.nom, key);
      const viaEntite = direct < 0 ? rank(l.entite_nom, key) : -1;
      return { l, r: direct >= 0 ? direct : viaEntite >= 0 ? 3 + viaEntite : -1 };
    })
    .filter((x) => x.r >= 0)
    .sort((a, b) => a.r - b.r || a.l.nom.length - b.l.nom.length || a.l.nom.localeCompare(b.l.nom, 'fr'));
  // A match inside a word (« leman » in « Allemande ») is offered only when no name has a word starting with the query.
  if (entites.some((x) => x.r < 2) || lieux.some((x) => x.r % 3 < 2)) {
    return hitsOf(
      entites.filter((x) => x.r < 2),
      lieux.filter((x) => x.r % 3 < 2),
      limit,
    );
  }
  return hitsOf(entites, lieux, limit);
}

function hitsOf(
  entites: { e: RechercheTerms['entites'][number] }[],
  lieux: { l: RechercheTerms['lieux'][number] }[],
  limit: number,
): SearchHit[] {
  const nbEntites = Math.min(entites.length, Math.max(Math.ceil(limit / 2), limit - lieux.length));
  const hits: SearchHit[] = entites.slice(0, nbEntites).map(({ e }) => ({
    kind: 'entite',
    id: e.id,
    nom: e.nom,
    type: e.type,
    href: entiteHref(e.id),
  }));
  for (const { l } of lieux.slice(0, limit - hits.length)) {
    hits.push({
      kind: 'lieu',
      id: l.id,
      nom: l.nom,
      type: l.type,
      entiteNom: l.entite_nom,
      departement: l.departement,
      href: lieuHref(l.id),
    });
  }
  return hits;
}

/** True once the webcam list is known to hold at least one webcam: no link leads to an empty list. */
export function useHasWebcams(): boolean {
  const q = useQuery(webcamsQuery());
  return (q.data?.length ?? 0) > 0;
}
