/**
 * The place page on a phone (390 × 844): the first screen shows the name, the big value with its trend and
 * age, the normal-range sentence and the top of the chart; the actions fit one row; every tab of the scrolling tab
 * bar can be reached and reads whole; the active activity chip is whole; the chart's threshold labels sit inside the
 * plot and off the observed curve (checked on the canvas's own pixels).
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { activiteId, lieuId } from './seed-support';
import { SCREENS_DIR } from './support';

const PHONE = { width: 390, height: 844 };

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

async function box(locator: Locator): Promise<Box> {
  const b = await locator.boundingBox();
  expect(b, `${locator.toString()} has a box`).not.toBeNull();
  return b as Box;
}

/** The bottom of what a phone shows: the viewport above the fixed bottom navigation. */
async function firstScreenBottom(page: Page): Promise<number> {
  const navs = page.getByRole('navigation', { name: 'Navigation principale' });
  let bottom = PHONE.height;
  for (const nav of await navs.all()) {
    if (!(await nav.isVisible())) continue;
    const b = await box(nav);
    if (b.y > PHONE.height / 2) bottom = Math.min(bottom, b.y);
  }
  return bottom;
}

/** Wholly inside the first screen (no scroll), horizontally inside the viewport. */
async function expectOnFirstScreen(locator: Locator, bottom: number, what: string): Promise<void> {
  const b = await box(locator);
  expect(b.y, `${what}: top`).toBeGreaterThanOrEqual(0);
  expect(b.y + b.height, `${what}: bottom within the first screen (${bottom} px)`).toBeLessThanOrEqual(
    bottom,
  );
  expect(b.x, `${what}: left`).toBeGreaterThanOrEqual(0);
  expect(b.x + b.width, `${what}: right`).toBeLessThanOrEqual(PHONE.width);
}

/** `inner` lies wholly within `outer` (1 px of rounding). */
function expectInside(inner: Box, outer: Box, what: string): void {
  expect(inner.x, `${what}: left`).toBeGreaterThanOrEqual(outer.x - 1);
  expect(inner.y, `${what}: top`).toBeGreaterThanOrEqual(outer.y - 1);
  expect(inner.x + inner.width, `${what}: right`).toBeLessThanOrEqual(outer.x + outer.width + 1);
  expect(inner.y + inner.height, `${what}: bottom`).toBeLessThanOrEqual(outer.y + outer.height + 1);
}

test.use({ viewport: PHONE });

test('the first screen of a place on a phone: value, trend, age, usual range, chart; tabs and chips whole', async ({
  page,
  request,
}) => {
  const id = await lieuId(request, 'Toulouse (Pont-Neuf)', 'La Garonne');
  const peche = await activiteId(request, 'Pêche');
  await page.goto(`/lieu/${id}/a-${peche}/donnees`);
  const titre = page.getByRole('heading', { level: 1, name: 'La Garonne à Toulouse (Pont-Neuf)' });
  await expect(titre).toBeVisible();
  const header = page.getByRole('region', { name: 'La Garonne à Toulouse (Pont-Neuf)' });
  const chart = page.getByRole('img', { name: /^Hauteur d'eau \(m\) du/ });
  await expect(chart.locator('canvas').first()).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));

  const bottom = await firstScreenBottom(page);
  await expectOnFirstScreen(titre, bottom, 'name');
  await expectOnFirstScreen(header.getByTestId('valeur-principale'), bottom, 'big value');
  await expectOnFirstScreen(header.getByTestId('tendance').first(), bottom, 'trend');
  await expectOnFirstScreen(header.getByTestId('age').first(), bottom, 'age');

  // A place with a usual range for the date of its latest value (Le Lez, daily flows): its sentence too.
  const lez = await lieuId(request, 'Montpellier (Garigliano)', 'Le Lez');
  await page.goto(`/lieu/${lez}/a-${peche}/donnees`);
  const lezHeader = page.getByRole('region', { name: 'Le Lez à Montpellier (Pont Garigliano)' });
  const situation = lezHeader.getByTestId('situation');
  await expect(situation).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  await expectOnFirstScreen(lezHeader.getByTestId('valeur-principale'), bottom, 'big value (Le Lez)');
  await expectOnFirstScreen(lezHeader.getByTestId('age').first(), bottom, 'age (Le Lez)');
  await expectOnFirstScreen(situation, bottom, 'normal-range sentence');

  await page.goto(`/lieu/${id}/a-${peche}/donnees`);
  await expect(page.getByTestId('valeur-principale')).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  // The four actions in one row.
  const actions = page.getByRole('group', { name: 'Actions sur ce lieu' });
  const buttons = actions.locator(':scope > *');
  expect(await buttons.count()).toBe(4);
  const rows = new Set<number>();
  for (const b of await buttons.all()) {
    await expectOnFirstScreen(b, bottom, 'action');
    rows.add(Math.round((await box(b)).y));
  }
  expect(rows.size, 'actions in one row').toBe(1);

  // The active activity chip is whole inside its scrolling row and the viewport.
  const chips = page.getByRole('navigation', { name: 'Activité' }).getByRole('list');
  const active = page.getByRole('navigation', { name: 'Activité' }).locator('[aria-current="page"]');
  await expect(active).toHaveText('Pêche');
  expectInside(await box(active), await box(chips), 'active chip within its row');
  expectInside(await box(active), { x: 0, y: 0, ...PHONE }, 'active chip within the viewport');

  // Every tab can be scrolled to and then reads whole.
  const tabBar = page.getByRole('navigation', { name: 'Rubriques du lieu' });
  const tabList = tabBar.getByRole('list');
  const names = ['Données', 'Carte', 'Infos pratiques', 'Photos', 'Webcam', 'Social'];
  await expect(tabBar.getByRole('link')).toHaveText(names);
  for (const name of names) {
    const link = tabBar.getByRole('link', { name, exact: true });
    await link.scrollIntoViewIfNeeded();
    const fits = await link.evaluate((el) => el.scrollWidth <= el.clientWidth);
    expect(fits, `${name}: its text fits its link`).toBe(true);
    expectInside(await box(link), await box(tabList), `${name} within the tab bar`);
    expectInside(await box(link), { x: 0, y: 0, ...PHONE }, `${name} within the viewport`);
  }

  // Threshold labels: inside the plot area, and no pixel of the observed line under them.
  await page.evaluate(() => window.scrollTo(0, 0));
  await chart.scrollIntoViewIfNeeded();
  const labels = chart.getByTestId('seuil-label');
  await expect(labels.first()).toHaveText(/Seuil haut pêche/);
  const over = await box(chart.locator('.u-over'));
  for (const label of await labels.all()) {
    const b = await box(label);
    expectInside(b, over, `threshold label « ${await label.textContent()} » within the plot`);
    const hits = await chart.evaluate(
      (el, { rect, couleur }) => {
        // The canvas pixels under the label: how many are the observed line's own colour.
        const canvas = el.querySelector('canvas');
        const ctx = canvas?.getContext('2d');
        if (!canvas || !ctx) return -1;
        const c = canvas.getBoundingClientRect();
        const sx = canvas.width / c.width;
        const sy = canvas.height / c.height;
        const img = ctx.getImageData(
          Math.floor((rect.x - c.x) * sx),
          Math.floor((rect.y - c.y) * sy),
          Math.ceil(rect.width * sx),
          Math.ceil(rect.height * sy),
        ).data;
        const want = [1, 3, 5].map((i) => parseInt(couleur.slice(i, i + 2), 16));
        let n = 0;
        for (let i = 0; i < img.length; i += 4) {
          const close = want.every((v, k) => Math.abs((img[i + k] ?? 0) - v) < 40);
          if (close && (img[i + 3] ?? 0) > 200) n++;
        }
        return n;
      },
      { rect: b, couleur: (await chart.getAttribute('data-couleur')) ?? '' },
    );
    expect(hits, `observed-line pixels under « ${await label.textContent()} »`).toBe(0);
  }
});

// With the demo banner, the vigilance and verdict lines, the activity chips and the tab bar above it (the period
// controls go under the chart on a phone).
test('the top of the chart is on the first screen of a phone', async ({ page, request }) => {
  const id = await lieuId(request, 'Toulouse (Pont-Neuf)', 'La Garonne');
  const peche = await activiteId(request, 'Pêche');
  await page.goto(`/lieu/${id}/a-${peche}/donnees`);
  const chart = page.getByRole('img', { name: /^Hauteur d'eau \(m\) du/ });
  await expect(chart.locator('canvas').first()).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  // Its first 60 px (the plot's upper part with its top value) above the bottom navigation.
  const plot = await box(chart);
  expect(plot.y + 60, 'the top of the chart is on the first screen').toBeLessThanOrEqual(
    await firstScreenBottom(page),
  );
});

for (const langue of ['fr', 'en'] as const) {
  test(`screens of the place page at 390 and 1440 px (${langue})`, async ({ page, request }) => {
    const id = await lieuId(request, 'Toulouse (Pont-Neuf)', 'La Garonne');
    const peche = await activiteId(request, 'Pêche');
    await page.goto(`/lieu/${id}/a-${peche}/donnees`);
    if (langue === 'en') {
      await page.getByRole('contentinfo').getByLabel('Langue').selectOption('en');
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    }
    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
      await page.evaluate(() => window.scrollTo(0, 0));
      await expect(page.getByTestId('valeur-principale')).toBeVisible();
      await expect(page.getByTestId('graphique').locator('canvas').first()).toBeVisible();
      await page.waitForTimeout(400);
      await page.screenshot({ path: `${SCREENS_DIR}/lieu-telephone-${langue}-${width}.png` });
      await page.screenshot({
        path: `${SCREENS_DIR}/lieu-telephone-${langue}-${width}-page.png`,
        fullPage: true,
      });
    }
  });
}
