/**
 * The session keeper: the session while the app is open (docs/decisions/045, 078), a lazy chunk started by
 * `app/session-keeper.ts` once the start-up check is done:
 * - the token is refreshed before it expires (a fifth of its life or 5 min ahead, measured on the token's own
 *   iat/exp so the browser's clock does not matter); a tab that slept refreshes as soon as it is seen again;
 *   a refused refresh (revoked, expired, more than 7 days after sign-in) signs out and says why;
 * - sign-in, refresh and sign-out made in another tab are followed (the `storage` event);
 * - push: initialised when a session starts, this browser's subscription dropped when a session ends;
 * - the account's language follows the one chosen here (`api/account-langue.ts`).
 */
import * as z from 'zod/mini';
import { api, ApiError, setBearer } from '../lib/api';
import { readStorage, STORAGE_KEYS } from '../lib/storage';
import { decodeTokenUser, tokenPayload, useAccount } from '../stores/account';
import { notify } from '../stores/notifications';
import { followAccountLangue } from './account-langue';

const TokenResponse = z.object({ token: z.string() });

/** Refresh this long before expiry (at most a fifth of the token's life). */
const REFRESH_MARGIN_MS = 5 * 60_000;
/** After a network failure, try again after this delay (the token may still be valid). */
const REFRESH_RETRY_MS = 60_000;
/** Never sooner than this (a token with a very short life, or a clock oddity). */
const REFRESH_MIN_DELAY_MS = 10_000;

/** Seconds between issue and expiry of a token, or null when it does not say. */
export function tokenLifetimeS(token: string): number | null {
  const json = tokenPayload(token);
  return json && typeof json.iat === 'number' && typeof json.exp === 'number' && json.exp > json.iat
    ? json.exp - json.iat
    : null;
}

/** Delay before refreshing a token just received. */
export function refreshDelayMs(lifetimeS: number): number {
  const lifetimeMs = lifetimeS * 1000;
  return Math.max(REFRESH_MIN_DELAY_MS, lifetimeMs - Math.min(REFRESH_MARGIN_MS, lifetimeMs / 5));
}

let refreshTimer: ReturnType<typeof setTimeout> | undefined;
/** When the current token should be refreshed (this browser's epoch ms), or null. */
let refreshDue: number | null = null;
let refreshing: Promise<void> | null = null;

function stopRefresh(): void {
  if (refreshTimer !== undefined) clearTimeout(refreshTimer);
  refreshTimer = undefined;
  refreshDue = null;
}

function scheduleRefresh(token: string, delayMs?: number): void {
  stopRefresh();
  const lifetime = tokenLifetimeS(token);
  const delay = delayMs ?? (lifetime === null ? null : refreshDelayMs(lifetime));
  if (delay === null) return;
  refreshDue = Date.now() + delay;
  refreshTimer = setTimeout(() => void refreshNow(), Math.min(delay, 2 ** 31 - 1));
}

/** Exchanges the current token for a new one of the same session. */
function refreshNow(): Promise<void> {
  refreshing ??= (async () => {
    const { token } = useAccount.getState();
    if (!token) return;
    try {
      const next = await api('user/token-refresh', TokenResponse, { method: 'POST', body: { token } });
      const user = decodeTokenUser(next.token);
      // Signed out, or another tab took over, meanwhile: keep what is there now.
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

/** A tab that slept past the refresh time (timers are throttled there) refreshes when it is seen again. */
function refreshIfDue(): void {
  if (document.visibilityState === 'visible' && refreshDue !== null && Date.now() >= refreshDue) {
    void refreshNow();
  }
}

/** Follows another tab's sign-in, refresh and sign-out (the `storage` event fires in the other tabs only). */
function onStorage(event: StorageEvent): void {
  if (event.key !== STORAGE_KEYS.token && event.key !== null) return;
  syncWithStorage();
}

/** This tab's session follows what another tab wrote in localStorage (sign-in, refresh, sign-out). */
export function syncWithStorage(): void {
  const state = useAccount.getState();
  const stored = readStorage(STORAGE_KEYS.token);
  if (!stored) {
    if (state.token) state.clearSession();
    return;
  }
  if (stored === state.token) return;
  const user = decodeTokenUser(stored);
  if (!user) return;
  // The other tab already wrote USER_TOKEN and USER_INFOS: only this tab's state follows.
  setBearer(stored);
  useAccount.setState({ token: stored, user, ...(state.user?.id === user.id ? {} : { profile: null }) });
}

function initPush(): void {
  void import('./push').then((m) => m.initPush()).catch(() => undefined);
}

function dropPush(): void {
  if (!('serviceWorker' in navigator)) return;
  void import('./push').then((m) => m.dropBrowserRegistration()).catch(() => undefined);
}

let started = false;

/** Starts once; `droppedStoredToken`: the start-up check removed a stored token (its push goes too). */
export function startSessionKeeper(droppedStoredToken: boolean): void {
  if (droppedStoredToken) dropPush();
  if (started) return;
  started = true;
  window.addEventListener('storage', onStorage);
  document.addEventListener('visibilitychange', refreshIfDue);
  window.addEventListener('focus', refreshIfDue);
  useAccount.subscribe((state, previous) => {
    if (state.token === previous.token) return;
    if (state.token) scheduleRefresh(state.token);
    else stopRefresh();
    if (state.token && !previous.token) initPush();
    if (!state.token && previous.token) dropPush();
  });
  const { token } = useAccount.getState();
  if (token) {
    scheduleRefresh(token);
    initPush();
  }
  // The account's e-mails and alerts follow the language chosen here (docs/decisions/146).
  followAccountLangue();
}
