/**
 * A river from the chooser: the entity map and list (places upstream → downstream, latest values, verdicts for the
 * chosen activity), the activity switcher, sub-entities, then a Vigicrues stretch.
 */
import { expect, expectConsole, test } from './fixtures';
import { screens } from './lieux-support';
import { activiteId, entiteId, lieuId } from './seed-support';
import { expectAccessible, openMap } from './support';

test('choose a river → its map and list, switch activity, then open a place', async ({ page, request }) => {
  const garonne = await entiteId(request, 'La Garonne');
  const baignade = await activiteId(request, 'Baignade');
  const peche = await activiteId(request, 'Pêche');
  await page.goto('/choisir/carte');
  await page.getByRole('searchbox', { name: 'Nom' }).fill('garonne');
  await page
    .getByRole('list', { name: 'Liste des lacs et rivières' })
    .getByRole('link', { name: /^La Garonne/ })
    .click();

  // The chooser opens the map variant (baignade by default).
  await expect(page).toHaveURL(new RegExp(`/entite/${garonne}/carte/activite/${baignade}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'La Garonne' })).toBeVisible();
  await expect(page.getByText('Haute-Garonne (31)', { exact: false })).toBeVisible();
  const vigilance = page.getByRole('region', { name: 'Vigilance crues par tronçon' });
  await expect(
    vigilance.getByRole('link', {
      name: /Garonne toulousaine.*Dernier bulletin Vigicrues connu, du 24 janvier 2021/,
    }),
  ).toBeVisible();
  await expect(vigilance.getByRole('link', { name: /Garonne amont - Nestes/ })).toContainText(
    '24 janvier 2021',
  );

  const map = page.getByRole('region', { name: 'Carte des lieux de La Garonne' });
  await openMap(map);
  // All 24 places of the Garonne are drawn (the outline is not a point).
  await expect(map).toHaveAttribute('data-rendered-points', '24');
  const lieux = page.getByRole('region', { name: /^Lieux/ }).getByRole('list');
  await expect(lieux.getByRole('link')).toHaveCount(24);
  await expectAccessible(page, 'entité (carte)');
  await screens(page, 'entite-carte', {
    waitFor: () => expect(map).toHaveAttribute('data-map-ready', 'true'),
  });

  // Switching activity keeps the map view; switching view keeps the activity.
  await page.getByRole('navigation', { name: 'Activité' }).getByRole('link', { name: 'Pêche' }).click();
  await expect(page).toHaveURL(new RegExp(`/entite/${garonne}/carte/activite/${peche}$`));
  await expect(
    page.getByRole('navigation', { name: 'Activité' }).getByRole('link', { name: 'Pêche' }),
  ).toHaveAttribute('aria-current', 'page');
  await page.getByRole('navigation', { name: 'Affichage' }).getByRole('link', { name: 'Liste' }).click();
  await expect(page).toHaveURL(new RegExp(`/entite/${garonne}/liste/activite/${peche}$`));

  // Upstream → downstream: Bossost first, Toulouse (Pont-Neuf) tenth, with its real latest value and verdict.
  const rows = page.getByRole('region', { name: /^Lieux/ }).getByRole('listitem');
  await expect(rows.first()).toContainText('Bossost');
  const toulouse = rows.nth(9);
  await expect(toulouse).toContainText('Toulouse (Pont-Neuf)');
  await expect(toulouse).toContainText('0,70 m');
  await expect(toulouse).toContainText('Praticable');
  await expect(toulouse).toContainText('Dernière mesure le 01/02/2022 à 00h45');
  // A place with both sensors shows both, with units.
  await expect(rows.nth(1)).toContainText('St-Béat (HE)');
  await expect(rows.nth(1)).toContainText('m³/s');
  // Its flow is a daily mean: it says its own day, not under the level's « Dernière mesure » (ADR 143).
  const etats = (await (await request.get(`/api/hydro/entite/${garonne}/lieux`)).json()) as {
    lieux: { nom: string; capteurs: { grandeur: string; pas_min: number | null; ts: number | null }[] }[];
  };
  const debitJour = etats.lieux
    .find((l) => l.nom === 'St-Béat (HE)')
    ?.capteurs.find((c) => c.grandeur === 'Q' && c.pas_min === 1440);
  const jour = new Intl.DateTimeFormat('fr-FR', {
    timeZone: 'Europe/Paris',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  })
    .format(debitJour?.ts ?? NaN)
    .replace(/^1 /, '1er ');
  await expect(rows.nth(1).getByTestId('moyenne-du')).toHaveText(`— moyenne du ${jour}`);
  // A place without observations says so instead of showing a number.
  await expect(rows.filter({ hasText: 'Bordeaux' })).toContainText('Aucune mesure');
  await expect(page.getByText(/Seuils indicatifs/).first()).toBeVisible();

  // Sub-entities are links that keep the view and the activity.
  const sous = page.getByRole('region', { name: 'Affluents et parties' });
  await expect(sous.getByRole('link', { name: /L'Ariège/ })).toHaveAttribute(
    'href',
    `/entite/${await entiteId(request, "L'Ariège")}/liste/activite/${peche}`,
  );
  await expectAccessible(page, 'entité (liste)');
  await screens(page, 'entite-liste');

  await toulouse.getByRole('link').click();
  const pontNeuf = await lieuId(request, 'Toulouse (Pont-Neuf)', 'La Garonne');
  await expect(page).toHaveURL(new RegExp(`/lieu/${pontNeuf}/a-${peche}/donnees$`));
  await expect(
    page.getByRole('heading', { level: 1, name: 'La Garonne à Toulouse (Pont-Neuf)' }),
  ).toBeVisible();
});

test('a Vigicrues stretch: its level and date, its places coloured by it on a map, their list', async ({
  page,
  request,
}) => {
  const peche = await activiteId(request, 'Pêche');
  await page.goto(`/entite/${await entiteId(request, 'La Garonne')}/liste/activite/${peche}`);
  await page
    .getByRole('region', { name: 'Vigilance crues par tronçon' })
    .getByRole('link', { name: /Garonne toulousaine/ })
    .click();
  // The stretch is reached by its name; its page keeps the activity.
  await expect(page).toHaveURL(new RegExp(`/entite-troncon/\\d+/carte/activite/${peche}$`));
  await expect(
    page.getByRole('heading', { level: 1, name: 'Tronçon Vigicrues Garonne toulousaine' }),
  ).toBeVisible();
  // An old bulletin (24 January 2021, readings of 1 February 2022): dated and neutral, places not coloured by it.
  await expect(
    page.getByText('Dernier bulletin Vigicrues connu, du 24 janvier 2021 : vert').first(),
  ).toBeVisible();
  await expect(page.getByText('Niveau de vigilance publié le 24/01/2021 à 08h16')).toBeVisible();
  await expect(page.getByText('Les lieux sont colorés selon la vigilance du tronçon')).toHaveCount(0);

  const map = page.getByRole('region', { name: 'Carte des lieux du tronçon Garonne toulousaine' });
  // Before MapLibre, the preview already draws the river: the full outlines of the cells in view (ADR 145).
  await expect(
    map.getByTestId('apercu-carte').locator('[data-couche=detaillee] [data-couche=rivieres]'),
  ).toHaveAttribute('d', /^M[-\d.]+ [-\d.]+l/);
  // A legend, as on the entity maps: how the markers are coloured, and each colour with its words.
  const couleurs = page.getByRole('group', { name: 'Couleur des repères' });
  await expect(couleurs.getByRole('radio', { name: 'Avis pour l’activité' })).toBeChecked();
  const legende = page.getByRole('list', { name: 'Légende de la carte' });
  await expect(legende.getByRole('listitem').first()).toBeVisible();
  await couleurs.getByRole('radio', { name: 'Situation par rapport à la normale' }).check();
  // No place of the demo has an up-to-date reading with a usual range (ADR 100).
  await expect(legende.getByRole('listitem').filter({ hasText: 'Pas de situation récente' })).toBeVisible();
  await couleurs.getByRole('radio', { name: 'Avis pour l’activité' }).check();
  await openMap(map);
  await expect(map).toHaveAttribute('data-rendered-points', '5');
  const rows = page.getByRole('region', { name: /^Lieux/ }).getByRole('listitem');
  await expect(rows).toHaveCount(5);
  // A place of the stretch on another entity (an arm of the river) names it.
  await expect(rows.filter({ hasText: 'Toulouse - St-Michel' })).toContainText(
    'Le bras inférieur de la Garonne',
  );
  await expect(rows.filter({ hasText: 'Toulouse (Pont-Neuf)' })).toContainText('0,70 m');
  await expectAccessible(page, 'tronçon');
  await screens(page, 'troncon', {
    waitFor: () => expect(map).toHaveAttribute('data-map-ready', 'true'),
  });
});

test('a lake: its map draws the lake from the first paint, with a legend', async ({ page, request }) => {
  const annecy = await entiteId(request, "Lac d'Annecy");
  await page.goto(`/entite/${annecy}/carte/activite/${await activiteId(request, 'Baignade')}`);
  const map = page.getByRole('region', { name: "Carte des lieux de Lac d'Annecy" });
  // The preview draws the lakes of the cells in view (ADR 145) and the lake's own outline, before MapLibre.
  const apercu = map.getByTestId('apercu-carte');
  await expect(apercu.locator('[data-couche=detaillee] [data-couche=lacs]')).toHaveAttribute(
    'd',
    /^M[-\d.]+ [-\d.]+l/,
  );
  await expect(
    page.getByRole('list', { name: 'Légende de la carte' }).getByRole('listitem').first(),
  ).toBeVisible();
  // The legend says what the blue is; the lake is drawn, so it is not said to be missing.
  await expect(page.getByText(/^En bleu, les grands cours d’eau et lacs du fond de carte/)).toBeVisible();
  await expect(page.getByText(/n’y figure pas/)).toHaveCount(0);
  await openMap(map);
  await expect(map).toHaveAttribute('data-rendered-points', '1');
});

test('unknown entities and stretches say so', async ({ page }) => {
  expectConsole(page, /status of 404 .*\/api\/hydro\/(entite|troncon)\/999999/);
  // The server answers these pages 404 too (the app's page, which says so).
  expectConsole(page, /status of 404 .*\/(entite|entite-troncon)\/(999999|abc)\/[a-z]+\/activite\/1\)$/);
  await page.goto('/entite/999999/liste/activite/1');
  await expect(page.getByRole('heading', { name: 'Lac ou rivière introuvable' })).toBeVisible();
  await page.goto('/entite-troncon/999999/carte/activite/1');
  await expect(page.getByRole('heading', { name: 'Tronçon introuvable' })).toBeVisible();
  await page.goto('/entite/abc/liste/activite/1');
  await expect(page.getByRole('heading', { name: 'Page introuvable' })).toBeVisible();
});
