import { expect, expectConsole, test } from './fixtures';
import { activiteId, lieuId } from './seed-support';
import { expectAccessible, openMap, screenshots } from './support';

test('home → choisir → filter lakes → a real lake is listed and drawn on the map', async ({
  page,
  request,
}) => {
  const index = (await (await request.get('/api/hydro/index')).json()) as Array<{ nb_lieux_mesures: number }>;
  const measured = index.filter((e) => e.nb_lieux_mesures > 0).length;
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: /niveau des lacs et rivières/i })).toBeVisible();
  await expect(page.getByText(/lieux avec des mesures sur/)).toBeVisible();
  await expectAccessible(page, 'accueil');
  await screenshots(page, 'accueil');

  await page.getByRole('link', { name: 'Choisir sur la carte' }).click();
  await expect(page).toHaveURL(/\/choisir\/carte$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Choisir son lac, sa rivière' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Liste des lacs et rivières' });
  // Fewer than half the water bodies have readings: « avec mesures » is on by default, says its rule and its count,
  // and lists only them.
  expect(measured * 2).toBeLessThan(index.length);
  const avecObservations = page.getByRole('checkbox', {
    name: `Avec mesures seulement (${measured} sur ${index.length})`,
  });
  await expect(avecObservations).toBeChecked();
  // The rule says the share, computed from the index.
  const part = `${Math.round((measured / index.length) * 100)}`;
  await expect(
    page.getByText(
      new RegExp(
        `^Coché d’office : seuls ${measured} lacs et rivières sur ${index.length} \\(${part}\\s%\\) ont`,
      ),
    ),
  ).toBeVisible();
  await expect(page.getByText(`${measured} résultats`, { exact: true })).toBeVisible();
  await expect(list.getByRole('link')).toHaveCount(measured);
  for (const link of await list.getByRole('link').all()) await expect(link).toContainText(/\d+ avec mesures/);
  // Unticked: every water body, the measured ones first, then by name without the article (L'Aa, L'Ablette…).
  // (The address changes in a transition: the box follows it.)
  await avecObservations.click();
  await expect(page).toHaveURL(/mesures=0/);
  await expect(avecObservations).not.toBeChecked();
  await expect(list.getByRole('link').first()).toContainText(/avec mesures/);
  await expect(list.getByRole('link').nth(measured)).toContainText(/^L?'?A/);
  await expect(list.getByRole('link').nth(measured)).not.toContainText(/avec mesures/);

  const map = page.getByRole('region', { name: 'Carte des lacs et rivières' });
  // MapLibre waits for the user's intent (ADR 118): the pointer over the map.
  await openMap(map);
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
      // Back from the phone's list view, the map is a preview again until the pointer comes over it.
      if ((page.viewportSize()?.width ?? 0) >= 1024) await openMap(map);
    },
  });
});

test.describe(() => {
  // Once the service worker controls the page, it would serve the chunk past `page.route`: it stays out here.
  test.use({ serviceWorkers: 'block' });
  test('the map is a preview until the pointer comes, then MapLibre in the same box; groups zoom in', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    // The MapLibre chunk is watched, then held back: what the page shows until it arrives is the preview.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const asked: string[] = [];
    await page.route(/\/assets\/MapView-[\w-]+\.js$/, async (route) => {
      asked.push(route.request().url());
      await held;
      await route.continue();
    });
    await page.goto('/choisir/carte');
    const map = page.getByRole('region', { name: 'Carte des lacs et rivières' });
    const preview = map.getByTestId('apercu-carte');
    await expect(preview).toBeVisible();
    const list = page.getByRole('list', { name: 'Liste des lacs et rivières' });
    await expect(list.getByRole('link').first()).toBeVisible();
    const listed = Number((await page.getByText(/^\d+ résultats?$/).textContent())?.replace(/\D/g, ''));
    // Every listed water body is a disc of the preview: each is one `h0` segment, drawn twice (ring, then colour).
    const discs = async () =>
      (await preview
        .locator('path')
        .evaluateAll((paths) =>
          paths.reduce((n, p) => n + (p.getAttribute('d')?.match(/h0/g)?.length ?? 0), 0),
        )) / 2;
    expect(await discs()).toBe(listed);
    await expect(map).toHaveAttribute('data-map-ready', 'false');
    // Nobody asked for the map: MapLibre is not fetched, even once the page has been idle a while (ADR 118).
    await page.evaluate(
      () => new Promise<void>((resolve) => requestIdleCallback(() => setTimeout(resolve, 2000))),
    );
    expect(asked).toEqual([]);
    await expect(map.getByRole('button', { name: 'Explorer la carte' })).toBeVisible();
    await expectAccessible(page, 'choisir/carte (aperçu)');
    // The list and the preview follow the filters while the map waits.
    await page.getByRole('searchbox', { name: 'Nom' }).fill('garonne');
    await expect(list.getByRole('link', { name: /La Garonne/ })).toBeVisible();
    const filtered = await list.getByRole('link').count();
    expect(filtered).toBeLessThan(listed);
    await expect.poll(discs).toBe(filtered);
    await page.getByRole('searchbox', { name: 'Nom' }).fill('');
    await expect.poll(discs).toBe(listed);

    // The pointer over the map asks for it (scrolling the map into view); the button says it is coming.
    await openMap(map, { wait: false });
    await expect.poll(() => asked.length).toBe(1);
    await expect(map.getByRole('button', { name: 'Chargement de la carte…' })).toBeVisible();
    await expect(map).toHaveAttribute('data-map-ready', 'false');
    const box = await map.boundingBox();
    release();
    // MapLibre's first frames are software WebGL in CI's headless Chromium: slow on a busy machine.
    await expect(map).toHaveAttribute('data-map-ready', 'true', { timeout: 60_000 });
    await expect(preview).toHaveCount(0);
    await expect(map.getByRole('button', { name: /^(Explorer|Chargement)/ })).toHaveCount(0);
    expect(await map.boundingBox()).toEqual(box);
    // France at once: close markers are grouped, and every listed water body is drawn, alone or in a group.
    expect(Number(await map.getAttribute('data-rendered-clusters'))).toBeGreaterThan(0);
    await expect(map).toHaveAttribute('data-rendered-points', String(listed));
    const groups = map.getByRole('button', { name: /^\d+ repères proches : zoomer$/ });
    const inGroups = (await groups.allTextContents()).reduce((n, t) => n + Number(t), 0);
    expect(inGroups).toBeGreaterThan(1);
    expect(inGroups).toBeLessThanOrEqual(listed);
    await expectAccessible(page, 'choisir/carte (groupes)');

    // A group is a button: from the keyboard it zooms in on its markers, and the focus goes to the map.
    await groups.first().focus();
    await page.keyboard.press('Enter');
    await expect(map.locator('canvas')).toBeFocused();
    await expect(map).toHaveAttribute('data-map-ready', 'true');
    expect(Number(await map.getAttribute('data-rendered-points'))).toBeLessThan(listed);
  });
});

test('from the keyboard, « Explorer la carte » loads the map and hands it the focus; in English too', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/choisir/carte');
  const map = page.getByRole('region', { name: 'Carte des lacs et rivières' });
  const explore = map.getByRole('button', { name: 'Explorer la carte' });
  await expect(explore).toBeVisible();
  await expect(map).toHaveAttribute('data-map-ready', 'false');
  // The server's first screen shows the button disabled; it works once the app has rendered (ADR 116).
  await expect(explore).toBeEnabled();
  // The focus entering the map's box asks for the map; Enter on the button too. Once drawn, the map has the keys.
  await explore.focus();
  await page.keyboard.press('Enter');
  await expect(map).toHaveAttribute('data-map-ready', 'true', { timeout: 60_000 });
  await expect(map.locator('canvas')).toBeFocused();
  await expect(explore).toHaveCount(0);

  const en = await page.context().newPage();
  await en.addInitScript(() => localStorage.setItem('langue', 'en'));
  await en.goto('/choisir/carte');
  const enMap = en.getByRole('region', { name: 'Map of lakes and rivers' });
  await expect(enMap.getByRole('button', { name: 'Explore the map' })).toBeVisible();
  await expect(enMap).toHaveAttribute('data-map-ready', 'false');
  await en.close();
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
  expectConsole(page, /status of 404 .*\/cette\/page\/nexiste\/pas\)$/);
  expect((await page.goto('/cette/page/nexiste/pas'))?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page introuvable' })).toBeVisible();
  const res = await request.get('/api/nope');
  expect(res.status()).toBe(404);
  expect(await res.json()).toMatchObject({ error: { code: 'not_found' } });
});

test('the name also finds places (hydro/recherche-terms), and the markers have a legend in words', async ({
  page,
  request,
}) => {
  await page.goto('/choisir/carte');
  await expect(page.getByRole('list', { name: 'Légende' })).toBeVisible();
  for (const word of ['Avec mesures', 'Sans mesure', 'Lac (contour épais)']) {
    await expect(page.getByRole('list', { name: 'Légende' })).toContainText(word);
  }
  // The demo's bulletin (24 January 2021) is too old to colour anything (ADR 094); the legend says so.
  await expect(page.getByRole('list', { name: 'Légende' })).not.toContainText('Vigilance jaune');
  await expect(
    page.getByText(
      'Vigilance crues non colorée : le dernier bulletin connu, du 24 janvier 2021, a plus de 24 h.',
    ),
  ).toBeVisible();
  await page.getByRole('searchbox', { name: 'Nom' }).fill('foix');
  const lieux = page.getByRole('region', { name: 'Lieux dont le nom correspond' });
  await expect(lieux.getByRole('link', { name: /^Foix/ })).toContainText("L'Ariège (09)");
  await lieux.getByRole('link', { name: /^Foix/ }).click();
  const foix = await lieuId(request, 'Foix', "L'Ariège");
  const baignade = await activiteId(request, 'Baignade');
  await expect(page).toHaveURL(new RegExp(`/lieu/${foix}/a-${baignade}(/donnees)?$`));
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
  // « Avec mesures » on by default: one point per water body with readings.
  expect(Number(await map.getAttribute('data-rendered-points'))).toBe(
    Number((await page.getByText(/^\d+ résultats?$/).textContent())?.replace(/\D/g, '')),
  );
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
