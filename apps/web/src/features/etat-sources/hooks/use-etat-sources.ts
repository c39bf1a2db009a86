/**
 * The state of the « État des sources » page: `/api/health` asked again every minute while the page is open and
 * shown (and when it is shown again), the ages counted on the real clock, and the view of `etat-sources.ts`.
 */
import { useQuery } from '@tanstack/react-query';
import { healthQuery } from '../../../api/health';
import { useTickingNow } from '../../../lib/live-clock';
import { etatSourcesView } from '../etat-sources';
import { useEtatSourcesMessages } from '../messages';

/** Every minute: a job's run or a source's failure shows within a minute, at one small request a minute. */
export const REFRESH_MS = 60_000;

export function useEtatSources() {
  // Rendered again in the chosen language: the view's words read it.
  useEtatSourcesMessages();
  const health = useQuery({
    ...healthQuery(),
    // The whole answer, with the sources and the jobs: the copy each page carries leaves them out.
    queryKey: ['health', 'detail'],
    initialData: undefined,
    staleTime: REFRESH_MS / 2,
    refetchInterval: REFRESH_MS,
    refetchOnWindowFocus: true,
  });
  // The server's events are real times, whatever the mode: their ages move with the real clock.
  const now = useTickingNow(true);
  return {
    health,
    view: health.data ? etatSourcesView(health.data, now) : null,
    /** When the answer shown was read. */
    luLe: health.dataUpdatedAt,
  };
}
