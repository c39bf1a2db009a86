/** The favourite star of a place, kept in localStorage `favoris` as `{lieux: [{id, ida}]}` (docs/requirements.md R5.4). */
import { expect, test } from './fixtures';
import { activiteId, lieuId } from './seed-support';

test('the star adds the place with its activity to localStorage.favoris, survives a reload, and removes it', async ({
  page,
  request,
}) => {
  const toulouse = {
    id: await lieuId(request, 'Toulouse (Pont-Neuf)', 'La Garonne'),
    ida: await activiteId(request, 'Pêche'),
  };
  const lucerne = {
    id: await lieuId(request, 'Lucerne', 'Lac des Quatre-Cantons'),
    ida: await activiteId(request, 'Baignade'),
  };
  await page.goto(`/lieu/${toulouse.id}/a-${toulouse.ida}`);
  const add = page.getByRole('button', { name: 'Ajouter aux favoris' });
  await expect(add).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('favoris'))).toBeNull();

  await add.click();
  await expect(page.getByText('La Garonne à Toulouse (Pont-Neuf) est dans vos favoris.')).toBeVisible();
  expect(JSON.parse((await page.evaluate(() => localStorage.getItem('favoris'))) ?? 'null')).toEqual({
    lieux: [toulouse],
  });

  await page.reload();
  const remove = page.getByRole('button', { name: 'Retirer des favoris' });
  await expect(remove).toBeVisible();
  // A second place with another activity is added next to the first.
  await page.goto(`/lieu/${lucerne.id}/a-${lucerne.ida}`);
  await page.getByRole('button', { name: 'Ajouter aux favoris' }).click();
  expect(JSON.parse((await page.evaluate(() => localStorage.getItem('favoris'))) ?? 'null')).toEqual({
    lieux: [toulouse, lucerne],
  });

  await page.goto(`/lieu/${toulouse.id}/a-${toulouse.ida}/infos`);
  await page.getByRole('button', { name: 'Retirer des favoris' }).click();
  await expect(page.getByRole('button', { name: 'Ajouter aux favoris' })).toBeVisible();
  expect(JSON.parse((await page.evaluate(() => localStorage.getItem('favoris'))) ?? 'null')).toEqual({
    lieux: [lucerne],
  });
});

test('on a phone the star is an icon button that keeps its name', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const toulouse = await lieuId(request, 'Toulouse (Pont-Neuf)', 'La Garonne');
  await page.goto(`/lieu/${toulouse}/a-${await activiteId(request, 'Pêche')}`);
  const add = page.getByRole('button', { name: 'Ajouter aux favoris' });
  await expect(add).toBeVisible();
  const box = await add.boundingBox();
  expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
  expect(box?.width ?? 0).toBeGreaterThanOrEqual(44);
});
