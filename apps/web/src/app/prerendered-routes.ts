/**
 * The routes whose first screen is in the HTML the server sends (docs/decisions/116): prerendered at build time
 * (`apps/web/scripts/prerender.ts`) from `url`, served by `apps/api/src/http/web.ts` for every path `test` accepts
 * (the server keeps the same table), marked `<div id="root" data-prerendered="key">` so that the boot knows which
 * page it paints over. Pure.
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
  // The place page's shell and loading skeleton, the same for every place and tab (the data comes from the API).
  { key: 'lieu', url: '/lieu/1/a-1', test: (p) => /^\/lieu\/\d+\/a-\d+(\/[a-z]+)?\/?$/.test(p) },
];

/** The prerendered route a path is served with, if any. */
export function prerenderedKey(pathname: string): string | null {
  return PRERENDERED_ROUTES.find((r) => r.test(pathname))?.key ?? null;
}
