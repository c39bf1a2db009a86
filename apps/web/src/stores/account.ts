/**
 * Account state (spec §3): one small store with the spec's flags. The start-up sequence (spec §4) verifies a
 * stored USER_TOKEN, refreshes it, decodes the user from the refreshed token and initialises push; any failure
 * removes the token (USER_TOKEN and USER_INFOS).
 */
import * as z from 'zod/mini';
import type { Profile } from '@limni/shared/contracts/profile';
import { create } from 'zustand';
import { api, setBearer } from '../lib/api';
import { readStorage, STORAGE_KEYS, writeStorage } from '../lib/storage';

export interface TokenUser {
  id: number;
  username: string;
}

export interface AccountState {
  initialised: boolean;
  authenticating: boolean;
  error: boolean;
  token: string | null;
  user: TokenUser | null;
  profile: Profile | null;
  registrationLoading: boolean;
  registrationCompleted: boolean;
  registrationError: boolean;
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
  acceptPrevisionAlert: boolean;
  push: { init: boolean; id: string | null };
  /** Runs the start-up sequence once; later calls return the same promise. */
  init: () => Promise<void>;
  /** Stores a token and its user after sign-in (localStorage + bearer header). */
  setSession: (token: string, user: TokenUser) => void;
  /** Clears the token and user (logout or token removal). */
  clearSession: () => void;
}

const TokenResponse = z.object({ token: z.string() });

/** Decodes the user carried by a token (`sub`, `username`); no signature check: the server does that. */
export function decodeTokenUser(token: string): TokenUser | null {
  try {
    const payload = token.split('.')[1];
    if (!payload) return null;
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as {
      sub?: unknown;
      username?: unknown;
    };
    const id = Number(json.sub);
    return Number.isInteger(id) && typeof json.username === 'string' ? { id, username: json.username } : null;
  } catch {
    return null;
  }
}

let initPromise: Promise<void> | null = null;

export const useAccount = create<AccountState>((set, get) => ({
  initialised: false,
  authenticating: false,
  error: false,
  token: null,
  user: null,
  profile: null,
  registrationLoading: false,
  registrationCompleted: false,
  registrationError: false,
  registrationErrors: null,
  activationLoading: false,
  activationCompleted: false,
  activationError: false,
  emailLoading: false,
  emailCompleted: false,
  emailError: false,
  resetLoading: false,
  resetCompleted: false,
  resetError: false,
  acceptPrevisionAlert: false,
  push: { init: false, id: null },

  init: () => {
    initPromise ??= (async () => {
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
    })();
    return initPromise;
  },

  setSession: (token, user) => {
    writeStorage(STORAGE_KEYS.token, token);
    writeStorage(STORAGE_KEYS.user, JSON.stringify(user));
    setBearer(token);
    set({ token, user, error: false, authenticating: false });
  },

  clearSession: () => {
    writeStorage(STORAGE_KEYS.token, null);
    writeStorage(STORAGE_KEYS.user, null);
    setBearer(null);
    set({ token: null, user: null, profile: null });
  },
}));

/** Spec §6: true when the profile holds the authorisation with id 1 (forecast viewing), false without a profile. */
export const AUTORISATION_PREVISIONS = 1;
export const selectCanViewPrevision = (s: Pick<AccountState, 'profile'>): boolean =>
  s.profile?.autorisations.some((a) => a.id === AUTORISATION_PREVISIONS) ?? false;
