/**
 * The `test` every browser spec uses: Playwright's, plus a guard that fails the test when a page of its context writes an
 * error or a warning to its console, or throws an uncaught error (docs/decisions/084-tests-fail-on-console-noise.md).
 * A spec that provokes a message on purpose declares it first: `expectConsole(page, /pattern/)`.
 */
import { test as base, expect, type Page } from '@playwright/test';

const allowedByPage = new WeakMap<Page, RegExp[]>();

/**
 * What the test browser itself says, not the app: SwiftShader's GPU stall notices when the map reads pixels,
 * Playwright's notice when a spec blocks service workers, and Chromium's refusal of push in a headless profile.
 */
const ENVIRONMENT = [
  /^warning: \[\.WebGL-[0-9a-fx]+\]GL Driver Message/,
  /^warning: Service Worker registration blocked by Playwright/,
  /^error: Chrome currently does not support the Push API in incognito mode/,
];

/** Declares a console message this page is expected to write (matched against `type: text`). */
export function expectConsole(page: Page, pattern: RegExp): void {
  allowedByPage.set(page, [...(allowedByPage.get(page) ?? []), pattern]);
}

export const test = base.extend<{ consoleGuard: void }>({
  consoleGuard: [
    async ({ context }, use) => {
      const noise: string[] = [];
      const watch = (page: Page) => {
        const record = (line: string) => {
          const expected = [...ENVIRONMENT, ...(allowedByPage.get(page) ?? [])];
          if (!expected.some((p) => p.test(line))) noise.push(line);
        };
        page.on('console', (msg) => {
          const type = msg.type();
          if (type === 'error' || type === 'warning') {
            const where = msg.location().url ? ` (${msg.location().url})` : '';
            record(`${type}: ${msg.text()}${where}`);
          }
        });
        page.on('pageerror', (err) => record(`pageerror: ${err.message}`));
      };
      context.pages().forEach(watch);
      context.on('page', watch);
      await use();
      expect(noise, 'messages written to the browser console during the test').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
export type { Page };
