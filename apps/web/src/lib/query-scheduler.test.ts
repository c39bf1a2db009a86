import { notifyManager, QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { coalescingScheduler } from './query-scheduler';

const wait = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

describe('coalescingScheduler', () => {
  it('runs the callbacks scheduled within the window in one task, in order', async () => {
    const schedule = coalescingScheduler(40);
    const ran: Array<{ n: number; task: number }> = [];
    let task = 0;
    // A new task number each time the event loop comes back (a macrotask boundary).
    const tick = setInterval(() => (task += 1), 1);
    schedule(() => ran.push({ n: 1, task }));
    await wait(10);
    schedule(() => ran.push({ n: 2, task }));
    schedule(() => ran.push({ n: 3, task }));
    expect(ran).toEqual([]);
    await wait(80);
    clearInterval(tick);
    expect(ran.map((r) => r.n)).toEqual([1, 2, 3]);
    expect(new Set(ran.map((r) => r.task)).size).toBe(1);
  });

  it('starts a new window after running one', async () => {
    const schedule = coalescingScheduler(20);
    const ran: number[] = [];
    schedule(() => ran.push(1));
    await wait(50);
    expect(ran).toEqual([1]);
    schedule(() => ran.push(2));
    expect(ran).toEqual([1]);
    await wait(50);
    expect(ran).toEqual([1, 2]);
  });

  describe('as the scheduler of TanStack Query', () => {
    afterEach(() => notifyManager.setScheduler((cb) => setTimeout(cb, 0)));

    it('notifies the answers of two queries arriving 15 ms apart together', async () => {
      notifyManager.setScheduler(coalescingScheduler(40));
      const client = new QueryClient();
      const notified: Array<{ key: string; at: number }> = [];
      for (const [key, delay] of [
        ['a', 5],
        ['b', 20],
      ] as const) {
        const observer = new QueryObserver(client, {
          queryKey: [key],
          queryFn: () => wait(delay).then(() => key),
        });
        // As `useQuery` subscribes: through `batchCalls`, whose calls go through the scheduler.
        observer.subscribe(
          notifyManager.batchCalls((r) => {
            if (r.data !== undefined) notified.push({ key, at: performance.now() });
          }),
        );
      }
      await wait(150);
      expect(notified.map((n) => n.key).sort()).toEqual(['a', 'b']);
      const [first, second] = notified;
      // Same task: no time passes between the two notifications (the first answer waited for the second).
      expect(Math.abs((second?.at ?? 0) - (first?.at ?? 0))).toBeLessThan(5);
      client.clear();
    });
  });
});
