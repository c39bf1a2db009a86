/**
 * The real clock as the screen counts ages with it while the data are live: one timer for the whole app, every
 * `TICK_MS`, so that an open page's « il y a 13 min » becomes « il y a 14 min » instead of staying as it was at
 * mount. Every subscriber's update of one tick is made in one transition (docs/decisions/131): one render of all the
 * ages, in slices that yield to the browser, never one render per age. The first tick comes `TICK_MS` after the
 * first subscriber, once the page has settled (its data arrive within 15 s, `app/when-settled.ts`); a hidden tab is
 * not re-rendered, and gets one tick when it is shown again. Under the demo clock nothing subscribes: nothing ticks.
 */
import { startTransition, useEffect, useState } from 'react';

/** Ages are in minutes: a tick every half minute shows each minute at most 30 s late. */
export const TICK_MS = 30_000;

type Listener = (now: number) => void;

const listeners = new Set<Listener>();
let timer: ReturnType<typeof setInterval> | undefined;

function tick(): void {
  if (typeof document !== 'undefined' && document.visibilityState === 'hidden') return;
  const now = Date.now();
  startTransition(() => {
    for (const l of listeners) l(now);
  });
}

const onVisibility = () => {
  if (document.visibilityState === 'visible') tick();
};

/** Calls `listener` with the time at each tick while subscribed; returns the unsubscribe. */
export function subscribeTick(listener: Listener): () => void {
  listeners.add(listener);
  if (listeners.size === 1) {
    timer = setInterval(tick, TICK_MS);
    if (typeof document !== 'undefined') document.addEventListener('visibilitychange', onVisibility);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      clearInterval(timer);
      timer = undefined;
      if (typeof document !== 'undefined') document.removeEventListener('visibilitychange', onVisibility);
    }
  };
}

/** The real time at mount, then at each tick while `ticking`. */
export function useTickingNow(ticking: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => (ticking ? subscribeTick(setNow) : undefined), [ticking]);
  return now;
}
