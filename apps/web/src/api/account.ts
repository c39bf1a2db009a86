/**
 * The account API (docs/requirements.md R10.5) and its flows (R7.2–R7.5): sign-in and sign-out, registration, e-mail verification,
 * password reset request and confirmation, password change, the user's details and the account deletion.
 * Each flow drives the account store's flags (begin / success / failure / clear); the pages read them.
 */
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import {
  DetailResponse,
  LoginResponse,
  StatusResponse,
  UserDetails,
  type LoginBody,
  type PasswordChangeBody,
  type PasswordResetConfirmBody,
  type RegistrationBody,
  RegistrationResponse,
  type UserPatchBody,
} from '@limni/shared/contracts/account';
import { api, ApiError } from '../lib/api';
import { personal, useAccount, type FlowFailure } from '../stores/account';

const UNEXPECTED = 'Une erreur inattendue est survenue. Réessayez dans un instant.';

/** The server's French message and field errors, whatever went wrong. */
export function failureOf(err: unknown): FlowFailure {
  if (err instanceof ApiError) return { message: err.message, fields: err.fields ?? {} };
  return { message: UNEXPECTED, fields: {} };
}

/** `POST auth/rest/login/`: true when signed in. */
export async function signIn(body: LoginBody): Promise<boolean> {
  const account = useAccount.getState();
  account.loginBegin();
  try {
    const res = await api('auth/rest/login/', LoginResponse, { method: 'POST', body });
    account.loginSuccess(res.token, { id: res.user.id, username: res.user.username });
    return true;
  } catch (err) {
    account.loginFailure(failureOf(err).message);
    return false;
  }
}

/** Logout: this browser's push registration is removed, the session revoked, then token and user cleared. */
let signingOut: Promise<void> | null = null;
export function signOut(): Promise<void> {
  signingOut ??= doSignOut().finally(() => {
    signingOut = null;
  });
  return signingOut;
}

async function doSignOut(): Promise<void> {
  // Opened directly (`/user/logout` in the address bar): the stored session is known once start-up is done.
  await useAccount.getState().init();
  const { token } = useAccount.getState();
  if (token) {
    try {
      const push = await import('./push');
      await push.forgetPushBeforeLogout();
    } catch {
      // Push is best-effort; the sign-out goes on.
    }
    try {
      await api('auth/rest/logout/', DetailResponse, { method: 'POST' });
    } catch {
      // Revoked already, or offline: the token is forgotten here anyway.
    }
  }
  useAccount.getState().clearSession();
}

/**
 * `POST registration/rest/`: the server's sentence and whether the verification e-mail left (docs/decisions/108),
 * or null (the store holds the field errors).
 */
export async function register(body: RegistrationBody): Promise<RegistrationResponse | null> {
  const account = useAccount.getState();
  account.begin('registration');
  try {
    const res = await api('registration/rest/', RegistrationResponse, { method: 'POST', body });
    account.succeed('registration');
    return res;
  } catch (err) {
    account.fail('registration', failureOf(err));
    return null;
  }
}

/**
 * `POST registration/rest/verify-email/`. A key works once: the same key asked twice (React's strict mode runs
 * effects twice, a person may reload) shares one request.
 */
const verifications = new Map<string, Promise<string>>();
export async function verifyEmail(key: string): Promise<string | null> {
  const account = useAccount.getState();
  account.begin('activation');
  let pending = verifications.get(key);
  if (!pending) {
    pending = api('registration/rest/verify-email/', DetailResponse, {
      method: 'POST',
      body: { key },
    }).then((r) => r.detail);
    verifications.set(key, pending);
    pending.catch(() => verifications.delete(key));
  }
  try {
    const detail = await pending;
    useAccount.getState().succeed('activation');
    return detail;
  } catch (err) {
    useAccount.getState().fail('activation', failureOf(err));
    return null;
  }
}

/** `POST auth/rest/password/reset/`: always the same confirmation when the address is well formed. */
export async function requestPasswordReset(email: string): Promise<string | null> {
  const account = useAccount.getState();
  account.begin('email');
  try {
    const res = await api('auth/rest/password/reset/', DetailResponse, { method: 'POST', body: { email } });
    account.succeed('email');
    return res.detail;
  } catch (err) {
    account.fail('email', failureOf(err));
    return null;
  }
}

/** `POST auth/rest/password/reset/confirm/`: every session of the account is closed by the server. */
export async function confirmPasswordReset(body: PasswordResetConfirmBody): Promise<string | null> {
  const account = useAccount.getState();
  account.begin('reset');
  try {
    const res = await api('auth/rest/password/reset/confirm/', DetailResponse, { method: 'POST', body });
    useAccount.getState().succeed('reset');
    // A session open on this browser was closed too.
    await useAccount.getState().init();
    if (useAccount.getState().token) useAccount.getState().clearSession();
    return res.detail;
  } catch (err) {
    useAccount.getState().fail('reset', failureOf(err));
    return null;
  }
}

/** `GET auth/rest/user/`: the signed-in user's details. */
export const userDetailsQuery = (userId: number | null) =>
  queryOptions({
    queryKey: ['auth', 'user', userId],
    queryFn: ({ signal }) => personal(() => api('auth/rest/user/', UserDetails, { signal })),
    enabled: userId !== null,
    staleTime: 60_000,
    retry: (count, err) => !(err instanceof ApiError && err.status < 500) && count < 1,
  });

/** `PATCH auth/rest/user/`; a new username is also kept in USER_INFOS. */
export const updateUserMutation = () =>
  mutationOptions({
    mutationKey: ['auth', 'user', 'patch'],
    mutationFn: (body: UserPatchBody) =>
      personal(() => api('auth/rest/user/', UserDetails, { method: 'PATCH', body })),
    onSuccess: (details) => {
      const { token, user, setSession } = useAccount.getState();
      if (token && user && user.username !== details.username) {
        setSession(token, { id: details.id, username: details.username });
      }
    },
  });

/** `POST auth/rest/password/change/` (the old password is checked). */
export const changePasswordMutation = () =>
  mutationOptions({
    mutationKey: ['auth', 'password', 'change'],
    mutationFn: (body: PasswordChangeBody) =>
      personal(() => api('auth/rest/password/change/', DetailResponse, { method: 'POST', body })),
  });

/**
 * `POST user/delete`: a success is `status` 200 (docs/requirements.md R10.5); the caller then logs the person out (after leaving
 * the guarded page, so that guard B does not send them to the sign-in page first).
 */
export const deleteAccountMutation = () =>
  mutationOptions({
    mutationKey: ['user', 'delete'],
    mutationFn: async () => {
      const res = await personal(() => api('user/delete', StatusResponse, { method: 'POST' }));
      if (res.status !== 200) throw new Error(UNEXPECTED);
      return res;
    },
  });
