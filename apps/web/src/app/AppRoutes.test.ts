import { describe, expect, it } from 'vitest';
import { PRERENDERED_ROUTES, webPathIds } from '@limni/shared/domain/web-routes';
import { canPreloadPage, routes } from './AppRoutes';

describe('preloadPage', () => {
  it('knows the code of every page the server prerenders, and of no other', () => {
    // The boot renders over a prerendered screen once its page's code is here (docs/decisions/116, 133).
    for (const route of PRERENDERED_ROUTES) expect(canPreloadPage(route.key), route.key).toBe(true);
    expect(canPreloadPage('profil')).toBe(false);
    expect(canPreloadPage('toString')).toBe(false);
  });
});

describe('the « État des sources » page', () => {
  it('is a route of the shared table, so that the server answers 200, and the app has a page for it', () => {
    expect(webPathIds('/etat-des-sources')).toEqual([]);
    const shell = routes[0];
    expect(shell?.children?.some((r) => r.path === 'etat-des-sources' && r.element)).toBe(true);
  });
});
