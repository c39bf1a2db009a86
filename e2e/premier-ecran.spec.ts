/**
 * The first screen is in the HTML the server sends (docs/decisions/116): `/`, `/bassins`, `/user/login` and the
 * place pages come prerendered, with the demo banner of the `/api/health` answer they carry; they read without
 * JavaScript, and the app then paints over them in French or in English without a console error.
 */
import type { APIRequestContext } from '@playwright/test';
import { createVerifiedAccount } from './compte-support';
import { expect, test } from './fixtures';
import { activiteId, lieuId } from './seed-support';

/** The first words of the page as the server sends them (no script run). */
async function served(request: APIRequestContext, path: string): Promise<string> {
  const res = await request.get(path);
  expect(res.status()).toBe(200);
  return res.text();
}

test('the server sends the first screen of /, /bassins, /user/login, the chooser and a place page, with the demo banner', async ({
  request,
}) => {
  const baignade = await activiteId(request, 'Baignade');
  const foix = await lieuId(request, 'Foix', "L'Ariège");
  const health = (await (await request.get('/api/health')).json()) as { donnees: { fin: number | null } };
  expect(health.donnees.fin).not.toBeNull();
  const pages: Array<[string, string, RegExp]> = [
    ['/', 'accueil', /<h1[^>]*>Le niveau des lacs et rivières, en un coup d’œil<\/h1>/],
    ['/bassins', 'bassins', /<h1[^>]*>[^<]*Bassins/i],
    ['/user/login', 'connexion', /<button[^>]*type="submit"/],
    ['/choisir/carte', 'choisir', /data-testid="apercu-carte"/],
    [`/lieu/${foix}/a-${baignade}/donnees`, 'lieu', /<header/],
  ];
  for (const [path, key, content] of pages) {
    const html = await served(request, path);
    expect(html, path).toContain(`<div id="root" data-prerendered="${key}">`);
    expect(html, path).toMatch(content);
    // The demo banner of the answer the page carries (a demo dataset: its last reading is years old).
    expect(html, path).toContain('Démonstration — nous sommes le');
    expect(html, path).toContain('<meta name="limni-health"');
    // Plain HTML: the only script is the app's module; no inline script or style attribute for the CSP to refuse.
    expect(html.match(/<script/g), path).toHaveLength(1);
    expect(html, path).not.toMatch(/\sstyle="/);
  }
  // Other paths (a 404 among them) get the plain page.
  for (const path of ['/favoris', '/nimporte/ou']) {
    expect(await served(request, path).catch(() => '')).not.toContain('data-prerendered');
  }
});

test('the prerendered home page reads without JavaScript', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: /niveau des lacs et rivières/ })).toBeVisible();
  await expect(page.getByText(/^Démonstration — nous sommes le/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Choisir sur la carte' })).toHaveAttribute(
    'href',
    '/choisir/carte',
  );
  await context.close();
});

test('an English visitor gets the English page over the French first screen, without an error', async ({
  page,
}) => {
  await page.addInitScript(() => window.localStorage.setItem('langue', 'en'));
  await page.goto('/');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Lake and river levels at a glance' }),
  ).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  // One page, not the prerendered one beside the app's.
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await page.goto('/user/login');
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
});

test('what is typed on the prerendered sign-in form before the app runs is kept, and the form cannot be sent yet', async ({
  page,
  request,
}) => {
  const account = await createVerifiedAccount(request, 'avance');
  // The app's code is held back, as on a slow phone: the person meets the server's first screen alone.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/main-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST') posts.push(new URL(r.url()).pathname);
  });
  await page.goto('/user/login', { waitUntil: 'commit' });
  await expect(page.locator('#root[data-prerendered="connexion"] form')).toBeVisible();
  const user = page.getByLabel('Nom d’utilisateur ou adresse e-mail');
  const password = page.getByLabel('Mot de passe', { exact: true });
  const send = page.getByRole('button', { name: 'Se connecter' });
  await user.fill(account.username);
  await password.fill(account.password);
  // Before the app's code runs, the form cannot be sent: the button is disabled, and Enter does nothing.
  await expect(send).toBeDisabled();
  await password.press('Enter');
  await expect(page).toHaveURL(/\/user\/login$/);
  expect(posts).toEqual([]);
  release();
  // The app takes over with what was typed and the focus where it was; then the form is sent.
  await expect(send).toBeEnabled();
  await expect(user).toHaveValue(account.username);
  await expect(password).toHaveValue(account.password);
  await expect(password).toBeFocused();
  const [answer] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/auth/rest/login/')),
    send.click(),
  ]);
  expect(answer.status()).toBe(200);
  await expect(page).toHaveURL(/\/user\/profil$/);
  expect(posts).toEqual(['/api/auth/rest/login/']);
});
