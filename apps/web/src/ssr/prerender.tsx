/**
 * Server-side entry (docs/decisions/116), built by `vite build --ssr` into `apps/web/dist-ssr/prerender.js`:
 * - `prerenderPage(url)`: the app's HTML at `url` with no data (queries pending, French, signed out), every lazy
 *   part loaded — run once at build time by `scripts/prerender.ts` for the routes of `app/prerendered-routes.ts`;
 * - `renderDemoBanner(health)`: the demo banner of a `/api/health` answer, the same markup the shell paints — run
 *   by the server (`apps/api/src/http/web.ts`) to put the banner in the page, so that it is there at first paint.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { clockDataOf } from '../api/page-health';
import { AppRoutes } from '../app/AppRoutes';
import { demoBannerProps } from '../app/demo-banner-words';
import { DemoBannerView } from '../app/DemoBannerView';
import { PrerenderContext } from '../lib/prerender';

export { PRERENDERED_ROUTES } from '../app/prerendered-routes';

export async function prerenderPage(url: string): Promise<string> {
  const queryClient = new QueryClient({ defaultOptions: { queries: { enabled: false, retry: false } } });
  const { prelude } = await prerender(
    <PrerenderContext value={true}>
      <QueryClientProvider client={queryClient}>
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
      </QueryClientProvider>
    </PrerenderContext>,
    // One piece: no boundary outlined behind an inline script that would reveal it (the CSP forbids those).
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  return new Response(prelude).text();
}

/** The banner's HTML for a health answer at `realNow`, '' when the answer is malformed or there is no banner. */
export function renderDemoBanner(health: unknown, realNow: number): string {
  const data = clockDataOf(health);
  const props = data && demoBannerProps(data, realNow, null);
  return props ? renderToStaticMarkup(<DemoBannerView {...props} />) : '';
}
