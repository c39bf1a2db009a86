/**
 * Screens inferred from the data (spec §2, last sentence): the webcam list (an honest empty state: the demo
 * dataset has no webcam) and the activities with today's verdicts — "today" being the latest day of the data,
 * named on the page — on a map and as a list, with the indicative-thresholds caveat.
 */
import { expect, test } from '@playwright/test';
import { expectAccessible, screenshots } from './support';

test('the webcam list is reachable from the navigation and says why it is empty', async ({
  page,
  request,
}) => {
  expect(await (await request.get('/api/hydro/webcams')).json()).toEqual([]);
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Webcams' }).click();
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
  const detail = (await (await request.get('/api/activites/type-3')).json()) as {
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
  await expect(page.getByText('Suivie à 26 lieux sur 9 lacs et rivières').first()).toBeVisible();
  await expectAccessible(page, 'activités');
  await screenshots(page, 'activites');

  await page.getByRole('link', { name: 'Voir les avis pour Canoë-kayak' }).click();
  await expect(page).toHaveURL(/\/activite\/3$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Canoë-kayak' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Avis au 1er février 2022' })).toBeVisible();
  await expect(
    page.getByText('Situation à la dernière mesure disponible (01/02/2022 à 00h55).', { exact: false }),
  ).toBeVisible();
  await expect(page.getByRole('note')).toContainText(detail.avertissement);

  const ariege = page.getByRole('region', { name: "L'Ariège" });
  const foix = ariege.getByRole('listitem').filter({ hasText: "L'Ariège à Foix" });
  await expect(foix).toContainText('Praticable');
  await expect(foix).toContainText('Mesure : 0,44 m');
  await expect(foix).toContainText('Seuils : 0,41 m – 0,96 m');
  // Only the places where the activity has thresholds are listed, each with its verdict.
  await expect(
    page.getByRole('region', { name: 'Avis par lac et rivière' }).getByRole('listitem'),
  ).toHaveCount(detail.lieux.length);

  // Every place is a point on the map (WebGL rendering, counted once the map is idle), with a legend in words.
  const map = page.getByRole('region', { name: 'Carte des avis pour Canoë-kayak' });
  await expect(map).toHaveAttribute('data-map-ready', 'true');
  await expect(map).toHaveAttribute('data-rendered-points', String(detail.lieux.length));
  await expect(page.getByRole('list', { name: 'Légende' })).toContainText('Déconseillé');
  await expectAccessible(page, 'activité');
  await screenshots(page, 'activite', {
    waitFor: () => expect(map).toHaveAttribute('data-map-ready', 'true'),
  });

  await foix.getByRole('link', { name: "L'Ariège à Foix" }).click();
  await expect(page).toHaveURL(/\/lieu\/13\/a-3(\/donnees)?$/);
});
