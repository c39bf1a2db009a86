/**
 * PWA (docs/requirements.md R15.2): the manifest and its icons, a service worker that caches the app shell (every chunk
 * of the build) and the last data seen, and an app that opens offline with the offline banner.
 */
import { expect, test } from './fixtures';

test('manifest and icons are served', async ({ request }) => {
  const manifest = (await (await request.get('/manifest.webmanifest')).json()) as {
    name: string;
    lang: string;
    start_url: string;
    display: string;
    icons: Array<{ src: string; purpose?: string }>;
  };
  expect(manifest).toMatchObject({ lang: 'fr', start_url: '/', display: 'standalone' });
  expect(manifest.icons.some((i) => i.purpose === 'maskable')).toBe(true);
  for (const icon of manifest.icons) expect((await request.get(icon.src)).status()).toBe(200);
});

test('the service worker keeps the app shell and the last data seen, and the app opens offline', async ({
  page,
  context,
}) => {
  await page.goto('/activites');
  await expect(page.getByRole('heading', { level: 2, name: 'Canoë-kayak' })).toBeVisible();
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // The shell: index.html and every chunk reachable from it (lazy screens, the map) once installed.
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const names = await caches.keys();
          const assets = names.find((n) => n.endsWith('-assets'));
          const shell = names.find((n) => n.endsWith('-shell'));
          const keys = assets
            ? (await (await caches.open(assets)).keys()).map((r) => new URL(r.url).pathname)
            : [];
          return {
            shell: shell ? Boolean(await (await caches.open(shell)).match('/')) : false,
            favoris: keys.some((k) => /\/assets\/FavorisPage-.*\.js$/.test(k)),
            carte: keys.some((k) => /\/assets\/MapView-.*\.js$/.test(k)),
          };
        }),
      { timeout: 20_000 },
    )
    .toEqual({ shell: true, favoris: true, carte: true });

  // Data seen while the worker controls the page are kept: the screen's own answer, which the page asks for again
  // when it opens offline (the data clock and the replay state come with the page itself, ADR 109 and 052). Going
  // offline before the worker has stored it would make the page's requests fail for a reason of the test's own
  // making.
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: 'Canoë-kayak' })).toBeVisible();
  await expect
    .poll(async () => {
      const kept = await page.evaluate(async () => {
        const data = (await caches.keys()).find((n) => n.endsWith('-data'));
        if (!data) return [];
        return (await (await caches.open(data)).keys()).map((r) => new URL(r.url).pathname);
      });
      return ['/api/activites/all'].filter((p) => !kept.includes(p));
    })
    .toEqual([]);

  await context.setOffline(true);
  await page.reload();
  await expect(
    page.getByText('Vous êtes hors ligne : affichage des dernières données consultées.'),
  ).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Canoë-kayak' })).toBeVisible();
  // Another screen never opened before: its code comes from the precache.
  await page
    .getByRole('navigation', { name: 'Navigation principale' })
    .first()
    .getByRole('link', { name: 'Favoris' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mes favoris' })).toBeVisible();
  await context.setOffline(false);
});
