/**
 * The profile API (docs/requirements.md R5.2, R10.6): `user/profile`, `user/avatar`, subscriptions to places, mailing lists, push
 * registrations and the VAPID key. The profile lives in the account store (guards and `selectCanViewPrevision`
 * read it there); every mutation writes the part of the profile the server answers back into the store.
 */
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { StatusResponse } from '@limni/shared/contracts/account';
import { AbonnementsResponse } from '@limni/shared/contracts/alertes';
import {
  AvatarResponse,
  Profile,
  ToggleListeSibResponse,
  VapidPublicKeyResponse,
  type EditPushBody,
  type ProfileUpdateBody,
} from '@limni/shared/contracts/profile';
import { api } from '../lib/api';
import { personal, useAccount } from '../stores/account';

/** Fetches the profile into the account store; the answer is dropped if the session changed meanwhile. */
async function fetchProfile(signal?: AbortSignal): Promise<Profile | null> {
  const { user } = useAccount.getState();
  if (!user) return null;
  const profile = await personal(() => api('user/profile', Profile, { signal }));
  if (useAccount.getState().user?.id === user.id) useAccount.getState().setProfile(profile);
  return profile;
}

/** Loads the profile into the account store (guard A's profile loader). */
export async function loadProfile(): Promise<void> {
  await fetchProfile();
}

/** The profile screen's load (status for skeleton and "Réessayer"); the data itself is read from the store. */
export const profileQuery = (userId: number | null) =>
  queryOptions({
    queryKey: ['user', 'profile', userId],
    queryFn: ({ signal }) => fetchProfile(signal),
    enabled: userId !== null,
    staleTime: 0,
    retry: false,
  });

/** `POST user/profile`: date of birth, forecast alerts, notification preferences. */
export const updateProfileMutation = () =>
  mutationOptions({
    mutationKey: ['user', 'profile'],
    mutationFn: (body: ProfileUpdateBody) =>
      personal(() => api('user/profile', Profile, { method: 'POST', body })),
    onSuccess: (profile) => useAccount.getState().setProfile(profile),
  });

/** `PUT user/avatar` (multipart, field `avatar`). */
export const uploadAvatarMutation = () =>
  mutationOptions({
    mutationKey: ['user', 'avatar'],
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('avatar', file);
      return personal(() => api('user/avatar', AvatarResponse, { method: 'PUT', body: form }));
    },
    onSuccess: ({ avatar }) => useAccount.getState().patchProfile({ avatar }),
  });

/** `DELETE user/avatar`. */
export const removeAvatarMutation = () =>
  mutationOptions({
    mutationKey: ['user', 'avatar', 'remove'],
    mutationFn: () => personal(() => api('user/avatar', StatusResponse, { method: 'DELETE' })),
    onSuccess: () => useAccount.getState().patchProfile({ avatar: null }),
  });

export type AbonnementAction = 'crea' | 'stop' | 'toggle';

/** Creates (active), stops or toggles the subscription to a place; the answer is the new list. */
export async function changeAbonnement(action: AbonnementAction, lieu: number) {
  const res = await personal(() =>
    api(`user/${action}-abonnement`, AbonnementsResponse, { method: 'POST', body: { lieu } }),
  );
  useAccount.getState().patchProfile({ lieux: res.lieux });
  return res.lieux;
}

export const abonnementMutation = () =>
  mutationOptions({
    mutationKey: ['user', 'abonnement'],
    mutationFn: ({ action, lieu }: { action: AbonnementAction; lieu: number }) =>
      changeAbonnement(action, lieu),
  });

/** `user/toggle-liste-sib`: the client reads `status` and `listes_sib` (docs/requirements.md R10.6). */
export const toggleListeMutation = () =>
  mutationOptions({
    mutationKey: ['user', 'liste-sib'],
    mutationFn: (liste: number) =>
      personal(() =>
        api('user/toggle-liste-sib', ToggleListeSibResponse, { method: 'POST', body: { liste } }),
      ),
    onSuccess: (res) => {
      if (res.status === 200) useAccount.getState().patchProfile({ listes_sib: res.listes_sib });
    },
  });

/** `POST user/edit-push` (the caller decides what a failure means: only logged, docs/requirements.md R11). */
export function editPush(body: EditPushBody) {
  return personal(() => api('user/edit-push', StatusResponse, { method: 'POST', body }));
}

/** The server's application server key for `pushManager.subscribe`. */
export function vapidPublicKey() {
  return api('push/vapid-public-key', VapidPublicKeyResponse);
}
