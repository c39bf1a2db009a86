/**
 * `?t=` on a read of the API (docs/decisions/152): the answer is what the API would have said at that past instant,
 * Paris wall-clock time (`2022-01-11T07:15`). The instant is checked here — well formed, not in the future, not before
 * the first day of the data — then every reading of the data clock during the request sees it
 * (`lib/instant-scope.ts`). A request with an instant writes nothing: the data clock is all it changes.
 */
import type { FastifyInstance } from 'fastify';
import { INSTANT_PARAM, parseInstantConsulte } from '@limni/shared/domain/instant-consulte';
import { runAtInstant } from '../lib/instant-scope';
import { badRequest } from './errors';
import { INSTANT_MESSAGES } from './messages';
import { champ, type Texte } from './texte';

const SAFE = new Set(['GET', 'HEAD']);
/** The first instant of the data changes only when a dataset is loaded: read at most once a minute. */
const DEBUT_TTL_MS = 60_000;

const invalid = (t: Texte) => badRequest(t, champ(INSTANT_PARAM, t));

export interface InstantDeps {
  now: () => number;
  /** The first instant of the data (null: no data), read at most once a minute. */
  debutDesDonnees: () => Promise<number | null>;
}

/** Checks `?t=` on the reads that follow the data clock (`config.instant`) and answers them as of that instant. */
export function registerInstantConsulte(api: FastifyInstance, deps: InstantDeps): void {
  let debut: { value: number | null; readAt: number } | null = null;
  const firstInstant = async (): Promise<number | null> => {
    const now = deps.now();
    if (debut === null || now - debut.readAt > DEBUT_TTL_MS) {
      debut = { value: await deps.debutDesDonnees(), readAt: now };
    }
    return debut.value;
  };

  // Callback style, and `done` called inside the scope: the hooks and the handler that follow run in it.
  api.addHook('onRequest', (request, _reply, done) => {
    const raw = (request.query as Record<string, unknown> | undefined)?.[INSTANT_PARAM];
    // Only the reads that follow the data clock know of instants; the others answer as they always do.
    if (raw === undefined || !SAFE.has(request.method) || request.routeOptions.config.instant !== true) {
      done();
      return;
    }
    const ms = typeof raw === 'string' ? parseInstantConsulte(raw) : null;
    if (ms === null) return done(invalid(INSTANT_MESSAGES.malforme));
    if (ms > deps.now()) return done(invalid(INSTANT_MESSAGES.futur));
    firstInstant().then(
      (first) => {
        if (first !== null && ms < first) return done(invalid(INSTANT_MESSAGES.avantDonnees(first)));
        runAtInstant(ms, () => done());
      },
      (err: unknown) => done(err instanceof Error ? err : new Error(String(err))),
    );
  });
}
