/** Query options of the place screen (`/lieu/{id}/a-{ida}` and its tabs). */
import { queryOptions } from '@tanstack/react-query';
import { VerdictLieu } from '@limni/shared/contracts/activites';
import {
  AlertesResponse,
  ChroniqueHoraire,
  DateRange,
  GraphOptions,
  LieuDetail,
  LieuDonnees,
  LieuEtat,
  LieuPrevisions,
  LieuWebcam,
} from '@limni/shared/contracts/hydro';
import { NormalesLieu, type ArchivePeriode } from '@limni/shared/contracts/historique';
import { MeteoLieuResponse } from '@limni/shared/contracts/meteo';
import { api } from '../lib/api';

export const lieuQuery = (id: number) =>
  queryOptions({
    queryKey: ['hydro', 'lieu', id],
    queryFn: ({ signal }) => api(`hydro/lieu/${id}`, LieuDetail, { signal }),
    staleTime: 10 * 60_000,
  });

export const lieuDaterangeQuery = (id: number) =>
  queryOptions({
    queryKey: ['hydro', 'lieu', id, 'daterange'],
    queryFn: ({ signal }) => api(`hydro/lieu/${id}/daterange`, DateRange, { signal }),
    staleTime: 5 * 60_000,
  });

/** The state of each sensor of a place at the end of a Paris day, or at its data clock's "now" when earlier. */
export const lieuEtatQuery = (id: number, date: string) =>
  queryOptions({
    queryKey: ['hydro', 'lieu', id, 'etat', date],
    queryFn: ({ signal }) => api(`hydro/lieu/${id}/${date}`, LieuEtat, { signal }),
  });

export const lieuAlertesQuery = (id: number) =>
  queryOptions({
    queryKey: ['hydro', 'lieu', id, 'alertes'],
    queryFn: ({ signal }) => api(`hydro/lieu/${id}/alertes`, AlertesResponse, { signal }),
    staleTime: 2 * 60_000,
  });

export const lieuWebcamQuery = (id: number) =>
  queryOptions({
    queryKey: ['hydro', 'lieu', id, 'webcam'],
    queryFn: ({ signal }) => api(`hydro/lieu/${id}/webcam`, LieuWebcam, { signal }),
    staleTime: 5 * 60_000,
  });

/** Forecasts (authorisation 1): only asked when the user may view them. */
export const lieuPrevisionsQuery = (id: number) =>
  queryOptions({
    queryKey: ['hydro', 'lieu', id, 'previsions'],
    queryFn: ({ signal }) => api(`hydro/lieu/${id}/previsions`, LieuPrevisions, { signal }),
    staleTime: 5 * 60_000,
    retry: false,
  });

/** Observations of every sensor over the `nb` Paris days ending with `date`. */
export const lieuDonneesQuery = (id: number, date: string, nb: number) =>
  queryOptions({
    queryKey: ['hydro', 'lieu', id, 'd', date, nb],
    queryFn: ({ signal }) => api(`hydro/lieu/${id}/d/${date}/${nb}`, LieuDonnees, { signal }),
    staleTime: 5 * 60_000,
    retry: false,
  });

export const graphOptionsQuery = (id: number, date: string, nb: number, activite: number) =>
  queryOptions({
    queryKey: ['hydro', 'lieu', id, 'g-options', date, nb, activite],
    queryFn: ({ signal }) =>
      api(`hydro/lieu/${id}/g-options/${date}/${nb}?activite=${activite}`, GraphOptions, { signal }),
    staleTime: 5 * 60_000,
    retry: false,
  });

/** Hourly chronicle (rows date, heure, valeur, unite; rounding at 9 and 40 minutes, docs/requirements.md R7.9). */
export const chroniqueQuery = (id: number, date: string, nb: number) =>
  queryOptions({
    queryKey: ['hydro', 'lieu', id, 'c-h', date, nb],
    queryFn: ({ signal }) => api(`hydro/lieu/${id}/c-h/${date}/${nb}`, ChroniqueHoraire, { signal }),
    staleTime: 5 * 60_000,
    retry: false,
  });

/** Verdict of the place for an activity on a Paris day (null: at the data "now"). */
export const verdictLieuQuery = (ida: number, idl: number, date: string | null) =>
  queryOptions({
    queryKey: ['activites', ida, 'lieu', idl, date],
    queryFn: ({ signal }) =>
      api(`activites/type-${ida}/lieu-${idl}${date ? `/${date}` : ''}`, VerdictLieu, { signal }),
    staleTime: 2 * 60_000,
  });

export const meteoQuery = (id: number) =>
  queryOptions({
    queryKey: ['meteo', 'lieu', id],
    queryFn: ({ signal }) => api(`meteo/lieu/${id}`, MeteoLieuResponse, { signal }),
    staleTime: 15 * 60_000,
  });

/** Where a day sits in the place's history: band per calendar day, class, rank, records, last year (ADR 087). */
export const normalesQuery = (id: number, date: string) =>
  queryOptions({
    queryKey: ['hydro', 'lieu', id, 'normales', date],
    queryFn: ({ signal }) => api(`hydro/lieu/${id}/normales/${date}`, NormalesLieu, { signal }),
    staleTime: 30 * 60_000,
    retry: false,
  });

/** Daily values of the archive over 1 or 5 years ending at the date, or all of it. */
export const archiveQuery = (id: number, date: string, annees: ArchivePeriode) =>
  queryOptions({
    queryKey: ['hydro', 'lieu', id, 'archive', date, annees],
    queryFn: ({ signal }) => api(`hydro/lieu/${id}/archive/${date}/${annees}`, LieuDonnees, { signal }),
    staleTime: 30 * 60_000,
    retry: false,
  });
