import { expect, test } from '@playwright/test';
import { expectAccessible, screenshots } from './support';

test('home → choisir → filter lakes → a real lake is listed and drawn on the map', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: /niveau des lacs et rivières/i })).toBeVisible();
  await expect(page.getByText(/lacs et rivières suivis/)).toBeVisible();
  await expectAccessible(page, 'accueil');
  await screenshots(page, 'accueil');

  await page.getByRole('link', { name: 'Choisir sur la carte' }).click();
  await expect(page).toHaveURL(/\/choisir\/carte$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Choisir son lac, sa rivière' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Liste des lacs et rivières' });
  // Sorted by name without the article: L'Aa, L'Ablette… come first.
  await expect(list.getByRole('link').first()).toContainText(/^L?'?A/);

  const map = page.getByRole('region', { name: 'Carte des lacs et rivières' });
  await expect(map).toHaveAttribute('data-map-ready', 'true');
  await expectAccessible(page, 'choisir/carte');

  await page.getByRole('button', { name: 'Lacs' }).click();
  await expect(page.getByRole('button', { name: 'Lacs' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL(/type=L/);
  await expect(list.getByRole('link', { name: /Lac du Bourget/ })).toBeVisible();
  await expect(list.getByRole('link', { name: /Lac Léman/ })).toBeVisible();
  await expect(list.getByRole('link', { name: /^L.*Ariège/ })).toHaveCount(0);
  const count = Number((await page.getByText(/résultat\(s\)/).textContent())?.replace(/\D/g, ''));
  expect(count).toBeGreaterThanOrEqual(5);
  // Every lake of the list is a point drawn on the map (WebGL rendering, counted after the map went idle).
  await expect(map).toHaveAttribute('data-rendered-points', String(count));

  await page.getByRole('searchbox', { name: 'Nom' }).fill('bourget');
  await expect(page.getByText('1 résultat(s)')).toBeVisible();
  await expect(map).toHaveAttribute('data-rendered-points', '1');

  await page.getByRole('searchbox', { name: 'Nom' }).fill('');
  await screenshots(page, 'choisir-carte', {
    waitFor: () => expect(map).toHaveAttribute('data-map-ready', 'true'),
  });
});

test('the département filter ignores "tous" and the basin is remembered', async ({ page }) => {
  await page.goto('/choisir/carte');
  const list = page.getByRole('list', { name: 'Liste des lacs et rivières' });
  await page.getByLabel('Département').selectOption('31');
  await expect(list.getByRole('link', { name: /La Garonne/ })).toBeVisible();
  await expect(list.getByRole('link', { name: /Lac du Bourget/ })).toHaveCount(0);
  await page.getByLabel('Département').selectOption('tous');
  await expect(page).not.toHaveURL(/departement=/);

  await page.getByLabel('Bassin').selectOption('adour-garonne');
  expect(await page.evaluate(() => localStorage.getItem('bassin'))).toBe('adour-garonne');
  await page.reload();
  await expect(page.getByLabel('Bassin')).toHaveValue('adour-garonne');
  await expect(list.getByRole('link', { name: /Lac du Bourget/ })).toHaveCount(0);
});

test('unknown paths show the not-found page, API paths a JSON 404', async ({ page, request }) => {
  await page.goto('/cette/page/nexiste/pas');
  await expect(page.getByRole('heading', { name: 'Page introuvable' })).toBeVisible();
  const res = await request.get('/api/nope');
  expect(res.status()).toBe(404);
  expect(await res.json()).toMatchObject({ error: { code: 'not_found' } });
});
