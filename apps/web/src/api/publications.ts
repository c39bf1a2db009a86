/**
 * Publications of a place (the Social tab): the feed, posting (multipart through XMLHttpRequest, for the upload
 * progress) and deleting one's own.
 */
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { StatusResponse } from '@limni/shared/contracts/account';
import { LieuEtat } from '@limni/shared/contracts/hydro';
import {
  PhotosNiveau,
  Publication,
  PUBLICATIONS_PAGE_SIZE,
  PublicationsResponse,
} from '@limni/shared/contracts/publications';
import { api, ApiError, csrfHeaderValue, getBearer, safeJson } from '../lib/api';
import { apiErrorFrom } from '../lib/api-error';
import { currentLangue } from '../lib/i18n';

/** The feed of a place, newest first, by pages of PUBLICATIONS_PAGE_SIZE (`?avant=` the oldest shown). */
export const publicationsQuery = (lieuId: number) =>
  infiniteQueryOptions({
    queryKey: ['hydro', 'lieu', lieuId, 'publications'],
    queryFn: ({ signal, pageParam }) =>
      api(
        `hydro/lieu/${lieuId}/publications${pageParam === null ? '' : `?avant=${pageParam}`}`,
        PublicationsResponse,
        // Public answers may be kept 60 s by the browser: the feed is revalidated so that one's own post or
        // deletion shows at once, after a reload too.
        { signal, cache: 'no-cache' },
      ),
    initialPageParam: null as number | null,
    getNextPageParam: (last) =>
      last.length >= PUBLICATIONS_PAGE_SIZE ? (last[last.length - 1]?.created_at ?? null) : null,
    staleTime: 60_000,
  });

/** The community photos of a level close to the place's reading (docs/decisions/153). */
export const photosNiveauQuery = (lieuId: number) =>
  queryOptions({
    queryKey: ['hydro', 'lieu', lieuId, 'photos-niveau'],
    queryFn: ({ signal }) => api(`hydro/lieu/${lieuId}/photos-niveau`, PhotosNiveau, { signal }),
    staleTime: 60_000,
  });

/**
 * The readings a publication posted now is stamped with: the state of each sensor now, whatever instant the page
 * shows (the server stamps a post with the readings of the moment it receives it).
 */
export const tamponQuery = (lieuId: number, jour: string) =>
  queryOptions({
    queryKey: ['hydro', 'lieu', lieuId, 'tampon', jour],
    queryFn: ({ signal }) => api(`hydro/lieu/${lieuId}/${jour}`, LieuEtat, { signal, instant: null }),
    staleTime: 60_000,
  });

export interface NewPublication {
  lieu: number;
  texte: string;
  photo: File | null;
}

/**
 * Posts a publication (`POST user/new-publication`, multipart) and reports the upload progress (0 to 1).
 * Sends the CSRF header and the bearer token as `api()` does; failures are `ApiError`s with French messages.
 */
export async function postPublication(
  input: NewPublication,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<Publication> {
  const form = new FormData();
  form.append('lieu', String(input.lieu));
  form.append('texte', input.texte);
  if (input.photo) form.append('photo', input.photo, input.photo.name);
  const csrf = await csrfHeaderValue();
  return new Promise<Publication>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/user/new-publication');
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    // The language of the answer's messages, as `api()` asks for it (docs/decisions/125).
    xhr.setRequestHeader('accept-language', currentLangue());
    xhr.setRequestHeader('x-csrftoken', csrf);
    const bearer = getBearer();
    if (bearer) xhr.setRequestHeader('authorization', `Bearer ${bearer}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      const json = xhr.responseText ? safeJson(xhr.responseText) : null;
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(apiErrorFrom(xhr.status, json));
        return;
      }
      const parsed = z.safeParse(Publication, json);
      if (parsed.success) {
        onProgress(1);
        resolve(parsed.data);
      } else {
        reject(new ApiError(xhr.status, 'internal', 'Réponse inattendue du serveur pour la publication'));
      }
    };
    xhr.onerror = () => reject(new ApiError(0, 'network', 'Connexion impossible : vérifiez votre réseau.'));
    signal?.addEventListener('abort', () => xhr.abort());
    xhr.onabort = () => reject(new DOMException('Envoi annulé', 'AbortError'));
    xhr.send(form);
  });
}

export function deletePublication(id: number): Promise<StatusResponse> {
  return api(`user/publication/${id}`, StatusResponse, { method: 'DELETE' });
}
