/**
 * Every route of docs/requirements.md R2 (history mode, base /), in one table rendered with `useRoutes`. Pages are lazy-loaded
 * (`React.lazy`); guards wrap the pages docs/requirements.md R2.2 guards (Guards.tsx). Guard A runs in the shell for every page.
 */
import { lazy, Suspense, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { Navigate, useRoutes, type RouteObject } from 'react-router';
import { Spinner } from '../components/Spinner';
import { GuestOnly, RequireAuth } from './Guards';
import NotFoundPage from '../components/NotFoundPage';
import { Shell } from './Shell';

const Home = lazy(() => import('../features/home/HomePage'));
const ChoisirCarte = lazy(() => import('../features/choisir/ChoisirCartePage'));
const Login = lazy(() => import('../features/account/LoginPage'));
const Register = lazy(() => import('../features/account/RegisterPage'));
const Verify = lazy(() => import('../features/account/VerifyPage'));
const PasswordReset = lazy(() => import('../features/account/PasswordResetPage'));
const PasswordResetConfirm = lazy(() => import('../features/account/PasswordResetConfirmPage'));
const Profile = lazy(() => import('../features/account/profile/ProfilePage'));
const Logout = lazy(() => import('../features/account/LogoutPage'));
const Entite = lazy(() => import('../features/entite/EntitePage'));
const Troncon = lazy(() => import('../features/entite/TronconPage'));
const Lieu = lazy(() => import('../features/lieu/LieuPage'));
const Bassins = lazy(() => import('../features/bassins/BassinsPage'));
const ContentPage = lazy(() => import('../features/pages/ContentPage'));
const Contact = lazy(() => import('../features/contact/ContactPage'));
const Favoris = lazy(() => import('../features/favoris/FavorisPage'));
const Alertes = lazy(() => import('../features/alertes/AlertesPage'));
const Webcams = lazy(() => import('../features/webcams/WebcamsPage'));
const Activites = lazy(() => import('../features/activites/ActivitesPage'));
const Activite = lazy(() => import('../features/activites/ActivitePage'));

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

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <Shell />,
    children: [
      // Main layout children (docs/requirements.md R2.5).
      { index: true, element: page(Home) },
      { path: 'bassins', element: page(Bassins) },
      { path: 'avantages-compte', element: page(ContentPage) },
      { path: 'credits', element: page(ContentPage) },
      { path: 'contact', element: page(Contact) },
      { path: 'favoris', element: page(Favoris) },
      { path: 'alertes', element: page(Alertes) },
      { path: 'infos-previsions', element: page(ContentPage) },
      { path: 'legal/terms/update', element: page(ContentPage) },
      // Screens inferred from the data (docs/requirements.md R2.6).
      { path: 'webcams', element: page(Webcams) },
      { path: 'activites', element: page(Activites) },
      { path: 'activite/:ida', element: page(Activite) },
      // Chooser: /choisir with its child `carte` (route name choisir_carte).
      { path: 'choisir', element: <Navigate to="/choisir/carte" replace /> },
      { path: 'choisir/carte', id: 'choisir_carte', element: page(ChoisirCarte) },
      // Account.
      { path: 'user/logout', element: page(Logout) },
      { path: 'user/login', element: page(Login, 'C') },
      { path: 'user/login/:page', element: page(Login, 'C') },
      { path: 'user/register', element: page(Register, 'C') },
      { path: 'user/register/:key', element: page(Verify, 'C') },
      { path: 'user/password-reset', element: page(PasswordReset) },
      { path: 'user/password_reset/:uid/:token', element: page(PasswordResetConfirm) },
      { path: 'user/profil', element: page(Profile, 'B') },
      // Entities, stretches and places.
      { path: 'entite/:id/carte/activite/:ida', element: page(Entite) },
      { path: 'entite/:id/liste/activite/:ida', element: page(Entite) },
      { path: 'entite-troncon/:id/carte/activite/:ida', element: page(Troncon) },
      // `/lieu/{id}/a-{ida}` (docs/requirements.md R2.4): React Router has no partial segments; the page checks `a-<n>`.
      { path: 'lieu/:id/:activite/*', element: page(Lieu) },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function AppRoutes() {
  return useRoutes(routes);
}
