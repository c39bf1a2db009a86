/**
 * Account state (docs/requirements.md R5.1): one small store with its flags and transitions (R7).
 * - Start-up: a stored USER_TOKEN is verified, then refreshed; the user is decoded from the refreshed token and
 *   push is initialised; any failure removes the token (USER_TOKEN and USER_INFOS).
 * - Login: begin sets `authenticating` and clears `error`; success stores token and user in localStorage and sets
 *   the bearer header; failure sets `error`. Logout or token removal clears them.
 * - Registration, activation, reset-email request (`email*`) and password reset (`reset*`): begin, success,
 *   failure and clear.
 * - While the app is open the token is refreshed before it expires (the API refreshes a session for 7 days after
 *   sign-in; then the person signs in again), and other tabs' sign-in and sign-out are followed (docs/decisions/045):
 *   that is the session keeper, `api/session.ts`.
 * The network calls of these flows live in `api/account.ts` (a lazy chunk); this store stays small because the
 * shell loads it on every page, and imports nothing above `lib/` (docs/decisions/078).
 */
import type { Profile } from '@limni/shared/contracts/profile';
import { create } from 'zustand';
import { ApiError, setBearer } from '../lib/api';
import { readStorage, STORAGE_KEYS, writeStorage } from '../lib/storage';
import { notify } from './notifications';

export interface TokenUser {
  id: number;
  username: string;
}

/** The four form flows with begin / success / failure / clear (docs/requirements.md R7.4). */
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
  /** The server's message for the last login failure (the `error` flag of R5.1 says only that it failed). */
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

/** The JSON payload of a JWT (UTF-8: usernames may hold any letter), or null. No signature check here. */
export function tokenPayload(token: string): Record<string, unknown> | null {
  try {
    const part = token.split('.')[1];
    if (!part) return null;
    const binary = atob(part.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    const json: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return typeof json === 'object' && json !== null ? (json as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Decodes the user carried by a token (`sub`, `username`); the server checks the signature. */
export function decodeTokenUser(token: string): TokenUser | null {
  const json = tokenPayload(token);
  const id = Number(json?.sub);
  return json && Number.isInteger(id) && typeof json.username === 'string'
    ? { id, username: json.username }
    : null;
}

/**
 * What happens around a session while the app is open — token refresh before expiry, other tabs, push on this
 * browser — is the session keeper (`api/session.ts`, a lazy chunk). This store, loaded on every page, does not
 * import it: the composition root registers here what runs once the start-up check is done
 * (`app/session-keeper.ts`, docs/decisions/078), so that the store stays below the network flows that use it.
 */
type StartupListener = (droppedStoredToken: boolean) => void;
let startupListener: StartupListener | null = null;

/** Registers what runs once the start-up check is done (`droppedStoredToken`: it removed a stored token). */
export function onStartupChecked(listener: StartupListener): void {
  startupListener = listener;
}

/**
 * Where guard B sends the person after a deliberate sign-out from a guarded page (the account deletion goes
 * home): the session ends before the navigation away commits, and guard B would otherwise go to the sign-in page.
 */
let signOutTarget: string | null = null;
export function leaveAfterSignOut(path: string): void {
  signOutTarget = path;
}
/** The path given by `leaveAfterSignOut`, until guard B used it. */
export function pendingSignOutTarget(): string | null {
  return signOutTarget;
}
export function forgetSignOutTarget(): void {
  signOutTarget = null;
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
/** Counts sign-ins and sign-outs, so that the start-up check never undoes one made while it ran. */
let sessionEpoch = 0;

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
      const stored = readStorage(STORAGE_KEYS.token);
      let dropped = false;
      if (stored) {
        const epoch = sessionEpoch;
        try {
          const { refreshStoredToken } = await import('./token-check');
          const token = await refreshStoredToken(stored);
          const user = decodeTokenUser(token);
          if (!user) throw new Error('Jeton illisible');
          // Signed out (or in) meanwhile, e.g. `/user/logout` opened directly: that decision stands.
          if (sessionEpoch === epoch) get().setSession(token, user);
        } catch {
          if (sessionEpoch === epoch) {
            get().clearSession();
            dropped = true;
          }
        }
      }
      set({ initialised: true });
      startupListener?.(dropped);
    })();
    return initPromise;
  },

  setSession: (token, user) => {
    sessionEpoch++;
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
  },

  clearSession: () => {
    sessionEpoch++;
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

/** docs/requirements.md R9.3: true when the profile holds authorisation 1 (forecast viewing), false without one. */
export const AUTORISATION_PREVISIONS = 1;
export const selectCanViewPrevision = (s: Pick<AccountState, 'profile'>): boolean =>
  s.profile?.autorisations.some((a) => a.id === AUTORISATION_PREVISIONS) ?? false;
