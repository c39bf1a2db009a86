/** Query options for the hydrology endpoints, shared by every screen (TanStack Query keys are the cache contract). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ActivitesResponse } from '@limni/shared/contracts/activites';
import { BassinsResponse, IndexResponse, MapsConfig, VigilanceResume } from '@limni/shared/contracts/hydro';
import { bulletinCourant } from '@limni/shared/domain/vigilance';
import { api } from '../lib/api';
import { useDataClock } from './health';

export const bassinsQuery = () =>
  queryOptions({
    queryKey: ['hydro', 'bassins'],
    queryFn: ({ signal }) => api('hydro/bassins', BassinsResponse, { signal }),
    staleTime: 60 * 60_000,
  });

export const indexQuery = () =>
  queryOptions({
    queryKey: ['hydro', 'index'],
    queryFn: ({ signal }) => api('hydro/index', IndexResponse, { signal }),
    staleTime: 5 * 60_000,
  });

export const vigilanceQuery = () =>
  queryOptions({
    queryKey: ['hydro', 'vigilance'],
    queryFn: ({ signal }) => api('hydro/vigilance', VigilanceResume, { signal }),
    staleTime: 5 * 60_000,
  });

export const mapsQuery = () =>
  queryOptions({
    queryKey: ['hydro', 'maps'],
    queryFn: ({ signal }) => api('hydro/maps', MapsConfig, { signal }),
    staleTime: 60 * 60_000,
  });

/** The six activities (baignade, pêche…), for the activity switchers. */
export const activitesQuery = () =>
  queryOptions({
    queryKey: ['activites', 'all'],
    queryFn: ({ signal }) => api('activites/all', ActivitesResponse, { signal }),
    staleTime: 60 * 60_000,
  });

/**
 * The latest Vigicrues bulletin Limni holds and whether it describes the data clock's "now" (24 h, docs/decisions/094).
 * Screens colour places and water bodies by vigilance only while `courant`.
 */
export function useVigilanceBulletin(): { date: number | null; courant: boolean } {
  const v = useQuery(vigilanceQuery());
  // Whole screens read this: not rendered again at every tick of the live clock for a 24-hour validity.
  const clock = useDataClock({ tick: false });
  const date = v.data?.date ?? null;
  return { date, courant: clock.ready && bulletinCourant(date, clock.now) };
}
