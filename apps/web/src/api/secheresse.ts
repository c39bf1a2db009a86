/** A place's drought restrictions, as VigiEau last gave them (docs/decisions/155). */
import { queryOptions } from '@tanstack/react-query';
import { LieuSecheresse } from '@limni/shared/contracts/secheresse';
import { api } from '../lib/api';

export const secheresseQuery = (lieuId: number) =>
  queryOptions({
    queryKey: ['hydro', 'lieu', lieuId, 'secheresse'],
    queryFn: ({ signal }) => api(`hydro/lieu/${lieuId}/secheresse`, LieuSecheresse, { signal }),
    staleTime: 10 * 60_000,
  });
