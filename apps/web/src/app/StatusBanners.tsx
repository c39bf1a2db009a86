/**
 * Service banners at the top of every page (docs/requirements.md R3.1): offline (the service worker shows the last data
 * seen), data service fault (R11: a failure loading `hydro/bassins` sets the web-service flag, reset on
 * success; retried every 30 s and on demand, `DataFaultBanner.tsx`). The demo banner is not here: it is part of the
 * shell's first paint (`DemoBanner.tsx`, docs/decisions/109).
 *
 * The `hydro/bassins` probe is not asked on every page load (docs/decisions/052): the page carries the service
 * state the server measured when it sent it. The probe runs when that state is missing or says the database does
 * not answer, and as soon as a call of the page fails (the probe decides whether the data service is at fault).
 */
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { pageHealthJson } from '../api/page-health';
import { useT } from '../lib/i18n';

const DataFaultBanner = lazy(() => import('./DataFaultBanner'));

/** True when the page's service state gives no assurance that the data service answers. */
function pageStateInDoubt(): boolean {
  const h = pageHealthJson();
  if (typeof h !== 'object' || h === null) return true;
  const database: unknown = (h as Record<string, unknown>)['database'];
  return (
    typeof database !== 'object' || database === null || (database as Record<string, unknown>)['ok'] !== true
  );
}

/** Whether to probe the data service: at once when in doubt, else from the first failed data call. */
function useProbe(): boolean {
  const client = useQueryClient();
  const [probe, setProbe] = useState(pageStateInDoubt);
  useEffect(() => {
    if (probe) return;
    return client.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') setProbe(true);
    });
  }, [client, probe]);
  return probe;
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
  const probe = useProbe();
  const online = useOnline();

  return (
    <>
      {!online && (
        <div role="status" className="border-b border-slate-300 bg-slate-100 text-slate-900">
          <p className="mx-auto max-w-7xl px-4 py-2 text-sm">{t('banner.horsLigne')}</p>
        </div>
      )}
      {probe && online && (
        <Suspense fallback={null}>
          <DataFaultBanner />
        </Suspense>
      )}
    </>
  );
}
