/**
 * The instant consulted (« Voir à une autre date », docs/decisions/152): when set, the whole app shows the data as they
 * were at that past instant. The address carries it (`?t=2022-01-11T07:15`, Paris time) so that a page can be shared;
 * this store is what the API client (`api.ts`) and the data clock (`api/health.ts`) read. It is read from the address
 * as the module loads, before the first request leaves, then kept in step by `features/instant-consulte`.
 */
import { useSyncExternalStore } from 'react';
import { INSTANT_PARAM, parseInstantConsulte } from '@limni/shared/domain/instant-consulte';

export interface InstantConsulte {
  /** As written in the address. */
  texte: string;
  /** The instant, null when the text is not a date (the banner says so; the API refuses it). */
  ms: number | null;
}

function fromSearch(search: string): InstantConsulte | null {
  const texte = new URLSearchParams(search).get(INSTANT_PARAM);
  return texte === null ? null : { texte, ms: parseInstantConsulte(texte) };
}

let current: InstantConsulte | null =
  typeof window === 'undefined' ? null : fromSearch(window.location.search);
const listeners = new Set<() => void>();

/** The instant consulted, null for now. */
export function instantConsulte(): InstantConsulte | null {
  return current;
}

/** Sets the instant from an address's query string (`?t=…`); returns whether it changed. */
export function setInstantFromSearch(search: string): boolean {
  return setInstantConsulte(fromSearch(search));
}

export function setInstantConsulte(next: InstantConsulte | null): boolean {
  if (next?.texte === current?.texte) return false;
  current = next;
  for (const cb of listeners) cb();
  return true;
}

export function subscribeInstantConsulte(cb: () => void): () => void {
  listeners.add(cb);
  return () => listeners.delete(cb);
}

/** The instant consulted, re-rendering the caller when it changes. */
export function useInstantConsulte(): InstantConsulte | null {
  return useSyncExternalStore(subscribeInstantConsulte, instantConsulte, () => null);
}

/** `search` with the instant consulted written in (or removed with null). */
export function searchWithInstant(search: string, texte: string | null): string {
  const params = new URLSearchParams(search);
  if (texte === null) params.delete(INSTANT_PARAM);
  else params.set(INSTANT_PARAM, texte);
  // A colon needs no escaping in a query (RFC 3986): `?t=2022-01-11T07:15` reads as it is written.
  const out = params.toString().replaceAll('%3A', ':');
  return out ? `?${out}` : '';
}

/** API paths whose answers follow the data clock: those asked at the instant consulted. */
const FOLLOWS_CLOCK = /^(hydro|activites)\//;

/** `/api/<path>` at the instant consulted (or at `texte`), for the reads that follow the data clock. */
export function pathAtInstant(path: string, texte: string | undefined = current?.texte): string {
  if (texte === undefined || !FOLLOWS_CLOCK.test(path)) return path;
  const [base, query = ''] = path.split('?') as [string, string?];
  return `${base}${searchWithInstant(query, texte)}`;
}
