/** Helpers shared by the browser specs. */
import fs from 'node:fs';
import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';

export const SCREENS_DIR =
  process.env.E2E_SCREENS_DIR ?? path.resolve(import.meta.dirname, '../test-results/screens');

/** Saves a full-page screenshot at 390 px and 1440 px wide under test-results/screens/<name>-<width>.png. */
export async function screenshots(
  page: Page,
  name: string,
  opts: { waitFor?: () => Promise<unknown> } = {},
): Promise<void> {
  fs.mkdirSync(SCREENS_DIR, { recursive: true });
  const original = page.viewportSize();
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    if (opts.waitFor) await opts.waitFor();
    await page.waitForTimeout(400);
    await page.screenshot({ path: path.join(SCREENS_DIR, `${name}-${width}.png`), fullPage: true });
  }
  if (original) await page.setViewportSize(original);
}

/** Runs axe-core on the page and fails on any serious or critical violation (WCAG 2 A/AA rules). */
export async function expectAccessible(page: Page, context: string): Promise<void> {
  const { default: AxeBuilder } = await import('@axe-core/playwright');
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const summary = serious.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(' | ')}`,
  );
  if (serious.length > 0) throw new Error(`Accessibilité (${context}) :\n${summary.join('\n')}`);
}

/**
 * Asks for the real map the way a user does (ADR 118): MapLibre loads only on intent, so the pointer goes over the
 * map's box (its preview). Then, unless `wait` is false, waits until MapLibre has drawn its points
 * (`data-map-ready`). `map` is the map's `region`.
 */
export async function openMap(
  map: Locator,
  { wait = true, timeout = 60_000 }: { wait?: boolean; timeout?: number } = {},
): Promise<void> {
  await map.hover();
  // MapLibre's first frames are software WebGL in CI's headless Chromium: slow on a busy machine.
  if (wait) await expect(map).toHaveAttribute('data-map-ready', 'true', { timeout });
}
