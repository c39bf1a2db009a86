/**
 * "Mes favoris" (docs/requirements.md R3.7, R5.4): each favourite of localStorage `favoris` shows its latest value, trend
 * and the verdict for its activity, links to its place and can be removed; the home page shows the first ones;
 * without favourites an empty state explains the star.
 */
import { archiveThreshold, toulouseDays } from '../test-support/history-csv';
import { expect, test } from './fixtures';
import { activiteId, lieuId } from './seed-support';
import { expectAccessible, screenshots } from './support';

test('each favourite shows value, trend, freshness and verdict; removing one updates the storage', async ({
  page,
  request,
}) => {
  const canoe = await activiteId(request, 'Canoë-kayak');
  const foixFavori = { id: await lieuId(request, 'Foix', "L'Ariège"), ida: canoe };
  const toulouseFavori = { id: await lieuId(request, 'Toulouse (Pont-Neuf)', 'La Garonne'), ida: canoe };
  // A place without a gauge.
  const foecyFavori = {
    id: await lieuId(request, 'Foëcy', "L'Yèvre"),
    ida: await activiteId(request, 'Baignade'),
  };
  const FAVORIS = { lieux: [foixFavori, toulouseFavori, foecyFavori] };
  await page.addInitScript((v) => {
    if (!sessionStorage.getItem('favoris-init')) {
      localStorage.setItem('favoris', v);
      sessionStorage.setItem('favoris-init', '1');
    }
  }, JSON.stringify(FAVORIS));
  await page.goto('/favoris');
  await expect(page.getByRole('heading', { level: 1, name: 'Mes favoris' })).toBeVisible();
  await expect(page.getByText('3 lieux favoris')).toBeVisible();

  const foix = page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: "L'Ariège à Foix" }) });
  await expect(foix.getByText('0,44 m', { exact: true })).toBeVisible();
  await expect(foix.getByText('stable', { exact: true })).toBeAttached();
  await expect(foix.getByText('−0,2 cm/h')).toBeVisible();
  await expect(foix.getByText('Dernière mesure le 01/02/2022 à 00h55')).toBeVisible();
  await expect(foix.getByText('Avis pour Canoë-kayak')).toBeVisible();
  // One month of readings at Foix: not enough history for an opinion, never a percentile of that month (ADR 141).
  await expect(foix.getByText('Pas d’avis')).toBeVisible();
  await expect(foix.getByText(/^Pas assez d’historique pour un avis : /)).toBeVisible();
  await expect(foix.getByText('Praticable')).toHaveCount(0);

  const toulouse = page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: 'La Garonne à Toulouse (Pont-Neuf)' }) });
  await expect(toulouse.getByText('0,70 m', { exact: true })).toBeVisible();
  // 0,70 m between canoe-kayak's thresholds from Toulouse's daily maxima since 1857 (docs/decisions/140).
  expect(0.695).toBeGreaterThan(archiveThreshold(toulouseDays(), 0.1));
  expect(0.695).toBeLessThan(archiveThreshold(toulouseDays(), 0.9));
  await expect(toulouse.getByText('Praticable')).toBeVisible();

  // A place without a gauge still has a card that says so.
  const sansObservation = page.getByRole('article').filter({ hasText: 'Pas de mesure à ce lieu.' });
  await expect(sansObservation).toHaveCount(1);
  await expect(sansObservation.getByText('Inconnu')).toBeVisible();
  await expectAccessible(page, 'favoris');
  await screenshots(page, 'favoris');

  await foix.getByRole('link', { name: "L'Ariège à Foix" }).click();
  await expect(page).toHaveURL(new RegExp(`/lieu/${foixFavori.id}/a-${canoe}(/donnees)?$`));
  // The place drawn first: going back while it still settles its address once left the browser on it.
  await expect(page.getByRole('heading', { level: 1, name: "L'Ariège à Foix" })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/favoris$/);

  await page
    .getByRole('button', { name: 'Retirer La Garonne à Toulouse (Pont-Neuf) de vos favoris' })
    .click();
  await expect(
    page.getByText('La Garonne à Toulouse (Pont-Neuf) a été retiré de vos favoris.'),
  ).toBeVisible();
  await expect(page.getByText('2 lieux favoris')).toBeVisible();
  expect(JSON.parse((await page.evaluate(() => localStorage.getItem('favoris'))) ?? 'null')).toEqual({
    lieux: [foixFavori, foecyFavori],
  });

  // The home page shows the favourites as the same cards.
  await page.goto('/');
  const vos = page.getByRole('region', { name: 'Vos favoris' });
  await expect(vos.getByRole('heading', { name: "L'Ariège à Foix" })).toBeVisible();
  await expect(vos.getByText('0,44 m', { exact: true })).toBeVisible();
  await expect(vos.getByRole('link', { name: 'Tous vos favoris (2)' })).toBeVisible();
  await screenshots(page, 'accueil-favoris');
});

test('without favourites, the page explains the star', async ({ page }) => {
  await page.goto('/favoris');
  await expect(page.getByText('Vous n’avez pas encore de favori')).toBeVisible();
  await expect(page.getByText(/touchez l’étoile «\sAjouter aux favoris\s»/)).toBeVisible();
  await expectAccessible(page, 'favoris (vide)');
  await screenshots(page, 'favoris-vide');
  await page.getByRole('link', { name: 'Choisir un lac ou une rivière' }).click();
  await expect(page).toHaveURL(/\/choisir\/carte$/);
});
