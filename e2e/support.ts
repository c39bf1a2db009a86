/** Helpers shared by the browser specs. */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';

export const SCREENS_DIR = path.resolve(import.meta.dirname, '../test-results/screens');

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
