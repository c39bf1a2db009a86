/**
 * When the session keeper (`api/session.ts`: token refresh, other tabs, push) is loaded (docs/decisions/045,
 * 078). The account store calls this once its start-up check is done (`onStartupChecked`, registered by
 * `main.tsx`): at once when there is a session (or one was just dropped); for a visitor, only when a session
 * appears, here or in another tab, so that the first load of a visitor's page does not carry it.
 */
import { STORAGE_KEYS } from '../lib/storage';
import { useAccount } from '../stores/account';

export function startSessionKeeper(droppedStoredToken: boolean): void {
  const load = (sync: boolean) =>
    void import('../api/session')
      .then((m) => {
        m.startSessionKeeper(droppedStoredToken);
        if (sync) m.syncWithStorage();
      })
      .catch(() => undefined);
  if (useAccount.getState().token || droppedStoredToken) {
    load(false);
    return;
  }
  const onStorage = (event: StorageEvent) => {
    if (event.key !== STORAGE_KEYS.token || !event.newValue) return;
    stop();
    load(true);
  };
  const unsubscribe = useAccount.subscribe((state) => {
    if (!state.token) return;
    stop();
    load(false);
  });
  function stop(): void {
    unsubscribe();
    window.removeEventListener('storage', onStorage);
  }
  window.addEventListener('storage', onStorage);
}
