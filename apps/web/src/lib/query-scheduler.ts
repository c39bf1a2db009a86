/**
 * The scheduler of TanStack Query's notifications (`notifyManager.setScheduler`, main.tsx): the notifications of
 * answers that arrive within `windowMs` of the first run together, in one task. Each notification re-renders its
 * components at once and in full (useSyncExternalStore updates cannot wait), and React renders the updates of one
 * task once: the dozen answers of a place page then make two or three renders instead of a dozen
 * (docs/decisions/131). The default scheduler runs each answer's notifications in its own `setTimeout(0)`.
 */
export function coalescingScheduler(windowMs: number): (callback: () => void) => void {
  let queue: Array<() => void> = [];
  return (callback) => {
    queue.push(callback);
    if (queue.length > 1) return;
    setTimeout(() => {
      const run = queue;
      queue = [];
      for (const cb of run) cb();
    }, windowMs);
  };
}
