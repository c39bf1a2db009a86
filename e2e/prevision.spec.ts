/**
 * The real forecast episode (docs/decisions/088, 089): a user holding authorisation 1 opens La Loire à Digoin on
 * 11 December 2024 and sees the Vigicrues forecast run of that morning — the 10–90 % band and its central line going on
 * after the last observation — named by the legend and the summary, on the episode's clock (the banner names it).
 */
import { expect, test } from './fixtures';
import { createVerifiedAccount, signInThroughUi } from './compte-support';
import { sharedServerDatabase, withDatabase } from './db-support';
import { activiteId, lieuId } from './seed-support';
import { screenshots } from './support';

test('Digoin, 11 December 2024: the forecast band of that morning, with its legend and summary', async ({
  page,
  request,
}) => {
  const account = await createVerifiedAccount(request, 'prevision');
  // Authorisation 1 (« Prévisions ») is granted by an operator: no API gives it.
  await withDatabase(sharedServerDatabase(), async (db) => {
    const user = await db
      .selectFrom('user')
      .select('id')
      .where('username', '=', account.username)
      .executeTakeFirstOrThrow();
    await db
      .insertInto('user_autorisation')
      .values({ user_id: user.id, autorisation_id: 1, created_at: Date.now() })
      .execute();
  });
  await signInThroughUi(page, account.username, account.password);

  const id = await lieuId(request, 'Digoin', 'La Loire');
  const peche = await activiteId(request, 'Pêche');
  await page.goto(`/lieu/${id}/a-${peche}/donnees?date=2024-12-11`);
  await expect(page.getByRole('heading', { level: 1, name: 'La Loire à Digoin' })).toBeVisible();
  // The episode's clock, named by the banner (latest reading 16 December 2024, 23:00 UTC).
  await expect(page.getByText('Démonstration — nous sommes le 17 décembre 2024, 00 h 00.')).toBeVisible();
  await expect(page.getByText(/Horloge de l’épisode « Crue annoncée de la Loire, 11–16 décembre 2024 »/)).toBeVisible();

  await expect(page.getByLabel('Jusqu’au')).toHaveValue('2024-12-11');
  await expect(
    page.getByText(
      'Prévision du 11/12/2024 à 07h00, tracée sur les mesures : tendance centrale (tirets) et fourchette 10–90 % (bande)',
    ),
  ).toBeVisible();
  const resume = page.getByTestId('resume-prevision-passee');
  await expect(resume).toContainText('Prévision produite le 11/12/2024 à 07h00');
  await expect(resume).toContainText('jusqu’au 16 décembre à 6 h 00');
  await expect(resume).toContainText('la bande grise est la fourchette 10–90 %');
  await expect(page.getByRole('img', { name: /^Débit moyen horaire/ }).locator('canvas')).toBeVisible();
  await screenshots(page, 'prevision-digoin-2024-12-11');
});
