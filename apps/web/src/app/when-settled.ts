/**
 * When the page's own data has arrived: no query of the client has been fetching for `quietMs`, or `maxMs` have
 * passed, whichever comes first. The service worker is registered then (main.tsx), not at `load`: its install
 * precaches the whole app (about a hundred files), which on a phone takes bandwidth and CPU from the screen being
 * loaded (docs/decisions/131).
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
    // The quiet period starts when the last fetch ends and stops when one starts; other events leave it running.
    const check = () => {
      const idle = client.isFetching() === 0;
      if (idle && quiet === undefined) quiet = setTimeout(done, quietMs);
      else if (!idle && quiet !== undefined) {
        clearTimeout(quiet);
        quiet = undefined;
      }
    };
    const cap = setTimeout(done, maxMs);
    // Only a query's own state (`updated`, `removed`) changes what is fetching. The cache also reports every
    // observer that mounts or re-renders, which used to restart the quiet period while the screen was still
    // re-rendering with nothing fetching (docs/decisions/133).
    const unsubscribe = client.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' || event.type === 'removed') check();
    });
    check();
  });
}
