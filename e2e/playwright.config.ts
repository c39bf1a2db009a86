/**
 * Browser tests: Debian Chromium (no browser download) against the built app, started by global-setup.ts on a
 * free port with a fresh DATA_DIR. Screenshots of key screens go to test-results/screens/.
 */
import { defineConfig } from '@playwright/test';
import { POSTGRES_PROJECT } from './projects';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium';

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: process.env.E2E_OUTPUT_DIR ?? '../test-results/playwright',
  fullyParallel: false,
  workers: 2,
  // One retry: a browser test that fails, then passes, is reported as « flaky » by the list reporter and must be
  // looked at, but a single scheduling stall of the shared 2-core CI machine does not throw a whole run away
  // (docs/decisions/098). A test that fails twice fails the run.
  retries: 1,
  // Journeys that draw maps in software WebGL and take screenshots at two widths need more than a minute on a
  // loaded 2-core machine: this is a deadline, not a speed check (speed is measured in bench/).
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  globalSetup: './global-setup.ts',
  use: {
    baseURL: process.env.E2E_BASE_URL,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    { name: 'chromium', use: { browserName: 'chromium' } },
    // The alert specs again, against a second server on PostgreSQL that global-setup.ts starts when
    // TEST_DATABASE_URL is set (CI): the engines differ where alerts lock, deduplicate and retry (ADR 070).
    ...(process.env.TEST_DATABASE_URL && !process.env.E2E_EXTERNAL_URL
      ? [
          {
            name: POSTGRES_PROJECT,
            testMatch: /alertes(-masquees|-replay)?\.spec\.ts$/,
            use: { browserName: 'chromium' as const, baseURL: process.env.E2E_PG_BASE_URL },
          },
        ]
      : []),
  ],
});
