/**
 * Content pages (docs/requirements.md R2.5, R10.9): `credits`, `legal/terms/update` (the cgu text), `infos-previsions` and
 * `avantages-compte` render the real text the API serves (its title and section headings), tables scroll inside
 * a focusable region on a phone, and links inside the text navigate within the app.
 */
import { expect, test } from './fixtures';
import { expectAccessible, screenshots } from './support';

const PAGES = [
  { path: '/credits', api: 'credits', screen: 'credits' },
  { path: '/legal/terms/update', api: 'cgu', screen: 'mentions-legales' },
  { path: '/infos-previsions', api: 'infos-previsions', screen: 'infos-previsions' },
  { path: '/avantages-compte', api: 'avantages-compte', screen: 'avantages-compte' },
] as const;

/** Plain text of the `<h2>` headings of the server's HTML. */
function headings(html: string): string[] {
  return [...html.matchAll(/<h2[^>]*>(.*?)<\/h2>/g)].map((m) =>
    (m[1] ?? '')
      .replace(/<[^>]+>/g, '')
      .replace(/&#39;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&')
      .trim(),
  );
}

for (const p of PAGES) {
  test(`${p.path} shows the text of /api/${p.api}`, async ({ page, request }) => {
    const res = await request.get(`/api/${p.api}`);
    expect(res.ok()).toBe(true);
    const body = (await res.json()) as { titre: string; html: string };
    const h2 = headings(body.html);
    expect(h2.length).toBeGreaterThan(1);

    await page.goto(p.path);
    await expect(page.getByRole('heading', { level: 1, name: body.titre })).toBeVisible();
    await expect(page).toHaveTitle(`${body.titre} — Limni`);
    for (const h of h2) {
      await expect(page.getByRole('heading', { level: 2, name: h, exact: true })).toBeVisible();
    }
    await expect(page.getByText(/Mis à jour le \d{1,2}(er)? \p{L}+ \d{4}/u)).toBeVisible();
    await expectAccessible(page, p.path);
    await screenshots(page, p.screen);
  });
}

test('on a phone a table reads as cards, each line under its column’s name, never cut', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/credits');
  const region = page.getByRole('region', { name: /^Tableau/ }).first();
  await expect(region).toBeVisible();
  // The first row's source is named « Source » on its own line; nothing is wider than the region.
  await expect(region.locator('td[data-label="Source"]').first()).toBeVisible();
  const { scroll, client } = await region.evaluate((el) => ({
    scroll: el.scrollWidth,
    client: el.clientWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(client);
  // The page itself does not scroll sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await region.focus();
  await expect(region).toBeFocused();
});

test('a link inside the text opens the contact form without reloading the app', async ({ page }) => {
  await page.goto('/legal/terms/update');
  await page.evaluate(() => {
    (window as unknown as { sansRechargement: boolean }).sansRechargement = true;
  });
  await page.getByRole('article').getByRole('link', { name: 'Contactez-nous' }).first().click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Contactez-nous' })).toBeVisible();
  expect(
    await page.evaluate(() => (window as unknown as { sansRechargement?: boolean }).sansRechargement),
  ).toBe(true);
});

test('the account benefits page offers to create an account', async ({ page }) => {
  await page.goto('/avantages-compte');
  await page.getByRole('link', { name: 'Créer un compte' }).click();
  await expect(page).toHaveURL(/\/user\/register$/);
});
