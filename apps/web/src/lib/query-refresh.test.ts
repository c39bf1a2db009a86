import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { refetchAfterWrite } from './query-refresh';

/** A server whose answer changes once a write lands; each read answers after `delay` ms with what it read. */
function server() {
  let email = 'ancienne@exemple.fr';
  return {
    write: () => {
      email = 'nouvelle@exemple.fr';
    },
    read: (signal: AbortSignal, delay = 30) => {
      const seen = email;
      return new Promise<string>((resolve, reject) => {
        const t = setTimeout(() => resolve(seen), delay);
        signal.addEventListener('abort', () => {
          clearTimeout(t);
          reject(new DOMException('aborted', 'AbortError'));
        });
      });
    },
  };
}

async function settled(client: QueryClient, key: string[]) {
  for (let i = 0; i < 100 && client.getQueryState(key)?.fetchStatus !== 'idle'; i++) {
    await new Promise((r) => setTimeout(r, 10));
  }
  return client.getQueryData<string>(key);
}

describe('refetchAfterWrite', () => {
  const key = ['auth', 'user', 1];

  it('plain invalidation keeps an answer read before the write (the bug it mends)', async () => {
    const s = server();
    const client = new QueryClient();
    const observer = new QueryObserver(client, { queryKey: key, queryFn: ({ signal }) => s.read(signal) });
    const unsubscribe = observer.subscribe(() => {});
    s.write();
    await client.invalidateQueries({ queryKey: key });
    expect(await settled(client, key as string[])).toBe('ancienne@exemple.fr');
    unsubscribe();
  });

  it('a first fetch in flight during the write is replaced by one that sees it', async () => {
    const s = server();
    const client = new QueryClient();
    const observer = new QueryObserver(client, { queryKey: key, queryFn: ({ signal }) => s.read(signal) });
    const unsubscribe = observer.subscribe(() => {});
    s.write();
    await refetchAfterWrite(client, key);
    expect(await settled(client, key as string[])).toBe('nouvelle@exemple.fr');
    unsubscribe();
  });

  it('a query with data is refetched too', async () => {
    const s = server();
    const client = new QueryClient();
    const observer = new QueryObserver(client, { queryKey: key, queryFn: ({ signal }) => s.read(signal, 1) });
    const unsubscribe = observer.subscribe(() => {});
    expect(await settled(client, key as string[])).toBe('ancienne@exemple.fr');
    s.write();
    await refetchAfterWrite(client, key);
    expect(await settled(client, key as string[])).toBe('nouvelle@exemple.fr');
    unsubscribe();
  });
});
