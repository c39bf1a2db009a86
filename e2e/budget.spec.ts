/**
 * The first-load budget of `/` (docs/decisions/052): at most 130 KB gzip of scripts and stylesheets, counted
 * two ways on the built app — statically (index.html's entry, the home page chunk and their static imports: what
 * the first paint waits for) and as Chromium fetches them for `/` until the network is idle, the pieces loaded
 * right after the first paint included. A size budget, not a timing: the sizes are those of the files on disk.
 */
import path from 'node:path';
import { FIRST_LOAD_BUDGET_KB, gz, measureBundle } from '../bench/bundle';
import { expect, test } from './fixtures';

const dist = process.env.E2E_WEB_DIST ?? path.resolve(import.meta.dirname, '../apps/web/dist');
const BUDGET = FIRST_LOAD_BUDGET_KB * 1024;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

test('the static first load of / stays within the budget', () => {
  const { firstLoad, firstLoadFiles } = measureBundle(dist);
  expect(
    firstLoadFiles.some((f) => /^HomePage-.*\.js$/.test(f)),
    'the home page chunk is counted',
  ).toBe(true);
  expect(
    firstLoad,
    `premier chargement statique ${kb(firstLoad)} : ${firstLoadFiles.join(', ')}`,
  ).toBeLessThanOrEqual(BUDGET);
});

// On a phone's viewport: the lower home sections and the footer's webcam check load when they come near the
// viewport, the data-fault probe and the replay poll are decided from the page's own state (docs/decisions/052).
// The service worker's precache (every chunk, for offline use, started after `load`) is the worker's traffic, not
// the page's: `page.on('request')` does not see it.
test('what Chromium fetches for / stays within the budget', async ({ browser }) => {
  // A fresh context: nothing cached, no service worker yet (its own precache requests are not the page's).
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const files = new Set<string>();
  let last = Date.now();
  page.on('request', (r) => {
    last = Date.now();
    const u = new URL(r.url());
    if (/\.(m?js|css)$/.test(u.pathname) && u.pathname !== '/sw.js') files.add(u.pathname);
  });
  await page.goto('/', { waitUntil: 'load' });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Pieces loaded after the first paint (lazy sections, footer, banners) are part of the figure: counted until
  // the page has asked for nothing for 1.5 s after its load event (a busy machine can make the network idle
  // before the app has even run).
  await expect.poll(() => Date.now() - last, { timeout: 60_000 }).toBeGreaterThan(1500);
  const list = [...files];
  // What was left out is there for a person who scrolls: the situation strip loads with its data.
  const situation = page.getByRole('heading', { name: 'Situation nationale' });
  await expect(situation).toHaveCount(0);
  await page.mouse.wheel(0, 600);
  await expect(situation).toBeVisible();
  expect(
    [...files].some((f) => /^\/assets\/HomeSections-/.test(f)),
    'the lower sections load on scroll',
  ).toBe(true);
  await context.close();
  expect(
    list.some((f) => f.startsWith('/assets/main-')),
    'the entry script is counted',
  ).toBe(true);
  const total = list.reduce((sum, f) => sum + gz(path.join(dist, f)), 0);
  expect(total, `téléchargé pour / : ${kb(total)} : ${list.join(', ')}`).toBeLessThanOrEqual(BUDGET);
});
