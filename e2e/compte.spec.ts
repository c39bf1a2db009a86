/**
 * The account journey: register (client checks, then the server's field errors for a taken name and address)
 * → verify through the mailed key → sign in → profile (identity, date of birth, avatar) → subscribe to a place
 * from its page → pause its alerts → join a mailing list → sign out.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, expectConsole, test } from './fixtures';
import {
  createVerifiedAccount,
  gradientPng,
  linkPath,
  PASSWORD,
  signInThroughUi,
  uniqueAccount,
  waitForMail,
} from './compte-support';
import { activiteId, lieuId } from './seed-support';
import { expectAccessible, screenshots } from './support';

/** The profile picture: chosen, then saved at once (re-encoded by the server). */
async function chooseAvatar(page: Page, identite: Locator): Promise<void> {
  await identite.getByLabel('Choisir une photo').setInputFiles({
    name: 'portrait.png',
    mimeType: 'image/png',
    buffer: gradientPng(),
  });
  // Choosing the picture is enough: it is saved at once, with no second click.
  await expect(page.getByText('Votre photo de profil est enregistrée.')).toBeVisible();
  await expect(identite.getByRole('button', { name: 'Enregistrer cette photo' })).toHaveCount(0);
  await expect(identite.locator('img').first()).toHaveAttribute('src', /^\/(api\/)?(uploads|media)\//);
  const avatarSrc = await identite.locator('img').first().getAttribute('src');
  const avatar = await page.request.get(avatarSrc ?? '');
  expect(avatar.ok()).toBe(true);
}

test('register → verify by e-mail → sign in → profile → subscribe → mailing list → sign out', async ({
  page,
  request,
}) => {
  expectConsole(
    page,
    /status of 400 .*\/api\/(auth\/rest\/login|registration\/rest|registration\/rest\/verify-email)\//,
  );
  // The whole journey, a dozen screens: more than the default minute when the machine is busy.
  test.setTimeout(180_000);
  const { username, email } = uniqueAccount('kayak');

  // Registration: the client's checks first.
  await page.goto('/user/register');
  await expect(page.getByRole('heading', { level: 1, name: 'Inscription' })).toBeVisible();
  await expect(page).toHaveTitle(/Inscription/);
  await expectAccessible(page, 'inscription');
  await screenshots(page, 'inscription');

  const usernameField = page.getByLabel('Nom d’utilisateur');
  const emailField = page.getByLabel('Adresse e-mail');
  const password1 = page.getByLabel('Mot de passe', { exact: true });
  const password2 = page.getByLabel('Confirmation du mot de passe');
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(usernameField).toHaveAttribute('aria-invalid', 'true');
  await expect(usernameField).toHaveAccessibleDescription(/Ce champ est obligatoire/);
  await expect(usernameField).toBeFocused();

  await usernameField.fill(username);
  await emailField.fill(email);
  await password1.fill('0123456789');
  await expect(page.getByText('ne pas être composé uniquement de chiffres')).toBeVisible();
  await password2.fill('0123456789');
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(password1).toHaveAccessibleDescription(/entièrement numérique/);

  // Show / hide the password.
  await expect(password1).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Afficher le mot de passe' }).first().click();
  await expect(password1).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Masquer le mot de passe' }).click();
  await expect(password1).toHaveAttribute('type', 'password');

  await password1.fill(PASSWORD);
  await password2.fill(PASSWORD);
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(page.getByRole('heading', { name: 'Vérifiez votre boîte e-mail' })).toBeVisible();
  await expect(page.getByText(`Le lien a été envoyé à ${email}.`)).toBeVisible();
  await screenshots(page, 'inscription-envoyee');

  // The same name and address again: the server's messages under e-mail and username (docs/requirements.md R8.2).
  await page.goto('/user/register');
  await usernameField.fill(username);
  await emailField.fill(email);
  await password1.fill(PASSWORD);
  await password2.fill(PASSWORD);
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(usernameField).toHaveAccessibleDescription(/Un utilisateur avec ce nom existe déjà/);
  await expect(emailField).toHaveAccessibleDescription(
    /Un autre utilisateur utilise déjà cette adresse e-mail/,
  );
  await expect(page.getByRole('alert').filter({ hasText: 'Le formulaire contient 2 erreurs' })).toBeVisible();
  await expectAccessible(page, 'inscription (erreurs du serveur)');
  await screenshots(page, 'inscription-erreurs');

  // Signing in before verification is refused, with the reason.
  await page.goto('/user/login');
  await page.getByLabel('Nom d’utilisateur ou adresse e-mail').fill(username);
  await page.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByRole('alert')).toContainText('pas encore confirmée');

  // Verification through the mailed key.
  const mail = await waitForMail(email, /Confirmez votre adresse/);
  await page.goto(linkPath(mail, '/user/register/'));
  await expect(page.getByRole('heading', { level: 1, name: 'Vérification du compte' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Votre compte est activé' })).toBeVisible();
  await expect(page.getByText('Votre adresse e-mail est confirmée.')).toBeVisible();
  await expectAccessible(page, 'vérification');
  await screenshots(page, 'verification');

  // The key works once.
  await page.reload();
  await expect(
    page.getByRole('heading', { name: 'Ce lien ne permet pas d’activer le compte' }),
  ).toBeVisible();
  await expect(page.getByText(/invalide, a déjà servi ou a expiré/)).toBeVisible();
  await screenshots(page, 'verification-echec');

  // Sign in (by e-mail address this time).
  await page.getByRole('link', { name: 'Se connecter' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mon compte' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Connexion' })).toBeVisible();
  await expectAccessible(page, 'connexion');
  await screenshots(page, 'connexion');
  await page.getByLabel('Nom d’utilisateur ou adresse e-mail').fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill('pas-le-bon-mot-de-passe');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByRole('alert')).toHaveText('Identifiant ou mot de passe incorrect.');
  await page.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/user\/profil$/);
  expect(await page.evaluate(() => localStorage.getItem('USER_TOKEN'))).toMatch(/^ey/);
  expect(JSON.parse((await page.evaluate(() => localStorage.getItem('USER_INFOS'))) ?? '{}')).toMatchObject({
    username,
  });

  // Profile.
  await expect(page.getByRole('heading', { level: 1, name: 'Mon profil' })).toBeVisible();
  await expect(page.getByText(`Connecté en tant que ${username}`)).toBeVisible();
  const identite = page.getByRole('region', { name: 'Mon profil' });
  await expect(identite.getByLabel('Adresse e-mail')).toHaveValue(email);
  await expectAccessible(page, 'profil');

  // Date of birth: a future day is refused here; a real past day is saved.
  const naissance = identite.getByLabel('Date de naissance');
  await identite.getByLabel('Prénom').fill('Camille');
  await naissance.fill('2099-01-01');
  await identite.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  await expect(naissance).toHaveAccessibleDescription(/doit être passée/);
  await naissance.fill('1990-05-17');
  await identite.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  await expect(page.getByText('Vos informations sont enregistrées.')).toBeVisible();

  await chooseAvatar(page, identite);

  await page.reload();
  await expect(identite.getByLabel('Prénom')).toHaveValue('Camille');
  await expect(naissance).toHaveValue('1990-05-17');

  // Subscribe from the place page (the AbonnementButton), then back to the profile.
  const abonnements = page.getByRole('region', { name: 'Mes abonnements' });
  await expect(abonnements.getByText('Vous ne suivez encore aucun lieu')).toBeVisible();
  // La Garonne à Toulouse (Pont-Neuf), a place of the demo data.
  const toulouse = await lieuId(request, 'Toulouse (Pont-Neuf)', 'La Garonne');
  await page.goto(`/lieu/${toulouse}/a-${await activiteId(request, 'Baignade')}`);
  await page.getByRole('button', { name: 'S’abonner' }).click();
  await expect(page.getByRole('button', { name: /^Abonné/ })).toBeVisible();
  await page.getByRole('button', { name: /^Abonné/ }).click();
  const dialog = page.getByRole('dialog', { name: /Abonnement à/ });
  await expect(dialog.getByRole('switch', { name: 'Recevoir les alertes de ce lieu' })).toBeChecked();
  await page.keyboard.press('Escape');

  await page.goto('/user/profil');
  const ligne = abonnements.getByRole('listitem').filter({ hasText: 'Toulouse' });
  await expect(ligne).toHaveCount(1);
  const alertes = ligne.getByRole('switch', { name: /Alertes/ });
  await expect(alertes).toBeChecked();
  await alertes.click();
  await expect(alertes).not.toBeChecked();
  await expect(ligne).toContainText('en pause');

  // A mailing list.
  const lettres = page.getByRole('region', { name: 'Lettres d’information' });
  const liste = lettres.getByRole('switch').first();
  await expect(liste).not.toBeChecked();
  await liste.click();
  await expect(liste).toBeChecked();
  await expect(page.getByText(/Vous êtes inscrit à « .+ »\./)).toBeVisible();

  await page.reload();
  await expect(alertes).not.toBeChecked();
  await expect(liste).toBeChecked();
  await screenshots(page, 'profil');

  // Stop following the place.
  await ligne.getByRole('button', { name: /Ne plus suivre/ }).click();
  await expect(page.getByText(/Vous ne suivez plus La Garonne à Toulouse/)).toBeVisible();
  await expect(abonnements.getByText('Vous ne suivez encore aucun lieu')).toBeVisible();

  // Sign out: token and user gone, back home.
  await page.getByRole('link', { name: 'Se déconnecter' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => localStorage.getItem('USER_TOKEN'))).toBeNull();
  expect(await page.evaluate(() => localStorage.getItem('USER_INFOS'))).toBeNull();
  await page.goto('/user/profil');
  await expect(page).toHaveURL(/\/user\/login$/);
});

test('deleting the account is confirmed in a dialog that names the consequence, then signs out', async ({
  page,
  request,
}) => {
  expectConsole(page, /status of 400 .*\/api\/auth\/rest\/login\//);
  const account = await createVerifiedAccount(request, 'efface');
  await signInThroughUi(page, account.username, account.password);
  const section = page.getByRole('region', { name: 'Supprimer mon compte' });
  await section.getByRole('button', { name: 'Supprimer mon compte' }).click();
  const dialog = page.getByRole('dialog', { name: 'Supprimer définitivement votre compte ?' });
  await expect(dialog).toContainText('Cette action est irréversible.');
  await expect(dialog).toContainText(`Votre compte « ${account.username} »`);
  const confirmer = dialog.getByRole('button', { name: 'Supprimer définitivement' });
  await expect(confirmer).toBeDisabled();
  await expectAccessible(page, 'profil (suppression)');
  await dialog.getByLabel(/saisissez votre nom d’utilisateur/).fill(account.username);
  await confirmer.click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Votre compte a été supprimé.')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('USER_TOKEN'))).toBeNull();

  // The account is gone: signing in fails.
  await page.goto('/user/login');
  await page.getByLabel('Nom d’utilisateur ou adresse e-mail').fill(account.username);
  await page.getByLabel('Mot de passe', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByRole('alert')).toHaveText('Identifiant ou mot de passe incorrect.');
});

test('in English, the server’s sign-in error is in English too', async ({ page }) => {
  expectConsole(page, /status of 400 .*\/api\/auth\/rest\/login\//);
  await page.goto('/');
  await page.evaluate(() => localStorage.setItem('langue', 'en'));
  await page.goto('/user/login');
  await page.getByLabel('Username or e-mail address').fill('nobody-at-all');
  await page.getByLabel('Password', { exact: true }).fill('not-the-right-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Incorrect username or password.');
});
