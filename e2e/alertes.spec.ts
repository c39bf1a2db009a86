/**
 * "Mes alertes" (spec §2, §4): the alerts of the places in the favourites and, once signed in, of the places the
 * user subscribed to; each can be hidden for the session and shown again; the places followed are listed.
 *
 * The demo dataset has no alert on a place, so the test records one in the server's database (an operator
 * notice on La Lèze at Lézat-sur-Lèze, a place no other spec uses), as an operator would.
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, test } from '@playwright/test';
import { createVerifiedAccount, signInThroughUi } from './compte-support';
import { expectAccessible, screenshots } from './support';

const LIEU = 21;
const TITRE = 'Travaux sur la berge à Lézat-sur-Lèze';

test.beforeAll(() => {
  test.skip(Boolean(process.env.DATABASE_URL), 'alerte enregistrée directement dans la base SQLite de test');
  const db = new Database(path.join(process.env.E2E_DATA_DIR ?? '', 'limni.db'));
  try {
    if (!db.prepare('select id from alerte where titre = ?').get(TITRE)) {
      db.prepare(
        `insert into alerte (scope, scope_id, source, niveau, titre, message, debut, fin, created_at)
         values ('lieu', ?, 'manuel', 1, ?, ?, ?, null, ?)`,
      ).run(
        LIEU,
        TITRE,
        'L’accès à la rivière est fermé au pont de Lézat pendant la consolidation de la berge.',
        Date.parse('2022-01-25T08:00:00Z'),
        Date.parse('2022-01-25T08:00:00Z'),
      );
    }
  } finally {
    db.close();
  }
});

test('alerts of the favourites, hidden for the session and shown again', async ({ page, browser }) => {
  await page.addInitScript(() => {
    if (!localStorage.getItem('favoris')) {
      localStorage.setItem(
        'favoris',
        JSON.stringify({
          lieux: [
            { id: 21, ida: 3 },
            { id: 13, ida: 3 },
          ],
        }),
      );
    }
  });
  await page.goto('/alertes');
  await expect(page.getByRole('heading', { level: 1, name: 'Mes alertes' })).toBeVisible();
  const enCours = page.getByRole('region', { name: 'Alertes en cours' });
  await expect(enCours.getByRole('heading', { name: TITRE })).toBeVisible();
  await expect(enCours).toContainText('Information');
  await expect(enCours).toContainText('Depuis le 25/01/2022 à 09h00');
  await expect(enCours).toContainText('Pour : La Lèze à Lézat-sur-Lèze');

  const suivis = page.getByRole('region', { name: 'Lieux suivis' });
  await expect(suivis.getByRole('listitem').filter({ hasText: 'La Lèze à Lézat-sur-Lèze' })).toContainText(
    '1 alerte en cours',
  );
  await expect(suivis.getByRole('listitem').filter({ hasText: "L'Ariège à Foix" })).toContainText(
    'Aucune alerte',
  );
  await expect(
    page.getByRole('complementary', { name: 'Recevoir les alertes sans ouvrir Limni' }),
  ).toBeVisible();
  await expectAccessible(page, 'alertes');
  await screenshots(page, 'alertes');

  await enCours.getByRole('button', { name: `Masquer l’alerte « ${TITRE} » pour cette session` }).click();
  await expect(page.getByRole('heading', { name: TITRE })).toHaveCount(0);
  await expect(page.getByText('1 alerte masquée pour cette session.')).toBeVisible();
  await expect(page.getByText('Aucune alerte en cours sur vos lieux')).toBeVisible();
  await page.reload();
  await expect(page.getByText('1 alerte masquée pour cette session.')).toBeVisible();
  await expect(page.getByRole('heading', { name: TITRE })).toHaveCount(0);
  await screenshots(page, 'alertes-masquees');

  // Another session shows it again.
  const other = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, locale: 'fr-FR' });
  const fresh = await other.newPage();
  await fresh.addInitScript(() =>
    localStorage.setItem('favoris', JSON.stringify({ lieux: [{ id: 21, ida: 3 }] })),
  );
  await fresh.goto('/alertes');
  await expect(fresh.getByRole('heading', { name: TITRE })).toBeVisible();
  await other.close();

  await page.getByRole('button', { name: 'Réafficher' }).click();
  await expect(page.getByRole('heading', { name: TITRE })).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('alertesMasquees'))).toBeNull();
});

test('a signed-in user also sees the alerts of the places they subscribed to', async ({ page, request }) => {
  const account = await createVerifiedAccount(request, 'alertes');
  await signInThroughUi(page, account.username, account.password);
  const token = await page.evaluate(() => localStorage.getItem('USER_TOKEN'));
  const csrf = ((await (await request.get('/api/csrf')).json()) as { csrftoken: string }).csrftoken;
  const res = await request.post('/api/user/crea-abonnement', {
    headers: { authorization: `Bearer ${token}`, 'x-csrftoken': csrf },
    data: { lieu: LIEU },
  });
  expect(res.status(), await res.text()).toBe(200);

  await page.goto('/alertes');
  const suivis = page.getByRole('region', { name: 'Lieux suivis' });
  await expect(suivis.getByRole('listitem').filter({ hasText: 'Abonnement' })).toContainText(
    '1 alerte en cours',
  );
  await expect(
    page.getByRole('region', { name: 'Alertes en cours' }).getByRole('heading', { name: TITRE }),
  ).toBeVisible();
  await expect(
    page.getByRole('complementary', { name: 'Recevoir les alertes sans ouvrir Limni' }),
  ).toHaveCount(0);
  await expectAccessible(page, 'alertes (abonnements)');
});

test('without favourites nor subscriptions, the page says how to follow a place', async ({ page }) => {
  await page.goto('/alertes');
  await expect(page.getByText('Aucun lieu suivi')).toBeVisible();
  await expect(page.getByText(/Ajoutez des lieux à vos favoris avec l’étoile/)).toBeVisible();
  await expectAccessible(page, 'alertes (vide)');
  await screenshots(page, 'alertes-vide');
});
