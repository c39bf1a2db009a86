/**
 * « État des sources » (`/etat-des-sources`, docs/decisions/134): reached from the footer, it says what
 * `/api/health` says — here a server started in the operator's offline mode (`INGEST=off`): the demonstration
 * chosen, the period of the readings, no source followed and no ingestion job — in French and in English, at a
 * phone's and a desktop's width, with headings a screen reader can walk.
 */
import { expect, test, type Page } from './fixtures';
import { expectAccessible, screenshots } from './support';

interface Health {
  status: 'ok' | 'degraded';
  donnees: { debut: number | null; fin: number | null };
  ingestion: { mode: 'live' | 'demo' | 'off'; jobs: unknown[] };
  sources?: unknown[];
}

/** A Paris day as the page writes it: « 1er février 2022 » (French), "February 1, 2022" (US English). */
function longDate(ms: number, locale: 'fr-FR' | 'en-US'): string {
  const text = new Intl.DateTimeFormat(locale, {
    timeZone: 'Europe/Paris',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(new Date(ms));
  return locale === 'fr-FR' ? text.replace(/^1 /, '1er ') : text;
}

/** Nothing wider than the viewport: no sideways scrolling on a phone. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const { scroll, width } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: window.innerWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(width);
}

test('État des sources: the offline mode in words, in French then in English, on a phone and a desktop', async ({
  page,
  request,
}) => {
  const health = (await (await request.get('/api/health')).json()) as Health;
  // The browser journeys run the server with INGEST=off (e2e/global-setup.ts).
  expect(health.ingestion.mode).toBe('off');
  const { debut, fin } = health.donnees;
  if (debut === null || fin === null) throw new Error('the demo dataset has readings');
  // The path is one of the app's: the server answers it with the app, not its not-found page.
  expect((await request.get('/etat-des-sources')).status()).toBe(200);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'État des sources' }).click();
  await expect(page).toHaveURL(/\/etat-des-sources$/);
  await expect(page.getByRole('heading', { level: 1, name: 'État des sources' })).toBeVisible();
  await expect(page).toHaveTitle('État des sources — Limni');
  const main = page.getByRole('main');
  for (const h2 of ['Mode du service', 'Sources', 'Tâches d’ingestion']) {
    await expect(main.getByRole('heading', { level: 2, name: h2, exact: true })).toBeVisible();
  }
  const mode = page.getByTestId('mode');
  await expect(mode.getByText('Démonstration choisie par l’exploitant (mode hors ligne)')).toBeVisible();
  await expect(
    mode.getByText(health.status === 'ok' ? 'Service en bon état' : 'Service dégradé'),
  ).toBeVisible();
  await expect(
    mode.getByText(/Ce serveur ne lit pas les sources\s*: il montre son jeu de démonstration/),
  ).toBeVisible();
  await expect(
    mode.getByText(`Mesures enregistrées du ${longDate(debut, 'fr-FR')} au ${longDate(fin, 'fr-FR')}.`),
  ).toBeVisible();
  // Offline, the server follows no source and runs no job: the page says so instead of empty cards.
  expect(health.sources ?? []).toEqual([]);
  expect(health.ingestion.jobs).toEqual([]);
  await expect(
    main.getByText(/Ce serveur ne suit aucune source\s*: il ne les interroge pas en mode hors ligne\./),
  ).toBeVisible();
  await expect(main.getByText('Aucune tâche d’ingestion n’a tourné sur ce serveur.')).toBeVisible();
  // The shell's banner says the same reason.
  await expect(page.getByText('Sources non interrogées (mode hors ligne).')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page, 'état des sources');
  await screenshots(page, 'etat-des-sources-fr');

  await page.getByRole('contentinfo').getByLabel('Langue').selectOption('en');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1, name: 'Status of the sources' })).toBeVisible();
  await expect(page).toHaveTitle('Status of the sources — Limni');
  for (const h2 of ['Service mode', 'Sources', 'Ingestion jobs']) {
    await expect(main.getByRole('heading', { level: 2, name: h2, exact: true })).toBeVisible();
  }
  await expect(mode.getByText('Demonstration chosen by the operator (offline mode)')).toBeVisible();
  await expect(
    mode.getByText(`Readings stored from ${longDate(debut, 'en-US')} to ${longDate(fin, 'en-US')}.`),
  ).toBeVisible();
  await expect(
    main.getByText('This server follows no source: it does not query them in offline mode.'),
  ).toBeVisible();
  await expect(main.getByText('No ingestion job has run on this server.')).toBeVisible();
  await expect(page.getByText('Sources not queried (offline mode).')).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);
  await expectAccessible(page, 'status of the sources');
  await screenshots(page, 'etat-des-sources-en');
});
