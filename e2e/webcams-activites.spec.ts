/**
 * Screens inferred from the data (docs/requirements.md R2.6): the webcam list (an honest empty state: the demo
 * dataset has no webcam) and the activities with today's verdicts — "today" being the latest day of the data,
 * named on the page — on a map and as a list, with the indicative-thresholds caveat.
 */
import { expect, test } from './fixtures';
import { stationDays, textbookYears } from '../test-support/history-csv';
import { activiteId, lieuId } from './seed-support';
import { expectAccessible, openMap, screenshots } from './support';

test('the empty webcam list is not linked, and says why it is empty when reached', async ({
  page,
  request,
}) => {
  expect(await (await request.get('/api/hydro/webcams')).json()).toEqual([]);
  await page.goto('/');
  await expect(
    page.getByRole('region', { name: 'Découvrir' }).getByRole('link', { name: /Bassins/ }),
  ).toBeVisible();
  await expect(page.locator('a[href="/webcams"]')).toHaveCount(0);
  await page.goto('/webcams');
  await expect(page.getByRole('heading', { level: 1, name: 'Webcams' })).toBeVisible();
  await expect(page.getByText('Aucune webcam pour le moment')).toBeVisible();
  await expect(page.getByText(/Dès qu’un lieu en a une, son image apparaît ici/)).toBeVisible();
  await expectAccessible(page, 'webcams');
  await screenshots(page, 'webcams');
});

test('activities: the list, then one activity with the day of its verdicts, a map and a list', async ({
  page,
  request,
}) => {
  const canoe = await activiteId(request, 'Canoë-kayak');
  const detail = (await (await request.get(`/api/activites/type-${canoe}`)).json()) as {
    lieux: Array<{ id: number }>;
    avertissement: string;
  };
  await page.goto('/');
  await page
    .getByRole('navigation', { name: 'Navigation principale' })
    .first()
    .getByRole('link', { name: 'Activités' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Activités' })).toBeVisible();
  for (const nom of ['Baignade', 'Pêche', 'Canoë-kayak', 'Voile', 'Aviron', 'Stand-up paddle']) {
    await expect(page.getByRole('heading', { level: 2, name: nom })).toBeVisible();
  }
  // The counts come from the API (places with thresholds: recorded levels, and the long archive's stations).
  const list = (await (await request.get('/api/activites/all')).json()) as Array<{
    nom: string;
    nb_lieux: number;
    nb_entites: number;
  }>;
  const peche = list.find((a) => a.nom === 'Pêche');
  expect(peche?.nb_lieux).toBeGreaterThan(26);
  await expect(
    page.getByText(`Suivie à ${peche?.nb_lieux} lieux sur ${peche?.nb_entites} lacs et rivières`).first(),
  ).toBeVisible();
  await expectAccessible(page, 'activités');
  await screenshots(page, 'activites');

  await page.getByRole('link', { name: 'Voir les avis pour Canoë-kayak' }).click();
  await expect(page).toHaveURL(new RegExp(`/activite/${canoe}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Canoë-kayak' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Avis au 1er février 2022' })).toBeVisible();
  await expect(
    // The demo clock (ADR 094): the latest reading (00:55) rounded up to the next full hour.
    page.getByText('Situation au 01/02/2022 à 01h00, avec la dernière mesure de chaque lieu à cette heure.', {
      exact: false,
    }),
  ).toBeVisible();
  await expect(page.getByRole('note')).toContainText(detail.avertissement);

  const ariege = page.getByRole('region', { name: "L'Ariège" });
  const foix = ariege.getByRole('listitem').filter({ hasText: "L'Ariège à Foix" });
  // One month of readings at Foix: no thresholds, no verdict, and the reason (ADR 141).
  await expect(foix).toContainText('Pas d’avis');
  await expect(foix).toContainText('Mesure : 0,44 m');
  await expect(foix).toContainText('Pas assez d’historique pour un avis');
  await expect(foix).not.toContainText('Seuils :');
  // Épisy's thresholds name the years of daily flows they are percentiles of.
  const episyDays = stationDays('F439000101');
  const years = textbookYears(episyDays);
  const episy = page
    .getByRole('region', { name: 'Le Loing' })
    .getByRole('listitem')
    .filter({ hasText: 'Le Loing à Épisy' });
  await expect(episy).toContainText(`(centiles des jours de ${years[0]} à ${years[years.length - 1]})`);
  // Only the places where the activity has thresholds are listed, each with its verdict.
  await expect(
    page.getByRole('region', { name: 'Avis par lac et rivière' }).getByRole('listitem'),
  ).toHaveCount(detail.lieux.length);

  // Every place is a point on the map (WebGL rendering, counted once the map is idle), with a legend in words.
  const map = page.getByRole('region', { name: 'Carte des avis pour Canoë-kayak' });
  await openMap(map);
  await expect(map).toHaveAttribute('data-rendered-points', String(detail.lieux.length));
  await expect(page.getByRole('list', { name: 'Légende' })).toContainText('Déconseillé');
  await expectAccessible(page, 'activité');
  await screenshots(page, 'activite', {
    waitFor: () => expect(map).toHaveAttribute('data-map-ready', 'true'),
  });

  await foix.getByRole('link', { name: "L'Ariège à Foix" }).click();
  const foixId = await lieuId(request, 'Foix', "L'Ariège");
  await expect(page).toHaveURL(new RegExp(`/lieu/${foixId}/a-${canoe}(/donnees)?$`));

  // The Loing's own list, « Situation au 01/02/2022 »: Épisy, whose last daily mean is years older, gets no verdict
  // of that old day as today's, and carries the date of its last value.
  await page.goBack();
  await page.getByRole('link', { name: 'Tous les lieux de Le Loing' }).click();
  const row = page
    .getByRole('region', { name: /^Lieux/ })
    .getByRole('listitem')
    .filter({ hasText: 'Épisy' });
  // « 31 décembre 2018 »: the day of the archive's last daily mean, in words.
  const last = new Date(
    `${(episyDays[episyDays.length - 1] as { jour: string }).jour}T12:00:00Z`,
  ).toLocaleDateString('fr-FR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Paris' });
  await expect(row).toContainText(last);
  await expect(row).toContainText('Inconnu');
  await expect(row).not.toContainText('Praticable');
});
