/** Media queries read from React (one hook for the breakpoint and the dark theme). */
import { useCallback, useSyncExternalStore } from 'react';

/** From the `md` breakpoint of the layouts (1024 px): list and map side by side, tables open. */
export const DESKTOP_QUERY = '(min-width: 1024px)';
export const DARK_QUERY = '(prefers-color-scheme: dark)';

/** Whether the media query matches now; `fallback` where the browser cannot tell (no `matchMedia`). */
export function matchesMedia(query: string, fallback = false): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(query).matches
    : fallback;
}

/** Whether the media query matches, following its changes (window resized, theme switched). */
export function useMediaQuery(query: string, fallback = false): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = typeof window.matchMedia === 'function' ? window.matchMedia(query) : null;
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => matchesMedia(query, fallback),
    () => fallback,
  );
}
