/**
 * The demo banner (docs/decisions/094, 109): with a demo dataset, which real period the observations come from and
 * the demo clock ages are counted from — on a place of a recorded episode, that episode's clock and period
 * (docs/decisions/088). Part of the shell's first paint, from the `/api/health` answer the page carries, read without
 * TanStack Query or the contract (first-load budget, ADR 052); a page without it falls back to `/api/health`.
 */
import { lazy, Suspense, useState } from 'react';
import { dataClock } from '@limni/shared/domain/clock';
import { useCurrentEpisode } from '../api/episode-scope';
import { pageClockData, type PageClockData } from '../api/page-health';
import { DemoBannerView } from './DemoBannerView';

const DemoBannerFromApi = lazy(() => import('./DemoBannerFromApi'));

/** The banner's words at `realNow`, on the place of episode `code` if any; null when there is no banner. Pure. */
export function demoBannerProps(
  data: PageClockData,
  realNow: number,
  code: string | null,
): Parameters<typeof DemoBannerView>[0] | null {
  const episode = (code !== null && data.episodes.find((e) => e.code === code)) || null;
  const { debut, fin } = episode ?? data.donnees;
  const clock = dataClock(realNow, fin, data.live);
  if (!clock.demo || debut === null || fin === null) return null;
  return { now: clock.now, episode: episode?.libelle ?? null, debut, fin };
}

export function DemoBanner() {
  const [data] = useState(pageClockData);
  const [realNow] = useState(() => Date.now());
  const code = useCurrentEpisode();
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
