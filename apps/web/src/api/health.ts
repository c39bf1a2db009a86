/** `GET /api/health`: the period the data cover (demo banner, "now" of the data) and the ingestion mode. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import * as z from 'zod/mini';
import { HealthResponse, type HealthEpisode } from '@limni/shared/contracts/health';
import { dataClock, type DataClock } from '@limni/shared/domain/clock';
import { api } from '../lib/api';
import { useCurrentEpisode } from './episode-scope';
import { pageHealthJson } from './page-health';

export { useEpisodeClockScope } from './episode-scope';

const pageLoadedAt = Date.now();

/**
 * The `/api/health` answer the page carried when it was served (docs/decisions/109), validated like an API answer;
 * undefined when absent or invalid (then the app asks for it).
 */
export function pageHealth(): HealthResponse | undefined {
  const parsed = z.safeParse(HealthResponse, pageHealthJson());
  return parsed.success ? parsed.data : undefined;
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
  const code = useCurrentEpisode();
  const d = health.data;
  if (!d) return { now: realNow, demo: false, ready: false, episode: null };
  const live = d.ingestion.mode === 'live';
  const episode = (code !== null && d.episodes?.find((e) => e.code === code)) || null;
  if (episode) return { ...dataClock(realNow, episode.fin, live), ready: true, episode };
  return { ...dataClock(realNow, d.donnees.fin, live), ready: true, episode: null };
}
