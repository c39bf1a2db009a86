/**
 * The demo banner (docs/decisions/094, 109, 134): with a demo dataset, why (the sources did not answer this server,
 * and when they are asked again; or the operator's offline mode), which real period the observations come from and
 * the demo clock ages are counted from — on a place of a recorded episode, that episode's clock and period, live
 * too (docs/decisions/088). Part of the shell's first paint, from the `/api/health` answer the page carries, read without
 * TanStack Query or the contract (first-load budget, ADR 052); a page without it falls back to `/api/health`.
 */
import { lazy, Suspense, useState } from 'react';
import { useCurrentEpisode } from '../api/episode-scope';
import { pageClockData } from '../api/page-health';
import { useReplayRunning } from '../api/replay-running';
import { demoBannerProps } from './demo-banner-words';
import { DemoBannerView } from './DemoBannerView';

const DemoBannerFromApi = lazy(() => import('./DemoBannerFromApi'));

export function DemoBanner() {
  const [data] = useState(pageClockData);
  const [realNow] = useState(() => Date.now());
  const code = useCurrentEpisode();
  // During a replay its banner shows the screen's one clock; a recorded episode's place keeps its own (ADR 142).
  const replay = useReplayRunning();
  if (replay && code === null) return null;
  if (!data) {
    return (
      <Suspense fallback={null}>
        <DemoBannerFromApi />
      </Suspense>
    );
  }
  const props = demoBannerProps(data, realNow, code);
  return props && <DemoBannerView {...props} />;
}
