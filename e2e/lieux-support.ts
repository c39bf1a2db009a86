/** Helpers of the place and entity specs. */
import type { Page } from '@playwright/test';
import { screenshots } from './support';

/** Full-page screenshots from the top of the page (a sticky header then sits at the top, as people see it). */
export async function screens(
  page: Page,
  name: string,
  opts: { waitFor?: () => Promise<unknown> } = {},
): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshots(page, name, opts);
}
