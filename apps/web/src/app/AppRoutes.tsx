/**
 * Every route of docs/requirements.md R2 (history mode, base /), in one table rendered with `useRoutes`: the paths
 * are the shared table `@limni/shared/domain/web-routes` (the server answers 404 for the others), the pages here. Pages are lazy-loaded
 * (`React.lazy`); guards wrap the pages docs/requirements.md R2.2 guards (Guards.tsx). Guard A runs in the shell for every page.
 */
import { lazy, Suspense, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { Navigate, useRoutes, type RouteObject } from 'react-router';
import { Spinner } from '../components/ui/Spinner';
import { WEB_ROUTES, type WebRouteKey } from '@limni/shared/domain/web-routes';
import { GuestOnly, RequireAuth } from './Guards';
import { NotFoundPage } from '../features/pages';
import { lazyWithPreload } from './lazy-page';
import { preloadShellParts, Shell } from './Shell';
import { yieldToBrowser } from '../lib/yield';

// The pages prerendered in the server's HTML (docs/decisions/116) can be loaded before the app renders over them.
const Home = lazyWithPreload(() => import('../features/home/HomePage'));
const Bassins = lazyWithPreload(() => import('../features/bassins/BassinsPage'));
const Login = lazyWithPreload(() => import('../features/account/LoginPage'));
const Lieu = lazyWithPreload(() => import('../features/lieu/LieuPage'));
const ChoisirCarte = lazyWithPreload(() => import('../features/choisir/ChoisirCartePage'));
const Register = lazy(() => import('../features/account/RegisterPage'));
const Verify = lazy(() => import('../features/account/VerifyPage'));
const PasswordReset = lazy(() => import('../features/account/PasswordResetPage'));
const PasswordResetConfirm = lazy(() => import('../features/account/PasswordResetConfirmPage'));
const Profile = lazy(() => import('../features/account/profile/ProfilePage'));
const Logout = lazy(() => import('../features/account/LogoutPage'));
const Entite = lazy(() => import('../features/entite/EntitePage'));
const Troncon = lazy(() => import('../features/entite/TronconPage'));
const ContentPage = lazy(() => import('../features/pages/ContentPage'));
const Contact = lazy(() => import('../features/contact/ContactPage'));
const Favoris = lazy(() => import('../features/favoris/FavorisPage'));
const Alertes = lazy(() => import('../features/alertes/AlertesPage'));
const Webcams = lazy(() => import('../features/webcams/WebcamsPage'));
const Activites = lazy(() => import('../features/activites/ActivitesPage'));
const Activite = lazy(() => import('../features/activites/ActivitePage'));
const EtatSources = lazy(() => import('../features/etat-sources/EtatSourcesPage'));

function page(Component: LazyExoticComponent<ComponentType> | ComponentType, guard?: 'B' | 'C'): ReactNode {
  const content = (
    <Suspense fallback={<Spinner />}>
      <Component />
    </Suspense>
  );
  if (guard === 'B') return <RequireAuth>{content}</RequireAuth>;
  if (guard === 'C') return <GuestOnly>{content}</GuestOnly>;
  return content;
}

/** The page of each path of the shared route table (the server answers 404 for a path of none). */
const PAGES: Record<WebRouteKey, Omit<RouteObject, 'path' | 'index' | 'children'>> = {
  // Main layout children (docs/requirements.md R2.5).
  accueil: { element: page(Home.Component) },
  bassins: { element: page(Bassins.Component) },
  'avantages-compte': { element: page(ContentPage) },
  credits: { element: page(ContentPage) },
  contact: { element: page(Contact) },
  favoris: { element: page(Favoris) },
  alertes: { element: page(Alertes) },
  'infos-previsions': { element: page(ContentPage) },
  conditions: { element: page(ContentPage) },
  // Screens inferred from the data (docs/requirements.md R2.6).
  webcams: { element: page(Webcams) },
  activites: { element: page(Activites) },
  activite: { element: page(Activite) },
  'etat-des-sources': { element: page(EtatSources) },
  // Chooser: /choisir with its child `carte` (route name choisir_carte).
  choisir: { element: <Navigate to="/choisir/carte" replace /> },
  'choisir-carte': {
    id: 'choisir_carte',
    element: page(ChoisirCarte.Component),
  },
  // Account.
  deconnexion: { element: page(Logout) },
  connexion: { element: page(Login.Component, 'C') },
  'connexion-page': { element: page(Login.Component, 'C') },
  inscription: { element: page(Register, 'C') },
  verification: { element: page(Verify, 'C') },
  'mot-de-passe': { element: page(PasswordReset) },
  'mot-de-passe-confirmation': { element: page(PasswordResetConfirm) },
  profil: { element: page(Profile, 'B') },
  // Entities, stretches and places.
  'entite-carte': { element: page(Entite) },
  'entite-liste': { element: page(Entite) },
  troncon: { element: page(Troncon) },
  // `/lieu/{id}/a-{ida}` (docs/requirements.md R2.4): React Router has no partial segments; the page checks `a-<n>`.
  lieu: { element: page(Lieu.Component) },
};

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <Shell />,
    children: [
      ...WEB_ROUTES.map(({ key, path }): RouteObject =>
        path === '/' ? { index: true, ...PAGES[key] } : { path: path.slice(1), ...PAGES[key] },
      ),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function AppRoutes() {
  return useRoutes(routes);
}

/** The code of each page whose first screen is prerendered (`PRERENDERED_ROUTES`), by its prerendered key. */
const PRERENDERED_PAGES: Readonly<Record<string, () => Promise<unknown>>> = {
  accueil: Home.preload,
  bassins: Bassins.preload,
  connexion: Login.preload,
  choisir: ChoisirCarte.preload,
  lieu: Lieu.preload,
};

/** Whether the boot can load the code of the prerendered page `key` before rendering over it. */
export function canPreloadPage(key: string): boolean {
  return Object.hasOwn(PRERENDERED_PAGES, key);
}

/**
 * Loads the code of the prerendered page `key` and of the shell's lazy parts, so that the first render paints over
 * the prerendered screen without a Suspense fallback in between. Asking for a page's code adds a
 * `<link rel="modulepreload">` for each of its files (about forty for the place page, ≈ 1 ms each on a phone): the
 * shell's parts and the page are asked for in two tasks. The page is found by the key the boot already has rather
 * than by matching the routes table, which the first render does anyway (docs/decisions/133).
 */
export async function preloadPage(key: string): Promise<void> {
  const shell = preloadShellParts();
  await yieldToBrowser();
  await Promise.all([shell, PRERENDERED_PAGES[key]?.()]);
}
