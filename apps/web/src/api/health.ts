/**
 * `GET /api/health`: the period the data cover (demo banner, "now" of the data), the mode (live, demo or off) and the
 * state of each source (« État des sources »).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { HealthResponse, type HealthEpisode } from '@limni/shared/contracts/health';
import { dataClock, type DataClock } from '@limni/shared/domain/clock';
import { api } from '../lib/api';
import { useTickingNow } from '../lib/live-clock';
import { useInstantConsulte } from '../lib/instant-consulte';
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

const isLive = (h: HealthResponse) => h.ingestion.mode === 'live';

/** What the data clock reads of the answer: the others' changes (jobs, counts, sources) re-render nothing. */
function clockFacts(h: HealthResponse) {
  return {
    live: isLive(h),
    fin: h.donnees.fin,
    relecture: h.donnees.relecture ?? null,
    episodes: h.episodes ?? [],
  };
}

/**
 * The clock ages and validities are measured against (docs/decisions/094): the real clock live, the demo clock (the
 * latest reading rounded up to the next full hour) with a demo dataset — that of the recorded episode of the screen
 * shown, when it belongs to one, live or not, as the API counts it (docs/decisions/088, 134); while `npm run replay`
 * writes the main dataset, the replay's instant (docs/decisions/142); at an instant the person chose (`?t=`), that
 * instant, whatever the dataset (docs/decisions/152). Live, the real clock
 * ticks (`lib/live-clock.ts`): ages move while the page is open. Until `/api/health` answers: the real clock at
 * mount, `ready` false.
 */
export function useDataClock({
  tick = true,
}: {
  /**
   * False where only day-scale validities are read (a bulletin's 24 h): the whole screen is then not rendered again
   * at each tick; ages (`components/ui/Freshness.tsx`) tick.
   */
  tick?: boolean;
} = {}): DataClock & {
  ready: boolean;
  /** The clock is the instant of a running replay (`npm run replay`, docs/decisions/142), the one its banner shows. */
  replay: boolean;
  /** The recorded episode whose clock this is, with the period its readings cover; null: the main dataset. */
  episode: HealthEpisode | null;
} {
  const health = useQuery({ ...healthQuery(), select: clockFacts });
  const code = useCurrentEpisode();
  const instant = useInstantConsulte();
  const d = health.data;
  const episode = (d && code !== null && d.episodes.find((e) => e.code === code)) || null;
  const realNow = useTickingNow(tick && !!d && d.live && !episode && instant === null);
  // The instant consulted is every dataset's clock, and it does not tick.
  if (instant?.ms != null) return { now: instant.ms, demo: false, ready: true, replay: false, episode };
  if (!d) return { now: realNow, demo: false, ready: false, replay: false, episode: null };
  // A recorded episode keeps its own clock, even during a replay (docs/decisions/088, 142).
  if (episode) return { ...dataClock(realNow, episode.fin, false), ready: true, replay: false, episode };
  const clock = dataClock(realNow, d.fin, d.live);
  if (d.relecture !== null) return { ...clock, now: d.relecture, ready: true, replay: true, episode: null };
  return { ...clock, ready: true, replay: false, episode: null };
}

/**
 * Whether the service is live (docs/decisions/134): its data move. The current-reading queries of a place refetch on a
 * schedule only then (`live-refresh.ts`), and never for a place of a recorded episode, which callers leave out (its
 * readings stopped when it was recorded); a demonstration never moves.
 */
export function useServiceLive(): boolean {
  const live = useQuery({ ...healthQuery(), select: isLive }).data === true;
  const instant = useInstantConsulte();
  // A past instant does not move (docs/decisions/152).
  return live && instant === null;
}
