/**
 * Web-service fault (docs/requirements.md R11): when `hydro/bassins` fails, a banner says the data service is unavailable; it clears
 * once the call succeeds again. The probe of `hydro/bassins` runs once a data call of the page fails (the page's own
 * service state said the database answered, docs/decisions/052): the fault is injected on every `hydro/*` call with
 * route interception, here the home page's situation strip; the recovery is the real API.
 */
import { expect, expectConsole, test } from './fixtures';
import { expectAccessible, screenshots } from './support';

// The service worker would answer API calls itself (network-first with the last data seen), out of reach of
// page.route: block it so that the injected fault reaches the page.
test.use({ serviceWorkers: 'block' });

test('a failing data service shows the banner; a successful retry clears it', async ({ page }) => {
  expectConsole(page, /status of 503 .*\/api\/hydro\//);
  let fail = true;
  await page.route('**/api/hydro/**', async (route) => {
    if (!fail) return route.continue();
    return route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({
        error: { code: 'upstream_unavailable', message: 'Service de données indisponible.' },
      }),
    });
  });
  await page.goto('/');
  const banner = page
    .getByRole('alert')
    .filter({ hasText: 'Le service de données est momentanément indisponible.' });
  await expect(banner).toBeVisible();
  await expectAccessible(page, 'bandeau service indisponible');
  await screenshots(page, 'bandeau-service');

  // Still there on another page (it is the shell's).
  await page
    .getByRole('navigation', { name: 'Navigation principale' })
    .first()
    .getByRole('link', { name: 'Favoris' })
    .click();
  await expect(banner).toBeVisible();

  fail = false;
  await banner.getByRole('button', { name: 'Réessayer' }).click();
  await expect(banner).toHaveCount(0);
});
