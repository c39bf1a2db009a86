/**
 * The recorded episode of the screen shown (docs/decisions/088): a place of the Loire episode of December 2024 sets
 * it while it is open, so that every age, validity and the demo banner use that episode's clock. One screen at a
 * time, hence one value for the whole app. Its own module, without TanStack Query, because the shell's demo banner
 * reads it at the first paint (docs/decisions/109).
 */
import { useEffect, useSyncExternalStore } from 'react';

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

/** The code of the episode of the screen shown, null for the main dataset. */
export function useCurrentEpisode(): string | null {
  return useSyncExternalStore(
    subscribeEpisode,
    () => currentEpisode,
    () => null,
  );
}
