/**
 * Alerts of a place and of its river, each hideable for the session (docs/requirements.md R7.8): hidden alerts stay hidden across
 * pages and reloads of the tab, and come back in a new session.
 *
 * The demo dataset has no alert on a place, so the test records one in the server's database, as the threshold
 * alerting would have: the real crossing of 2 m by the Ariège at Foix during the January 2022 flood (observations of
 * the dataset: above 2 m from 10 January 10:00 to 11 January 00:25, peak 2.74 m at 17:55) — on SQLite or
 * PostgreSQL, whichever the server runs on (db-support.ts).
 */
import { expect, test } from './fixtures';
import { lieuOfStation, recordAlerte, sharedServerDatabase, type StationLieu } from './db-support';
import { screens } from './lieux-support';
import { expectAccessible } from './support';
import { serverUnderTest } from './server';

const TITRE = 'Crue : l’Ariège au-dessus de 2 m à Foix';
/** L'Ariège à Foix. */
let FOIX: StationLieu;

test.beforeAll(async () => {
  const db = sharedServerDatabase();
  FOIX = await lieuOfStation(db, 'O125251001');
  await recordAlerte(db, {
    scope: 'lieu',
    scope_id: FOIX.id,
    source: 'seuil',
    niveau: 2,
    titre: TITRE,
    message:
      'La hauteur a dépassé 2 m le 10 janvier 2022 à 10h00 et culminé à 2,74 m à 17h55 ; elle est repassée sous 2 m le 11 janvier à 00h25.',
    debut: Date.parse('2022-01-10T09:00:00Z'),
    fin: Date.parse('2022-01-10T23:25:00Z'),
    created_at: Date.parse('2022-01-10T09:00:00Z'),
  });
});

test('an alert hidden on the place stays hidden for the session, on its river too, until shown again', async ({
  page,
  browser,
}) => {
  await page.goto(`/lieu/${FOIX.id}/a-2`);
  const alertes = page.getByRole('region', { name: 'Alertes récentes' });
  await expect(alertes.getByText(TITRE)).toBeVisible();
  await expect(alertes).toContainText('Seuil franchi');
  await expect(alertes).toContainText('Du 10/01/2022 à 10h00 au 11/01/2022 à 00h25');
  await expectAccessible(page, 'lieu (alerte)');
  await screens(page, 'lieu-alerte');

  await alertes.getByRole('button', { name: `Masquer l’alerte « ${TITRE} » pour cette session` }).click();
  await expect(page.getByText(TITRE)).toHaveCount(0);
  await expect(page.getByText('1 alerte(s) masquée(s) pour cette session.')).toBeVisible();
  const stored = await page.evaluate(() => sessionStorage.getItem('alertesMasquees'));
  expect(JSON.parse(stored ?? '[]')).toHaveLength(1);

  await page.reload();
  await expect(page.getByText('1 alerte(s) masquée(s) pour cette session.')).toBeVisible();
  await expect(page.getByText(TITRE)).toHaveCount(0);

  // The river's page lists the alerts of its places: hidden there too.
  await page.goto(`/entite/${FOIX.entiteId}/liste/activite/2`);
  await expect(page.getByRole('heading', { level: 1, name: "L'Ariège" })).toBeVisible();
  await expect(page.getByText('1 alerte(s) masquée(s) pour cette session.')).toBeVisible();
  await page.getByRole('button', { name: 'Réafficher' }).click();
  await expect(page.getByText(TITRE)).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('alertesMasquees'))).toBeNull();

  // Hidden again, then a new session (another context) shows it: hiding is for the session only.
  await page.getByRole('button', { name: /^Masquer l’alerte/ }).click();
  await expect(page.getByText(TITRE)).toHaveCount(0);
  const other = await browser.newContext({
    baseURL: serverUnderTest().baseUrl,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
  });
  const fresh = await other.newPage();
  await fresh.goto(`/lieu/${FOIX.id}/a-2`);
  await expect(fresh.getByText(TITRE)).toBeVisible();
  await other.close();
});
