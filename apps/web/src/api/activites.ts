/**
 * Activities (`/api/activites/*`): one activity with where it is practised. The list (`activitesQuery`) is in
 * hydro.ts, the verdicts of a place or an entity in lieu.ts and entite.ts.
 */
import { queryOptions } from '@tanstack/react-query';
import { ActiviteDetail } from '@limni/shared/contracts/activites';
import { api } from '../lib/api';

export const activiteQuery = (ida: number) =>
  queryOptions({
    queryKey: ['activites', 'type', ida],
    queryFn: ({ signal }) => api(`activites/type-${ida}`, ActiviteDetail, { signal }),
    staleTime: 5 * 60_000,
  });
