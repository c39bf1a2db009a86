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
  const count = Number((await page.getByText(/^\d+ résultats?$/).textContent())?.replace(/\D/g, ''));
  expect(count).toBeGreaterThanOrEqual(5);
  // Every lake of the list is a point drawn on the map (WebGL rendering, counted after the map went idle).
  await expect(map).toHaveAttribute('data-rendered-points', String(count));

  await page.getByRole('searchbox', { name: 'Nom' }).fill('bourget');
  await expect(page.getByText('1 résultat', { exact: true })).toBeVisible();
  await expect(map).toHaveAttribute('data-rendered-points', '1');

  await page.getByRole('searchbox', { name: 'Nom' }).fill('');
  // On a phone the list is shown first (the map is one tap away: see the phone test).
  await screenshots(page, 'choisir-carte', {
    waitFor: async () => {
      if ((page.viewportSize()?.width ?? 0) >= 1024) {
        await expect(map).toHaveAttribute('data-map-ready', 'true');
      }
    },
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

test('the name also finds places (hydro/recherche-terms), and the markers have a legend in words', async ({
  page,
}) => {
  await page.goto('/choisir/carte');
  await expect(page.getByRole('list', { name: 'Légende' })).toBeVisible();
  for (const word of ['Vigilance jaune', 'Avec mesures', 'Sans mesure', 'Lac (contour épais)']) {
    await expect(page.getByRole('list', { name: 'Légende' })).toContainText(word);
  }
  await page.getByRole('searchbox', { name: 'Nom' }).fill('foix');
  const lieux = page.getByRole('region', { name: 'Lieux dont le nom correspond' });
  await expect(lieux.getByRole('link', { name: /^Foix/ })).toContainText("L'Ariège (09)");
  await lieux.getByRole('link', { name: /^Foix/ }).click();
  await expect(page).toHaveURL(/\/lieu\/13\/a-1(\/donnees)?$/);
});

test('on a phone, the list and the map are two views with a switch', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/choisir/carte');
  const list = page.getByRole('list', { name: 'Liste des lacs et rivières' });
  await expect(list).toBeVisible();
  // The map (a large chunk) is not loaded until asked for.
  await expect(page.getByRole('region', { name: 'Carte des lacs et rivières' })).toHaveCount(0);
  await expectAccessible(page, 'choisir/carte (téléphone, liste)');

  await page.getByRole('button', { name: 'Carte', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Carte', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const map = page.getByRole('region', { name: 'Carte des lacs et rivières' });
  await expect(map).toHaveAttribute('data-map-ready', 'true');
  await expect(list).toBeHidden();
  expect(Number(await map.getAttribute('data-rendered-points'))).toBeGreaterThan(100);
  // Filters stay reachable above the map.
  await page.getByRole('button', { name: 'Lacs' }).click();
  await expect(map).toHaveAttribute('data-rendered-points', /^\d+$/);
  await expect(page.getByText(/^\d+ résultats?$/)).toBeVisible();
  await page.getByRole('button', { name: /Bassin et département/ }).click();
  await expect(page.getByLabel('Département')).toBeVisible();
  await expectAccessible(page, 'choisir/carte (téléphone, carte)');
  await screenshots(page, 'choisir-carte-vue-carte', {
    waitFor: () =>
      expect(page.getByRole('region', { name: 'Carte des lacs et rivières' })).toHaveAttribute(
        'data-map-ready',
        'true',
      ),
  });

  await page.getByRole('button', { name: 'Liste', exact: true }).click();
  await expect(list).toBeVisible();
});
