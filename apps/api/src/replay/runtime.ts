/**
 * The replay's own alert runtime (docs/decisions/059, 142): the same configuration as the server on that database.
 * Its e-mails link to the address the server records when it starts (`PUBLIC_URL`, or its default
 * `http://localhost:$PORT` with the server's port), not to the replay process's own default: `npm run replay` runs
 * in another terminal, often without the server's environment.
 */
import type { Kysely } from 'kysely';
import type { Env } from '../config/env';
import { recordedPublicUrl } from '../data/relecture.repo';
import type { Database } from '../db/schema';
import { startAlerts, type AlertsOptions, type AlertsRuntime } from '../features/alertes/runtime';

/** The address the replay's e-mails link to: the server's, else (no server ever started here) this process's. */
export async function replayPublicUrl(db: Kysely<Database>, env: Pick<Env, 'PUBLIC_URL'>): Promise<string> {
  return (await recordedPublicUrl(db)) ?? env.PUBLIC_URL;
}

/** Starts the alert runtime of a replay: no retry timer (each step delivers), the server's public address. */
export async function startReplayAlerts(
  env: Pick<Env, 'PUBLIC_URL'>,
  opts: Omit<AlertsOptions, 'publicUrl' | 'retryIntervalMs'>,
): Promise<{ alerts: AlertsRuntime; publicUrl: string }> {
  const publicUrl = await replayPublicUrl(opts.db, env);
  return { alerts: startAlerts({ ...opts, publicUrl, retryIntervalMs: 0 }), publicUrl };
}
