/** Query options of the entity (lake or river) and Vigicrues stretch screens. */
import { queryOptions } from '@tanstack/react-query';
import { VerdictEntite } from '@limni/shared/contracts/activites';
import {
  AlertesResponse,
  DateRange,
  EntiteDetail,
  EntiteLieux,
  TronconDetail,
} from '@limni/shared/contracts/hydro';
import { api } from '../lib/api';

export const entiteQuery = (id: number) =>
  queryOptions({
    queryKey: ['hydro', 'entite', id],
    queryFn: ({ signal }) => api(`hydro/entite/${id}`, EntiteDetail, { signal }),
    staleTime: 10 * 60_000,
  });

export const entiteDaterangeQuery = (id: number) =>
  queryOptions({
    queryKey: ['hydro', 'entite', id, 'daterange'],
    queryFn: ({ signal }) => api(`hydro/entite/${id}/daterange`, DateRange, { signal }),
    staleTime: 5 * 60_000,
  });

/** Places of the entity with the state of each sensor at the data "now". */
export const entiteLieuxQuery = (id: number) =>
  queryOptions({
    queryKey: ['hydro', 'entite', id, 'lieux'],
    queryFn: ({ signal }) => api(`hydro/entite/${id}/lieux`, EntiteLieux, { signal }),
    staleTime: 2 * 60_000,
  });

export const entiteAlertesQuery = (id: number) =>
  queryOptions({
    queryKey: ['hydro', 'entite', id, 'alertes'],
    queryFn: ({ signal }) => api(`hydro/entite/${id}/alertes`, AlertesResponse, { signal }),
    staleTime: 2 * 60_000,
  });

/** Verdict of every place of the entity for an activity on a Paris day (null: at the data "now"). */
export const verdictEntiteQuery = (ida: number, id: number, date: string | null) =>
  queryOptions({
    queryKey: ['activites', ida, 'entite', id, date],
    queryFn: ({ signal }) =>
      api(`activites/type-${ida}/entite-${id}${date ? `/${date}` : ''}`, VerdictEntite, { signal }),
    staleTime: 2 * 60_000,
  });

export const tronconQuery = (id: number) =>
  queryOptions({
    queryKey: ['hydro', 'troncon', id],
    queryFn: ({ signal }) => api(`hydro/troncon/${id}`, TronconDetail, { signal }),
    staleTime: 5 * 60_000,
  });
