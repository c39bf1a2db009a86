import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { answersFollowLangue } from './answers-follow-langue';

const wait = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** A language switch like `lib/i18n.ts`'s: listeners called after each change. */
function langueSwitch() {
  const listeners = new Set<() => void>();
  let langue = 'fr';
  return {
    current: () => langue,
    set(next: string) {
      langue = next;
      for (const l of listeners) l();
    },
    subscribe(cb: () => void) {
      listeners.add(cb);
      return () => listeners.delete(cb);
    },
  };
}

describe('answersFollowLangue', () => {
  it('asks again what is on screen in the new language, answers and errors; leaves the rest stale for later', async () => {
    const langue = langueSwitch();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 60_000 } } });
    const calls = { erreur: 0, donnee: 0, cachee: 0 };
    const failing = (key: 'erreur' | 'cachee') => async () => {
      calls[key]++;
      throw new Error(langue.current() === 'fr' ? 'Requête invalide' : 'Invalid request');
    };
    const shown = new QueryObserver(client, { queryKey: ['erreur'], queryFn: failing('erreur') });
    const data = new QueryObserver(client, {
      queryKey: ['donnee'],
      queryFn: async () => {
        calls.donnee++;
        return langue.current() === 'fr' ? 'Praticable' : 'Suitable';
      },
    });
    const unsubscribe = [shown.subscribe(() => undefined), data.subscribe(() => undefined)];
    await client.fetchQuery({ queryKey: ['cachee'], queryFn: failing('cachee') }).catch(() => undefined);
    await wait(20);
    expect(shown.getCurrentResult().error?.message).toBe('Requête invalide');
    expect(calls).toEqual({ erreur: 1, donnee: 1, cachee: 1 });

    const stop = answersFollowLangue(client, langue.subscribe);
    langue.set('en');
    await wait(20);
    expect(shown.getCurrentResult().error?.message).toBe('Invalid request');
    expect(data.getCurrentResult().data).toBe('Suitable');
    // What nobody shows is stale, asked when it is used again.
    expect(calls).toEqual({ erreur: 2, donnee: 2, cachee: 1 });
    expect(
      client
        .getQueryCache()
        .find({ queryKey: ['cachee'] })
        ?.isStale(),
    ).toBe(true);

    stop();
    langue.set('fr');
    await wait(20);
    expect(calls.erreur).toBe(2);
    for (const u of unsubscribe) u();
    client.clear();
  });
});
