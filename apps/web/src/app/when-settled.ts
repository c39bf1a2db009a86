/**
 * When the page's own data has arrived: no query of the client has been fetching for `quietMs`, or `maxMs` have
 * passed, whichever comes first. The service worker is registered then (main.tsx), not at `load`: its install
 * precaches the whole app (about a hundred files), which on a phone takes bandwidth and CPU from the screen being
 * loaded (issue 14, docs/decisions/131).
 */
import type { QueryClient } from '@tanstack/react-query';

export function whenQueriesSettle(
  client: Pick<QueryClient, 'isFetching' | 'getQueryCache'>,
  { quietMs = 1000, maxMs = 15_000 }: { quietMs?: number; maxMs?: number } = {},
): Promise<void> {
  return new Promise((resolve) => {
    let quiet: ReturnType<typeof setTimeout> | undefined;
    const done = () => {
      clearTimeout(quiet);
      clearTimeout(cap);
      unsubscribe();
      resolve();
    };
    const check = () => {
      clearTimeout(quiet);
      quiet = client.isFetching() === 0 ? setTimeout(done, quietMs) : undefined;
    };
    const cap = setTimeout(done, maxMs);
    const unsubscribe = client.getQueryCache().subscribe(check);
    check();
  });
}
