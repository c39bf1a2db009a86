import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { whenQueriesSettle } from './when-settled';

const wait = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

describe('whenQueriesSettle', () => {
  it('waits for the fetching queries, then for the quiet period', async () => {
    const client = new QueryClient();
    const started = Date.now();
    let answered = 0;
    const fetching = client.fetchQuery({
      queryKey: ['slow'],
      queryFn: async () => {
        await wait(120);
        answered = Date.now();
        return 1;
      },
    });
    await whenQueriesSettle(client, { quietMs: 50, maxMs: 5000 });
    const settled = Date.now();
    await fetching;
    expect(answered).toBeGreaterThan(0);
    // Not before the answer plus the quiet period.
    expect(settled - answered).toBeGreaterThanOrEqual(45);
    expect(settled - started).toBeGreaterThanOrEqual(165);
    client.clear();
  });

  it('a query starting during the quiet period restarts it', async () => {
    const client = new QueryClient();
    const settling = whenQueriesSettle(client, { quietMs: 80, maxMs: 5000 });
    await wait(40);
    let answered = 0;
    await client.fetchQuery({
      queryKey: ['late'],
      queryFn: async () => {
        await wait(60);
        answered = Date.now();
        return 2;
      },
    });
    await settling;
    expect(Date.now() - answered).toBeGreaterThanOrEqual(75);
    client.clear();
  });

  it('gives up waiting after maxMs when a query never answers', async () => {
    const client = new QueryClient();
    const never = client
      .fetchQuery({ queryKey: ['never'], queryFn: () => new Promise<number>(() => undefined) })
      .catch(() => 'cancelled');
    const started = Date.now();
    await whenQueriesSettle(client, { quietMs: 20, maxMs: 150 });
    expect(client.isFetching()).toBe(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(145);
    client.clear();
    expect(await never).toBe('cancelled');
  });

  it('screens that mount and re-render without fetching do not hold the quiet period back', async () => {
    const client = new QueryClient();
    client.setQueryData(['cached'], 1);
    const started = Date.now();
    let settledAt = 0;
    const settling = whenQueriesSettle(client, { quietMs: 80, maxMs: 5000 }).then(() => {
      settledAt = Date.now();
    });
    // For 300 ms, an observer of the cached answer mounts and unmounts every 10 ms (cache events, no fetch).
    while (Date.now() - started < 300) {
      const observer = new QueryObserver(client, {
        queryKey: ['cached'],
        queryFn: () => 1,
        staleTime: Infinity,
      });
      const unsubscribe = observer.subscribe(() => undefined);
      await wait(10);
      unsubscribe();
    }
    await settling;
    expect(client.isFetching()).toBe(0);
    // Quiet from the start: settled about 80 ms in, not 80 ms after the last observer left.
    expect(settledAt - started).toBeLessThan(250);
    client.clear();
  });
});
