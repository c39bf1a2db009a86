/**
 * The paths of the web app (docs/requirements.md R2), in one table read by both sides: the web app builds its
 * routes from it (`apps/web/src/app/AppRoutes.tsx`, one page per key), and the server answers 404 with the app's
 * page for a path that matches none, or whose ids name nothing (`apps/api/src/http/web.ts`). Patterns use React
 * Router's syntax (`:param`, a final `*`). Pure.
 */

/** What an id in a path names, looked up by the server before it answers 200. */
export type WebIdKind = 'lieu' | 'entite' | 'troncon' | 'activite';

/** An id a path names: the page shows « introuvable » when it does not exist. */
export interface WebIdRef {
  kind: WebIdKind;
  id: number;
}

/** The ids a route's params name, or null when a param is malformed (the page then shows its not-found state). */
type Resolve = (params: Readonly<Record<string, string>>) => WebIdRef[] | null;

export interface WebRoute {
  key: string;
  /** Absolute pattern, `/` for the home page. */
  path: string;
  resolve?: Resolve;
}

/** The same rule as the pages' `parseId` (apps/web/src/features/hydro/components/Introuvable.tsx): a positive 32-bit integer. */
export function parseWebId(raw: string | undefined): number | null {
  return raw && /^[1-9]\d{0,9}$/.test(raw) && Number(raw) <= 2_147_483_647 ? Number(raw) : null;
}

/** The tabs of a place page (`/lieu/{id}/a-{ida}/{tab}`). */
export const LIEU_TABS = ['donnees', 'carte', 'infos', 'photos', 'webcam', 'social'] as const;

function ids(...refs: Array<[WebIdKind, number | null]>): WebIdRef[] | null {
  const out: WebIdRef[] = [];
  for (const [kind, id] of refs) {
    if (id === null) return null;
    out.push({ kind, id });
  }
  return out;
}

const entityAndActivity =
  (kind: WebIdKind): Resolve =>
  (p) =>
    ids([kind, parseWebId(p.id)], ['activite', parseWebId(p.ida)]);

export const WEB_ROUTES = [
  { key: 'accueil', path: '/' },
  { key: 'bassins', path: '/bassins' },
  { key: 'avantages-compte', path: '/avantages-compte' },
  { key: 'credits', path: '/credits' },
  { key: 'contact', path: '/contact' },
  { key: 'favoris', path: '/favoris' },
  { key: 'alertes', path: '/alertes' },
  { key: 'infos-previsions', path: '/infos-previsions' },
  { key: 'conditions', path: '/legal/terms/update' },
  { key: 'webcams', path: '/webcams' },
  { key: 'activites', path: '/activites' },
  // The mode of the service and the state of each data source (docs/decisions/134).
  { key: 'etat-des-sources', path: '/etat-des-sources' },
  // ActivitePage shows its own « n'existe pas » for an unknown activity: a 404 too.
  { key: 'activite', path: '/activite/:ida', resolve: (p) => ids(['activite', parseWebId(p.ida)]) },
  { key: 'choisir', path: '/choisir' },
  { key: 'choisir-carte', path: '/choisir/carte' },
  { key: 'deconnexion', path: '/user/logout' },
  { key: 'connexion', path: '/user/login' },
  { key: 'connexion-page', path: '/user/login/:page' },
  { key: 'inscription', path: '/user/register' },
  { key: 'verification', path: '/user/register/:key' },
  { key: 'mot-de-passe', path: '/user/password-reset' },
  { key: 'mot-de-passe-confirmation', path: '/user/password_reset/:uid/:token' },
  { key: 'profil', path: '/user/profil' },
  { key: 'entite-carte', path: '/entite/:id/carte/activite/:ida', resolve: entityAndActivity('entite') },
  { key: 'entite-liste', path: '/entite/:id/liste/activite/:ida', resolve: entityAndActivity('entite') },
  {
    key: 'troncon',
    path: '/entite-troncon/:id/carte/activite/:ida',
    resolve: entityAndActivity('troncon'),
  },
  // `/lieu/{id}/a-{ida}[/{tab}]` (docs/requirements.md R2.4): React Router has no partial segments, the page checks
  // `a-<n>` and its tab.
  {
    key: 'lieu',
    path: '/lieu/:id/:activite/*',
    resolve: (p) => {
      const tail = p['*'] ?? '';
      if (tail !== '' && !(LIEU_TABS as readonly string[]).includes(tail.replace(/\/$/, ''))) return null;
      return ids(
        ['lieu', parseWebId(p.id)],
        ['activite', parseWebId(/^a-(\d+)$/.exec(p.activite ?? '')?.[1])],
      );
    },
  },
] as const satisfies readonly WebRoute[];

export type WebRouteKey = (typeof WEB_ROUTES)[number]['key'];

export interface WebRouteMatch {
  key: WebRouteKey;
  params: Record<string, string>;
}

/** The params of `pathname` against a pattern, or null (React Router's matching: segments, a final `*`). */
export function matchWebPath(pattern: string, pathname: string): Record<string, string> | null {
  const want = pattern.split('/').filter(Boolean);
  const have = pathname.split('/').filter(Boolean);
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const seg = want[i] as string;
    if (seg === '*' && i === want.length - 1) {
      params['*'] = have.slice(i).join('/');
      return params;
    }
    const got = have[i];
    if (got === undefined) return null;
    let decoded: string;
    try {
      decoded = decodeURIComponent(got);
    } catch {
      return null;
    }
    if (seg.startsWith(':')) params[seg.slice(1)] = decoded;
    // React Router matches without regard to case by default.
    else if (seg.toLowerCase() !== decoded.toLowerCase()) return null;
  }
  return have.length === want.length ? params : null;
}

/** The route of the web app `pathname` shows, or null when none (the app's not-found page). */
export function matchWebRoute(pathname: string): WebRouteMatch | null {
  for (const route of WEB_ROUTES) {
    const params = matchWebPath(route.path, pathname);
    if (params) return { key: route.key, params };
  }
  return null;
}

/**
 * What the server must check before answering 200 for `pathname`: `null` when no page is there (404), else the
 * ids whose existence decides it (empty for a page without ids).
 */
export function webPathIds(pathname: string): WebIdRef[] | null {
  const match = matchWebRoute(pathname);
  if (!match) return null;
  const route: WebRoute | undefined = WEB_ROUTES.find((r) => r.key === match.key);
  return route?.resolve ? route.resolve(match.params) : [];
}

/**
 * A route whose first screen is in the HTML the server sends (docs/decisions/116): prerendered at build time
 * (`apps/web/scripts/prerender.ts`) from `url`, served by `apps/api/src/http/web.ts` for every path `test` accepts,
 * marked `<div id="root" data-prerendered="key">` so that the boot knows which page it paints over.
 */
export interface PrerenderedRoute {
  key: string;
  /** The path rendered at build time. */
  url: string;
  test: (pathname: string) => boolean;
}

export const PRERENDERED_ROUTES: readonly PrerenderedRoute[] = [
  { key: 'accueil', url: '/', test: (p) => p === '/' },
  { key: 'bassins', url: '/bassins', test: (p) => p === '/bassins' },
  { key: 'connexion', url: '/user/login', test: (p) => p === '/user/login' },
  // The chooser's filters, legend, list skeleton and map box (the list and markers come from the index answer).
  { key: 'choisir', url: '/choisir/carte', test: (p) => p === '/choisir/carte' },
  // The place page's shell and loading skeleton, the same for every place and tab (the data comes from the API).
  { key: 'lieu', url: '/lieu/1/a-1', test: (p) => /^\/lieu\/\d+\/a-\d+(\/[a-z]+)?\/?$/.test(p) },
];

/** The prerendered route a path is served with, if any. */
export function prerenderedKey(pathname: string): string | null {
  return PRERENDERED_ROUTES.find((r) => r.test(pathname))?.key ?? null;
}
