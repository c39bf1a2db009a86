/**
 * Guards and start-up (docs/requirements.md R2.2, R7.5): the profile sends a guest to sign in; sign-in and registration send a
 * signed-in person to the profile; `/user/login/<page>` returns to the page; a stored token is verified and
 * refreshed at start-up, and removed when it fails; a confirmation link opened while signed in is confirmed on
 * the profile; push on this device (Chromium).
 */
import { expect, expectConsole, test } from './fixtures';
import { createVerifiedAccount, linkPath, signInThroughUi, waitForMail } from './compte-support';
import { activiteId, lieuId } from './seed-support';
import { expectAccessible } from './support';

test('guest: the profile redirects to sign-in; sign-in and registration stay open', async ({ page }) => {
  await page.goto('/user/profil');
  await expect(page).toHaveURL(/\/user\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Mon compte' })).toBeVisible();
  await page.goto('/user/register');
  await expect(page.getByRole('heading', { level: 1, name: 'Inscription' })).toBeVisible();
  await page.goto('/user/password-reset');
  await expect(page.getByRole('heading', { level: 1, name: 'Réinitialiser mot de passe' })).toBeVisible();
});

test('signed in: sign-in and registration redirect to the profile; /user/logout goes home', async ({
  page,
  request,
}) => {
  const account = await createVerifiedAccount(request, 'garde');
  await signInThroughUi(page, account.username, account.password);
  for (const path of ['/user/login', '/user/register', '/user/login/favoris']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/user\/profil$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Mon profil' })).toBeVisible();
  }
  await page.goto('/user/logout');
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => localStorage.getItem('USER_TOKEN'))).toBeNull();
  // The session was revoked by the server, not only forgotten here.
  await page.goto('/user/profil');
  await expect(page).toHaveURL(/\/user\/login$/);
});

test('/user/login/<page> returns to the page after signing in; outside targets are refused', async ({
  page,
  request,
}) => {
  const account = await createVerifiedAccount(request, 'retour');

  // The place page's subscribe button sends a guest to sign in, then back to the place.
  const toulouse = await lieuId(request, 'Toulouse (Pont-Neuf)', 'La Garonne');
  const lieuPath = `lieu/${toulouse}/a-${await activiteId(request, 'Baignade')}/donnees`;
  await page.goto(`/${lieuPath}`);
  await page.getByRole('link', { name: /S’abonner/ }).click();
  await expect(page).toHaveURL(new RegExp(`/user/login/${encodeURIComponent(lieuPath)}$`));
  await expect(page.getByText('Connectez-vous pour continuer')).toBeVisible();
  await page.getByLabel('Nom d’utilisateur ou adresse e-mail').fill(account.username);
  await page.getByLabel('Mot de passe', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(new RegExp(`/${lieuPath}$`));

  // Subscribed from the place: pause and resume its alerts, then unsubscribe, from the dialog.
  await page.getByRole('button', { name: 'S’abonner' }).click();
  await page.getByRole('button', { name: /^Abonné/ }).click();
  const dialog = page.getByRole('dialog', { name: /Abonnement à La Garonne à Toulouse/ });
  const alertes = dialog.getByRole('switch', { name: 'Recevoir les alertes de ce lieu' });
  await alertes.click();
  await expect(alertes).not.toBeChecked();
  await expect(page.getByText(/sont en pause/)).toBeVisible();
  await expectAccessible(page, 'lieu (abonnement)');
  await dialog.getByRole('button', { name: 'Se désabonner' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'S’abonner' })).toBeVisible();

  // A target that browsers could read as another host (`/\\host`) gives the profile.
  await page.goto('/user/logout');
  await expect(page).toHaveURL(/\/$/);
  await page.goto(`/user/login/${encodeURIComponent('\\evil.example/x')}`);
  await page.getByLabel('Nom d’utilisateur ou adresse e-mail').fill(account.username);
  await page.getByLabel('Mot de passe', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/user\/profil$/);
});

test('start-up: a stored token is verified and refreshed; a bad one is removed', async ({
  page,
  request,
}) => {
  expectConsole(page, /status of 401 .*\/api\/user\/token-verify/);
  const account = await createVerifiedAccount(request, 'demarrage');
  await signInThroughUi(page, account.username, account.password);
  const first = await page.evaluate(() => localStorage.getItem('USER_TOKEN'));
  expect(first).toBeTruthy();

  const refreshed = page.waitForResponse((r) => r.url().endsWith('/api/user/token-refresh') && r.ok());
  const verified = page.waitForResponse((r) => r.url().endsWith('/api/user/token-verify') && r.ok());
  await page.reload();
  await verified;
  await refreshed;
  await expect(page.getByRole('heading', { level: 1, name: 'Mon profil' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('USER_TOKEN'))).not.toBe(first);
  const infos = JSON.parse((await page.evaluate(() => localStorage.getItem('USER_INFOS'))) ?? '{}') as {
    username?: string;
  };
  expect(infos.username).toBe(account.username);

  // A token the server refuses is removed with the user, and the profile is closed.
  await page.evaluate(() => {
    localStorage.setItem('USER_TOKEN', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIiwidXNlcm5hbWUiOiJ4In0.faux');
  });
  await page.reload();
  await expect(page).toHaveURL(/\/user\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('USER_TOKEN'))).toBeNull();
  expect(await page.evaluate(() => localStorage.getItem('USER_INFOS'))).toBeNull();
});

test('a new e-mail address is confirmed by its link while signed in', async ({ page, request }) => {
  const account = await createVerifiedAccount(request, 'adresse');
  await signInThroughUi(page, account.username, account.password);
  const identite = page.getByRole('region', { name: 'Mon profil' });
  const nouvelle = `nouvelle-${account.email}`;
  await identite.getByLabel('Adresse e-mail').fill(nouvelle);
  await identite.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  await expect(page.getByText(`Un lien de confirmation a été envoyé à ${nouvelle}.`)).toBeVisible();
  await expect(identite.getByLabel('Adresse e-mail')).toHaveAccessibleDescription(
    /En attente de confirmation/,
  );

  const mail = await waitForMail(nouvelle, /Confirmez votre nouvelle adresse/);
  await page.goto(linkPath(mail, '/user/register/'));
  await expect(page).toHaveURL(/\/user\/profil$/);
  await expect(page.getByText('Votre adresse e-mail est confirmée.')).toBeVisible();
  await expect(identite.getByLabel('Adresse e-mail')).toHaveValue(nouvelle);
});

test('push on this device (Chromium): a real subscription is sent, or the push error is shown', async ({
  page,
  context,
  request,
}) => {
  await context.grantPermissions(['notifications']);
  const account = await createVerifiedAccount(request, 'pousse');
  await signInThroughUi(page, account.username, account.password);
  const section = page.getByRole('region', { name: 'Notifications' });
  await expect(
    section.getByText('Les notifications push ne sont pas activées sur cet appareil.'),
  ).toBeVisible();
  // Without the forecast authorisation the forecast-alert switch is off, disabled, and says why.
  await expect(
    section
      .getByRole('switch', { name: 'Alertes de prévision' })
      .or(section.getByRole('checkbox', { name: 'Alertes de prévision' })),
  ).toBeDisabled();
  await expect(section.getByText(/^Indisponible : les alertes de prévision sont réservées/)).toBeVisible();
  await expectAccessible(page, 'profil (notifications)');

  const editPush = page.waitForRequest((r) => r.url().endsWith('/api/user/edit-push'), { timeout: 30_000 });
  await section.getByRole('button', { name: 'Activer sur cet appareil' }).click();
  const outcome = await Promise.race([
    editPush.then((r) => ({ kind: 'api' as const, body: r.postDataJSON() as Record<string, unknown> })),
    page
      .getByText(/^Erreur de notification push : /)
      .waitFor({ timeout: 30_000 })
      .then(() => ({ kind: 'error' as const, body: null })),
  ]);

  // Was the browser able to subscribe at all? (Headless Chromium without a push service is not.)
  const browserRegistration = await page.evaluate(async () => {
    const reg = await navigator.serviceWorker.getRegistration('/');
    const sub = await reg?.pushManager.getSubscription();
    return sub ? sub.toJSON() : null;
  });
  if (outcome.kind === 'api') {
    expect(browserRegistration).not.toBeNull();
    expect(outcome.body.type).toBe('web');
    const sent = JSON.parse(String(outcome.body.registrationId)) as { endpoint: string; keys: object };
    expect(sent.endpoint).toBe(browserRegistration?.endpoint);
    expect(sent.keys).toMatchObject({ p256dh: expect.any(String), auth: expect.any(String) });
    await expect(section.getByText('Les notifications push sont activées sur cet appareil.')).toBeVisible();
  } else {
    expect(browserRegistration).toBeNull();
    const alert = page.getByRole('alert').filter({ hasText: 'Erreur de notification push' });
    await expect(alert).toBeVisible();
    console.log(`Notification affichée : ${await alert.textContent()}`);
    await expect(
      section.getByText('Les notifications push ne sont pas activées sur cet appareil.'),
    ).toBeVisible();
  }
  test.info().annotations.push({ type: 'push', description: outcome.kind });
  console.log(
    `Push dans Chromium : ${outcome.kind === 'api' ? 'abonnement réel envoyé à user/edit-push' : 'erreur de notification push affichée'}`,
  );
});
