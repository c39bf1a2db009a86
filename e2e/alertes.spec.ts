/**
 * "Mes alertes" (docs/requirements.md R3.7): the alerts of the places in the favourites and, once signed in, of the places the
 * user subscribed to; each can be hidden for the session and shown again; the places followed are listed.
 *
 * The demo dataset has no alert on a place, so the test records one in the server's database (an operator
 * notice on La Lèze at Lézat-sur-Lèze, a place no other spec uses), as an operator would — on SQLite or
 * PostgreSQL, whichever the server runs on (db-support.ts).
 */
import { expect, test } from './fixtures';
import { createVerifiedAccount, signInThroughUi } from './compte-support';
import { lieuOfStation, recordAlerte, sharedServerDatabase, type StationLieu } from './db-support';
import { expectAccessible, screenshots } from './support';
import { serverUnderTest } from './server';

const TITRE = 'Travaux sur la berge à Lézat-sur-Lèze';
/** La Lèze à Lézat-sur-Lèze (the notice's place) and L'Ariège à Foix (a favourite without alert). */
let LEZAT: StationLieu;
let FOIX: StationLieu;

test.beforeAll(async () => {
  const db = sharedServerDatabase();
  LEZAT = await lieuOfStation(db, 'O184402001');
  FOIX = await lieuOfStation(db, 'O125251001');
  await recordAlerte(db, {
    scope: 'lieu',
    scope_id: LEZAT.id,
    source: 'manuel',
    niveau: 1,
    titre: TITRE,
    message: 'L’accès à la rivière est fermé au pont de Lézat pendant la consolidation de la berge.',
    debut: Date.parse('2022-01-25T08:00:00Z'),
    fin: null,
    created_at: Date.parse('2022-01-25T08:00:00Z'),
  });
});

test('alerts of the favourites, hidden for the session and shown again', async ({ page, browser }) => {
  await page.addInitScript(
    (ids) => {
      if (!localStorage.getItem('favoris')) {
        localStorage.setItem('favoris', JSON.stringify({ lieux: ids.map((id) => ({ id, ida: 3 })) }));
      }
    },
    [LEZAT.id, FOIX.id],
  );
  await page.goto('/alertes');
  await expect(page.getByRole('heading', { level: 1, name: 'Mes alertes' })).toBeVisible();
  const enCours = page.getByRole('region', { name: 'Alertes en cours' });
  await expect(enCours.getByRole('heading', { name: TITRE })).toBeVisible();
  await expect(enCours).toContainText('Information');
  await expect(enCours).toContainText('Depuis le 25/01/2022 à 09h00');
  await expect(enCours).toContainText(`Pour : ${LEZAT.libelle}`);

  const suivis = page.getByRole('region', { name: 'Lieux suivis' });
  await expect(suivis.getByRole('listitem').filter({ hasText: LEZAT.libelle })).toContainText(
    '1 alerte en cours',
  );
  await expect(suivis.getByRole('listitem').filter({ hasText: FOIX.libelle })).toContainText('Aucune alerte');
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
  const other = await browser.newContext({ baseURL: serverUnderTest().baseUrl, locale: 'fr-FR' });
  const fresh = await other.newPage();
  await fresh.addInitScript(
    (id) => localStorage.setItem('favoris', JSON.stringify({ lieux: [{ id, ida: 3 }] })),
    LEZAT.id,
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
    data: { lieu: LEZAT.id },
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
