/**
 * Password reset through the mailed link: the request always gets the same confirmation, the link sets a new
 * password once, then the old password is refused and the new one accepted. Also the password change of the
 * profile (old password checked by the server).
 */
import { expect, expectConsole, test } from './fixtures';
import {
  createVerifiedAccount,
  linkPath,
  NEW_PASSWORD,
  PASSWORD,
  readMails,
  signInThroughUi,
  waitForMail,
} from './compte-support';
import { expectAccessible, screenshots } from './support';

test('reset through the mailed link: old password refused, new one accepted', async ({ page, request }) => {
  expectConsole(page, /status of 400 .*\/api\/auth\/rest\/(login|password\/reset\/confirm)\//);
  const account = await createVerifiedAccount(request, 'heron');

  await page.goto('/user/login');
  await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click();
  await expect(page).toHaveURL(/\/user\/password-reset$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Réinitialiser mot de passe' })).toBeVisible();
  await expectAccessible(page, 'mot de passe oublié');
  await screenshots(page, 'mdp-oubli');

  // An unknown address gets exactly the same answer as a known one, and no mail leaves.
  const before = readMails().length;
  await page.getByLabel('Adresse e-mail').fill('personne-inconnue@exemple.fr');
  await page.getByRole('button', { name: 'Envoyer le lien' }).click();
  const confirmation = page
    .getByRole('status')
    .filter({ hasText: 'Si un compte correspond à cette adresse' });
  await expect(confirmation).toBeVisible();
  const unknownText = await confirmation.textContent();

  await page.goto('/user/password-reset');
  await page.getByLabel('Adresse e-mail').fill(account.email);
  await page.getByRole('button', { name: 'Envoyer le lien' }).click();
  await expect(confirmation).toBeVisible();
  expect(await confirmation.textContent()).toBe(unknownText);
  await screenshots(page, 'mdp-oubli-envoye');
  const mail = await waitForMail(account.email, /Réinitialisation de votre mot de passe/);
  expect(readMails().length).toBe(before + 1);

  // The link: new password twice (client checks first), then a link to sign in.
  const link = linkPath(mail, '/user/password_reset/');
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Nouveau mot de passe' })).toBeVisible();
  await expectAccessible(page, 'nouveau mot de passe');
  const nouveau = page.getByLabel('Nouveau mot de passe', { exact: true });
  const confirmationMdp = page.getByLabel('Confirmation du nouveau mot de passe');
  await nouveau.fill('court');
  await confirmationMdp.fill('autre');
  await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
  await expect(nouveau).toHaveAccessibleDescription(/trop court/);
  await expect(confirmationMdp).toHaveAccessibleDescription(/ne correspondent pas/);
  await expect(nouveau).toBeFocused();
  // The server's own rule (common passwords) is shown too.
  await nouveau.fill('motdepasse123');
  await confirmationMdp.fill('motdepasse123');
  await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
  await expect(nouveau).toHaveAccessibleDescription(/trop courant/);
  await screenshots(page, 'mdp-nouveau');

  await nouveau.fill(NEW_PASSWORD);
  await confirmationMdp.fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mot de passe modifié' })).toBeVisible();
  await expect(page.getByText('Votre mot de passe a été réinitialisé')).toBeVisible();
  await screenshots(page, 'mdp-modifie');

  // The link works once.
  await page.goto(link);
  await nouveau.fill(NEW_PASSWORD);
  await confirmationMdp.fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
  await expect(page.getByRole('alert')).toContainText('lien de réinitialisation est invalide');
  await expect(page.getByRole('link', { name: 'Demander un nouveau lien' })).toBeVisible();

  // Old password refused, new one accepted.
  await page.goto('/user/login');
  await page.getByLabel('Nom d’utilisateur ou adresse e-mail').fill(account.username);
  await page.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByRole('alert')).toHaveText('Identifiant ou mot de passe incorrect.');
  await page.getByLabel('Mot de passe', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/user\/profil$/);
});

test('the profile changes the password: a wrong current password is refused by the server', async ({
  page,
  request,
}) => {
  expectConsole(page, /status of 400 .*\/api\/auth\/rest\/password\/change\//);
  const account = await createVerifiedAccount(request, 'saumon');
  await signInThroughUi(page, account.username, account.password);
  const section = page.getByRole('region', { name: 'Mot de passe' });
  const actuel = section.getByLabel('Mot de passe actuel');
  const nouveau = section.getByLabel('Nouveau mot de passe', { exact: true });
  const confirmation = section.getByLabel('Confirmation du nouveau mot de passe');

  // The rules are checked as the person types, against the username too.
  await nouveau.fill(`${account.username}!`);
  await expect(section.getByRole('listitem').filter({ hasText: 'ne pas ressembler' })).toContainText(
    'pas encore respecté',
  );

  await actuel.fill('pas-le-mot-de-passe');
  await nouveau.fill(NEW_PASSWORD);
  await confirmation.fill(NEW_PASSWORD);
  await section.getByRole('button', { name: 'Changer le mot de passe' }).click();
  await expect(actuel).toHaveAccessibleDescription(/ancien mot de passe est incorrect/);

  await actuel.fill(account.password);
  await section.getByRole('button', { name: 'Changer le mot de passe' }).click();
  await expect(section.getByRole('status')).toHaveText('Le nouveau mot de passe a été enregistré.');
  await expect(actuel).toHaveValue('');

  // This session stays open; signing in again needs the new password.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Mon profil' })).toBeVisible();
  await page.goto('/user/logout');
  await expect(page).toHaveURL(/\/$/);
  await signInThroughUi(page, account.username, NEW_PASSWORD);
});
