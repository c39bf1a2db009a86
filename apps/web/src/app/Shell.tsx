/**
 * The application shell: header (logo, search entry, account), phone bottom navigation, footer with the
 * language switch and data sources, service banners, notifications. Scroll resets on every navigation.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { BassinsResponse } from '@limni/shared/contracts/hydro';
import { HealthResponse } from '@limni/shared/contracts/health';
import { Notifications } from '../components/Notifications';
import { api } from '../lib/api';
import { formatLongDate } from '../lib/format';
import { currentLangue, setLangue, useT } from '../lib/i18n';
import { useAccount } from '../stores/account';
import { useGuardA } from './guards';

function useScrollReset() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
}

/** Spec §8: a failure loading the basins sets the web-service flag; it is reset on success. */
function useWebServiceStatus() {
  const q = useQuery({
    queryKey: ['hydro', 'bassins'],
    queryFn: ({ signal }) => api('hydro/bassins', BassinsResponse, { signal }),
    staleTime: 60 * 60_000,
    retry: 1,
    refetchInterval: (query) => (query.state.status === 'error' ? 30_000 : false),
  });
  return { wsBug: q.isError, retry: () => void q.refetch() };
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

function useDataPeriod() {
  return useQuery({
    queryKey: ['health'],
    queryFn: ({ signal }) => api('health', HealthResponse, { signal }),
    staleTime: 5 * 60_000,
  });
}

const NAV = [
  {
    to: '/',
    key: 'nav.accueil',
    icon: 'M3 11l9-8 9 8v10a1 1 0 0 1-1 1h-5v-7H9v7H4a1 1 0 0 1-1-1z',
    end: true,
  },
  {
    to: '/choisir/carte',
    key: 'nav.carte',
    icon: 'M9 3 3 6v15l6-3 6 3 6-3V3l-6 3-6-3zm0 0v15m6-12v15',
    end: false,
  },
  {
    to: '/favoris',
    key: 'nav.favoris',
    icon: 'm12 3 2.8 5.7 6.2.9-4.5 4.4 1 6.2L12 17.3 6.5 20.2l1-6.2L3 9.6l6.2-.9z',
    end: false,
  },
  {
    to: '/alertes',
    key: 'nav.alertes',
    icon: 'M6 8a6 6 0 1 1 12 0c0 7 3 8 3 8H3s3-1 3-8zm4.5 12a1.5 1.5 0 0 0 3 0',
    end: false,
  },
] as const;

const ACCOUNT_ICON = 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-7 9a7 7 0 0 1 14 0';

function Icon({ d }: { d: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d={d} />
    </svg>
  );
}

export function Shell() {
  useScrollReset();
  useGuardA();
  const t = useT();
  const { wsBug, retry } = useWebServiceStatus();
  const health = useDataPeriod();
  const user = useAccount((s) => s.user);
  const online = useOnline();
  const [now] = useState(() => Date.now());
  const fin = health.data?.donnees.fin ?? null;
  const debut = health.data?.donnees.debut ?? null;
  const isDemo = fin !== null && now - fin > 7 * 86_400_000 && health.data?.ingestion.mode === 'off';
  const accountTo = user ? '/user/profil' : '/user/login';
  const accountLabel = user ? t('nav.monProfil') : t('nav.seConnecter');

  return (
    <div className="flex min-h-dvh flex-col bg-surface text-ink">
      <a
        href="#contenu"
        className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        {t('nav.allerContenu')}
      </a>
      <header className="sticky top-0 z-30 border-b border-line bg-white/95 backdrop-blur dark:bg-[#0f1a22]/95">
        <div className="mx-auto flex h-14 max-w-7xl items-center gap-4 px-4">
          <Link
            to="/"
            className="flex items-center gap-2 font-bold text-brand dark:text-sky-200"
            aria-label="Limni, accueil"
          >
            <img src="/icon.svg" alt="" width="32" height="32" />
            <span className="text-xl tracking-tight">Limni</span>
          </Link>
          <nav aria-label={t('nav.principale')} className="ml-6 hidden items-center gap-1 md:flex">
            {NAV.map((n) => (
              <NavLink
                key={n.to}
                to={n.to}
                end={n.end}
                className={({ isActive }) => `nav-link ${isActive ? 'nav-link-active' : ''}`}
              >
                {t(n.key)}
              </NavLink>
            ))}
          </nav>
          <div className="ml-auto flex items-center gap-2">
            <NavLink
              to={accountTo}
              className={({ isActive }) =>
                `nav-link hidden sm:inline-flex ${isActive ? 'nav-link-active' : ''}`
              }
            >
              <Icon d={ACCOUNT_ICON} />
              <span>{accountLabel}</span>
            </NavLink>
          </div>
        </div>
      </header>

      {!online && (
        <div role="status" className="border-b border-slate-300 bg-slate-100 text-slate-900">
          <p className="mx-auto max-w-7xl px-4 py-2 text-sm">{t('banner.horsLigne')}</p>
        </div>
      )}
      {wsBug && online && (
        <div role="alert" className="border-b border-amber-300 bg-amber-50 text-amber-950">
          <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-3 px-4 py-2 text-sm">
            <span className="flex-1">{t('banner.wsBug')}</span>
            <button type="button" onClick={retry} className="btn-secondary !min-h-9 !py-1">
              {t('banner.reessayer')}
            </button>
          </div>
        </div>
      )}
      {isDemo && debut !== null && fin !== null && (
        <div className="border-b border-sky-200 bg-sky-50 text-sky-950 dark:border-sky-900 dark:bg-sky-950 dark:text-sky-100">
          <p className="mx-auto max-w-7xl px-4 py-2 text-sm">
            {t('banner.demo', { periode: `${formatLongDate(debut)} → ${formatLongDate(fin)}` })}
          </p>
        </div>
      )}

      <main id="contenu" className="flex-1 pb-20 md:pb-0">
        <Outlet />
      </main>

      <footer className="border-t border-line bg-white pb-20 dark:bg-[#0f1a22] md:pb-0">
        <div className="mx-auto grid max-w-7xl gap-6 px-4 py-8 text-sm sm:grid-cols-2 md:grid-cols-4">
          <div>
            <p className="font-semibold text-brand dark:text-sky-200">Limni</p>
            <p className="mt-1 text-muted">{t('app.slogan')}</p>
          </div>
          <nav aria-label="Informations" className="flex flex-col gap-2">
            <Link className="link" to="/credits">
              {t('footer.credits')}
            </Link>
            <Link className="link" to="/legal/terms/update">
              {t('footer.mentions')}
            </Link>
            <Link className="link" to="/contact">
              {t('footer.contact')}
            </Link>
          </nav>
          <nav aria-label="Découvrir" className="flex flex-col gap-2">
            <Link className="link" to="/avantages-compte">
              {t('footer.avantages')}
            </Link>
            <Link className="link" to="/infos-previsions">
              {t('footer.previsions')}
            </Link>
            <Link className="link" to="/bassins">
              {t('nav.bassins')}
            </Link>
          </nav>
          <div>
            <label className="flex items-center gap-2">
              <span>{t('footer.langue')}</span>
              <select
                className="field !w-auto"
                value={currentLangue()}
                onChange={(e) => void setLangue(e.target.value === 'en' ? 'en' : 'fr')}
              >
                <option value="fr">Français</option>
                <option value="en">English</option>
              </select>
            </label>
            <p className="mt-3 text-xs text-muted">{t('footer.sources')}</p>
          </div>
        </div>
      </footer>

      <nav
        aria-label={t('nav.principale')}
        className="fixed inset-x-0 bottom-0 z-30 border-t border-line bg-white pb-[env(safe-area-inset-bottom)] dark:bg-[#0f1a22] md:hidden"
      >
        <ul className="grid grid-cols-5">
          {[...NAV, { to: accountTo, key: 'nav.compte' as const, icon: ACCOUNT_ICON, end: false }].map(
            (n) => (
              <li key={n.key}>
                <NavLink
                  to={n.to}
                  end={n.end}
                  className={({ isActive }) =>
                    `flex min-h-14 flex-col items-center justify-center gap-0.5 text-xs ${isActive ? 'font-semibold text-brand dark:text-sky-200' : 'text-muted'}`
                  }
                >
                  <Icon d={n.icon} />
                  <span>{t(n.key)}</span>
                </NavLink>
              </li>
            ),
          )}
        </ul>
      </nav>
      <Notifications />
    </div>
  );
}
