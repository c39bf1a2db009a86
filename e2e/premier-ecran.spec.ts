/**
 * The first screen is in the HTML the server sends (docs/decisions/116): `/`, `/bassins`, `/user/login` and the
 * place pages come prerendered, with the demo banner of the `/api/health` answer they carry; they read without
 * JavaScript, and the app then paints over them in French or in English without a console error.
 */
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { activiteId, lieuId } from './seed-support';

/** The first words of the page as the server sends them (no script run). */
async function served(request: APIRequestContext, path: string): Promise<string> {
  const res = await request.get(path);
  expect(res.status()).toBe(200);
  return res.text();
}

test('the server sends the first screen of /, /bassins, /user/login and a place page, with the demo banner', async ({
  request,
}) => {
  const baignade = await activiteId(request, 'Baignade');
  const foix = await lieuId(request, 'Foix', "L'Ariège");
  const health = (await (await request.get('/api/health')).json()) as { donnees: { fin: number | null } };
  expect(health.donnees.fin).not.toBeNull();
  const pages: Array<[string, string, RegExp]> = [
    ['/', 'accueil', /<h1[^>]*>Le niveau des lacs et rivières, en un coup d’œil<\/h1>/],
    ['/bassins', 'bassins', /<h1[^>]*>[^<]*Bassins/i],
    ['/user/login', 'connexion', /<button[^>]*type="submit"/],
    [`/lieu/${foix}/a-${baignade}/donnees`, 'lieu', /<header/],
  ];
  for (const [path, key, content] of pages) {
    const html = await served(request, path);
    expect(html, path).toContain(`<div id="root" data-prerendered="${key}">`);
    expect(html, path).toMatch(content);
    // The demo banner of the answer the page carries (a demo dataset: its last reading is years old).
    expect(html, path).toContain('Démonstration — nous sommes le');
    expect(html, path).toContain('<meta name="limni-health"');
    // Plain HTML: the only script is the app's module; no inline script or style attribute for the CSP to refuse.
    expect(html.match(/<script/g), path).toHaveLength(1);
    expect(html, path).not.toMatch(/\sstyle="/);
  }
  // Other paths (a 404 among them) get the plain page.
  for (const path of ['/favoris', '/nimporte/ou']) {
    expect(await served(request, path).catch(() => '')).not.toContain('data-prerendered');
  }
});

test('the prerendered home page reads without JavaScript', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: /niveau des lacs et rivières/ })).toBeVisible();
  await expect(page.getByText(/^Démonstration — nous sommes le/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Choisir sur la carte' })).toHaveAttribute(
    'href',
    '/choisir/carte',
  );
  await context.close();
});

test('an English visitor gets the English page over the French first screen, without an error', async ({
  page,
}) => {
  await page.addInitScript(() => window.localStorage.setItem('langue', 'en'));
  await page.goto('/');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Lake and river levels at a glance' }),
  ).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  // One page, not the prerendered one beside the app's.
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await page.goto('/user/login');
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
});
