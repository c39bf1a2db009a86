/**
 * Route guards (docs/requirements.md R2.2), as wrapper components (React Router declarative mode, see docs/decisions/008).
 * A: loads the account state, then the profile if missing; never blocks (runs in the shell on every navigation).
 * B: authentication required; sends to /user/login when not authenticated or when initialisation fails.
 * C: guests only; an authenticated user goes to /user/profil.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Spinner } from '../components/ui/Spinner';
import { forgetSignOutTarget, pendingSignOutTarget, useAccount } from '../stores/account';
import { readStorage, STORAGE_KEYS } from '../lib/storage';

/** Profile loading is provided by the account feature; failures are ignored (docs/requirements.md R11). */
let profileLoader: (() => Promise<void>) | null = null;
export function setProfileLoader(loader: () => Promise<void>): void {
  profileLoader = loader;
}

// The account feature's loader (api/profile.ts, a lazy chunk: visitors never download it).
setProfileLoader(() => import('../api/profile').then((m) => m.loadProfile()));

function loadProfileIfMissing(): Promise<void> {
  const { token, profile } = useAccount.getState();
  if (!token || profile || !profileLoader) return Promise.resolve();
  return profileLoader().catch(() => undefined);
}

/** Guard A: call on every navigation; never blocks rendering. */
export function useGuardA(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    void useAccount
      .getState()
      .init()
      .then(loadProfileIfMissing)
      .catch(() => undefined);
  }, [pathname]);
}

type InitState = 'pending' | 'done' | 'failed';

function useAccountInit(): InitState {
  const initialised = useAccount((s) => s.initialised);
  const [state, setState] = useState<InitState>(initialised ? 'done' : 'pending');
  useEffect(() => {
    let alive = true;
    useAccount
      .getState()
      .init()
      .then(() => alive && setState('done'))
      .catch(() => alive && setState('failed'));
    return () => {
      alive = false;
    };
  }, []);
  return initialised ? 'done' : state;
}

/** Guard B (after a deliberate sign-out from a guarded page, it goes where `leaveAfterSignOut` said). */
export function RequireAuth({ children }: { children: ReactNode }) {
  const state = useAccountInit();
  const token = useAccount((s) => s.token);
  const { pathname } = useLocation();
  // Used once: the redirect below has been rendered with it.
  useEffect(() => forgetSignOutTarget(), [token]);
  if (state === 'pending') return <Spinner />;
  if (state === 'failed' || !token) {
    const target =
      pendingSignOutTarget() ??
      (pathname === '/user/profil' ? '/user/login' : `/user/login/${encodeURIComponent(pathname.slice(1))}`);
    return <Navigate to={target} replace />;
  }
  return <>{children}</>;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * Guard C. A signed-in person opening an e-mail confirmation link (`/user/register/{key}`, also mailed when the
 * address of an account changes) goes to the profile, which confirms the key there (docs/decisions/046).
 */
export function GuestOnly({ children }: { children: ReactNode }) {
  const state = useAccountInit();
  const token = useAccount((s) => s.token);
  const { pathname } = useLocation();
  // Without a stored token the visitor is a guest whatever the start-up check says: the page shows at once (and
  // matches its prerendered first screen, docs/decisions/116).
  if (state === 'pending' && readStorage(STORAGE_KEYS.token) !== null) return <Spinner />;
  if (token) {
    const key = /^\/user\/register\/([^/]+)\/?$/.exec(pathname)?.[1];
    const target = key ? `/user/profil?verifier=${encodeURIComponent(safeDecode(key))}` : '/user/profil';
    return <Navigate to={target} replace />;
  }
  return <>{children}</>;
}
