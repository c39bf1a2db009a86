/**
 * The data-service fault banner (docs/requirements.md R11): a failure loading `hydro/bassins` sets the web-service
 * flag, reset on success; retried every 30 s and on demand. Loaded by `StatusBanners` only when the page's service
 * state or a failed call gives a reason to ask (docs/decisions/052).
 */
import { useQuery } from '@tanstack/react-query';
import { bassinsQuery } from '../api/hydro';
import { useT } from '../lib/i18n';

export default function DataFaultBanner() {
  const t = useT();
  const q = useQuery({
    ...bassinsQuery(),
    retry: 1,
    refetchInterval: (query) => (query.state.status === 'error' ? 30_000 : false),
  });
  if (!q.isError) return null;
  return (
    <div role="alert" className="border-b border-amber-300 bg-amber-50 text-amber-950">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-3 px-4 py-2 text-sm">
        <span className="flex-1">{t('banner.wsBug')}</span>
        <button
          type="button"
          onClick={() => void q.refetch()}
          disabled={q.isFetching}
          className="btn-secondary !min-h-9 !py-1"
        >
          {t('banner.reessayer')}
        </button>
      </div>
    </div>
  );
}
