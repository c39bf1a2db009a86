/**
 * Home page and shell (docs/requirements.md R3.1, R3.2): search from the header (keyboard combobox), "Près de chez vous"
 * with the geolocation permission, the national vigilance strip with its bulletin date, the basins page leading
 * to the chooser filtered on a basin, scroll reset on navigation, and the English dictionary.
 */
import { expect, test } from './fixtures';
import { activiteId, entiteId, lieuId } from './seed-support';
import { expectAccessible, screenshots } from './support';

test('the header search finds a river and a place by name, with the keyboard', async ({ page, request }) => {
  const baignade = await activiteId(request, 'Baignade');
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: /niveau des lacs et rivières/i })).toBeVisible();
  const search = page
    .getByRole('banner')
    .getByRole('combobox', { name: 'Rechercher un lac, une rivière ou un lieu' });
  await search.fill('garonne');
  const options = page.getByRole('banner').getByRole('option');
  await expect(options.first()).toContainText('La Garonne');
  await expect(options.first()).toContainText('Rivière');
  // Places on La Garonne follow the river itself.
  await expect(
    page
      .getByRole('banner')
      .getByRole('option', { name: /Lieu · La Garonne/ })
      .first(),
  ).toBeVisible();
  await search.press('ArrowDown');
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  await expect(search).toHaveAttribute(
    'aria-activedescendant',
    (await options.first().getAttribute('id')) ?? '',
  );
  await search.press('Enter');
  const garonne = await entiteId(request, 'La Garonne');
  // The search opens the list of the river, for bathing (the app's default activity).
  await expect(page).toHaveURL(new RegExp(`/entite/${garonne}/liste/activite/${baignade}$`));

  // A place, by its own name: opens the place page.
  await search.fill('foix');
  await expect(page.getByRole('banner').getByRole('option', { name: /^Foix/ })).toContainText("L'Ariège");
  await page.getByRole('banner').getByRole('option', { name: /^Foix/ }).click();
  const foix = await lieuId(request, 'Foix', "L'Ariège");
  await expect(page).toHaveURL(new RegExp(`/lieu/${foix}/a-${baignade}(/donnees)?$`));

  // No match: said in words; Escape closes then clears.
  await search.fill('zzzz');
  await expect(
    page.getByRole('banner').getByText('Aucun lac, rivière ou lieu ne correspond à « zzzz ».').first(),
  ).toBeVisible();
  await search.press('Escape');
  await search.press('Escape');
  await expect(search).toHaveValue('');
});

test('home: the national situation with the bulletin date, the entries, and the accessibility check', async ({
  page,
}) => {
  // The counts from the index the page reads: places with readings apart from all places, and the lakes and
  // rivers that have some.
  const index = (await (await page.request.get('/api/hydro/index')).json()) as Array<{
    nb_lieux: number;
    nb_lieux_mesures: number;
  }>;
  const fr = (n: number) => new Intl.NumberFormat('fr-FR').format(n).replace(/\s/g, ' ');
  const lieux = index.reduce((s, e) => s + e.nb_lieux, 0);
  const observes = index.reduce((s, e) => s + e.nb_lieux_mesures, 0);
  const observees = index.filter((e) => e.nb_lieux_mesures > 0).length;
  expect(observes).toBeLessThan(lieux / 10);
  await page.goto('/');
  const situation = page.getByRole('region', { name: 'Situation nationale' });
  await expect(
    situation.getByText(
      `${fr(observes)} lieux avec des mesures sur ${fr(lieux)}, sur ${fr(observees)} des ${fr(index.length)} lacs et rivières.`,
    ),
  ).toBeVisible();
  await expect(situation.getByText('tronçons en vigilance jaune')).toBeVisible();
  // The bulletin of 24 January 2021 is not the situation of the demo clock (1 February 2022): said, and neutral.
  await expect(
    situation.getByRole('heading', { name: 'Vigilance crues — dernier bulletin connu, du 24 janvier 2021' }),
  ).toBeVisible();
  await expect(
    situation.getByText(/dernier bulletin Vigicrues connu, publié le 24 janvier 2021 : il a plus de 24 h/),
  ).toBeVisible();
  await situation.getByText('Voir les 45 tronçons en vigilance au bulletin du 24 janvier 2021').click();
  // A tronçon with places in Limni leads to them; one without leads to Vigicrues.
  await expect(situation.getByRole('link', { name: /Seine à Paris/ })).toBeVisible();
  await expect(situation.locator('a[href="https://www.vigicrues.gouv.fr/"]').first()).toContainText(
    'vigicrues.gouv.fr',
  );
  await expect(page.getByText('Démonstration — nous sommes le 1er février 2022, 01 h 00.')).toBeVisible();
  // The period starts with the oldest reading of the main dataset (the Lez's daily flows since 1975), as /api/health says.
  const health = (await (await page.request.get('/api/health')).json()) as { donnees: { debut: number } };
  const debut = new Intl.DateTimeFormat('fr-FR', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/Paris',
  })
    .format(health.donnees.debut)
    .replace(/^1 /, '1er ');
  await expect(
    page.getByText(`Des mesures réelles du ${debut} au 1er février 2022`, { exact: false }),
  ).toBeVisible();
  await expectAccessible(page, 'accueil');
  await screenshots(page, 'accueil');

  await page
    .getByRole('region', { name: 'Découvrir' })
    .getByRole('link', { name: /Bassins/ })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Bassins' })).toBeVisible();
});

test.describe('near me', () => {
  // Toulouse, Capitole.
  test.use({ geolocation: { latitude: 43.6045, longitude: 1.444 }, permissions: ['geolocation'] });

  test('with the permission granted, the nearest measuring places are listed with their distance', async ({
    page,
  }) => {
    await page.goto('/');
    const near = page.getByRole('list', { name: 'Les lieux de mesure les plus proches' });
    const first = near.getByRole('link').first();
    await expect(first).toContainText('Toulouse');
    await expect(near).toContainText('La Garonne à Toulouse (Pont-Neuf)');
    await expect(first).toContainText(/\d+,\d\skm/);
    await expect(near.getByRole('link')).toHaveCount(5);
    await expectAccessible(page, 'accueil (près de chez vous)');
    await near.getByRole('link', { name: /La Garonne à Toulouse \(Pont-Neuf\)/ }).click();
    const toulouse = await lieuId(page.request, 'Toulouse (Pont-Neuf)', 'La Garonne');
    const baignade = await activiteId(page.request, 'Baignade');
    await expect(page).toHaveURL(new RegExp(`/lieu/${toulouse}/a-${baignade}(/donnees)?$`));
  });
});

test('basins: each with its extent and counts, leading to the chooser filtered on it', async ({ page }) => {
  await page.goto('/bassins');
  await expect(page.getByRole('heading', { level: 1, name: 'Bassins' })).toBeVisible();
  const adour = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Adour-Garonne' }) });
  await expect(adour.getByRole('img', { name: /Emprise du bassin Adour-Garonne/ })).toBeVisible();
  await expect(adour).toContainText('122 rivières · 3 lacs');
  await expect(adour).toContainText('dont 36 avec des mesures');
  await expect(page.getByText(/Guadeloupe, Martinique, Réunion, Mayotte/)).toBeVisible();
  await expectAccessible(page, 'bassins');
  await screenshots(page, 'bassins');

  await adour.getByRole('link', { name: /^Voir sur la carte .*bassin Adour-Garonne/ }).click();
  await expect(page).toHaveURL(/\/choisir\/carte$/);
  await expect(page.getByLabel('Bassin')).toHaveValue('adour-garonne');
  expect(await page.evaluate(() => localStorage.getItem('bassin'))).toBe('adour-garonne');
  const list = page.getByRole('list', { name: 'Liste des lacs et rivières' });
  await expect(list.getByRole('link', { name: /La Garonne/ }).first()).toBeVisible();
  await expect(list.getByRole('link', { name: /Lac du Bourget/ })).toHaveCount(0);
});

test('every navigation scrolls back to the top-left corner', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 700 });
  await page.goto('/credits');
  await expect(page.getByRole('heading', { level: 1, name: 'Crédits et partenaires' })).toBeVisible();
  await page.mouse.wheel(0, 5000);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Bassins' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Bassins' })).toBeVisible();
  expect(await page.evaluate(() => [window.scrollX, window.scrollY])).toEqual([0, 0]);
  // Back too starts at the top (R2.1): the browser does not restore the credits page's scroll position.
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Crédits et partenaires' })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  expect(await page.evaluate(() => [window.scrollX, window.scrollY])).toEqual([0, 0]);
});

test('the footer switches the whole app to English and back', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('contentinfo').getByLabel('Langue').selectOption('en');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Lake and river levels at a glance' }),
  ).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  const nav = page.getByRole('navigation', { name: 'Main navigation' }).first();
  await expect(nav.getByRole('link', { name: 'Map' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'National situation' })).toContainText(
    'stretches under yellow vigilance',
  );
  await expectAccessible(page, 'home (English)');
  await screenshots(page, 'accueil-en');

  await page.goto('/favoris');
  await expect(page.getByRole('heading', { level: 1, name: 'My favourites' })).toBeVisible();
  await page.goto(`/activite/${await activiteId(page.request, 'Canoë-kayak')}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Verdicts on February 1, 2022' })).toBeVisible();
  const canoe = (
    (await (await page.request.get('/api/activites/all')).json()) as Array<{
      nom: string;
      nb_lieux: number;
      nb_entites: number;
    }>
  ).find((a) => a.nom === 'Canoë-kayak');
  await expect(
    page.getByText(`Followed at ${canoe?.nb_lieux} places on ${canoe?.nb_entites} lakes and rivers`),
  ).toBeVisible();
  await page.goto('/contact');
  await expect(page.getByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible();

  await page.getByRole('contentinfo').getByLabel('Language').selectOption('fr');
  await expect(page.getByRole('heading', { level: 1, name: 'Contactez-nous' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
});
