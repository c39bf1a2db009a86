/** The favourite star of a place, kept in localStorage `favoris` as `{lieux: [{id, ida}]}` (spec §3, §9). */
import { expect, test } from '@playwright/test';

test('the star adds the place with its activity to localStorage.favoris, survives a reload, and removes it', async ({
  page,
}) => {
  await page.goto('/lieu/1/a-2');
  const add = page.getByRole('button', { name: 'Ajouter aux favoris' });
  await expect(add).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('favoris'))).toBeNull();

  await add.click();
  await expect(page.getByText('La Garonne à Toulouse (Pont-Neuf) est dans vos favoris.')).toBeVisible();
  expect(JSON.parse((await page.evaluate(() => localStorage.getItem('favoris'))) ?? 'null')).toEqual({
    lieux: [{ id: 1, ida: 2 }],
  });

  await page.reload();
  const remove = page.getByRole('button', { name: 'Retirer des favoris' });
  await expect(remove).toBeVisible();
  // A second place with another activity is added next to the first.
  await page.goto('/lieu/53/a-1');
  await page.getByRole('button', { name: 'Ajouter aux favoris' }).click();
  expect(JSON.parse((await page.evaluate(() => localStorage.getItem('favoris'))) ?? 'null')).toEqual({
    lieux: [
      { id: 1, ida: 2 },
      { id: 53, ida: 1 },
    ],
  });

  await page.goto('/lieu/1/a-2/infos');
  await page.getByRole('button', { name: 'Retirer des favoris' }).click();
  await expect(page.getByRole('button', { name: 'Ajouter aux favoris' })).toBeVisible();
  expect(JSON.parse((await page.evaluate(() => localStorage.getItem('favoris'))) ?? 'null')).toEqual({
    lieux: [{ id: 53, ida: 1 }],
  });
});

test('on a phone the star is an icon button that keeps its name', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/lieu/1/a-2');
  const add = page.getByRole('button', { name: 'Ajouter aux favoris' });
  await expect(add).toBeVisible();
  const box = await add.boundingBox();
  expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
  expect(box?.width ?? 0).toBeGreaterThanOrEqual(44);
});
