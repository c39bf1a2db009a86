/**
 * Account state (spec §3): one small store with the spec's flags and transitions (§4).
 * - Start-up: a stored USER_TOKEN is verified, then refreshed; the user is decoded from the refreshed token and
 *   push is initialised; any failure removes the token (USER_TOKEN and USER_INFOS).
 * - Login: begin sets `authenticating` and clears `error`; success stores token and user in localStorage and sets
 *   the bearer header; failure sets `error`. Logout or token removal clears them.
 * - Registration, activation, reset-email request (`email*`) and password reset (`reset*`): begin, success,
 *   failure and clear.
 * - While the app is open the token is refreshed before it expires (the API refreshes a session for 7 days after
 *   sign-in; then the person signs in again), and other tabs' sign-in and sign-out are followed (docs/decisions/045).
 * The network calls of these flows live in `api/account.ts` (a lazy chunk); this store stays small because the
 * shell loads it on every page.
 */
import * as z from 'zod/mini';
import type { Profile } from '@limni/shared/contracts/profile';
import { create } from 'zustand';
import { api, ApiError, setBearer } from '../lib/api';
import { readStorage, STORAGE_KEYS, writeStorage } from '../lib/storage';
import { notify } from './notifications';

export interface TokenUser {
  id: number;
  username: string;
}

/** The spec's four form flows with begin / success / failure / clear. */
export type Flow = 'registration' | 'activation' | 'email' | 'reset';

/** What a failed flow tells the person: the server's French message and its field errors. */
export interface FlowFailure {
  message: string;
  fields: Record<string, string[]>;
}

export interface PushState {
  init: boolean;
  /** The push registration of this browser (its subscription endpoint) once sent to the API, else null. */
  id: string | null;
}

export interface AccountState {
  initialised: boolean;
  authenticating: boolean;
  error: boolean;
  /** The server's message for the last login failure (the spec's `error` flag says only that it failed). */
  errorMessage: string | null;
  token: string | null;
  user: TokenUser | null;
  profile: Profile | null;
  registrationLoading: boolean;
  registrationCompleted: boolean;
  registrationError: boolean;
  /** Server field messages of the last registration failure (`email`, `username`, `password1`…). */
  registrationErrors: Record<string, string[]> | null;
  activationLoading: boolean;
  activationCompleted: boolean;
  activationError: boolean;
  emailLoading: boolean;
  emailCompleted: boolean;
  emailError: boolean;
  resetLoading: boolean;
  resetCompleted: boolean;
  resetError: boolean;
  /** Details of the last failure of each flow (message and field errors), cleared with the flow. */
  failures: Partial<Record<Flow, FlowFailure>>;
  acceptPrevisionAlert: boolean;
  push: PushState;

  /** Runs the start-up sequence once; later calls return the same promise. */
  init: () => Promise<void>;
  /** Stores a token and its user after sign-in (localStorage + bearer header). */
  setSession: (token: string, user: TokenUser) => void;
  /** Clears the token and user (logout or token removal). */
  clearSession: () => void;

  loginBegin: () => void;
  loginSuccess: (token: string, user: TokenUser) => void;
  loginFailure: (message: string) => void;

  begin: (flow: Flow) => void;
  succeed: (flow: Flow) => void;
  fail: (flow: Flow, failure: FlowFailure) => void;
  clear: (flow: Flow) => void;

  setProfile: (profile: Profile | null) => void;
  /** Updates the profile in place (after a mutation answered part of it). */
  patchProfile: (patch: Partial<Profile>) => void;
  setAcceptPrevisionAlert: (accept: boolean) => void;
  setPush: (push: PushState) => void;
}

const TokenResponse = z.object({ token: z.string() });

interface TokenClaims extends TokenUser {
  /** Seconds between issue and expiry (the token's own clock, so the browser's clock does not matter). */
  lifetimeS: number | null;
}

function decodeClaims(token: string): TokenClaims | null {
  try {
    const payload = token.split('.')[1];
    if (!payload) return null;
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as {
      sub?: unknown;
      username?: unknown;
      iat?: unknown;
      exp?: unknown;
    };
    const id = Number(json.sub);
    if (!Number.isInteger(id) || typeof json.username !== 'string') return null;
    const lifetimeS =
      typeof json.iat === 'number' && typeof json.exp === 'number' && json.exp > json.iat
        ? json.exp - json.iat
        : null;
    return { id, username: json.username, lifetimeS };
  } catch {
    return null;
  }
}

/** Decodes the user carried by a token (`sub`, `username`); no signature check: the server does that. */
export function decodeTokenUser(token: string): TokenUser | null {
  const claims = decodeClaims(token);
  return claims ? { id: claims.id, username: claims.username } : null;
}

// ---------------------------------------------------------------------------------------------------------------
// Token refresh while the app is open.

/** Refresh this long before expiry (at most a fifth of the token's life). */
const REFRESH_MARGIN_MS = 5 * 60_000;
/** After a network failure, try again after this delay (the token may still be valid). */
const REFRESH_RETRY_MS = 60_000;

let refreshTimer: ReturnType<typeof setTimeout> | undefined;
/** When the current token should be refreshed (epoch ms of this browser), or null. */
let refreshDue: number | null = null;

function stopRefresh(): void {
  if (refreshTimer !== undefined) clearTimeout(refreshTimer);
  refreshTimer = undefined;
  refreshDue = null;
}

function scheduleRefresh(token: string, delayMs?: number): void {
  stopRefresh();
  const lifetimeMs = (decodeClaims(token)?.lifetimeS ?? 0) * 1000;
  if (delayMs === undefined && lifetimeMs <= 0) return;
  const delay = delayMs ?? Math.max(10_000, lifetimeMs - Math.min(REFRESH_MARGIN_MS, lifetimeMs / 5));
  refreshDue = Date.now() + delay;
  refreshTimer = setTimeout(() => void refreshNow(), Math.min(delay, 2 ** 31 - 1));
}

let refreshing: Promise<void> | null = null;

/** Exchanges the current token for a new one; a refused refresh (401: revoked, expired, 7 days) signs out. */
function refreshNow(): Promise<void> {
  refreshing ??= (async () => {
    const { token } = useAccount.getState();
    if (!token) return;
    try {
      const next = await api('user/token-refresh', TokenResponse, { method: 'POST', body: { token } });
      const user = decodeTokenUser(next.token);
      // Signed out (or another tab took over) meanwhile: keep what is there now.
      if (!user || useAccount.getState().token !== token) return;
      useAccount.getState().setSession(next.token, user);
    } catch (err) {
      if (useAccount.getState().token !== token) return;
      if (err instanceof ApiError && (err.status === 401 || err.status === 403)) {
        useAccount.getState().clearSession();
        notify(err.message, { kind: 'info' });
      } else {
        scheduleRefresh(token, REFRESH_RETRY_MS);
      }
    }
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** A tab that slept past the refresh time (timers are throttled) refreshes as soon as it is seen again. */
function refreshIfDue(): void {
  if (document.visibilityState === 'visible' && refreshDue !== null && Date.now() >= refreshDue) {
    void refreshNow();
  }
}

/** Follows sign-in, refresh and sign-out made in another tab (the `storage` event fires in the other tabs). */
function onStorage(event: StorageEvent): void {
  if (event.key !== STORAGE_KEYS.token && event.key !== null) return;
  const state = useAccount.getState();
  const stored = readStorage(STORAGE_KEYS.token);
  if (!stored) {
    if (state.token) state.clearSession();
    return;
  }
  if (stored === state.token) return;
  const user = decodeTokenUser(stored);
  if (!user) return;
  const sameUser = state.user?.id === user.id;
  setBearer(stored);
  useAccount.setState({ token: stored, user, ...(sameUser ? {} : { profile: null }) });
  scheduleRefresh(stored);
}

let listening = false;
function listenToBrowser(): void {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  window.addEventListener('storage', onStorage);
  document.addEventListener('visibilitychange', refreshIfDue);
  window.addEventListener('focus', refreshIfDue);
}

/** Push is initialised after a session is known (lazy chunk: most visits never need it). */
function initPush(): void {
  void import('../features/compte/push').then((m) => m.initPush()).catch(() => undefined);
}

/** A session ended on this browser: its push subscription goes too (docs/decisions/047). */
function dropPush(): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  void import('../features/compte/push').then((m) => m.dropBrowserSubscription()).catch(() => undefined);
}

// ---------------------------------------------------------------------------------------------------------------

const FLOW_RESET = {
  registration: {
    registrationLoading: false,
    registrationCompleted: false,
    registrationError: false,
    registrationErrors: null,
  },
  activation: { activationLoading: false, activationCompleted: false, activationError: false },
  email: { emailLoading: false, emailCompleted: false, emailError: false },
  reset: { resetLoading: false, resetCompleted: false, resetError: false },
} as const satisfies Record<Flow, Partial<AccountState>>;

function withoutFailure(failures: AccountState['failures'], flow: Flow): AccountState['failures'] {
  const next = { ...failures };
  delete next[flow];
  return next;
}

let initPromise: Promise<void> | null = null;

export const useAccount = create<AccountState>((set, get) => ({
  initialised: false,
  authenticating: false,
  error: false,
  errorMessage: null,
  token: null,
  user: null,
  profile: null,
  ...FLOW_RESET.registration,
  ...FLOW_RESET.activation,
  ...FLOW_RESET.email,
  ...FLOW_RESET.reset,
  failures: {},
  acceptPrevisionAlert: false,
  push: { init: false, id: null },

  init: () => {
    initPromise ??= (async () => {
      listenToBrowser();
      const stored = readStorage(STORAGE_KEYS.token);
      if (stored) {
        try {
          await api('user/token-verify', TokenResponse, { method: 'POST', body: { token: stored } });
          const { token } = await api('user/token-refresh', TokenResponse, {
            method: 'POST',
            body: { token: stored },
          });
          const user = decodeTokenUser(token);
          if (!user) throw new Error('Jeton illisible');
          get().setSession(token, user);
        } catch {
          get().clearSession();
        }
      }
      set({ initialised: true });
      if (get().token) initPush();
    })();
    return initPromise;
  },

  setSession: (token, user) => {
    writeStorage(STORAGE_KEYS.token, token);
    writeStorage(STORAGE_KEYS.user, JSON.stringify(user));
    setBearer(token);
    const sameUser = get().user?.id === user.id;
    set({
      token,
      user,
      error: false,
      errorMessage: null,
      authenticating: false,
      ...(sameUser ? {} : { profile: null }),
    });
    scheduleRefresh(token);
  },

  clearSession: () => {
    stopRefresh();
    if (get().token || readStorage(STORAGE_KEYS.token)) dropPush();
    writeStorage(STORAGE_KEYS.token, null);
    writeStorage(STORAGE_KEYS.user, null);
    setBearer(null);
    set({
      token: null,
      user: null,
      profile: null,
      acceptPrevisionAlert: false,
      push: { init: false, id: null },
    });
  },

  loginBegin: () => set({ authenticating: true, error: false, errorMessage: null }),
  loginSuccess: (token, user) => {
    get().setSession(token, user);
    set({ initialised: true });
    initPush();
  },
  loginFailure: (message) => set({ authenticating: false, error: true, errorMessage: message }),

  begin: (flow) =>
    set((s) => ({
      ...FLOW_RESET[flow],
      [`${flow}Loading`]: true,
      failures: withoutFailure(s.failures, flow),
    })),
  succeed: (flow) => set({ ...FLOW_RESET[flow], [`${flow}Completed`]: true }),
  fail: (flow, failure) =>
    set((s) => ({
      ...FLOW_RESET[flow],
      [`${flow}Error`]: true,
      ...(flow === 'registration' ? { registrationErrors: failure.fields } : {}),
      failures: { ...s.failures, [flow]: failure },
    })),
  clear: (flow) => set((s) => ({ ...FLOW_RESET[flow], failures: withoutFailure(s.failures, flow) })),

  setProfile: (profile) =>
    set(profile ? { profile, acceptPrevisionAlert: profile.acceptPrevisionAlert } : { profile: null }),
  patchProfile: (patch) => {
    const current = get().profile;
    if (current) get().setProfile({ ...current, ...patch });
  },
  setAcceptPrevisionAlert: (accept) => {
    const current = get().profile;
    set({
      acceptPrevisionAlert: accept,
      ...(current ? { profile: { ...current, acceptPrevisionAlert: accept } } : {}),
    });
  },
  setPush: (push) => set({ push }),
}));

/**
 * For calls made with the user's token: a 401 means the session was closed elsewhere (logout, password change,
 * 7 days): sign out here too and say so. Returns true when it handled the error.
 */
export function handleSessionError(err: unknown): boolean {
  if (err instanceof ApiError && err.status === 401 && useAccount.getState().token) {
    useAccount.getState().clearSession();
    notify(err.message, { kind: 'info' });
    return true;
  }
  return false;
}

/** Runs a call made with the user's token; a closed session (401) signs out here too. */
export async function personal<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    handleSessionError(err);
    throw err;
  }
}

/** Spec §6: true when the profile holds the authorisation with id 1 (forecast viewing), false without a profile. */
export const AUTORISATION_PREVISIONS = 1;
export const selectCanViewPrevision = (s: Pick<AccountState, 'profile'>): boolean =>
  s.profile?.autorisations.some((a) => a.id === AUTORISATION_PREVISIONS) ?? false;
