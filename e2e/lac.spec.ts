/**
 * Lakes are first-class: Lac des Quatre-Cantons (real July 2021 levels at Lucerne, OFEV) with its outline on the
 * map; Lac d'Annecy, which has no measuring station in Limni, with honest empty states.
 */
import { expect, test } from './fixtures';
import { screens } from './lieux-support';
import { activiteId, entiteId, lieuId } from './seed-support';
import { expectAccessible, openMap } from './support';

test('Lac des Quatre-Cantons: outline, the Lucerne gauge, July 2021 levels', async ({ page, request }) => {
  const baignade = await activiteId(request, 'Baignade');
  await page.goto('/choisir/carte?type=L');
  await page
    .getByRole('list', { name: 'Liste des lacs et rivières' })
    .getByRole('link', { name: /Lac des Quatre-Cantons/ })
    .click();
  const quatreCantons = await entiteId(request, 'Lac des Quatre-Cantons');
  await expect(page).toHaveURL(new RegExp(`/entite/${quatreCantons}/carte/activite/${baignade}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Lac des Quatre-Cantons' })).toBeVisible();
  await expect(page.getByText('Superficie approximative : 119 km²')).toBeVisible();
  const map = page.getByRole('region', { name: 'Carte des lieux de Lac des Quatre-Cantons' });
  await openMap(map);
  await expect(map).toHaveAttribute('data-rendered-points', '1');
  const lucerne = page.getByRole('region', { name: /^Lieux/ }).getByRole('listitem');
  await expect(lucerne).toContainText('Lucerne');
  await expect(lucerne).toContainText('433,90 m');
  // Six months older than the rest of the data: shown with its date and a stale warning, not hidden.
  await expect(lucerne).toContainText('Dernière mesure le 02/08/2021 à 13h40');
  await expect(lucerne).toContainText('Données anciennes : pas de nouvelle mesure depuis 6 mois');
  await expectAccessible(page, 'lac (carte)');
  await screens(page, 'lac-carte', {
    waitFor: () => expect(map).toHaveAttribute('data-map-ready', 'true'),
  });

  await lucerne.getByRole('link').click();
  const lucerneId = await lieuId(request, 'Lucerne', 'Lac des Quatre-Cantons');
  await expect(page).toHaveURL(new RegExp(`/lieu/${lucerneId}/a-${baignade}/donnees$`));
  await expect(
    page.getByRole('heading', { level: 1, name: 'Lac des Quatre-Cantons à Lucerne' }),
  ).toBeVisible();
  await expect(page.getByTestId('valeur-principale')).toHaveText('433,90\u00a0m');
  await expect(page.getByText('Niveau du lac (altitude)').first()).toBeVisible();
  await expect(page.getByLabel('Jusqu’au')).toHaveValue('2021-08-02');
  await page.getByLabel('Jusqu’au').fill('2021-07-20');
  await expect(page.locator('figcaption')).toContainText(
    /Sur 7 jours : .*pic à 434,94\sm le 16 juillet 2021 à 23 h 50/,
  );
  await expect(
    page.getByRole('img', { name: /^Niveau du lac \(altitude\) \(m\) du 14\/07\/2021/ }),
  ).toBeVisible();
  // In the chart's legend (the label drawn over the plot says it again, hidden from assistive technologies).
  // Three weeks of readings are no ground for an opinion: no verdict, no threshold drawn, and the page says why.
  await expect(page.getByText(/Pas assez d’historique pour un avis/).first()).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: /^Seuil haut baignade/ })).toHaveCount(0);
  await expectAccessible(page, 'lac (lieu)');
  await screens(page, 'lac-lieu');
});

test("Lac d'Annecy: no measuring station, and the page says so everywhere", async ({ page, request }) => {
  const baignade = await activiteId(request, 'Baignade');
  await page.goto(`/entite/${await entiteId(request, "Lac d'Annecy")}/liste/activite/${baignade}`);
  await expect(page.getByRole('heading', { level: 1, name: "Lac d'Annecy" })).toBeVisible();
  const row = page.getByRole('region', { name: /^Lieux/ }).getByRole('listitem');
  // The count of places says how many have readings.
  await expect(page.getByRole('region', { name: 'Lieux (1, aucun avec des mesures)' })).toBeVisible();
  await expect(row).toContainText('Pas de station de mesure');
  await expect(row).toContainText('Inconnu');
  await expectAccessible(page, 'lac sans station (liste)');
  await screens(page, 'lac-sans-station-liste');

  await row.getByRole('link').click();
  const annecy = await lieuId(request, "Lac d'Annecy", "Lac d'Annecy");
  await expect(page).toHaveURL(new RegExp(`/lieu/${annecy}/a-${baignade}/donnees$`));
  await expect(
    page.getByText(
      'Aucune station de mesure n’est reliée à ce lieu dans Limni : pas de hauteur ni de débit à afficher.',
    ),
  ).toHaveCount(2);
  await expect(page.locator('canvas')).toHaveCount(0);
  // No alert can ever fire here: the buttons give way to the reason.
  await expect(
    page.getByText(
      'Pas d’alerte possible pour ce lieu : il n’a ni station de mesure ni tronçon surveillé par Vigicrues.',
    ),
  ).toBeVisible();
  await expect(page.getByRole('group', { name: 'Actions sur ce lieu' }).getByText('M’alerter')).toHaveCount(
    0,
  );
  // No French lake has readings in the demo: the page points to the nearest place that has some, with the date of
  // its latest reading.
  const doussard = await lieuId(request, 'Doussard', "L'Ire");
  const fin = ((await (await request.get(`/api/hydro/lieu/${doussard}/daterange`)).json()) as { fin: number })
    .fin;
  const date = new Intl.DateTimeFormat('fr-FR', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/Paris',
  }).format(fin);
  const pointer = page.getByText(/^Le lieu avec des mesures le plus proche, sur L'Ire :/);
  await expect(pointer).toContainText(new RegExp(`à \\d+,\\d\\skm ; dernière mesure le ${date}\\.$`));
  await expect(pointer.getByRole('link', { name: "L'Ire à Doussard" })).toHaveAttribute(
    'href',
    `/lieu/${doussard}/a-${baignade}`,
  );
  // The weather still has its place (or says it is unavailable), with its attribution.
  await expect(page.getByRole('region', { name: 'Météo' })).toContainText('Open-Meteo');
  await expectAccessible(page, 'lac sans station (lieu)');
  await screens(page, 'lac-sans-station-lieu');

  await page
    .getByRole('navigation', { name: 'Rubriques du lieu' })
    .getByRole('link', { name: 'Infos pratiques' })
    .click();
  await expect(page.getByText("Aucune station de mesure du niveau n'est reliée à ce lac")).toBeVisible();
  await expect(page.getByText('Aucun tronçon Vigicrues n’est relié à ce lieu.')).toBeVisible();
});
