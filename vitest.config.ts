/**
 * Unit and API tests (`npm run test:unit`). The API suite runs on SQLite, and a second time on PostgreSQL when
 * TEST_DATABASE_URL is set (CI sets it). Browser tests are Playwright (`npm run test:e2e`).
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { geoLevels } from './apps/web/scripts/geo-levels';

/**
 * Test files share their worker's module graph (`isolate: false`): a worker imports the app once and runs its files
 * one after another, instead of importing everything afresh for each file (docs/decisions/129). State lives on what
 * a test builds (the app of `buildApp`, a service), never in a module. A file that mocks a module, stubs a global or
 * fakes timers is a web `*.isolated.test.ts` (lint enforces it): it runs in a fresh module graph of its own.
 */
const ISOLATED = 'src/**/*.isolated.test.ts';

/** Every project fails a test that writes to console.error/warn unless it expects it (docs/decisions/084). */
const setupFiles = [fileURLToPath(new URL('./test-support/console-guard.ts', import.meta.url))];

const api = (db: 'sqlite' | 'postgres') => ({
  test: {
    name: `api-${db}`,
    root: 'apps/api',
    include: ['src/**/*.test.ts'],
    setupFiles,
    globalSetup: ['test/global-setup.ts'],
    env: { LIMNI_TEST_DB: db, TZ: 'Europe/Paris' },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    isolate: false,
  },
});

export default defineConfig({
  test: {
    // Three test files at once on a 2-core machine: an API test file spends much of its time waiting on its database,
    // its mail server or argon2's threads, and the live end-to-end files mostly wait on a server in its own process
    // (docs/decisions/129, 139).
    maxWorkers: 3,
    projects: [
      {
        test: {
          name: 'shared',
          root: 'packages/shared',
          include: ['src/**/*.test.ts'],
          setupFiles,
          env: { TZ: 'UTC' },
          isolate: false,
        },
      },
      {
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.ts'],
          exclude: [ISOLATED],
          setupFiles,
          env: { TZ: 'UTC' },
          isolate: false,
        },
      },
      {
        // Component tests: a screen rendered in jsdom, its requests answered by MSW (apps/web/test/), each file in
        // a fresh module graph of its own.
        // The map's geography modules (`virtual:limni-geo-*`) come from the app's own Vite plugin, as in the build.
        plugins: [geoLevels(fileURLToPath(new URL('./apps/web/public/geo', import.meta.url)))],
        test: {
          name: 'web-dom',
          root: 'apps/web',
          include: ['src/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: [...setupFiles, 'test/dom-setup.ts'],
          testTimeout: 20_000,
          env: { TZ: 'UTC' },
        },
      },
      {
        test: {
          name: 'web-isolated',
          root: 'apps/web',
          include: [ISOLATED],
          setupFiles,
          env: { TZ: 'UTC' },
        },
      },
      {
        // The repository's own rules (scripts/): the lint of the architecture fires where it should.
        test: { name: 'repo', root: '.', include: ['scripts/**/*.test.ts'], setupFiles, testTimeout: 60_000 },
      },
      {
        test: {
          name: 'upstream',
          root: 'test-support',
          include: ['upstream/**/*.test.ts'],
          setupFiles,
          isolate: false,
        },
      },
      api('sqlite'),
      ...(process.env.TEST_DATABASE_URL ? [api('postgres')] : []),
    ],
  },
});
