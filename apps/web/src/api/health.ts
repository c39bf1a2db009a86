/** `GET /api/health`: the period the data cover (demo banner, "now" of the data) and the ingestion mode. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import * as z from 'zod/mini';
import { HealthResponse, type HealthEpisode } from '@limni/shared/contracts/health';
import { dataClock, type DataClock } from '@limni/shared/domain/clock';
import { api } from '../lib/api';

/** The name of the meta element the server puts the `/api/health` answer in (docs/decisions/109). */
const PAGE_HEALTH_META = 'limni-health';

let pageHealthRead = false;
let pageHealthValue: HealthResponse | undefined;
const pageLoadedAt = Date.now();

/**
 * The `/api/health` answer the page carried when it was served (docs/decisions/109), validated like an API answer;
 * undefined when absent or invalid (then the app asks for it).
 */
export function pageHealth(): HealthResponse | undefined {
  if (!pageHealthRead) {
    pageHealthRead = true;
    const content = document.querySelector(`meta[name="${PAGE_HEALTH_META}"]`)?.getAttribute('content');
    if (content) {
      try {
        const parsed = z.safeParse(HealthResponse, JSON.parse(content));
        pageHealthValue = parsed.success ? parsed.data : undefined;
      } catch {
        pageHealthValue = undefined;
      }
    }
  }
  return pageHealthValue;
}

export const healthQuery = () =>
  queryOptions({
    queryKey: ['health'],
    queryFn: ({ signal }) => api('health', HealthResponse, { signal }),
    staleTime: 5 * 60_000,
    // The page's own copy: the demo banner and the data clock are there at the first paint.
    initialData: pageHealth,
    initialDataUpdatedAt: pageLoadedAt,
  });

/**
 * The recorded episode of the screen shown (docs/decisions/088): a place of the Loire episode of December 2024 sets
 * it while it is open, so that every age, validity and the demo banner use that episode's clock. One screen at a
 * time, hence one value for the whole app.
 */
let currentEpisode: string | null = null;
const episodeListeners = new Set<() => void>();
const subscribeEpisode = (cb: () => void) => {
  episodeListeners.add(cb);
  return () => episodeListeners.delete(cb);
};
function setCurrentEpisode(code: string | null): void {
  if (code === currentEpisode) return;
  currentEpisode = code;
  for (const cb of episodeListeners) cb();
}

/** While the calling screen is mounted, the data clock is the episode's (null: the main dataset's). */
export function useEpisodeClockScope(code: string | null): void {
  useEffect(() => {
    setCurrentEpisode(code);
    return () => setCurrentEpisode(null);
  }, [code]);
}

/**
 * The clock ages and validities are measured against (docs/decisions/094): the real clock live, the demo clock (the
 * latest reading rounded up to the next full hour) with a demo dataset — that of the recorded episode of the screen
 * shown, when it belongs to one (docs/decisions/088). Until `/api/health` answers: the real clock, `ready` false.
 */
export function useDataClock(): DataClock & {
  ready: boolean;
  /** The recorded episode whose clock this is, with the period its readings cover; null: the main dataset. */
  episode: HealthEpisode | null;
} {
  const health = useQuery(healthQuery());
  const [realNow] = useState(() => Date.now());
  const code = useSyncExternalStore(
    subscribeEpisode,
    () => currentEpisode,
    () => null,
  );
  const d = health.data;
  if (!d) return { now: realNow, demo: false, ready: false, episode: null };
  const live = d.ingestion.mode === 'live';
  const episode = (code !== null && d.episodes?.find((e) => e.code === code)) || null;
  if (episode) return { ...dataClock(realNow, episode.fin, live), ready: true, episode };
  return { ...dataClock(realNow, d.donnees.fin, live), ready: true, episode: null };
}
