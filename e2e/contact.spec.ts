/**
 * "Contactez-nous" (docs/requirements.md R2.5, R10.9 POST contact): validation in the browser with the contract's French messages,
 * a honeypot hidden from people and assistive technologies, the confirmation, the mail written to the server's
 * outbox (`${E2E_DATA_DIR}/outbox`), and the server's message once too many messages were sent (429).
 */
import type { APIRequestContext } from '@playwright/test';
import { expect, expectConsole, test } from './fixtures';
import { readMails, type Mail } from './compte-support';
import { expectAccessible, screenshots } from './support';

/** Mails of the server's outbox (decoded) whose text contains `needle`. */
function mailsWith(needle: string): Mail[] {
  return readMails().filter((m) => m.body.includes(needle));
}

async function post(request: APIRequestContext, sujet: string) {
  const csrf = ((await (await request.get('/api/csrf')).json()) as { csrftoken: string }).csrftoken;
  return request.post('/api/contact', {
    headers: { 'x-csrftoken': csrf },
    data: {
      nom: 'Camille Martin',
      email: 'camille.martin@exemple.fr',
      sujet,
      message: 'Bonjour,\n\nUn essai.',
    },
  });
}

test('validation, honeypot, confirmation and the mail in the outbox; then the 429 message', async ({
  page,
  request,
}) => {
  expectConsole(page, /status of 429 .*\/api\/contact/);
  await page.goto('/contact');
  await expect(page.getByRole('heading', { level: 1, name: 'Contactez-nous' })).toBeVisible();
  await expectAccessible(page, 'contact');
  await screenshots(page, 'contact');

  // The honeypot is neither visible nor in the accessibility tree.
  await expect(page.getByRole('textbox', { name: 'Ne remplissez pas ce champ' })).toHaveCount(0);
  await expect(page.locator('input[name="site_web"]')).not.toBeInViewport();

  const send = page.getByRole('button', { name: 'Envoyer le message' });
  await send.click();
  await expect(page.getByRole('alert')).toContainText('corrigez le ou les champs signalés');
  await expect(page.getByText('Indiquez votre nom.')).toBeVisible();
  await expect(page.getByText('Indiquez votre adresse e-mail.')).toBeVisible();
  await expect(page.getByText('Indiquez le sujet de votre message.')).toBeVisible();
  await expect(page.getByText('Écrivez votre message.')).toBeVisible();
  await expect(page.getByLabel('Votre nom')).toBeFocused();
  await expect(page.getByLabel('Votre nom')).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page, 'contact (erreurs)');
  await screenshots(page, 'contact-erreurs');

  await page.getByLabel('Votre nom').fill('Camille Martin');
  await page.getByLabel('Votre adresse e-mail').fill('camille.martin@exemple');
  await expect(page.getByText('Indiquez votre nom.')).toHaveCount(0);
  await expect(page.getByText(/Cette adresse e-mail n'est pas valide/)).toBeVisible();
  await page.getByLabel('Votre adresse e-mail').fill('camille.martin@exemple.fr');
  const sujet = `Niveau de la Garonne à Toulouse ${Date.now()}`;
  await page.getByLabel('Sujet').fill(sujet);
  await page
    .getByLabel('Message')
    .fill('Bonjour,\n\nLa mesure de Toulouse semble figée depuis hier soir.\n\nMerci !');
  await expect(page.getByText(/^\d+ \/ 5\s000 caractères$/)).toBeVisible();
  await send.click();

  await expect(page.getByRole('heading', { level: 1, name: 'Message envoyé' })).toBeFocused();
  await expect(
    page.getByText('Merci, votre message a bien été envoyé à l’équipe Limni.', { exact: false }),
  ).toBeVisible();
  await expectAccessible(page, 'contact (envoyé)');
  await screenshots(page, 'contact-envoye');
  await expect.poll(() => mailsWith(sujet).length, { timeout: 10_000 }).toBe(1);
  const mail = mailsWith(sujet)[0];
  expect(mail?.subject).toBe(`[Contact Limni] ${sujet}`);
  expect(mail?.body).toMatch(/^Reply-To: .*camille\.martin@exemple\.fr/im);
  expect(mail?.body).toContain('La mesure de Toulouse semble figée depuis hier soir.');

  // The limit is 5 accepted messages per hour and per address: use up the rest through the API…
  for (let i = 0; i < 4; i++) expect((await post(request, `Essai ${i}`)).status()).toBe(200);
  // …then the form shows the server's own message.
  await page.getByRole('button', { name: 'Écrire un autre message' }).click();
  await page.getByLabel('Votre nom').fill('Camille Martin');
  await page.getByLabel('Votre adresse e-mail').fill('camille.martin@exemple.fr');
  await page.getByLabel('Sujet').fill('Encore un message');
  await page.getByLabel('Message').fill('Un message de trop.');
  await page.getByRole('button', { name: 'Envoyer le message' }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Trop de messages envoyés');
  await expect(alert).toContainText(
    /Vous avez déjà envoyé plusieurs messages\. Merci de réessayer dans \d+ min\./,
  );
  await expect(page.getByLabel('Message')).toHaveValue('Un message de trop.');
  await screenshots(page, 'contact-429');
  expect(mailsWith('Un message de trop.')).toHaveLength(0);
});
