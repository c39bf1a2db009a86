/**
 * The alerts API (docs/decisions/055–059): the user's alert rules (of a place, of the account), the in-app
 * notifications with their read and hidden states, and the state of a replay (the shell's banner). Personal keys
 * carry the user id so that a change of account never shows the previous one's data.
 */
import { infiniteQueryOptions, mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { StatusResponse } from '@limni/shared/contracts/account';
import {
  LieuAlertes,
  NotificationsEtatResponse,
  NotificationsResponse,
  Regle,
  ReglesResponse,
  type NotificationsEtatBody,
  type RegleInput,
  type RegleUpdateBody,
} from '@limni/shared/contracts/alertes';
import { api } from '../lib/api';
import { personal } from '../stores/account';
import { loadProfile } from './profile';

const NOTIFICATIONS_PAGE = 20;

/** Everything of the alerts of a user (rules and notifications), to invalidate after a change. */
export const alertesKey = (userId: number | null) => ['user', userId, 'alertes'] as const;

export const lieuReglesQuery = (userId: number | null, lieuId: number) =>
  queryOptions({
    queryKey: [...alertesKey(userId), 'lieu', lieuId],
    queryFn: ({ signal }) => personal(() => api(`user/alertes/lieu/${lieuId}`, LieuAlertes, { signal })),
    enabled: userId !== null,
    staleTime: 0,
  });

export const mesReglesQuery = (userId: number | null) =>
  queryOptions({
    queryKey: [...alertesKey(userId), 'regles'],
    queryFn: ({ signal }) => personal(() => api('user/alertes', ReglesResponse, { signal })),
    enabled: userId !== null,
    staleTime: 0,
  });

/** Newest first, by pages of 20 (`avant` = the last id of the previous page). */
export const notificationsQuery = (userId: number | null, masquees: boolean) =>
  infiniteQueryOptions({
    queryKey: [...alertesKey(userId), 'notifications', masquees],
    queryFn: ({ signal, pageParam }) =>
      personal(() =>
        api(
          `user/notifications?limite=${NOTIFICATIONS_PAGE}${masquees ? '&masquees=1' : ''}${
            pageParam ? `&avant=${pageParam}` : ''
          }`,
          NotificationsResponse,
          { signal },
        ),
      ),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.suite ? last.notifications.at(-1)?.id : undefined),
    enabled: userId !== null,
    staleTime: 0,
    refetchInterval: 60_000,
  });

/** After any change: the rules and the notifications of this user are read again. */
export function invalidateAlertes(client: QueryClient, userId: number | null): Promise<void> {
  return client.invalidateQueries({ queryKey: alertesKey(userId) });
}

/** `POST user/alertes/lieu/{id}`: adds rules (the place becomes followed); the profile's places are read again. */
export const createReglesMutation = (lieuId: number) =>
  mutationOptions({
    mutationKey: ['user', 'alertes', 'creer', lieuId],
    mutationFn: async (regles: RegleInput[]) => {
      const res = await personal(() =>
        api(`user/alertes/lieu/${lieuId}`, LieuAlertes, { method: 'POST', body: { regles } }),
      );
      await loadProfile().catch(() => undefined);
      return res;
    },
  });

export const updateRegleMutation = () =>
  mutationOptions({
    mutationKey: ['user', 'alertes', 'modifier'],
    mutationFn: ({ id, body }: { id: number; body: RegleUpdateBody }) =>
      personal(() => api(`user/alertes/regles/${id}`, Regle, { method: 'PATCH', body })),
  });

export const deleteRegleMutation = () =>
  mutationOptions({
    mutationKey: ['user', 'alertes', 'supprimer'],
    mutationFn: (id: number) =>
      personal(() => api(`user/alertes/regles/${id}`, StatusResponse, { method: 'DELETE' })),
  });

export const markNotificationsMutation = () =>
  mutationOptions({
    mutationKey: ['user', 'notifications', 'etat'],
    mutationFn: (body: NotificationsEtatBody) =>
      personal(() => api('user/notifications/etat', NotificationsEtatResponse, { method: 'POST', body })),
  });
