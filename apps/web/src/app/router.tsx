/**
 * Every route of spec §2 (history mode, base /), in one table rendered with `useRoutes`. Pages are lazy-loaded
 * (`React.lazy`); guards wrap the pages the spec guards (guards.tsx). Guard A runs in the shell for every page.
 */
import { lazy, Suspense, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { Navigate, useRoutes, type RouteObject } from 'react-router';
import { Spinner } from '../components/Spinner';
import { GuestOnly, RequireAuth } from './guards';
import NotFoundPage from './NotFoundPage';
import { Shell } from './Shell';

const Home = lazy(() => import('../features/home/HomePage'));
const ChoisirCarte = lazy(() => import('../features/choisir/ChoisirCartePage'));
const Placeholder = lazy(() => import('./PlaceholderPage'));
const Login = lazy(() => import('../features/compte/LoginPage'));
const Register = lazy(() => import('../features/compte/RegisterPage'));
const Verify = lazy(() => import('../features/compte/VerifyPage'));
const PasswordReset = lazy(() => import('../features/compte/PasswordResetPage'));
const PasswordResetConfirm = lazy(() => import('../features/compte/PasswordResetConfirmPage'));
const Profil = lazy(() => import('../features/compte/profil/ProfilPage'));
const Logout = lazy(() => import('../features/compte/LogoutPage'));
const Entite = lazy(() => import('../features/entite/EntitePage'));
const Troncon = lazy(() => import('../features/entite/TronconPage'));
const Lieu = lazy(() => import('../features/lieu/LieuPage'));

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
      // Main layout children (spec §2).
      { index: true, element: page(Home) },
      { path: 'bassins', element: page(Placeholder) },
      { path: 'avantages-compte', element: page(Placeholder) },
      { path: 'credits', element: page(Placeholder) },
      { path: 'contact', element: page(Placeholder) },
      { path: 'favoris', element: page(Placeholder) },
      { path: 'alertes', element: page(Placeholder) },
      { path: 'infos-previsions', element: page(Placeholder) },
      { path: 'legal/terms/update', element: page(Placeholder) },
      // Screens inferred from the data (spec §2, last sentence).
      { path: 'webcams', element: page(Placeholder) },
      { path: 'activites', element: page(Placeholder) },
      { path: 'activite/:ida', element: page(Placeholder) },
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
      { path: 'user/profil', element: page(Profil, 'B') },
      // Entities, stretches and places.
      { path: 'entite/:id/carte/activite/:ida', element: page(Entite) },
      { path: 'entite/:id/liste/activite/:ida', element: page(Entite) },
      { path: 'entite-troncon/:id/carte/activite/:ida', element: page(Troncon) },
      // The spec's `/lieu/{id}/a-{ida}` with its tabs: React Router has no partial segments; the page checks `a-<n>`.
      { path: 'lieu/:id/:activite/*', element: page(Lieu) },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function AppRoutes() {
  return useRoutes(routes);
}
