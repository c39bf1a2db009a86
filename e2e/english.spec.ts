/**
 * A journey in English shows no French word outside proper nouns and source names. The visitor switches
 * the language with the footer control, registers (the confirmation e-mail too is read), signs in, opens
 * La Garonne à Toulouse (Pont-Neuf) and each of its tabs, and creates an alert in the « Alert me » dialog; every
 * screen's visible text goes through the detector of french-words.ts.
 *
 * Both parts pass: the account, and the place with its tabs and « Alert me » (the API writes its sentences in the
 * asked language, docs/decisions/125), then the profile and the history of a place with an archive (usual range,
 * its origin, the period's summary).
 */
import { expect, expectConsole, test, type Page } from './fixtures';
import { createVerifiedAccount, linkPath, PASSWORD, uniqueAccount, waitForMail } from './compte-support';
import { lieuOfStation, sharedServerDatabase } from './db-support';
import { frenchWords, properNouns } from './french-words';
import { activiteId, entiteId, lieuId } from './seed-support';
import { screenshots } from './support';

/** Collects the French words of each screen, each sentence once (on the first screen that shows it). */
function detector(page: Page, nouns: readonly string[]) {
  const found: string[] = [];
  const seen = new Set<string>();
  const report = (screen: string, words: string[]) => {
    for (const w of words.filter((x) => !seen.has(x))) {
      seen.add(w);
      found.push(`${screen}: ${w}`);
    }
  };
  // The text of the page once it has settled (no loading placeholder left), with what a screen reader says of
  // it (the `aria-label`s). Text marked `lang="fr"` (the language control's « Français ») is French on purpose and
  // left out.
  const scan = async (screen: string) => {
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    const text = await page.evaluate(() => {
      const labels = [...document.body.querySelectorAll('[aria-label]:not([lang^="fr"])')].map(
        (el) => el.getAttribute('aria-label') ?? '',
      );
      let all = `${document.title}\n${document.body.innerText}\n${labels.join('\n')}`;
      for (const el of document.body.querySelectorAll<HTMLElement>('[lang^="fr"]')) {
        all = all.replace(el.innerText || el.textContent || '', ' ');
      }
      return all;
    });
    report(screen, frenchWords(text, nouns));
  };
  return { found, report, scan };
}

async function toEnglish(page: Page) {
  await page.goto('/');
  await page.getByRole('contentinfo').getByLabel('Langue').selectOption('en');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
}

async function signIn(page: Page, username: string) {
  await page.goto('/user/login');
  await page.getByLabel('Username or e-mail address').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/user\/profil$/);
}

test('in English: register, the e-mail, verify, sign in — no French word', async ({ page, request }) => {
  test.setTimeout(180_000);
  const nouns = await properNouns(request);
  const { found, report, scan } = detector(page, nouns);
  await toEnglish(page);
  await scan('home');

  // A content page in English is said to be English, not « only available in French ».
  await page.goto('/credits');
  await expect(page.getByRole('heading', { level: 1, name: 'Credits and partners' })).toBeVisible();
  await expect(page.getByRole('article')).toHaveAttribute('lang', 'en');
  await expect(page.getByText('This text is only available in French.')).toHaveCount(0);

  const { username, email } = uniqueAccount('english');
  await page.goto('/user/register');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign up' })).toBeVisible();
  await scan('register');
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create my account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  await scan('registered');

  // The confirmation e-mail, in the language the account was created in (its text without headers and links).
  const mail = await waitForMail(email, /Confirm your e-mail address/);
  const mailText = mail.body
    .replace(/<[^>]+>/g, ' ')
    .replace(/^[\w-]+: .*$/gm, ' ')
    // MIME part boundaries are random hex (« …bf50d1ce84… » once read as the French « ce »).
    .replace(/^\s*-*_NmP-\S*|boundary="[^"]*"/gm, ' ')
    .replace(/https?:\/\/\S+/g, ' ');
  report('e-mail', frenchWords(`${mail.subject}\n${mailText}`, nouns));
  await page.goto(linkPath(mail, '/user/register/'));
  await expect(page.getByRole('heading', { name: 'Your account is active' })).toBeVisible();
  await scan('verified');

  await signIn(page, username);
  await scan('profile');
  expect(found, 'French words on the English screens').toEqual([]);
});

test('in English: a place, its tabs and an alert — no French word', async ({ page, request }) => {
  test.setTimeout(240_000);
  expectConsole(page, /status of 404 .*\/api\//);
  const { found, scan } = detector(page, await properNouns(request));
  const account = await createVerifiedAccount(request, 'englishplace');
  await toEnglish(page);
  await signIn(page, account.username);

  const id = await lieuId(request, 'Toulouse (Pont-Neuf)', 'La Garonne');
  await page.goto(`/lieu/${id}/a-${await activiteId(request, 'Pêche')}`);
  await expect(page.getByTestId('valeur-principale')).toHaveText('0.70\u00a0m');
  // Times on the 12-hour clock, as the rest of the page: the 1 AM row holds the reading of 12:45 AM.
  await expect(
    page
      .getByRole('table', { name: 'Hourly table' })
      .getByRole('row', { name: /February 1, 2022 1 AM 12:45 AM 0\.70/ }),
  ).toBeVisible();
  await scan('place');
  await screenshots(page, 'lieu-en');
  const tabs = page.getByRole('navigation', { name: 'Place sections' });
  for (const name of ['Map', 'Practical info', 'Photos', 'Webcam', 'Social', 'Data']) {
    await tabs.getByRole('link', { name, exact: true }).click();
    await expect(tabs.getByRole('link', { name, exact: true })).toHaveAttribute('aria-current', 'page');
    await scan(`place, ${name}`);
  }

  // An alert, through « Alert me »: a mistake first (the form's message is English too), then the alert.
  await page.getByRole('button', { name: /^Alert me about / }).click();
  const dialog = page.getByRole('dialog', { name: /^Alert me — / });
  await expect(dialog).toBeVisible();
  await scan('alert dialog');
  const create = dialog.getByRole('button', { name: /^Create/ });
  await dialog.getByLabel('Threshold (m)').fill('three');
  await create.click();
  await expect(dialog.getByLabel('Threshold (m)')).toHaveAttribute('aria-invalid', 'true');
  await scan('alert dialog, error');
  await dialog.getByLabel('Threshold (m)').fill('3.00');
  await create.click();
  await expect(dialog).toBeHidden();
  await scan('alert created');
  await page.goto('/alertes');
  // The page's own title and heading replace the server's French first screen once the app has rendered.
  await expect(page).toHaveTitle(/my alerts/i);
  await expect(page.getByRole('heading', { level: 1, name: 'My alerts' })).toBeVisible();
  await scan('alerts');
  await page.goto('/user/profil');
  await expect(page.getByRole('heading', { level: 1, name: 'My profile' })).toBeVisible();
  // The account was created in French; choosing English in the app made it the language of its alerts and
  // e-mails (ADR 146).
  await expect(page.getByLabel('Language of your alerts and e-mails')).toHaveValue('en');
  await scan('profile, following the place');

  // A lake abroad, for canoeing: its country in English (the seed's « Étranger », INSEE's code 99), and what the
  // screen reader says before it and before each verdict.
  const canoe = await activiteId(request, 'Canoë-kayak');
  await page.goto(`/entite/${await entiteId(request, 'Lac de Sarnen')}/carte/activite/${canoe}`);
  // (the screen reader hears « Department: » first)
  await expect(page.getByText('Department: Abroad', { exact: true })).toBeVisible();
  await expect(page.getByText('Canoeing and kayaking:', { exact: true }).first()).toBeAttached();
  await scan('lake abroad, map for canoeing');

  // A place of the Loire's recorded episode: the episode is named in English.
  const { id: digoin } = await lieuOfStation(sharedServerDatabase(), 'K118001010');
  await page.goto(`/lieu/${digoin}/a-${canoe}`);
  await expect(page.getByText(/Forecast flood of the Loire, December 11–16, 2024/).first()).toBeVisible();
  await scan('place of a recorded episode');

  // The history of a place with twenty years of daily flows, over a year and over the whole archive: the usual
  // range and where the day sits in it, its origin, the records and the summary of the period.
  const episy = await lieuId(request, 'Épisy', 'Le Loing');
  for (const jours of ['365', '0']) {
    await page.goto(`/lieu/${episy}/a-${await activiteId(request, 'Pêche')}/donnees?jours=${jours}`);
    const summary = page.locator('figcaption', { hasText: /^In short:/ });
    await expect(summary).toContainText(/Over .*: .* on /);
    // Daily values over one or twenty years: dates with their year, never a time of day (ADR 143).
    await expect(summary).toContainText(/ on [A-Z][a-z]+ \d+, \d{4}/);
    await expect(summary).not.toContainText(/\d (AM|PM)/);
    // English punctuation: no space before a colon or a semicolon (the French typography).
    await expect(summary).not.toContainText(/ [;:]/);
    await expect(page.getByText(/^Usual range from \d+ complete years/).first()).toBeVisible();
    await scan(`place with an archive, Data ${jours === '0' ? 'all' : '1 year'}`);
  }
  await test.info().attach('french-words.txt', { body: found.join('\n'), contentType: 'text/plain' });
  expect(found, 'French words on the English screens').toEqual([]);
});
