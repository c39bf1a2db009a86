/**
 * The instant consulted by the request being answered (docs/decisions/152): set by `http/instant.ts` for the whole
 * handling of a request carrying `?t=`, read by the data clock (`data/observations.ts`). One request-scoped value in
 * Node's AsyncLocalStorage instead of an argument threaded through every read: no read can forget it.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

const scope = new AsyncLocalStorage<number>();

/** Runs `fn` (and everything it awaits) as of the instant `ms`. */
export function runAtInstant<T>(ms: number, fn: () => T): T {
  return scope.run(ms, fn);
}

/** The instant the current request asked for, null when it asked for now. */
export function instantConsulte(): number | null {
  return scope.getStore() ?? null;
}

/**
 * The exclusive end of a read of readings up to `end`, stopped just after the instant consulted when that falls
 * before it: nothing after the instant exists yet.
 */
export function stopAtInstant(end: number): number {
  const consulte = scope.getStore();
  return consulte !== undefined && consulte < end ? consulte + 1 : end;
}
