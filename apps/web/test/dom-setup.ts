/**
 * Setup of the component tests (`*.test.tsx`, jsdom): Testing Library's matchers, one request mock (MSW) per test
 * file that fails on any request no test answered, and a clean page, language and storage after each test.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { setLangue } from '../src/lib/i18n';
import { server } from './server';

// A loaded machine (the whole suite runs on two cores) may take more than the default second to render an answer.
configure({ asyncUtilTimeout: 5_000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  cleanup();
  server.resetHandlers();
  localStorage.clear();
  sessionStorage.clear();
  document.cookie.split(';').forEach((c) => {
    document.cookie = `${c.split('=')[0]?.trim() ?? ''}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
  await setLangue('fr');
});
afterAll(() => server.close());
