/**
 * Service banners at the top of every page (docs/requirements.md R3.1): offline (the service worker shows the last data
 * seen), data service fault (R11: a failure loading `hydro/bassins` sets the web-service flag, reset on
 * success; retried every 30 s and on demand). The demo banner is not here: it is part of the shell's first paint
 * (`DemoBanner.tsx`, docs/decisions/109).
 */
import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { bassinsQuery } from '../api/hydro';
import { useT } from '../lib/i18n';

/** docs/requirements.md R11: a failure loading the basins sets the web-service flag; it is reset on success. */
function useWebServiceStatus() {
  const q = useQuery({
    ...bassinsQuery(),
    retry: 1,
    refetchInterval: (query) => (query.state.status === 'error' ? 30_000 : false),
  });
  return { wsBug: q.isError, retrying: q.isFetching, retry: () => void q.refetch() };
}

function subscribeOnline(cb: () => void): () => void {
  window.addEventListener('online', cb);
  window.addEventListener('offline', cb);
  return () => {
    window.removeEventListener('online', cb);
    window.removeEventListener('offline', cb);
  };
}

/** False when the browser reports no network (the service worker then serves the last data seen). */
function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}

export default function StatusBanners() {
  const t = useT();
  const { wsBug, retrying, retry } = useWebServiceStatus();
  const online = useOnline();

  return (
    <>
      {!online && (
        <div role="status" className="border-b border-slate-300 bg-slate-100 text-slate-900">
          <p className="mx-auto max-w-7xl px-4 py-2 text-sm">{t('banner.horsLigne')}</p>
        </div>
      )}
      {wsBug && online && (
        <div role="alert" className="border-b border-amber-300 bg-amber-50 text-amber-950">
          <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-3 px-4 py-2 text-sm">
            <span className="flex-1">{t('banner.wsBug')}</span>
            <button
              type="button"
              onClick={retry}
              disabled={retrying}
              className="btn-secondary !min-h-9 !py-1"
            >
              {t('banner.reessayer')}
            </button>
          </div>
        </div>
      )}
    </>
  );
}
