/** Any unknown path shows a friendly not-found page with the search and a way home (docs/requirements.md R3.9). */
import { expect, expectConsole, test } from './fixtures';
import { expectAccessible, screenshots } from './support';

test('an unknown path shows the not-found page, whose search leads somewhere real', async ({ page }) => {
  // The browser reports the page's own 404.
  expectConsole(page, /status of 404 .*\/cette\/page\/nexiste\/pas\)$/);
  const res = await page.goto('/cette/page/nexiste/pas');
  // History routing: the server answers the app with a 404, the app says the page does not exist.
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page introuvable' })).toBeVisible();
  await expect(page).toHaveTitle('Page introuvable — Limni');
  await expectAccessible(page, '404');
  await screenshots(page, 'introuvable');

  const search = page
    .getByRole('main')
    .getByRole('combobox', { name: 'Cherchez plutôt un lac, une rivière ou un lieu' });
  await search.fill('bourget');
  await page
    .getByRole('main')
    .getByRole('option', { name: /^Lac du Bourget/ })
    .click();
  await expect(page).toHaveURL(/\/entite\/\d+\/liste\/activite\/1$/);

  await page.goBack();
  await page.getByRole('link', { name: /^Retour à l.accueil$/ }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('an unknown place says so after one question to the API, not a second one', async ({ page }) => {
  expectConsole(page, /status of 404 .*\/lieu\/987654\/a-1\)$/);
  expectConsole(page, /status of 404 .*\/api\/hydro\/lieu\/987654/);
  const asked: string[] = [];
  page.on('request', (r) => {
    if (/\/api\/hydro\/lieu\/987654$/.test(new URL(r.url()).pathname)) asked.push(r.url());
  });
  expect((await page.goto('/lieu/987654/a-1'))?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Lieu introuvable' })).toBeVisible();
  // A 404 is an answer: asking again would get the same one.
  await page.waitForLoadState('networkidle');
  expect(asked).toHaveLength(1);
});

test('an unknown activity says so and lists the real ones', async ({ page }) => {
  expectConsole(page, /status of 404 .*\/api\/activites\/type-999/);
  expectConsole(page, /status of 404 .*\/activite\/(999|abc)\)$/);
  for (const path of ['/activite/999', '/activite/abc']) {
    expect((await page.goto(path))?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Cette activité n’existe pas' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Toutes les activités' }).first()).toBeVisible();
  }
  await expectAccessible(page, 'activité inconnue');
});

test('API paths answer a JSON 404, not the app', async ({ request }) => {
  const res = await request.get('/api/nope');
  expect(res.status()).toBe(404);
  expect(await res.json()).toMatchObject({ error: { code: 'not_found' } });
});
