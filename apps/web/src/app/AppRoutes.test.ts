import { describe, expect, it } from 'vitest';
import { PRERENDERED_ROUTES } from '@limni/shared/domain/web-routes';
import { canPreloadPage } from './AppRoutes';

describe('preloadPage', () => {
  it('knows the code of every page the server prerenders, and of no other', () => {
    // The boot renders over a prerendered screen once its page's code is here (docs/decisions/116, 133).
    for (const route of PRERENDERED_ROUTES) expect(canPreloadPage(route.key), route.key).toBe(true);
    expect(canPreloadPage('profil')).toBe(false);
    expect(canPreloadPage('toString')).toBe(false);
  });
});
