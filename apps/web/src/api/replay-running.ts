/**
 * Whether a replay (`npm run replay`) runs, for the shell: while it does, its banner shows the one clock of the screen
 * (the replay's instant, docs/decisions/142) and the demo banner, painted once with the page's clock, steps aside —
 * except on a place of a recorded episode, which keeps its own clock. Its own module, without TanStack Query or a
 * contract: the shell's demo banner reads it at the first paint (docs/decisions/052, 109).
 */
import { useSyncExternalStore } from 'react';
import { readPageMeta } from './page-health';

function pageSaysRunning(): boolean {
  const r = readPageMeta('limni-replay');
  return typeof r === 'object' && r !== null && (r as Record<string, unknown>)['en_cours'] === true;
}

let running: boolean | null = null;
const listeners = new Set<() => void>();
const subscribe = (cb: () => void) => {
  listeners.add(cb);
  return () => listeners.delete(cb);
};
const current = () => (running ??= pageSaysRunning());

/** Set by the replay banner from each answer of `GET /api/replay`. */
export function setReplayRunning(value: boolean): void {
  if (value === current()) return;
  running = value;
  for (const cb of listeners) cb();
}

/** True while a replay runs (first from the page's `limni-replay` meta, then from the banner's polls). */
export function useReplayRunning(): boolean {
  return useSyncExternalStore(subscribe, current, () => false);
}
