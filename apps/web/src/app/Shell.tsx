/**
 * The application shell (docs/requirements.md R2.1, R3.1, R12): header (logo, search, desktop navigation, account
 * entry), phone bottom navigation, footer (information pages, language switch, data sources and their licences),
 * service banners (data service fault, offline, demo period) and notifications. Every navigation scrolls to the
 * top-left corner.
 */
import { lazy, Suspense, useLayoutEffect, useState } from 'react';
import { lazyWithPreload } from './lazy-page';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { ReplayBanner } from '../features/alertes';
import { Notifications } from '../components/ui/Notifications';
import { LineIcon } from '../components/ui/LineIcon';
import { SearchBox } from '../features/recherche';
import { useT } from '../lib/i18n';
import type { MessageKey } from '../i18n/fr';
import { useAccount } from '../stores/account';
import { useGuardA } from './Guards';
import { DemoBanner } from './DemoBanner';
import { useInstantUrl } from '../features/instant-consulte';
import { useInstantConsulte } from '../lib/instant-consulte';

/** The footer is below every page's content: a lazy chunk, out of the first load of `/`. */
const Footer = lazyWithPreload(() => import('./Footer'));

/** The footer is in the prerendered HTML: the boot loads it before painting over (docs/decisions/116). */
export function preloadShellParts(): Promise<unknown> {
  return Footer.preload();
}
/** The service banners wait for network answers anyway: their code and schemas load after the first paint. */
const StatusBanners = lazy(() => import('./StatusBanners'));
/** The banner of a past instant (`?t=`, docs/decisions/152): its code loads only when one is consulted. */
const InstantBanner = lazy(() =>
  import('../features/instant-consulte/components/InstantBanner').then((mod) => ({
    default: mod.InstantBanner,
  })),
);

/**
 * docs/requirements.md R2.1: a new path scrolls to the top-left (filters in the query string do not), Back and
 * Forward included: the browser's own restoration is turned off, or it would scroll a page back down once its lazy
 * parts had grown tall enough.
 */
function useScrollReset() {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
  }, []);
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
}

const ICONS = {
  accueil: 'M3 11l9-8 9 8v10a1 1 0 0 1-1 1h-5v-7H9v7H4a1 1 0 0 1-1-1z',
  carte: 'M9 3 3 6v15l6-3 6 3 6-3V3l-6 3-6-3zm0 0v15m6-12v15',
  favoris: 'm12 3 2.8 5.7 6.2.9-4.5 4.4 1 6.2L12 17.3 6.5 20.2l1-6.2L3 9.6l6.2-.9z',
  alertes: 'M6 8a6 6 0 1 1 12 0c0 7 3 8 3 8H3s3-1 3-8zm4.5 12a1.5 1.5 0 0 0 3 0',
  compte: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-7 9a7 7 0 0 1 14 0',
  recherche: 'M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zm9 2-3.5-3.5',
  fermer: 'M6 6l12 12M18 6 6 18',
} as const;

interface NavEntry {
  to: string;
  key: MessageKey;
  icon: string;
  end: boolean;
}

/** Desktop header entries (≥ 1024 px); the account entry sits at the right. */
const DESKTOP_NAV: NavEntry[] = [
  { to: '/', key: 'nav.accueil', icon: ICONS.accueil, end: true },
  { to: '/choisir/carte', key: 'nav.carte', icon: ICONS.carte, end: false },
  { to: '/activites', key: 'nav.activites', icon: ICONS.carte, end: false },
  { to: '/favoris', key: 'nav.favoris', icon: ICONS.favoris, end: false },
  { to: '/alertes', key: 'nav.alertes', icon: ICONS.alertes, end: false },
];

/** Avatar (or initial) and name of the signed-in user, "Se connecter" otherwise. */
function AccountEntry() {
  const t = useT();
  const user = useAccount((s) => s.user);
  const avatar = useAccount((s) => s.profile?.avatar ?? null);
  if (!user) {
    return (
      <NavLink
        to="/user/login"
        className={({ isActive }) => `nav-link hidden sm:inline-flex ${isActive ? 'nav-link-active' : ''}`}
      >
        <LineIcon size={24} d={ICONS.compte} />
        <span>{t('nav.seConnecter')}</span>
      </NavLink>
    );
  }
  return (
    <NavLink
      to="/user/profil"
      aria-label={t('nav.monProfilDe', { nom: user.username })}
      className={({ isActive }) => `nav-link hidden sm:inline-flex ${isActive ? 'nav-link-active' : ''}`}
    >
      {avatar ? (
        <img src={avatar} alt="" width="32" height="32" className="h-8 w-8 rounded-full object-cover" />
      ) : (
        <span
          aria-hidden="true"
          className="inline-flex h-8 w-8 items-center justify-center rounded-full bg-brand font-semibold text-white"
        >
          {user.username.charAt(0).toLocaleUpperCase('fr-FR')}
        </span>
      )}
      <span className="max-w-40 truncate">{user.username}</span>
    </NavLink>
  );
}

export function Shell() {
  useScrollReset();
  useGuardA();
  useInstantUrl();
  const instant = useInstantConsulte();
  const t = useT();
  const { pathname } = useLocation();
  const signedIn = useAccount((s) => s.user !== null);
  const [searchOpen, setSearchOpen] = useState(false);
  const [searchPath, setSearchPath] = useState(pathname);
  // The phone search row closes when the page changes.
  if (searchPath !== pathname) {
    setSearchPath(pathname);
    setSearchOpen(false);
  }
  const bottomNav: NavEntry[] = [
    { to: '/', key: 'nav.accueil', icon: ICONS.accueil, end: true },
    { to: '/choisir/carte', key: 'nav.carte', icon: ICONS.carte, end: false },
    { to: '/favoris', key: 'nav.favoris', icon: ICONS.favoris, end: false },
    { to: '/alertes', key: 'nav.alertes', icon: ICONS.alertes, end: false },
    { to: signedIn ? '/user/profil' : '/user/login', key: 'nav.compte', icon: ICONS.compte, end: false },
  ];

  return (
    <div className="flex min-h-dvh flex-col bg-surface text-ink">
      <a
        href="#contenu"
        className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-ink"
      >
        {t('nav.allerContenu')}
      </a>
      <header className="sticky top-0 z-30 border-b border-line bg-white/95 backdrop-blur dark:bg-[#0f1a22]/95">
        <div className="mx-auto flex h-14 max-w-7xl items-center gap-3 px-4">
          <Link
            to="/"
            className="flex shrink-0 items-center gap-2 rounded-lg font-bold text-brand dark:text-sky-200"
            aria-label={t('nav.logo')}
          >
            <img src="/icon.svg" alt="" width="32" height="32" />
            <span className="text-xl tracking-tight">Limni</span>
          </Link>
          <nav aria-label={t('nav.principale')} className="ml-2 hidden items-center gap-0.5 md:flex">
            {DESKTOP_NAV.map((n) => (
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
          <div role="search" className="ml-auto hidden w-full max-w-xs min-w-40 flex-1 sm:block lg:max-w-sm">
            <SearchBox label={t('recherche.label')} placeholder={t('recherche.placeholder')} />
          </div>
          <div className="ml-auto flex items-center gap-1 sm:ml-0">
            <button
              type="button"
              className="inline-flex h-11 w-11 items-center justify-center rounded-lg text-ink hover:bg-sky-50 sm:hidden dark:hover:bg-white/5"
              aria-expanded={searchOpen}
              aria-controls="recherche-mobile"
              aria-label={searchOpen ? t('recherche.fermer') : t('recherche.ouvrir')}
              onClick={() => setSearchOpen((o) => !o)}
            >
              <LineIcon size={24} d={searchOpen ? ICONS.fermer : ICONS.recherche} />
            </button>
            <AccountEntry />
          </div>
        </div>
        <div id="recherche-mobile" hidden={!searchOpen} className="border-t border-line px-4 py-2 sm:hidden">
          {searchOpen && (
            <div role="search">
              <SearchBox
                label={t('recherche.label')}
                placeholder={t('recherche.placeholder')}
                autoFocus
                onDone={() => setSearchOpen(false)}
              />
            </div>
          )}
        </div>
      </header>

      <Suspense fallback={null}>
        <StatusBanners />
        {instant === null ? <ReplayBanner /> : <InstantBanner />}
      </Suspense>
      {/* One clock, one banner: at a past instant, its banner names the clock. */}
      {instant === null && <DemoBanner />}

      {/* At least a screen high: the lazy footer starts below the fold, so a page whose content arrives after it does
          not push a visible footer down (layout shift, docs/decisions/109). */}
      <main id="contenu" tabIndex={-1} className="min-h-dvh flex-1 outline-none">
        <Outlet />
      </main>

      <Suspense fallback={null}>
        <Footer.Component />
      </Suspense>

      <nav
        aria-label={t('nav.principale')}
        className="fixed inset-x-0 bottom-0 z-30 border-t border-line bg-white pb-[env(safe-area-inset-bottom)] md:hidden dark:bg-[#0f1a22]"
      >
        <ul className="grid grid-cols-5">
          {bottomNav.map((n) => (
            <li key={n.key}>
              <NavLink
                to={n.to}
                end={n.end}
                className={({ isActive }) =>
                  `flex min-h-14 flex-col items-center justify-center gap-0.5 text-xs ${isActive ? 'font-semibold text-brand dark:text-sky-200' : 'text-muted'}`
                }
              >
                <LineIcon size={24} d={n.icon} />
                <span>{t(n.key)}</span>
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Notifications />
    </div>
  );
}
